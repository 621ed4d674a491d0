// The permission policy in the real extension host: rules in user and workspace settings, the level command,
// the audit log's commands and the rule offer, against the scripted agent asking for each tool kind. What the
// agent received back is what it says ("allowed: <optionId>" / "rejected: <optionId>").
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { AuditEntry } from '../../src/policy/auditLog';
import type { RuleSetting } from '../../src/policy/rules';
import { ADD_RULE_BUTTON } from '../../src/policy/vscode/ruleOffer';
import type { Session } from '../../src/session/session';
import type { NoticeEntry, ToolCallEntry } from '../../src/shared/transcript/model';
import { agentText } from './helpers/files';
import { activateExtension, useScriptedAgent, waitFor } from './helpers/scriptedAgent';

const SECTION = 'acp.permissions';

function permissionsConfig(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

async function setRules(rules: RuleSetting[] | undefined, target = vscode.ConfigurationTarget.Global): Promise<void> {
  await permissionsConfig().update('rules', rules, target);
}

describe('permission policy', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;
  let session: Session;

  before(async () => {
    api = await activateExtension();
    await useScriptedAgent(api, 'policy-kinds');
  });

  beforeEach(async () => {
    await vscode.commands.executeCommand('acp.newSession');
    const current = api.sessions.session;
    assert.ok(current, 'acp.newSession created a session');
    session = current;
  });

  afterEach(async () => {
    for (const target of [vscode.ConfigurationTarget.Global, vscode.ConfigurationTarget.Workspace]) {
      await permissionsConfig().update('rules', undefined, target);
      await permissionsConfig().update('level', undefined, target);
    }
  });

  after(async () => {
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  /** Plays one case; the rules decide without a prompt. Returns what the agent said it received. */
  async function decided(name: string): Promise<string> {
    let prompted = false;
    const watch = session.onDidChange(() => {
      if (session.state.entries.some((e) => e.kind === 'tool_call' && e.permission)) prompted = true;
    });
    try {
      await api.sessions.prompt(name);
    } finally {
      watch.dispose();
    }
    assert.equal(prompted, false, `${name}: the user was not asked`);
    return agentText(session);
  }

  /** Plays one case that must prompt the user, who answers `optionId`. Returns what the agent said. */
  async function asked(name: string, optionId: string): Promise<string> {
    const pending = waitFor(session.onDidChange, () => session.state.entries.some((e) => e.kind === 'tool_call' && e.permission !== undefined));
    const turn = api.sessions.prompt(name);
    await pending;
    const entry = session.state.entries.find((e): e is ToolCallEntry => e.kind === 'tool_call' && e.permission !== undefined);
    assert.ok(entry?.permission, `${name}: the user is asked`);
    assert.equal(session.choosePermission(entry.permission.requestKey, optionId), true);
    await turn;
    return agentText(session);
  }

  function lastAudit(): AuditEntry {
    const all = api.policy.audit.all();
    assert.ok(all.length > 0, 'the decision was logged');
    return all[all.length - 1];
  }

  it('allows, rejects and asks by the user rules, for each tool kind', async () => {
    await setRules([
      { decision: 'allow', kind: 'read', inWorkspace: true },
      { decision: 'allow', kind: 'edit', paths: 'src/**' },
      { decision: 'allow', kind: 'execute', command: 'git status' },
      { decision: 'reject', kind: 'delete', description: 'no deletes' },
      { decision: 'reject', kind: 'fetch', title: 'Fetch https://example.com/*' },
      { decision: 'ask', kind: 'other' },
    ]);

    assert.equal(await decided('read'), 'allowed: allow');
    assert.deepEqual(lastAudit().decidedBy, { type: 'rule', rule: 'user rule 1: allow read in the workspace' });
    assert.deepEqual(lastAudit().toolCall, { toolCallId: 'call_read_1', title: 'Read notes.md', kind: 'read' });
    assert.equal(await decided('edit'), 'allowed: allow');
    assert.equal(await decided('execute'), 'allowed: allow');
    assert.equal(await decided('execute-codex'), 'allowed: allow', 'codex sends ["/bin/bash", "-lc", "git status"]');
    assert.equal(await decided('delete'), 'rejected: reject');
    assert.deepEqual(lastAudit().decidedBy, { type: 'rule', rule: 'user rule 4: no deletes' });
    const rejectedNotice = session.state.entries.filter((e): e is NoticeEntry => e.kind === 'notice').pop();
    assert.equal(rejectedNotice?.text, 'Rejected by user rule 4: no deletes: Delete build/');
    assert.equal(await decided('fetch'), 'rejected: reject');

    assert.equal(await asked('other', 'allow'), 'allowed: allow', 'an ask rule prompts');
    assert.deepEqual(lastAudit().decidedBy, { type: 'user' });
    assert.equal(await asked('execute-chained', 'reject'), 'rejected: reject', '"git status" does not allow "git status; rm -rf ~"');
    assert.equal(await asked('read-outside', 'allow'), 'allowed: allow', 'a read outside the workspace is not allowed by an inWorkspace rule');
    assert.equal(await asked('read-climbing', 'reject'), 'rejected: reject', '.. that climbs out of the workspace is caught');
  });

  it('asks about a tool call whose raw input names two commands that disagree, and shows both (issue 25)', async () => {
    await setRules([
      { decision: 'allow', kind: 'execute', command: 'git status' },
      { decision: 'allow', kind: 'execute', command: 'rm -rf *' },
    ]);
    const prompted = waitFor(session.onDidChange, () => session.state.entries.some((e) => e.kind === 'tool_call' && e.permission !== undefined));
    const turn = api.sessions.prompt('execute-ambiguous');
    await prompted;
    const entry = session.state.entries.find((e): e is ToolCallEntry => e.kind === 'tool_call' && e.permission !== undefined);
    assert.ok(entry?.permission, 'command "git status" beside cmd "rm -rf x" is asked, though a rule allows each');
    assert.deepEqual(entry.permission.conflictingCommands, ['git status', 'rm -rf x']);
    assert.equal(session.choosePermission(entry.permission.requestKey, 'reject'), true);
    await turn;
    assert.equal(agentText(session), 'rejected: reject');
    assert.deepEqual(lastAudit().decidedBy, { type: 'user' });

    await setRules([{ decision: 'reject', kind: 'execute', command: 'rm -rf *', description: 'no rm -rf' }]);
    assert.equal(await decided('execute-ambiguous'), 'rejected: reject', 'a reject rule sees the second command');
  });

  it('answers with allow_always when the rule says always', async () => {
    await setRules([{ decision: 'allow', always: true, kind: 'fetch' }]);
    assert.equal(await decided('fetch'), 'allowed: allow_always');
  });

  it('asks the user when the agent offers no option of the kind the rule needs', async () => {
    await setRules([{ decision: 'reject', kind: 'delete' }]);
    assert.equal(await asked('delete-no-reject', 'ok'), 'allowed: ok');
    const notices = session.state.entries.filter((e): e is NoticeEntry => e.kind === 'notice').map((n) => n.text);
    assert.ok(notices.some((text) => /would reject this, but the agent offers no reject_once or reject_always option/.test(text)), JSON.stringify(notices));
  });

  it('lets workspace settings tighten the user rules and level, never loosen them', async () => {
    await setRules([{ decision: 'allow', kind: 'execute', command: 'git status' }]);
    await setRules([{ decision: 'reject', kind: 'execute' }, { decision: 'allow', kind: 'delete' }], vscode.ConfigurationTarget.Workspace);
    assert.equal(await decided('execute'), 'rejected: reject', 'a workspace reject wins over a user allow');
    assert.equal(await asked('delete', 'reject'), 'rejected: reject', 'a workspace allow rule is ignored');

    await setRules(undefined, vscode.ConfigurationTarget.Workspace);
    await permissionsConfig().update('level', 'allowWorkspaceEdits', vscode.ConfigurationTarget.Global);
    await permissionsConfig().update('level', 'allowReads', vscode.ConfigurationTarget.Workspace);
    assert.deepEqual(api.policy.settings.level(), { chosen: 'allowWorkspaceEdits', effective: 'allowReads' });
    assert.equal(await decided('read'), 'allowed: allow');
    assert.equal(await asked('edit', 'reject'), 'rejected: reject', 'the workspace lowered the level to reads');
    await permissionsConfig().update('level', 'allowWorkspaceEdits', vscode.ConfigurationTarget.Workspace);
    await permissionsConfig().update('level', 'ask', vscode.ConfigurationTarget.Global);
    assert.equal(api.policy.settings.level().effective, 'ask', 'a workspace cannot raise the level');
  });

  it('sets the level with the command: reads, then edits in the workspace', async () => {
    await vscode.commands.executeCommand('acp.setPermissionLevel', 'allowReads');
    assert.equal(permissionsConfig().inspect('level')?.globalValue, 'allowReads');
    assert.equal(await decided('read'), 'allowed: allow');
    assert.equal(await asked('edit', 'reject'), 'rejected: reject');
    await vscode.commands.executeCommand('acp.setPermissionLevel', 'allowWorkspaceEdits');
    assert.equal(await decided('edit'), 'allowed: allow');
    assert.equal(await asked('delete', 'reject'), 'rejected: reject', 'deletes are not edits');
    assert.equal(await asked('read-outside', 'reject'), 'rejected: reject');
  });

  it('offers a rule after an "always" answer and adds it to the user settings when accepted', async () => {
    const offered: string[] = [];
    const restore = api.policy.offers.useUserInterface({
      show: (message) => {
        offered.push(message);
        return Promise.resolve(ADD_RULE_BUTTON);
      },
    });
    try {
      const answered = waitFor(api.policy.offers.onDidAnswer, () => true);
      assert.equal(await asked('execute', 'allow_always'), 'allowed: allow_always');
      const { rule, added } = await answered;
      assert.equal(added, true);
      assert.equal(rule.command, 'git status');
      assert.match(offered[0], /Keep your answer as a permission rule for every agent\? \(allow execute command "git status"\)/);
      const rules = permissionsConfig().inspect<RuleSetting[]>('rules')?.globalValue;
      assert.deepEqual(rules?.map((r) => [r.decision, r.kind, r.command]), [['allow', 'execute', 'git status']]);
      // A new session (the agent forgets its own "always"): the added rule answers now.
      await vscode.commands.executeCommand('acp.newSession');
      session = api.sessions.session as Session;
      assert.equal(await decided('execute'), 'allowed: allow');
      assert.match(JSON.stringify(lastAudit().decidedBy), /from your \\"Always Allow\\" answer/);
    } finally {
      restore.dispose();
    }
  });

  it('shows and exports the audit log as Markdown and JSON', async () => {
    await setRules([{ decision: 'reject', kind: 'delete', description: 'no deletes' }]);
    await decided('delete');
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-audit-'));
    try {
      const jsonFile = vscode.Uri.file(path.join(scratch, 'log.json'));
      await vscode.commands.executeCommand('acp.exportPermissionLog', jsonFile);
      const exported = JSON.parse(fs.readFileSync(jsonFile.fsPath, 'utf8')) as { permissionDecisions: AuditEntry[] };
      const last = exported.permissionDecisions[exported.permissionDecisions.length - 1];
      assert.deepEqual(
        { toolCall: last.toolCall, decidedBy: last.decidedBy, option: last.option, agentId: last.agentId },
        {
          toolCall: { toolCallId: 'call_delete_1', title: 'Delete build/', kind: 'delete' },
          decidedBy: { type: 'rule', rule: 'user rule 1: no deletes' },
          option: { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
          agentId: 'scripted-policy-kinds',
        },
      );
      assert.ok(!Number.isNaN(Date.parse(last.time)));
      const markdownFile = vscode.Uri.file(path.join(scratch, 'log.md'));
      await vscode.commands.executeCommand('acp.exportPermissionLog', markdownFile);
      const markdown = fs.readFileSync(markdownFile.fsPath, 'utf8');
      assert.match(markdown, /\| scripted-policy-kinds \| Delete build\/ \[call_delete_1\] \| delete \| rule: user rule 1: no deletes \| Reject \(reject_once\) \|/);

      const editor = await vscode.commands.executeCommand<vscode.TextEditor>('acp.showPermissionLog');
      assert.equal(editor.document.languageId, 'markdown');
      assert.match(editor.document.getText(), /Delete build\/ \[call_delete_1\]/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
