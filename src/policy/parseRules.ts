// Reads `acp.permissions.rules` values into PolicyRules. A rule with any problem (unknown field, wrong type,
// unknown tool kind, bad pattern) is left out whole and the problem is reported with where it is: a misspelt
// condition must not silently widen an allow rule. Workspace rules can only tighten the user's policy, so a
// workspace `allow` rule is reported and left out (it could only let through what the user's rules would ask).
import picomatch from 'picomatch';
import { parseCommandPattern, type CommandPattern } from './commandPatterns';
import type { PathGlob, PolicyRule, RuleDecision, RuleSetting, RuleSource, StringTest } from './rules';
import { isRecord } from '../shared/text/narrow';

export const RULES_SETTING = 'acp.permissions.rules';

const TOOL_KINDS = ['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other'];
const DECISIONS: readonly RuleDecision[] = ['allow', 'reject', 'ask'];
const FIELDS = new Set(['decision', 'always', 'agent', 'kind', 'title', 'tool', 'paths', 'inWorkspace', 'command', 'description']);

export interface ParsedRules {
  rules: PolicyRule[];
  problems: string[];
}

export interface ParseContext {
  /** The home folder, for paths written `~/...`. */
  home: string;
}

class RuleProblem extends Error {}

/** One string or a non-empty list of strings. */
function stringList(rule: Record<string, unknown>, field: string): string[] | undefined {
  const value = rule[field];
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || !list.every((item) => typeof item === 'string' && item.trim() !== '')) {
    throw new RuleProblem(`"${field}" must be a non-empty string or a non-empty list of them`);
  }
  return list as string[];
}

function globTests(patterns: string[] | undefined, caseInsensitive: boolean): StringTest[] | undefined {
  return patterns?.map((pattern) => picomatch(pattern, { bash: true, dot: true, nocase: caseInsensitive }));
}

function pathGlobs(patterns: string[] | undefined, context: ParseContext): PathGlob[] | undefined {
  return patterns?.map((written) => {
    let source = written.replace(/\\/g, '/');
    if (source === '~' || source.startsWith('~/')) source = context.home.replace(/\\/g, '/').replace(/\/$/, '') + source.slice(1);
    if (source.split('/').includes('..')) throw new RuleProblem(`path "${written}" must not contain ".." segments`);
    const absolute = source.startsWith('/') || /^[A-Za-z]:\//.test(source);
    return { source: written, absolute, test: picomatch(source.replace(/^\.\//, ''), { dot: true, nocase: absolute && /^[A-Za-z]:/.test(source) }) };
  });
}

function kinds(rule: Record<string, unknown>): ReadonlySet<string> | undefined {
  const list = stringList(rule, 'kind');
  if (!list) return undefined;
  for (const kind of list) {
    if (!TOOL_KINDS.includes(kind) && !kind.startsWith('_')) {
      throw new RuleProblem(`unknown tool kind "${kind}" (known: ${TOOL_KINDS.join(', ')}; custom kinds start with "_")`);
    }
  }
  return new Set(list);
}

function commands(rule: Record<string, unknown>): CommandPattern[] | undefined {
  return stringList(rule, 'command')?.map((source) => {
    const pattern = parseCommandPattern(source);
    if (typeof pattern === 'string') throw new RuleProblem(pattern);
    return pattern;
  });
}

/** A short description of the rule for the audit log, when it has none of its own. */
export function describeRule(setting: RuleSetting): string {
  const parts: string[] = [setting.always ? `${setting.decision} always` : setting.decision];
  const show = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(' | ') : (value ?? ''));
  if (setting.agent) parts.push(`agent ${show(setting.agent)}`);
  if (setting.kind) parts.push(show(setting.kind));
  if (setting.tool) parts.push(`tool ${show(setting.tool)}`);
  if (setting.title) parts.push(`title "${show(setting.title)}"`);
  if (setting.command) parts.push(`command "${show(setting.command)}"`);
  if (setting.paths) parts.push(`paths ${show(setting.paths)}`);
  if (setting.inWorkspace !== undefined) parts.push(setting.inWorkspace ? 'in the workspace' : 'outside the workspace');
  return parts.join(' ');
}

function parseRule(raw: unknown, source: RuleSource, index: number, context: ParseContext): PolicyRule {
  if (!isRecord(raw)) throw new RuleProblem('a rule must be an object');
  const unknown = Object.keys(raw).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) throw new RuleProblem(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}`);
  const decision = raw.decision;
  if (typeof decision !== 'string' || !DECISIONS.includes(decision as RuleDecision)) {
    throw new RuleProblem('"decision" must be "allow", "reject" or "ask"');
  }
  if (raw.always !== undefined && typeof raw.always !== 'boolean') throw new RuleProblem('"always" must be true or false');
  if (raw.inWorkspace !== undefined && typeof raw.inWorkspace !== 'boolean') throw new RuleProblem('"inWorkspace" must be true or false');
  if (raw.description !== undefined && typeof raw.description !== 'string') throw new RuleProblem('"description" must be a string');
  const setting = raw as unknown as RuleSetting;
  const rule: PolicyRule = {
    source,
    index,
    label: `${source} rule ${index + 1}: ${setting.description?.trim() || describeRule(setting)}`,
    decision: decision as RuleDecision,
    always: raw.always === true,
    agents: globTests(stringList(raw, 'agent'), false),
    kinds: kinds(raw),
    titles: globTests(stringList(raw, 'title'), true),
    tools: globTests(stringList(raw, 'tool'), false),
    paths: pathGlobs(stringList(raw, 'paths'), context),
    inWorkspace: setting.inWorkspace,
    commands: commands(raw),
    setting,
  };
  if (source === 'workspace' && rule.decision === 'allow') {
    throw new RuleProblem('workspace rules can only tighten your own: "allow" is only read from user settings');
  }
  return rule;
}

/** Parses one settings layer's rule list. Anything but a list (or undefined) is one problem. */
export function parseRules(value: unknown, source: RuleSource, context: ParseContext): ParsedRules {
  if (value === undefined || value === null) return { rules: [], problems: [] };
  const where = `${RULES_SETTING} (${source} settings)`;
  if (!Array.isArray(value)) return { rules: [], problems: [`${where} must be a list of rules; it is ignored`] };
  const rules: PolicyRule[] = [];
  const problems: string[] = [];
  value.forEach((raw, index) => {
    try {
      rules.push(parseRule(raw, source, index, context));
    } catch (error) {
      if (!(error instanceof RuleProblem)) throw error;
      problems.push(`${where}, rule ${index + 1}: ${error.message}; this rule is ignored`);
    }
  });
  return { rules, problems };
}
