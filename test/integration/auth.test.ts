// Signing in to agents that require it, with scripted agents inside the VS Code extension host: through the agent
// (`authenticate`), with an API key kept in SecretStorage and passed in the agent's environment, and in a login
// terminal; logging out. The chat's sign-in message is the agent summary's `auth`.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EnvVarQuestion } from '../../src/auth/vscode/authUserInterface';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { AgentMessageEntry } from '../../src/shared/transcript/model';
import { activateExtension, useScriptedAgent, waitFor } from './helpers/scriptedAgent';

function lastAgentText(session: Session): string {
  const said = session.state.entries.filter((e): e is AgentMessageEntry => e.kind === 'agent').pop();
  return said?.content.map((block) => (block.type === 'text' ? block.text : '')).join('') ?? '';
}

function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run with a workspace folder');
  return folder.uri.fsPath;
}

describe('signing in to agents', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;

  before(async () => {
    api = await activateExtension();
  });

  after(async () => {
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('an agent method: session/new asks to sign in, `authenticate` signs in, the session works; Log Out signs out', async () => {
    await useScriptedAgent(api, 'auth-agent');
    await assert.rejects(api.sessions.newSession(), /needs you to sign in/);
    const auth = api.sessions.agent?.auth;
    assert.ok(auth, 'the chat shows the sign-in message');
    assert.deepEqual(
      auth.choices.map((c) => [c.methodId, c.kind, c.actionable]),
      [
        ['agent-login', 'agent', true],
        ['device', 'other', false],
      ],
      'one button per method; the unknown type is shown without one',
    );
    await assert.rejects(api.auth.signIn(api.sessions.sideBar, 'not-offered'), /does not offer this way/);
    await assert.rejects(api.auth.signIn(api.sessions.sideBar, 'device'), /does not know how to use "oauth_device"/);

    await api.auth.signIn(api.sessions.sideBar, 'agent-login');
    assert.equal(api.sessions.agent?.auth, undefined, 'the sign-in message is gone');
    const session = api.sessions.session;
    assert.ok(session, 'signing in started a session');
    await api.sessions.prompt('hello');
    assert.equal(lastAgentText(session), 'Signed in; you said: hello');

    const said = await vscode.commands.executeCommand<string>('acp.logOut');
    assert.equal(said, 'Logged out of Scripted (auth-agent).');
    assert.equal(api.sessions.session, undefined, 'the session ended with the sign-out');
    await assert.rejects(api.sessions.newSession(), /needs you to sign in/);
    assert.ok(api.sessions.agent?.auth, 'signing in is asked again');
  });

  it('an env-var method: asks once, keeps the key in SecretStorage, the agent gets it, a restart reuses it', async () => {
    await useScriptedAgent(api, 'auth-env');
    await assert.rejects(api.sessions.newSession(), /needs you to sign in/);
    assert.deepEqual(api.sessions.agent?.auth?.choices.map((c) => [c.methodId, c.kind]), [['api-key', 'env_var']]);
    const asked: EnvVarQuestion[] = [];
    const answering = api.auth.useUserInterface({
      askEnvVar: (question) => {
        asked.push(question);
        return Promise.resolve('sk-test-123');
      },
      runLoginTerminal: () => Promise.reject(new Error('no terminal expected')),
    });
    try {
      await api.auth.signIn(api.sessions.sideBar, 'api-key');
      assert.deepEqual(
        asked.map((q) => [q.variable.name, q.variable.secret]),
        [['SCRIPTED_API_KEY', true]],
        'asked once, in a password box',
      );
      const session = api.sessions.session;
      assert.ok(session);
      await api.sessions.prompt('which key?');
      assert.equal(lastAgentText(session), 'key=sk-test-123', 'the agent has the variable');

      await api.sessions.restartAgent();
      const again = await api.sessions.newSession();
      await api.sessions.prompt('and now?');
      assert.equal(lastAgentText(again), 'key=sk-test-123', 'the restarted agent got it from SecretStorage');
      assert.equal(asked.length, 1, 'not asked again');

      const said = await vscode.commands.executeCommand<string>('acp.logOut');
      assert.equal(said, 'Forgot the credentials kept for Scripted (auth-env).');
      await waitForReady(api);
      await assert.rejects(api.sessions.newSession(), /needs you to sign in/, 'without the key the agent asks again');
    } finally {
      answering.dispose();
    }
  });

  it('a terminal method: the agent runs with the method\'s args in a VS Code terminal, then reconnects signed in', async () => {
    const loginFile = path.join(workspaceRoot(), '.scripted-login');
    fs.rmSync(loginFile, { force: true });
    try {
      await useScriptedAgent(api, 'auth-terminal');
      await assert.rejects(api.sessions.newSession(), /needs you to sign in/);
      const opened = waitFor(vscode.window.onDidOpenTerminal, (terminal) => terminal.name === 'Sign in: Scripted (auth-terminal)');
      const signingIn = api.auth.signIn(api.sessions.sideBar, 'tty');
      const terminal = await opened;
      await signingIn;
      assert.equal(terminal.exitStatus?.code, 0, 'the login exited with 0');
      assert.ok(fs.existsSync(loginFile), 'the login in the terminal ran the agent with --login');
      const session = api.sessions.session;
      assert.ok(session, 'reconnected with a session');
      await api.sessions.prompt('hi');
      assert.equal(lastAgentText(session), 'Signed in from the terminal.');
    } finally {
      fs.rmSync(loginFile, { force: true });
    }
  });
});

async function waitForReady(api: AcpExtensionApi): Promise<void> {
  if (api.sessions.agent?.status === 'ready') return;
  await waitFor(api.sessions.onDidChangeAgent, (agent) => agent.status === 'ready');
}
