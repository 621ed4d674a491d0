// Plan operations end to end with the scripted agent in the real extension host, which advertises
// clientCapabilities.plan (and session.notices / session.compaction): the agent (plans.json) sends identified plans
// only when advertised, and the session keeps them by planId, updates them in place, removes one, and follows the
// Markdown plan's file when it changes on disk and in the editor. The not-advertised side is a unit test
// (test/unit/session/planCapability.test.ts). Also: an empty end_turn says so in the chat.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { AgentMessageEntry, SessionChange } from '../../src/shared/transcript/model';
import type { IdentifiedPlan } from '../../src/shared/transcript/plans';
import { activateExtension, useScriptedAgent, waitFor } from './helpers/scriptedAgent';

function agentSaid(session: Session): string {
  return session.state.entries
    .filter((e): e is AgentMessageEntry => e.kind === 'agent')
    .map((e) => e.content.map((b) => (b.type === 'text' ? b.text : '')).join(''))
    .join('\n');
}

function plan(session: Session, planId: string): IdentifiedPlan | undefined {
  return session.state.header.plans?.find((p) => p.planId === planId);
}

async function until(session: Session, what: () => boolean): Promise<void> {
  if (!what()) await waitFor<SessionChange>(session.onDidChange, what);
}

describe('plan operations with a scripted agent', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;
  let session: Session;
  let planFile: string;

  before(async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the tests run with a workspace folder');
    planFile = path.join(folder.uri.fsPath, 'PLAN.md');
    fs.rmSync(planFile, { force: true });
    api = await activateExtension();
    await useScriptedAgent(api, 'plans');
    await vscode.commands.executeCommand('acp.newSession');
    assert.ok(api.sessions.session);
    session = api.sessions.session;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(planFile, { force: true });
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('gets identified plans (the client advertised plan: {}), each kept by planId, the legacy plan untouched', async () => {
    await api.sessions.prompt('make plans');
    assert.match(agentSaid(session), /Sent identified plans\./);
    assert.deepEqual(session.state.header.plans?.map((p) => [p.planId, p.type]), [
      ['checklist', 'items'],
      ['design', 'markdown'],
    ]);
    assert.equal(plan(session, 'design')?.path, planFile);
    assert.match(plan(session, 'design')?.content ?? '', /^# Refactor the parser/);
    assert.deepEqual(session.state.header.plan, []);
  });

  it('updates a plan in place by planId', async () => {
    await api.sessions.prompt('tick');
    assert.deepEqual(plan(session, 'checklist')?.entries?.map((e) => e.status), ['completed', 'completed', 'in_progress']);
    assert.deepEqual(session.state.header.plans?.map((p) => p.planId), ['checklist', 'design']);
  });

  it('follows the Markdown plan’s file: written on disk, then edited in the editor', async () => {
    fs.writeFileSync(planFile, '# Refactor the parser\n\n1. Changed on disk.\n');
    await until(session, () => plan(session, 'design')?.content === '# Refactor the parser\n\n1. Changed on disk.\n');
    assert.equal(plan(session, 'design')?.fromFile, true);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(planFile));
    await vscode.window.showTextDocument(document);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, document.positionAt(document.getText().length), '2. Typed in the editor.\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await until(session, () => /2\. Typed in the editor\./.test(plan(session, 'design')?.content ?? ''));
  });

  it('removes a plan with plan_removed', async () => {
    await api.sessions.prompt('remove');
    assert.deepEqual(session.state.header.plans?.map((p) => p.planId), ['design']);
  });

  it('gets notices and compaction, both advertised', async () => {
    await api.sessions.prompt('advisories');
    assert.ok(session.state.entries.some((e) => e.kind === 'notice' && e.source === 'agent' && e.text === 'Notices are on'));
    assert.ok(session.state.entries.some((e) => e.kind === 'compaction' && e.compactionId === 'cmp_plans'));
    assert.doesNotMatch(agentSaid(session), /No (notices|compaction) for this client/);
  });

  it('says so when the agent ends a turn without an answer', async () => {
    await api.sessions.prompt('nothing');
    const last = session.state.entries.at(-1);
    assert.ok(last?.kind === 'notice' && last.text === 'The agent ended the turn without an answer.', JSON.stringify(last));
  });
});
