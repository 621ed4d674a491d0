import * as assert from 'node:assert/strict';
import { auditJson, AuditLog, auditMarkdown, AuditEntry } from '../../../src/policy/auditLog';
import { effectiveLevel } from '../../../src/policy/levels';
import { chooseOption } from '../../../src/policy/optionChoice';
import { parseRules } from '../../../src/policy/parseRules';
import { ruleFromAnswer } from '../../../src/policy/ruleFromAnswer';
import type { ToolCallFacts } from '../../../src/policy/rules';
import { analyseCommandLine } from '../../../src/policy/shellCommand';
import type { OpenPermissionOption } from '../../../src/shared/acp';

const context = { home: '/home/me' };

const ALLOW_ONCE = { optionId: 'allow', name: 'Allow', kind: 'allow_once' };
const ALLOW_ALWAYS = { optionId: 'always', name: 'Always Allow', kind: 'allow_always' };
const REJECT_ONCE = { optionId: 'reject', name: 'Reject', kind: 'reject_once' };
const REJECT_ALWAYS = { optionId: 'never', name: 'Never', kind: 'reject_always' };

describe('policy: rules in settings', () => {
  it('reads a valid rule list', () => {
    const parsed = parseRules(
      [
        { decision: 'allow', kind: ['read', 'search'], inWorkspace: true },
        { decision: 'reject', always: true, command: ['rm -rf *'], description: 'never rm -rf' },
        { decision: 'ask', agent: 'codex', paths: '~/secrets/**' },
      ],
      'user',
      context,
    );
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.rules.length, 3);
    assert.equal(parsed.rules[1].label, 'user rule 2: never rm -rf');
    assert.equal(parsed.rules[1].always, true);
    assert.match(parsed.rules[0].label, /user rule 1: allow read \| search in the workspace/);
    assert.equal(parsed.rules[2].paths?.[0].absolute, true, '~/ is the home folder');
    assert.equal(parsed.rules[2].paths?.[0].test('/home/me/secrets/a/b'), true);
  });

  it('leaves out a bad rule whole and says which and why', () => {
    const parsed = parseRules(
      [
        { decision: 'allow', comand: 'git status' },
        { decision: 'maybe' },
        { decision: 'reject', kind: 'exec' },
        { decision: 'allow', command: 'git status; rm x' },
        { decision: 'allow', paths: '../outside/**' },
        { decision: 'allow', always: 'yes' },
        'allow',
        { decision: 'allow', kind: [] },
        { decision: 'reject', kind: 'execute' },
      ],
      'user',
      context,
    );
    assert.equal(parsed.rules.length, 1);
    assert.equal(parsed.rules[0].index, 8);
    const expected = [
      /rule 1: unknown field "comand"/,
      /rule 2: "decision" must be "allow", "reject" or "ask"/,
      /rule 3: unknown tool kind "exec"/,
      /rule 4: "git status; rm x" is not a single command/,
      /rule 5: path "..\/outside\/\*\*" must not contain ".." segments/,
      /rule 6: "always" must be true or false/,
      /rule 7: a rule must be an object/,
      /rule 8: "kind" must be a non-empty string/,
    ];
    assert.equal(parsed.problems.length, expected.length);
    expected.forEach((pattern, i) => {
      assert.match(parsed.problems[i], pattern);
      assert.match(parsed.problems[i], /^acp\.permissions\.rules \(user settings\), .*; this rule is ignored$/);
    });
    assert.deepEqual(parseRules({ decision: 'allow' }, 'user', context).problems, ['acp.permissions.rules (user settings) must be a list of rules; it is ignored']);
  });

  it('does not let workspace rules allow anything', () => {
    const parsed = parseRules(
      [
        { decision: 'allow', kind: 'execute' },
        { decision: 'reject', kind: 'delete' },
        { decision: 'ask', kind: 'edit' },
      ],
      'workspace',
      context,
    );
    assert.deepEqual(
      parsed.rules.map((r) => r.decision),
      ['reject', 'ask'],
    );
    assert.match(parsed.problems[0], /workspace settings\), rule 1: workspace rules can only tighten/);
  });

  it('lowers the level to the workspace level, never raises it', () => {
    assert.equal(effectiveLevel('allowWorkspaceEdits', 'ask'), 'ask');
    assert.equal(effectiveLevel('allowWorkspaceEdits', 'allowReads'), 'allowReads');
    assert.equal(effectiveLevel('ask', 'allowWorkspaceEdits'), 'ask');
    assert.equal(effectiveLevel('allowReads', undefined), 'allowReads');
  });
});

describe('policy: the option a rule answers with', () => {
  const pick = (options: OpenPermissionOption[], decision: 'allow' | 'reject', always: boolean): string =>
    ((choice) => ('option' in choice ? choice.option.optionId : 'ask'))(chooseOption(options, decision, always));

  it('takes the kind the rule says', () => {
    const all = [ALLOW_ALWAYS, ALLOW_ONCE, REJECT_ONCE, REJECT_ALWAYS];
    assert.equal(pick(all, 'allow', false), 'allow');
    assert.equal(pick(all, 'allow', true), 'always');
    assert.equal(pick(all, 'reject', false), 'reject');
    assert.equal(pick(all, 'reject', true), 'never');
  });

  it('falls back without ever granting more than the rule', () => {
    assert.equal(pick([ALLOW_ONCE, REJECT_ONCE], 'allow', true), 'allow', 'allow always -> allow once');
    assert.equal(pick([ALLOW_ALWAYS, REJECT_ONCE], 'allow', false), 'ask', 'allow once never becomes allow always');
    assert.equal(pick([ALLOW_ONCE, REJECT_ALWAYS], 'reject', false), 'never', 'reject once -> reject always');
    assert.equal(pick([ALLOW_ONCE, REJECT_ONCE], 'reject', true), 'reject');
    const none = chooseOption([ALLOW_ONCE, { optionId: 'x', name: 'X', kind: '_custom' }], 'reject', false);
    assert.ok('askBecause' in none);
    assert.match(none.askBecause, /offers no reject_once or reject_always option \(it offers: allow_once, _custom\)/);
  });
});

describe('policy: rules offered from "always" answers', () => {
  const roots = [{ requested: '/w', real: '/w' }];
  const base: ToolCallFacts = { agentId: 'claude', toolCallId: 't', title: 'x', kind: 'execute', paths: [], roots };

  it('pins a command down to its words', () => {
    const facts = { ...base, command: analyseCommandLine('git commit -m "a b"') };
    assert.deepEqual(ruleFromAnswer(facts, ALLOW_ALWAYS, '2026-01-02'), {
      decision: 'allow',
      kind: 'execute',
      command: "git commit -m 'a b'",
      description: 'from your "Always Allow" answer on 2026-01-02',
    });
    assert.deepEqual(ruleFromAnswer({ ...base, command: analyseCommandLine('git status && git diff') }, REJECT_ALWAYS, 'd')?.command, ['git status', 'git diff']);
  });

  it('offers nothing it cannot pin down, and nothing for once answers', () => {
    assert.equal(ruleFromAnswer({ ...base, command: analyseCommandLine('echo $(date)') }, ALLOW_ALWAYS, 'd'), undefined);
    assert.equal(ruleFromAnswer(base, ALLOW_ALWAYS, 'd'), undefined, 'a command without a command line');
    assert.equal(ruleFromAnswer({ ...base, command: analyseCommandLine('ls') }, ALLOW_ONCE, 'd'), undefined);
  });

  it('uses workspace-relative paths for files and the title otherwise', () => {
    const edit: ToolCallFacts = { ...base, kind: 'edit', paths: [{ requested: '/w/src/a.ts', real: '/w/src/a.ts', inside: true }] };
    assert.equal(ruleFromAnswer(edit, ALLOW_ALWAYS, 'd')?.paths, 'src/a.ts');
    const fetch: ToolCallFacts = { ...base, kind: 'fetch', title: 'Fetch docs' };
    assert.equal(ruleFromAnswer(fetch, ALLOW_ALWAYS, 'd')?.title, 'Fetch docs');
    assert.equal(ruleFromAnswer({ ...fetch, title: 'Fetch *' }, ALLOW_ALWAYS, 'd'), undefined);
  });
});

describe('policy: the audit log', () => {
  const entry = (n: number): AuditEntry => ({
    time: `2026-01-01T00:00:0${n}.000Z`,
    agentId: 'claude',
    sessionId: 's',
    toolCall: { toolCallId: `t${n}`, title: `Edit | a${n}`, kind: 'edit' },
    decidedBy: n % 2 ? { type: 'user' } : { type: 'rule', rule: 'user rule 1: allow edit' },
    option: { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
  });

  it('keeps the newest entries up to its limit, in its storage', () => {
    let saved: readonly AuditEntry[] = [];
    const log = new AuditLog({ load: () => [entry(0), { junk: true }], save: (entries) => (saved = [...entries]) }, 3);
    assert.equal(log.all().length, 1, 'stored junk is dropped');
    [1, 2, 3].forEach((n) => log.record(entry(n)));
    assert.deepEqual(
      log.all().map((e) => e.toolCall.toolCallId),
      ['t1', 't2', 't3'],
    );
    assert.equal(saved.length, 3);
  });

  it('exports as JSON and as a Markdown table', () => {
    const entries = [entry(1), entry(2), { ...entry(3), option: undefined, decidedBy: { type: 'cancelled' as const } }];
    assert.deepEqual(JSON.parse(auditJson(entries)).permissionDecisions, JSON.parse(JSON.stringify(entries)));
    const markdown = auditMarkdown(entries);
    assert.match(markdown, /^# ACP permission decisions/);
    assert.match(markdown, /\| 2026-01-01T00:00:01.000Z \| claude \| Edit \\\| a1 \[t1\] \| edit \| you \| Allow \(allow_once\) \|/);
    assert.match(markdown, /\| rule: user rule 1: allow edit \|/);
    assert.match(markdown, /\| nobody \(cancelled\) \| cancelled \|/);
  });
});
