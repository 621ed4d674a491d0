// What the command fields of a tool call's raw input run, for the rules (shared/commandFields.ts finds them: `command`,
// `cmd`, `argv`, a program with `args`, codex-acp's `parsed_cmd[i].cmd`, ...). Every field is analysed as bash reads
// it (shellCommand.ts). Fields that say the same thing count as one command: equal simple commands (a line and the
// argv of the same words), or one field naming only simple commands another one names too (codex-acp describes
// `cd src && ls` as `ls` in `parsed_cmd`). Anything else is a second, disagreeing command: which one the agent runs
// is not known, so no allow rule may vouch for it (matcher.ts) and the prompt shows each. Pure.
import { CommandField, commandFields, commandText } from '../shared/commandFields';
import { analyseArgv, analyseCommandLine, CommandLineAnalysis } from './shellCommand';

export interface RawInputCommands {
  /** Everything the fields run, together: every simple command any of them names; opaque when any of them is. */
  command?: CommandLineAnalysis;
  /** The distinct commands (as lines to show) when the fields disagree; absent when they name one command. */
  conflicting?: string[];
}

interface Group {
  text: string;
  keys: Set<string>;
}

function analyse(field: CommandField): CommandLineAnalysis {
  return 'line' in field.form ? analyseCommandLine(field.form.line) : analyseArgv(field.form.argv);
}

const keyOf = (argv: readonly string[]): string => JSON.stringify(argv);

function includesAll(outer: ReadonlySet<string>, inner: ReadonlySet<string>): boolean {
  return [...inner].every((key) => outer.has(key));
}

/** Unique by their words, in order. */
function uniqueCommands(lists: readonly string[][][]): string[][] {
  const seen = new Map<string, string[]>();
  for (const list of lists) for (const argv of list) if (!seen.has(keyOf(argv))) seen.set(keyOf(argv), argv);
  return [...seen.values()];
}

/** The distinct commands: a field whose simple commands another field names as well says nothing of its own. */
function distinctTexts(fields: readonly { text: string; keys: Set<string> }[]): string[] {
  const groups: Group[] = [];
  const widestFirst = [...fields].sort((a, b) => b.keys.size - a.keys.size);
  for (const field of widestFirst) {
    const within = groups.find((group) => includesAll(group.keys, field.keys));
    if (!within) groups.push({ text: field.text, keys: field.keys });
  }
  // In the order the agent wrote them.
  return fields.map((field) => field.text).filter((text, i, all) => all.indexOf(text) === i && groups.some((group) => group.text === text));
}

export function rawInputCommands(rawInput: unknown): RawInputCommands {
  const fields = commandFields(rawInput);
  if (fields.length === 0) return {};
  const analysed = fields.map((field) => ({ text: commandText(field.form), analysis: analyse(field) }));
  const analyses = analysed.map((entry) => entry.analysis);
  const command: CommandLineAnalysis = {
    commands: uniqueCommands(analyses.map((a) => a.commands)),
    parsed: uniqueCommands(analyses.map((a) => a.parsed)),
    opaque: analyses.some((a) => a.opaque),
    reasons: [...new Set(analyses.flatMap((a) => a.reasons))],
  };
  const distinct = distinctTexts(analysed.map(({ text, analysis }) => ({ text, keys: new Set(analysis.commands.map(keyOf)) })));
  return distinct.length > 1 ? { command, conflicting: distinct } : { command };
}
