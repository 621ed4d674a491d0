// The quick levels of `acp.permissions.level`: each is a few built-in allow rules, below the user's own rules
// (a user `ask` or `reject` rule still wins over them). A workspace may set a stricter level, never a looser one.
import { POLICY_LEVELS, PolicyLevel } from '../shared/permissionLevels';
import { parseRules } from './parseRules';
import type { PolicyRule, RuleSetting } from './rules';

const READS: RuleSetting = { decision: 'allow', kind: ['read', 'search'], inWorkspace: true, description: 'reads and searches in the workspace' };
const EDITS: RuleSetting = { decision: 'allow', kind: 'edit', inWorkspace: true, description: 'edits in the workspace' };

const LEVEL_RULES: Record<PolicyLevel, RuleSetting[]> = {
  ask: [],
  allowReads: [READS],
  allowWorkspaceEdits: [READS, EDITS],
};

/** The level in force: the user's, lowered to the workspace's when that one is stricter. */
export function effectiveLevel(user: PolicyLevel, workspace: PolicyLevel | undefined): PolicyLevel {
  if (workspace === undefined) return user;
  return POLICY_LEVELS.indexOf(workspace) < POLICY_LEVELS.indexOf(user) ? workspace : user;
}

export function levelRules(level: PolicyLevel): PolicyRule[] {
  const parsed = parseRules(LEVEL_RULES[level], 'level', { home: '/' });
  return parsed.rules.map((rule) => ({ ...rule, label: `level "${level}": ${rule.setting.description ?? ''}` }));
}
