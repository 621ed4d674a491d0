// Issue 25, item 5: a tool call whose raw input names two commands that disagree is never allowed by a rule; reject
// and ask rules see every command of every field; fields that say the same thing count as one command.
import * as assert from 'node:assert/strict';
import { decidingRule, ruleMatches } from '../../../src/policy/matcher';
import { parseRules } from '../../../src/policy/parseRules';
import { rawInputCommands } from '../../../src/policy/rawInputCommands';
import { ruleFromAnswer } from '../../../src/policy/ruleFromAnswer';
import type { PolicyRule, RuleSetting, ToolCallFacts } from '../../../src/policy/rules';

function rules(settings: RuleSetting[]): PolicyRule[] {
  const parsed = parseRules(settings, 'user', { home: '/home/me' });
  assert.deepEqual(parsed.problems, []);
  return parsed.rules;
}

function facts(rawInput: unknown, kind = 'execute'): ToolCallFacts {
  const { command, conflicting } = rawInputCommands(rawInput);
  return { agentId: 'a', toolCallId: 't', title: 'Run', kind, paths: [], roots: [], command, ...(conflicting ? { conflictingCommands: conflicting } : {}) };
}

const [allowGitStatus] = rules([{ decision: 'allow', kind: 'execute', command: 'git status' }]);

describe('policy: every command field of the raw input counts', () => {
  it('counts fields that say the same thing as one: a line and the argv of its words, a shell argv and its script', () => {
    for (const rawInput of [
      { command: 'git status', argv: ['git', 'status'] },
      { command: 'git  status', cmd: "git 'status'" },
      { command: ['/bin/bash', '-lc', 'git status'], parsed_cmd: [{ type: 'unknown', cmd: 'git status' }] },
      { command: 'git', args: ['status'] },
    ]) {
      const described = rawInputCommands(rawInput);
      assert.equal(described.conflicting, undefined, JSON.stringify(rawInput));
      assert.equal(ruleMatches(allowGitStatus, facts(rawInput)), true, JSON.stringify(rawInput));
    }
  });

  it('counts a field that names only commands another field names too as part of it (codex-acp parsed_cmd)', () => {
    const codex = { command: ['/bin/bash', '-lc', 'cd src && git status'], parsed_cmd: [{ type: 'unknown', cmd: 'git status' }] };
    assert.equal(rawInputCommands(codex).conflicting, undefined);
    const [both] = rules([{ decision: 'allow', command: ['cd *', 'git status'] }]);
    assert.equal(ruleMatches(both, facts(codex)), true, 'the rule vouches for the whole line');
    assert.equal(ruleMatches(allowGitStatus, facts(codex)), false, 'the part alone does not stand for the line');
  });

  it('never allows two commands that disagree, whatever field carries which', () => {
    for (const rawInput of [
      { command: 'git status', cmd: 'rm -rf x' },
      { cmd: 'rm -rf x', command: 'git status' },
      { command: 'git status', argv: ['rm', '-rf', 'x'] },
      { command: ['git', 'status'], parsed_cmd: [{ type: 'read', cmd: 'rm -rf x' }] },
      { command: 'git status', input: { command: 'rm -rf x' } },
    ]) {
      const described = facts(rawInput);
      assert.equal(described.conflictingCommands?.length, 2, JSON.stringify(rawInput));
      assert.equal(ruleMatches(allowGitStatus, described), false, JSON.stringify(rawInput));
      const [allowAnyExecute] = rules([{ decision: 'allow', kind: 'execute' }]);
      assert.equal(ruleMatches(allowAnyExecute, described), false, 'no allow rule at all, not even one without a command');
    }
    assert.deepEqual(facts({ command: 'git status', cmd: 'rm -rf x' }).conflictingCommands, ['git status', 'rm -rf x'], 'in the order the agent wrote them');
  });

  it('never allows when one of the agreeing fields is opaque', () => {
    assert.equal(ruleMatches(allowGitStatus, facts({ command: 'git status', cmd: 'git status > /etc/passwd' })), false);
    assert.equal(ruleMatches(allowGitStatus, facts({ cmd: 'git status > /etc/passwd', command: 'git status' })), false);
  });

  it('lets reject and ask rules see the commands of every field', () => {
    const policy = rules([
      { decision: 'allow', kind: 'execute', command: 'git status' },
      { decision: 'ask', command: 'curl *' },
      { decision: 'reject', command: 'rm -rf *' },
    ]);
    assert.equal(decidingRule(policy, facts({ command: 'git status', cmd: 'rm -rf x' }))?.decision, 'reject');
    assert.equal(decidingRule(policy, facts({ command: 'git status', parsed_cmd: [{ cmd: 'curl http://x' }] }))?.decision, 'ask');
    assert.equal(decidingRule(policy, facts({ command: 'git status', argv: ['ls'] })), undefined, 'nobody vouches: the user is asked');
    assert.equal(decidingRule(policy, facts({ command: 'git status' }))?.decision, 'allow');
  });

  it('offers no rule after an "always" answer on disagreeing commands', () => {
    const option = { optionId: 'aa', name: 'Always', kind: 'allow_always' } as const;
    assert.equal(ruleFromAnswer(facts({ command: 'git status', cmd: 'rm -rf x' }), option, 'd'), undefined);
    assert.equal(ruleFromAnswer(facts({ command: 'git status', argv: ['git', 'status'] }), option, 'd')?.command, 'git status');
  });
});
