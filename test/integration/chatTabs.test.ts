// Chat tabs in the real extension host: two sessions of two scripted agents at once, each in its own tab (its own
// surface), each asking for permission; an answer in one reaches only its session, each gets its own reply, and the
// side-bar chat is left as it was. The tabs are real webview panels opened by "ACP: Open Chat in Editor Tab" (the
// palette's command: the active surface's session) and by the side-bar chat's title button (the side bar's session).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { ChatSurface } from '../../src/chat/chatSurface';
import type { PromptParts } from '../../src/shared/protocol/composerProtocol';
import { untilAsked } from './helpers/permissions';
import { within } from './helpers/realAgentProcess';
import { activateExtension, EXTENSION_ID, useScriptedAgents, waitFor } from './helpers/scriptedAgent';

const DEADLINE_MS = 20_000;
const parts = (text: string): PromptParts => ({ text, mentions: [], images: [] });

async function selectAgent(api: AcpExtensionApi, id: string): Promise<void> {
  await vscode.workspace.getConfiguration('acp').update('defaultAgent', id, vscode.ConfigurationTarget.Global);
  const pool = api.sessions.parts.pool;
  if (pool.selected?.definition.id !== id) await within(waitFor(pool.onDidChangeSelected, (agent) => agent.definition.id === id), DEADLINE_MS, `${id} was not selected`);
  await api.agentSelected();
}

function texts(session: Session | undefined, kind: 'user' | 'agent'): string[] {
  return (session?.state.entries ?? []).flatMap((entry) =>
    entry.kind === kind ? [entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('')] : [],
  );
}

/** The command of the side-bar chat's title button "Open Chat in Editor Tab", as the extension's manifest contributes it. */
function sideBarOpenInTabCommand(): string {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
    contributes: { commands: { command: string; title: string }[]; menus: Record<string, { command: string; when?: string }[]> };
  };
  const titled = new Set(manifest.contributes.commands.filter((item) => item.title === 'Open Chat in Editor Tab').map((item) => item.command));
  const buttons = manifest.contributes.menus['view/title'].filter((item) => item.when === 'view == acp.chat' && titled.has(item.command));
  assert.equal(buttons.length, 1, 'the side-bar chat has one "Open Chat in Editor Tab" button');
  return buttons[0].command;
}

function waiting(session: Session): boolean {
  return session.state.entries.some((entry) => entry.kind === 'tool_call' && entry.permission !== undefined);
}

describe('chat tabs: two sessions side by side, each in its own tab', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;

  before(async () => {
    api = await activateExtension();
    for (const open of api.sessions.openSessions) await api.sessions.close(open.key);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const open of api.sessions.openSessions) await api.sessions.close(open.key);
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('each tab answers its own permission prompt and gets its own reply; the side bar is left alone', async () => {
    await useScriptedAgents(api, ['permission', 'sessions-two-asks']);
    const { surfaces, starter } = api.sessions.parts;
    const sideBarBefore = api.sessions.currentKey;
    const tabOf = async (): Promise<ChatSurface> => {
      const before = new Set(surfaces.all());
      await vscode.commands.executeCommand('acp.openChatInEditor');
      const added = surfaces.all().filter((surface) => !before.has(surface));
      assert.equal(added.length, 1, 'the command opened one tab');
      return added[0];
    };

    // The first tab: a session of the "permission" agent, started by a prompt typed in it.
    const first = await tabOf();
    assert.equal(surfaces.current(), first, 'the tab that just opened is the active surface');
    const firstTurn = starter.submitPrompt(first, undefined, parts('delete the build folder'));
    const firstSession = await within(
      new Promise<Session>((resolve) => {
        if (first.session) resolve(first.session);
        else first.onDidChangeSession((session) => session && resolve(session));
      }),
      DEADLINE_MS,
      'the first tab got no session',
    );
    const firstAsk = await untilAsked(firstSession, 'Delete build/');

    // The second tab: another agent's session, while the first still waits.
    await selectAgent(api, 'sessions-two-asks');
    const second = await tabOf();
    const secondOpen = await starter.newSession(second);
    assert.equal(second.currentKey, secondOpen.key);
    assert.equal(first.currentKey, firstSession.key, 'a new session in the second tab leaves the first tab alone');
    const secondTurn = starter.submitPrompt(second, undefined, parts('do both steps'));
    const secondAsk = await untilAsked(secondOpen.session, 'First step');
    assert.ok(waiting(firstSession) && waiting(secondOpen.session), 'both wait for the user at once');

    // The answer in the first tab reaches its session only.
    firstSession.choosePermission(firstAsk.requestKey, firstAsk.optionId);
    await within(firstTurn, DEADLINE_MS, 'the first turn did not end');
    assert.deepEqual(texts(firstSession, 'agent'), ['Done (allow).']);
    assert.ok(waiting(secondOpen.session), 'the second session still waits');

    secondOpen.session.choosePermission(secondAsk.requestKey, secondAsk.optionId);
    const secondAgain = await untilAsked(secondOpen.session, 'Second step');
    secondOpen.session.choosePermission(secondAgain.requestKey, secondAgain.optionId);
    await within(secondTurn, DEADLINE_MS, 'the second turn did not end');
    assert.deepEqual(texts(secondOpen.session, 'agent'), ['Both steps allowed.']);
    assert.deepEqual(texts(firstSession, 'user'), ['delete the build folder'], 'nothing of the second reached the first');
    assert.deepEqual(texts(secondOpen.session, 'user'), ['do both steps']);
    assert.equal(api.sessions.currentKey, sideBarBefore, 'the side-bar chat shows what it showed');

    // Closing a tab lets go of its surface; its session stays open (the side bar or another tab can show it).
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.ok(!surfaces.all().includes(second), 'the closed tab\'s surface is gone');
    assert.ok(api.sessions.get(secondOpen.key), 'its session is still open');
  });

  it("the side bar's \"Open Chat in Editor Tab\" button opens the side bar's session, also while a tab on another one is active", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await useScriptedAgents(api, ['hello']);
    const { surfaces, starter } = api.sessions.parts;
    assert.equal(surfaces.current(), surfaces.sideBar, 'no tab: the side bar is the active surface');
    const sideBarSession = await api.sessions.newSession();
    const opened = async (command: string): Promise<ChatSurface> => {
      const before = new Set(surfaces.all());
      // As VS Code runs a command of a view's title bar or of the palette: with no argument.
      await vscode.commands.executeCommand(command);
      const added = surfaces.all().filter((surface) => !before.has(surface));
      assert.equal(added.length, 1, `${command} opened one tab`);
      return added[0];
    };
    // A tab, active, on a session of its own.
    const tab = await opened('acp.openChatInEditor');
    assert.equal(tab.currentKey, sideBarSession.key, "the palette's command opens the active surface's session (the side bar's)");
    const tabSession = await starter.newSession(tab);
    assert.equal(surfaces.current(), tab, 'the tab is the active surface');
    assert.equal(api.sessions.currentKey, sideBarSession.key, 'the side bar still shows its session');

    const fromButton = await opened(sideBarOpenInTabCommand());
    assert.equal(fromButton.currentKey, sideBarSession.key, "the button opens the side bar's session, not the active tab's");
    assert.notEqual(fromButton.currentKey, tabSession.key);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
