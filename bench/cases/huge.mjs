// Huge chunk: one agent_message_chunk of 60 MiB, then 20,000 chunks of about 2 KB, with a request from the agent
// (fs/read_text_file) right after the huge chunk, through this extension's host pipeline against the floor
// (readline + JSON.parse). Figures: event-loop delay (p99 and max) during the flood, the request's answer time,
// resident memory after it.
import { ratioFigure } from '../lib/figure.mjs';
import { interleave } from '../lib/rounds.mjs';
import { floodVariants } from '../flood/variants.mjs';

export const name = 'huge';
export const title = 'Huge chunk (one 60 MiB message chunk, then 20k chunks of ~2 KB, a request right after the huge one)';

export async function run({ rounds, quick, log }) {
  const hugeChars = quick ? 6 * 1024 * 1024 : 60 * 1024 * 1024;
  const chunks = quick ? 2_000 : 20_000;
  const flood = { mix: 'huge', mixOptions: { hugeChars, chunks, requestAt: 1 }, expected: chunks + 1 };
  const { variants } = floodVariants(['floor', 'ours'], flood);
  const samples = await interleave(variants, rounds, log);
  const both = (key) => ({ subject: samples.ours.map((s) => s[key]), floor: samples.floor.map((s) => s[key]) });
  const figures = [
    ratioFigure({
      id: 'huge.eld', label: 'event-loop delay p99 during the flood, this extension (floor: the floor client\'s own)', unit: 'ms',
      ...both('eldP99Ms'), budget: 50, budgetOn: 'value',
    }),
    ratioFigure({
      id: 'huge.eldMax', label: 'longest event-loop delay during the flood, this extension (floor: its own)', unit: 'ms', ...both('eldMaxMs'),
      note: 'this extension decodes and parses lines of 1 MiB or more on a worker thread (src/acp/largeLines.ts); the floor parses the 60 MiB line on its main thread',
    }),
    ratioFigure({
      id: 'huge.answer', label: 'answer time of the request sent right after the huge chunk, this extension', unit: 'ms',
      ...both('answerMs'), budget: 100, budgetOn: 'value',
      note: 'from the generator writing the request (after the 60 MiB line) until it reads the answer. Messages are handled in order, so the request waits for the huge line to be read and parsed (on a worker thread here, while the host keeps answering everything else): the 100 ms budget cannot hold for a request queued behind 60 MiB; the ratio is what counts',
    }),
    ratioFigure({ id: 'huge.rss', label: 'resident memory after the flood, this extension', unit: 'MiB', ...both('rssMB'), budget: 2 }),
  ];
  return { figures, raw: samples };
}
