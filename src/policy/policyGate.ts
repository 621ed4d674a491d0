// The user's permission policy as a session's PermissionGate: resolves what the request touches, lets the rules
// decide, picks the agent's option, records every outcome in the audit log, and offers to turn the user's
// "always" answers into rules. Node only (paths are resolved on disk), no vscode: the glue passes in the rules
// in force and the offer.
import type { OpenPermissionOption, RequestPermissionResponse } from '../shared/acp';
import type { PermissionConsideration, PermissionGate, PermissionQuestion } from '../session/permissionGate';
import { AuditDecider, AuditLog, optionSummary } from './auditLog';
import { decidingRule } from './matcher';
import { chooseOption } from './optionChoice';
import { resolveFacts } from './resolveFacts';
import { ruleFromAnswer } from './ruleFromAnswer';
import type { PolicyRule, RuleSetting, ToolCallFacts } from './rules';
import { describeToolCall } from './toolCallFacts';
import { describeError } from '../shared/text/errors';

export interface PolicyGateDeps {
  /** The rules in force: the user's, the workspace's, then the level's. */
  rules(): readonly PolicyRule[];
  audit: AuditLog;
  /** Offers the rule made from an "always" answer (the user decides whether to keep it). */
  offerRule?(rule: RuleSetting): void;
  now?(): Date;
}

interface Verdict {
  answer?: PermissionConsideration['answer'];
  note?: string;
  facts?: ToolCallFacts;
}

export class PolicyGate {
  constructor(private readonly deps: PolicyGateDeps) {}

  /** The gate for the sessions of one agent. */
  forAgent(agentId: string): PermissionGate {
    return { consider: (question) => this.consider(agentId, question) };
  }

  private async verdict(agentId: string, question: PermissionQuestion): Promise<Verdict> {
    const facts = await resolveFacts(describeToolCall(question.toolCall), { agentId, cwd: question.cwd, roots: question.roots });
    const rule = decidingRule(this.deps.rules(), facts);
    if (!rule || rule.decision === 'ask') return { facts };
    const choice = chooseOption(question.options, rule.decision, rule.always);
    if ('askBecause' in choice) return { facts, note: `${rule.label} would ${rule.decision} this, but ${choice.askBecause}: you are asked instead.` };
    return { facts, answer: { option: choice.option, rule: rule.label, decision: rule.decision } };
  }

  private async consider(agentId: string, question: PermissionQuestion): Promise<PermissionConsideration> {
    let verdict: Verdict;
    try {
      verdict = await this.verdict(agentId, question);
    } catch (error) {
      verdict = { note: `The permission rules could not be applied (${describeError(error)}): you are asked.` };
    }
    let done = false;
    const conflictingCommands = verdict.facts?.conflictingCommands;
    return {
      answer: verdict.answer,
      note: verdict.note,
      ...(conflictingCommands ? { conflictingCommands } : {}),
      settled: (response) => {
        if (done) return;
        done = true;
        this.settled(agentId, question, verdict, response);
      },
    };
  }

  private settled(agentId: string, question: PermissionQuestion, verdict: Verdict, response: RequestPermissionResponse): void {
    const outcome = response.outcome;
    const option: OpenPermissionOption | undefined =
      outcome.outcome === 'selected' ? question.options.find((o) => o.optionId === outcome.optionId) : undefined;
    const byRule = verdict.answer !== undefined && option?.optionId === verdict.answer.option.optionId;
    const decidedBy: AuditDecider = !option ? { type: 'cancelled' } : byRule && verdict.answer ? { type: 'rule', rule: verdict.answer.rule } : { type: 'user' };
    const now = this.deps.now?.() ?? new Date();
    const call = question.toolCall;
    this.deps.audit.record({
      time: now.toISOString(),
      agentId,
      sessionId: question.sessionId,
      ...(question.subagent !== undefined ? { subagent: question.subagent } : {}),
      toolCall: { toolCallId: call.toolCallId, title: call.title, kind: call.toolKind },
      decidedBy,
      ...(option ? { option: optionSummary(option) } : {}),
      ...(verdict.note ? { note: verdict.note } : {}),
    });
    if (decidedBy.type === 'user' && option && verdict.facts && this.deps.offerRule) {
      const rule = ruleFromAnswer(verdict.facts, option, now.toISOString().slice(0, 10));
      if (rule) this.deps.offerRule(rule);
    }
  }
}
