// A case made from a standalone benchmark script that runs in its own process (a clean heap, like measure.mjs):
// the script is run with `args`, and the last line of its stdout must be JSON:
//   { "figures": [ { "id", "label", "unit", "subject": [..per round..], "floor": [..same rounds..], "budget"? },
//                  { "id", "label", "unit", "samples": [..], "budget"? }, ... ], "notes"?: ["..."] }
// `subject` + `floor` make a ratio figure (budget on the ratio, or on the value with "budgetOn": "value");
// `samples` alone a value figure. The script decides its own rounds and interleaving; `--rounds N` is passed.
import path from 'node:path';
import { runNodeJson } from './child.mjs';
import { ratioFigure, valueFigure } from './figure.mjs';
import { benchDir } from './paths.mjs';

function toFigure(raw) {
  if (Array.isArray(raw.subject) && Array.isArray(raw.floor)) return ratioFigure(raw);
  if (Array.isArray(raw.samples)) return valueFigure(raw);
  throw new Error(`figure "${raw.label ?? raw.id}" has neither subject+floor nor samples`);
}

/** `{ name, title, run }` for cases/index.mjs; `script` is relative to bench/. */
export function scriptCase({ name, title, script, args = [] }) {
  return {
    name,
    title,
    async run({ rounds, quick }) {
      const result = await runNodeJson(path.join(benchDir, script), [...args, '--rounds', String(rounds), ...(quick ? ['--quick'] : [])]);
      return { figures: (result.figures ?? []).map(toFigure), notes: result.notes, raw: result };
    },
  };
}
