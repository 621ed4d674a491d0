import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { AuditLog } from '../../../src/policy/auditLog';
import { levelRules } from '../../../src/policy/levels';
import { parseRules } from '../../../src/policy/parseRules';
import { PolicyGate } from '../../../src/policy/policyGate';
import type { PolicyRule, RuleSetting } from '../../../src/policy/rules';
import { Session, SessionTransport } from '../../../src/session/session';
import type { NoticeEntry } from '../../../src/shared/transcript/model';
import type { SessionKey } from '../../../src/shared/sessionKey';

const CLAUDE_OPTIONS = [
  { kind: 'allow_always', name: 'Always Allow', optionId: 'allow_always' },
  { kind: 'allow_once', name: 'Allow', optionId: 'allow' },
  { kind: 'reject_once', name: 'Reject', optionId: 'reject' },
];

const idle: SessionTransport = { prompt: () => new Promise(() => undefined), cancel: () => Promise.resolve() };

describe('policy: the gate in a session', () => {
  let root: string;
  let rules: PolicyRule[];
  let audit: AuditLog;
  let offered: RuleSetting[];
  let session: Session;

  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-gate-')));
    fs.writeFileSync(path.join(root, 'hello.txt'), 'hello');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  function useRules(settings: RuleSetting[], extra: PolicyRule[] = []): void {
    const parsed = parseRules(settings, 'user', { home: os.homedir() });
    assert.deepEqual(parsed.problems, []);
    rules = [...parsed.rules, ...extra];
  }

  beforeEach(() => {
    rules = [];
    offered = [];
    audit = new AuditLog();
    const gate = new PolicyGate({ rules: () => rules, audit, offerRule: (rule) => offered.push(rule), now: () => new Date('2026-03-04T05:06:07Z') });
    session = new Session({ sessionKey: 's1' as SessionKey, sessionId: 's1', cwd: root, roots: [root] }, () => idle, undefined, undefined, undefined, gate.forAgent('claude'));
  });

  function ask(toolCall: Record<string, unknown>, options = CLAUDE_OPTIONS, token = new CancellationTokenSource().token) {
    return session.requestPermission({ sessionId: 's1', toolCall, options }, token);
  }

  function shown(toolCallId: string): Promise<string> {
    const key = (): string | undefined => {
      const entry = session.state.entries.find((e) => e.kind === 'tool_call' && e.toolCallId === toolCallId);
      return entry?.kind === 'tool_call' ? entry.permission?.requestKey : undefined;
    };
    return new Promise((resolve) => {
      const found = key();
      if (found) return resolve(found);
      const subscription = session.onDidChange(() => {
        const now = key();
        if (!now) return;
        subscription.dispose();
        resolve(now);
      });
    });
  }

  it('answers for an allow rule with the agent option of that kind, without prompting', async () => {
    useRules([], levelRules('allowReads'));
    const answer = await ask({ toolCallId: 'r1', title: 'Read hello.txt', kind: 'read', locations: [{ path: path.join(root, 'hello.txt') }] });
    assert.deepEqual(answer, { outcome: { outcome: 'selected', optionId: 'allow' } });
    const entry = session.state.entries.find((e) => e.kind === 'tool_call');
    assert.ok(entry?.kind === 'tool_call' && entry.title === 'Read hello.txt' && !entry.permission, 'the tool call shows, with no prompt');
    assert.deepEqual(entry.decidedBy, { decision: 'allow', rule: 'level "allowReads": reads and searches in the workspace' }, 'the card says the level decided');
    assert.deepEqual(audit.all(), [
      {
        time: '2026-03-04T05:06:07.000Z',
        agentId: 'claude',
        sessionId: 's1',
        toolCall: { toolCallId: 'r1', title: 'Read hello.txt', kind: 'read' },
        decidedBy: { type: 'rule', rule: 'level "allowReads": reads and searches in the workspace' },
        option: { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      },
    ]);
  });

  it('rejects for a reject rule and says so in the transcript', async () => {
    useRules([{ decision: 'reject', command: 'rm -rf *', description: 'never rm -rf' }]);
    const answer = await ask({ toolCallId: 'x1', title: 'cleanup', kind: 'execute', rawInput: { command: 'ls && rm -rf ~' } });
    assert.deepEqual(answer, { outcome: { outcome: 'selected', optionId: 'reject' } });
    const notice = session.state.entries.find((e): e is NoticeEntry => e.kind === 'notice');
    assert.equal(notice?.text, 'Rejected by user rule 1: never rm -rf: cleanup');
    const card = session.state.entries.find((e) => e.kind === 'tool_call');
    assert.deepEqual(card?.kind === 'tool_call' ? card.decidedBy : undefined, { decision: 'reject', rule: 'user rule 1: never rm -rf' });
    assert.deepEqual(audit.all()[0].decidedBy, { type: 'rule', rule: 'user rule 1: never rm -rf' });
  });

  it('reads what earlier updates said of the tool call (claude-code-acp asks without kind)', async () => {
    useRules([{ decision: 'allow', kind: 'execute', tool: 'mcp__acp__Bash', command: 'echo *' }]);
    session.sessionUpdate({
      sessionId: 's1',
      update: { sessionUpdate: 'tool_call', toolCallId: 'b1', title: 'Terminal', kind: 'execute', rawInput: {}, _meta: { claudeCode: { toolName: 'mcp__acp__Bash' } } },
    });
    const answer = await ask({ toolCallId: 'b1', title: '`echo hi`', rawInput: { command: 'echo hi', timeout: 60000 } });
    assert.deepEqual(answer, { outcome: { outcome: 'selected', optionId: 'allow' } });
  });

  it('asks the user when no rule decides, records the answer, and offers a rule for an "always" answer', async () => {
    useRules([{ decision: 'allow', command: 'git status' }]);
    const answer = ask({ toolCallId: 'c1', title: 'git status; rm -rf ~', kind: 'execute', rawInput: { command: 'git status; rm -rf ~' } });
    const key = await shown('c1');
    assert.equal(session.choosePermission(key, 'reject'), true);
    assert.deepEqual(await answer, { outcome: { outcome: 'selected', optionId: 'reject' } });
    assert.deepEqual(audit.all()[0].decidedBy, { type: 'user' });
    assert.deepEqual(offered, [], 'a once answer offers no rule');

    const second = ask({ toolCallId: 'c2', title: 'npm test', kind: 'execute', rawInput: { command: 'npm test' } });
    session.choosePermission(await shown('c2'), 'allow_always');
    await second;
    assert.deepEqual(offered, [{ decision: 'allow', kind: 'execute', command: 'npm test', description: 'from your "Always Allow" answer on 2026-03-04' }]);
  });

  it('asks about two commands that disagree and shows both in the prompt; the answer offers no rule', async () => {
    useRules([{ decision: 'allow', kind: 'execute', command: 'git status' }]);
    const answer = ask({ toolCallId: 'd1', title: 'git status', kind: 'execute', rawInput: { command: 'git status', cmd: 'rm -rf x' } });
    const key = await shown('d1');
    const entry = session.state.entries.find((e) => e.kind === 'tool_call' && e.toolCallId === 'd1');
    assert.deepEqual(entry?.kind === 'tool_call' ? entry.permission?.conflictingCommands : undefined, ['git status', 'rm -rf x']);
    session.choosePermission(key, 'allow_always');
    assert.deepEqual(await answer, { outcome: { outcome: 'selected', optionId: 'allow_always' } });
    assert.deepEqual(offered, [], 'no rule can stand for two commands');
  });

  it('asks the user when the agent has no option of the kind the rule needs, and says why', async () => {
    useRules([{ decision: 'reject', kind: 'delete' }]);
    const answer = ask({ toolCallId: 'd1', title: 'Delete build', kind: 'delete' }, [{ optionId: 'ok', name: 'OK', kind: 'allow_once' }]);
    const key = await shown('d1');
    const notice = session.state.entries.find((e): e is NoticeEntry => e.kind === 'notice');
    assert.match(notice?.text ?? '', /user rule 1: reject delete would reject this, but the agent offers no reject_once or reject_always option/);
    session.choosePermission(key, 'ok');
    await answer;
    assert.match(audit.all()[0].note ?? '', /you are asked instead/);
  });

  it('answers cancelled, and records it, when the request is withdrawn while the rules are read', async () => {
    const source = new CancellationTokenSource();
    const answer = ask({ toolCallId: 'w1', title: 'Edit', kind: 'edit', locations: [{ path: 'hello.txt' }] }, CLAUDE_OPTIONS, source.token);
    source.cancel();
    assert.deepEqual(await answer, { outcome: { outcome: 'cancelled' } });
    assert.deepEqual(audit.all()[0].decidedBy, { type: 'cancelled' });
    assert.equal(audit.all()[0].option, undefined);
  });
});
