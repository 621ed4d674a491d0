// Which of the agent's own options answers for a rule. The answer never grants more than the rule says:
// - allow always: allow_always, else allow_once;
// - allow (once): allow_once only: an allow_always would let the agent stop asking for more than this call;
// - reject (once): reject_once, else reject_always (refusing more is the safe side);
// - reject always: reject_always, else reject_once.
// When the agent offers no fitting option the user is asked, and told why. Answering `cancelled` instead is not
// an option: the protocol keeps that outcome for a cancelled prompt turn.
import type { OpenPermissionOption } from '../shared/acp';
import type { RuleDecision } from './rules';

export type OptionChoice = { option: OpenPermissionOption } | { askBecause: string };

const PREFERENCES: Record<'allow' | 'reject', Record<'once' | 'always', string[]>> = {
  allow: { once: ['allow_once'], always: ['allow_always', 'allow_once'] },
  reject: { once: ['reject_once', 'reject_always'], always: ['reject_always', 'reject_once'] },
};

export function chooseOption(options: readonly OpenPermissionOption[], decision: Exclude<RuleDecision, 'ask'>, always: boolean): OptionChoice {
  const kinds = PREFERENCES[decision][always ? 'always' : 'once'];
  for (const kind of kinds) {
    const option = options.find((candidate) => candidate.kind === kind);
    if (option) return { option };
  }
  const offered = options.map((option) => option.kind).join(', ') || 'none';
  return { askBecause: `the agent offers no ${kinds.join(' or ')} option (it offers: ${offered})` };
}
