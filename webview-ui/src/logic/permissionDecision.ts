// What a tool card says when the user's permission policy answered the agent's request on its own ("Allowed by your
// rule: ..."), from the deciding rule's label as the policy names it (`level "allowReads": ...`, `user rule 2: ...`,
// `workspace rule 1: ...`). Pure.
import type { PolicyDecision } from '../../../src/shared/transcript/model';

const LEVEL = /^level "[^"]*":\s*(.*)$/s;
const RULE = /^(user|workspace) rule \d+:\s*(.*)$/s;

export function decisionText(decided: PolicyDecision): string {
  const verb = decided.decision === 'reject' ? 'Rejected' : 'Allowed';
  const level = LEVEL.exec(decided.rule);
  if (level) return `${verb} by your permission level${level[1] ? ` (${level[1]})` : ''}`;
  const rule = RULE.exec(decided.rule);
  if (rule) return `${verb} by ${rule[1] === 'user' ? 'your rule' : "this workspace's rule"}${rule[2] ? `: ${rule[2]}` : ''}`;
  return `${verb} by ${decided.rule || 'a permission rule'}`;
}
