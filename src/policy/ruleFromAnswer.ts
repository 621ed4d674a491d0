// The rule to offer after the user answered "always" (allow_always / reject_always) in a prompt: as narrow as
// the tool call itself, for every agent. Commands become command patterns of their exact words; file tool calls
// their exact paths (relative to the workspace folder when inside it); anything else its exact title, never for
// commands (an agent chooses its titles, so a title must not stand for a command). Nothing is offered when the
// call cannot be pinned down that way (e.g. a command line with substitutions or redirections).
import { quote } from 'shell-quote';
import type { OpenPermissionOption } from '../shared/acp';
import type { RuleSetting, ToolCallFacts } from './rules';

const GLOB_CHARACTERS = /[*?[\]{}()!+@\\]/;

function relativePath(facts: ToolCallFacts, real: string): string {
  for (const root of facts.roots) {
    const base = root.real.replace(/[\\/]$/, '');
    if (real.startsWith(`${base}/`) || real.startsWith(`${base}\\`)) return real.slice(base.length + 1).replace(/\\/g, '/');
  }
  return real.replace(/\\/g, '/');
}

export function ruleFromAnswer(facts: ToolCallFacts, option: OpenPermissionOption, today: string): RuleSetting | undefined {
  const decision = option.kind === 'allow_always' ? 'allow' : option.kind === 'reject_always' ? 'reject' : undefined;
  if (!decision) return undefined;
  const base: RuleSetting = { decision, kind: facts.kind, description: `from your "${option.name}" answer on ${today}` };
  if (facts.command) {
    if (facts.command.opaque || facts.conflictingCommands || facts.command.commands.length === 0) return undefined;
    const patterns = [...new Set(facts.command.commands.map((argv) => quote(argv)))];
    if (patterns.some((pattern) => GLOB_CHARACTERS.test(pattern))) return undefined;
    return { ...base, command: patterns.length === 1 ? patterns[0] : patterns };
  }
  if (facts.kind === 'execute') return undefined;
  if (facts.paths.length > 0) {
    const paths = [...new Set(facts.paths.map((p) => relativePath(facts, p.real)))];
    if (paths.some((p) => GLOB_CHARACTERS.test(p))) return undefined;
    return { ...base, paths: paths.length === 1 ? paths[0] : paths };
  }
  if (facts.title.trim() === '' || GLOB_CHARACTERS.test(facts.title)) return undefined;
  return { ...base, title: facts.title };
}
