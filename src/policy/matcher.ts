// Does a rule match a tool call, and what do the rules decide together?
//
// A rule matches when all its conditions hold. Conditions over several things (the paths a tool call touches,
// the commands in a command line) are read in the direction that keeps the user safe:
// - an `allow` rule needs EVERY path and EVERY command to match it (and at least one to exist); a command line
//   with anything a rule cannot vouch for (substitutions, redirections, expansions: see shellCommand.ts) is
//   never allowed by a command rule, nor a command whose pattern's last `*` covers an option that makes a
//   read-only tool write or run something (dangerousOptions.ts); paths are judged by where they really lead; and no
//   allow rule at all matches a tool call whose raw input names two commands that disagree (rawInputCommands.ts);
// - a `reject` or `ask` rule matches when ANY path (as asked for, or where it leads) or ANY command (of any field) matches.
// Together the strictest matching rule decides: reject over ask over allow, earlier rules first among equals.
import { commandMatches, coversWriteOrRun } from './commandPatterns';
import { DECISION_STRICTNESS, PathGlob, PolicyRule, ResolvedPath, StringTest, ToolCallFacts } from './rules';

type Mode = 'every' | 'any';

function anyTest(tests: StringTest[], value: string | undefined): boolean {
  return value !== undefined && tests.some((test) => test(value));
}

function slashes(file: string): string {
  return file.replace(/\\/g, '/');
}

function relativeInside(file: string, root: string): string | undefined {
  const a = slashes(file);
  const b = slashes(root).replace(/\/$/, '');
  if (a === b) return '';
  return a.startsWith(`${b}/`) ? a.slice(b.length + 1) : undefined;
}

/** Does the path (one of its forms) match one of the globs? */
function pathMatches(globs: PathGlob[], candidates: string[], roots: string[]): boolean {
  return globs.some((glob) =>
    candidates.some((candidate) => {
      if (glob.absolute) return glob.test(slashes(candidate));
      return roots.some((root) => {
        const relative = relativeInside(candidate, root);
        return relative !== undefined && relative !== '' && glob.test(relative);
      });
    }),
  );
}

function quantified<T>(items: readonly T[], mode: Mode, test: (item: T) => boolean): boolean {
  return mode === 'every' ? items.length > 0 && items.every(test) : items.some(test);
}

function pathsHold(rule: PolicyRule, facts: ToolCallFacts, mode: Mode): boolean {
  const { paths: globs, inWorkspace } = rule;
  if (!globs && inWorkspace === undefined) return true;
  // An allow rule looks only at where a path really leads; reject and ask also at the path as asked for.
  const forms = (path: ResolvedPath): { candidates: string[]; roots: string[] } =>
    mode === 'every'
      ? { candidates: [path.real], roots: facts.roots.map((root) => root.real) }
      : { candidates: [path.real, path.requested], roots: facts.roots.flatMap((root) => [root.real, root.requested]) };
  return quantified(facts.paths, mode, (path) => {
    if (inWorkspace !== undefined && path.inside !== inWorkspace) return false;
    if (!globs) return true;
    const { candidates, roots } = forms(path);
    return pathMatches(globs, candidates, roots);
  });
}

function commandHolds(rule: PolicyRule, facts: ToolCallFacts, mode: Mode): boolean {
  const patterns = rule.commands;
  if (!patterns) return true;
  const command = facts.command;
  if (!command) return false;
  if (mode === 'every' && command.opaque) return false;
  if (mode === 'any') return command.commands.some((argv) => patterns.some((pattern) => commandMatches(pattern, argv, true)));
  return quantified(command.commands, mode, (argv) => patterns.some((pattern) => commandMatches(pattern, argv, false) && !coversWriteOrRun(pattern, argv)));
}

export function ruleMatches(rule: PolicyRule, facts: ToolCallFacts): boolean {
  const mode: Mode = rule.decision === 'allow' ? 'every' : 'any';
  // Which of two disagreeing commands the agent runs is not known: no allow rule vouches for either.
  if (mode === 'every' && facts.conflictingCommands) return false;
  if (rule.agents && !anyTest(rule.agents, facts.agentId)) return false;
  if (rule.kinds && !rule.kinds.has(facts.kind)) return false;
  if (rule.titles && !anyTest(rule.titles, facts.title)) return false;
  if (rule.tools && !anyTest(rule.tools, facts.toolName)) return false;
  return pathsHold(rule, facts, mode) && commandHolds(rule, facts, mode);
}

/** The strictest matching rule, or undefined when none matches. */
export function decidingRule(rules: readonly PolicyRule[], facts: ToolCallFacts): PolicyRule | undefined {
  let found: PolicyRule | undefined;
  for (const rule of rules) {
    if (found && DECISION_STRICTNESS[rule.decision] <= DECISION_STRICTNESS[found.decision]) continue;
    if (ruleMatches(rule, facts)) found = rule;
  }
  return found;
}
