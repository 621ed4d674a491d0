// Requests announced while the chat is hidden, from two sessions of two agents at once: each session's permission
// request and question is announced on its own (their keys name their session, so the second is not mistaken for
// the first) and is answered from its notification.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { PermissionNotice } from '../../src/session/permissionNotifier';
import type { Session } from '../../src/session/session';
import { within } from './helpers/realAgentProcess';
import { activateExtension, repoRoot, scenarioPath, waitFor } from './helpers/scriptedAgent';

const DEADLINE_MS = 20_000;
const AGENTS = ['notify-a', 'notify-b'];

/** Every notice an event announces, and a wait until `count` of them arrived. */
function collect(event: (listener: (notice: PermissionNotice) => void) => { dispose(): void }) {
  const notices: PermissionNotice[] = [];
  const waiters: { count: number; resolve(): void }[] = [];
  const subscription = event((notice) => {
    notices.push(notice);
    for (const waiter of [...waiters]) if (notices.length >= waiter.count) waiter.resolve();
  });
  const until = (count: number, what: string): Promise<void> =>
    within(
      new Promise<void>((resolve) => (notices.length >= count ? resolve() : waiters.push({ count, resolve }))),
      DEADLINE_MS,
      () => `${what}: ${notices.length} of ${count} announced (${JSON.stringify(notices.map((notice) => notice.requestKey))})`,
    );
  return { notices, until, dispose: () => subscription.dispose() };
}

function agentSaid(session: Session): string[] {
  return session.state.entries.flatMap((entry) => (entry.kind === 'agent' ? [entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('')] : []));
}

describe('notifications while the chat is hidden: two sessions of two agents', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;

  before(async () => {
    api = await activateExtension();
    for (const open of api.sessions.openSessions) await api.sessions.close(open.key);
  });

  after(async () => {
    for (const open of api.sessions.openSessions.filter((item) => AGENTS.includes(item.agent.definition.id))) await api.sessions.close(open.key);
    await vscode.workspace.getConfiguration('acp').update('agents', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('acp').update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  async function select(id: string): Promise<void> {
    const selected = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === id);
    await vscode.workspace.getConfiguration('acp').update('defaultAgent', id, vscode.ConfigurationTarget.Global);
    if (api.sessions.selectedAgent?.id !== id) await within(selected, DEADLINE_MS, `${id} was not selected`);
    await api.agentSelected();
  }

  it('announces both sessions\' permission requests and questions, and each is answered from its notification', async () => {
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.workspace.getConfiguration('acp').update(
      'agents',
      AGENTS.map((id) => ({
        id,
        name: `Scripted (${id})`,
        command: process.execPath,
        args: [path.join(repoRoot(), 'dist', 'demo-agent.js'), '--scenario', scenarioPath('notify-both')],
        env: { ELECTRON_RUN_AS_NODE: '1' },
      })),
      vscode.ConfigurationTarget.Global,
    );
    const permissions = collect(api.permissionNotifier.onDidNotify);
    const questions = collect(api.elicitationNotifier.onDidNotify);
    try {
      const sessions: Session[] = [];
      const turns: Promise<void>[] = [];
      for (const [index, id] of AGENTS.entries()) {
        await select(id);
        sessions.push(await api.sessions.newSession());
        turns.push(api.sessions.prompt('migrate'));
        await permissions.until(index + 1, `the permission request of ${id}`);
      }
      assert.deepEqual(
        permissions.notices.map((notice) => notice.requestKey),
        sessions.map((session) => `${session.key}/p1`),
        'each request is announced under a key naming its session',
      );
      for (const notice of permissions.notices) assert.ok(api.permissionNotifier.answer(notice.requestKey, 'Allow once'), `"Allow once" answers ${notice.requestKey}`);

      await questions.until(2, 'the questions that follow');
      assert.deepEqual(new Set(questions.notices.map((notice) => notice.requestKey)), new Set(sessions.map((session) => `${session.key}/el1`)));
      for (const notice of questions.notices) assert.ok(api.elicitationNotifier.answer(notice.requestKey, 'Decline'), `"Decline" answers ${notice.requestKey}`);

      await within(Promise.all(turns), DEADLINE_MS, 'the turns did not end');
      for (const session of sessions) assert.deepEqual(agentSaid(session), ['Allowed, then declined (decline).']);
    } finally {
      permissions.dispose();
      questions.dispose();
    }
  });
});
