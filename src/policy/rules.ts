// The permission policy's vocabulary: rules as the user writes them in settings (RuleSetting), rules ready to
// match (PolicyRule), and what a request looks like to the matcher (ToolCallFacts). Pure: no vscode, no fs.
import type { CommandPattern } from './commandPatterns';
import type { CommandLineAnalysis } from './shellCommand';

export type RuleDecision = 'allow' | 'reject' | 'ask';

/** Where a rule comes from: user settings, workspace settings, or the built-in rules of the chosen level. */
export type RuleSource = 'user' | 'workspace' | 'level';

/** A rule as written in `acp.permissions.rules` (each condition: one value or a list of alternatives). */
export interface RuleSetting {
  decision: RuleDecision;
  /** Answer with the agent's allow_always / reject_always option (default: the `_once` one). */
  always?: boolean;
  agent?: string | string[];
  kind?: string | string[];
  title?: string | string[];
  tool?: string | string[];
  paths?: string | string[];
  inWorkspace?: boolean;
  command?: string | string[];
  description?: string;
}

export type StringTest = (value: string) => boolean;

/** A path glob: absolute, or relative to each workspace folder (matched on `/`-separated paths). */
export interface PathGlob {
  source: string;
  absolute: boolean;
  test: StringTest;
}

export interface PolicyRule {
  source: RuleSource;
  /** Position in its settings list (0-based). */
  index: number;
  /** How the rule is named in the audit log and messages. */
  label: string;
  decision: RuleDecision;
  always: boolean;
  agents?: StringTest[];
  kinds?: ReadonlySet<string>;
  titles?: StringTest[];
  tools?: StringTest[];
  paths?: PathGlob[];
  inWorkspace?: boolean;
  commands?: CommandPattern[];
  /** The rule as written (to show or to copy). */
  setting: RuleSetting;
}

/** A path the tool call touches, as asked for and where it really leads. */
export interface ResolvedPath {
  /** Absolute and normalised (`..` resolved), symlinks not followed. */
  requested: string;
  /** Symlinks followed (for a path that does not exist yet: its nearest existing ancestor's). */
  real: string;
  /** `real` is inside one of the (real) workspace roots. */
  inside: boolean;
}

export interface ToolCallFacts {
  agentId: string;
  toolCallId: string;
  title: string;
  kind: string;
  /** The agent's own tool name when it says one (the tool call's `name`, else `_meta.claudeCode.toolName`, `_meta.toolName`). */
  toolName?: string;
  paths: ResolvedPath[];
  /** The workspace roots, as given and with symlinks followed. */
  roots: { requested: string; real: string }[];
  /** What the command fields of the raw input run, analysed together (every simple command any of them names). */
  command?: CommandLineAnalysis;
  /** The distinct commands when the raw input names more than one that disagree: no allow rule matches then. */
  conflictingCommands?: string[];
}

/** The strictest decision first. */
export const DECISION_STRICTNESS: Record<RuleDecision, number> = { reject: 2, ask: 1, allow: 0 };
