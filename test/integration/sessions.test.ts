// Sessions in the real extension host, with scripted agents advertising each part of the session lifecycle
// (test/fixtures/scenarios/sessions-*.json, their sessions kept in a store file): several sessions at once (a
// permission request behind the shown one is announced), the history (the agent's session/list merged with the
// extension's record), load with replay, resume, close and delete, and an agent that offers none of it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { HistoryUserInterface } from '../../src/history/vscode/sessionHistory';
import type { Session } from '../../src/session/session';
import { untilAsked } from './helpers/permissions';
import { within } from './helpers/realAgentProcess';
import { activateExtension, useScriptedAgents, waitFor } from './helpers/scriptedAgent';

const DEADLINE_MS = 20_000;

async function selectAgent(api: AcpExtensionApi, id: string): Promise<void> {
  const selected = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === id);
  await vscode.workspace.getConfiguration('acp').update('defaultAgent', id, vscode.ConfigurationTarget.Global);
  if (api.sessions.selectedAgent?.id !== id) await within(selected, DEADLINE_MS, `${id} was not selected`);
  await api.agentSelected();
}

function texts(session: Session, kind: 'user' | 'agent' | 'notice'): string[] {
  return session.state.entries.flatMap((entry) => {
    if (entry.kind === 'notice') return kind === 'notice' ? [entry.text] : [];
    if (entry.kind === 'user' || entry.kind === 'agent') return entry.kind === kind ? [entry.content.map((b) => (b.type === 'text' ? b.text : '')).join('')] : [];
    return [];
  });
}

class AnsweringUi implements HistoryUserInterface {
  asked: string[] = [];
  warnings: string[] = [];
  async confirmDelete(title: string, _agent: string, agentForgets: boolean): Promise<boolean> {
    this.asked.push(`${title}:${agentForgets}`);
    return true;
  }
  warn(message: string): void {
    this.warnings.push(message);
  }
}

describe('sessions: several at once, history, load, resume, close and delete with scripted agents', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;
  let dir: string;
  let ui: AnsweringUi;
  let previousUi: HistoryUserInterface;

  before(async () => {
    api = await activateExtension();
    previousUi = api.history.ui;
    // Sessions earlier suites left open (of the built-in demo agent, which stays in the settings) are closed.
    for (const open of api.sessions.openSessions) await api.sessions.close(open.key);
  });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-sessions-'));
    ui = new AnsweringUi();
    api.history.ui = ui;
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  after(async () => {
    api.history.ui = previousUi;
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('history: a closed session is listed by the agent, loads with its conversation replayed, and is deleted', async () => {
    await useScriptedAgents(api, ['sessions-full'], path.join(dir, 'store.json'));
    const first = await api.sessions.newSession();
    await api.sessions.prompt('alpha question');
    await api.sessions.newSession();
    await api.sessions.prompt('beta question');
    const firstKey = api.sessions.find('sessions-full', first.sessionId)?.key;
    assert.ok(firstKey);
    await api.sessions.close(firstKey);

    await api.history.showHistory();
    const listed = api.history.view().items.filter((item) => item.agentId === 'sessions-full');
    const alpha = listed.find((item) => item.sessionId === first.sessionId);
    assert.ok(alpha, `the closed session is in the history (got ${JSON.stringify(listed.map((i) => i.title))})`);
    assert.equal(alpha.title, 'alpha question');
    assert.equal(alpha.open, false);
    assert.equal(alpha.canOpen, true);
    assert.equal(alpha.canDelete, true);
    assert.equal(listed.find((item) => item.title === 'beta question')?.open, true);

    await api.history.open('sessions-full', first.sessionId);
    const back = api.sessions.session;
    assert.ok(back && back.sessionId === first.sessionId, 'the loaded session is shown');
    assert.deepEqual(texts(back, 'user'), ['alpha question']);
    assert.deepEqual(texts(back, 'agent'), ['You said: alpha question']);

    await api.history.delete('sessions-full', first.sessionId);
    assert.deepEqual(ui.asked, ['alpha question:true'], 'the user confirmed; the agent deletes it');
    assert.equal(api.sessions.find('sessions-full', first.sessionId), undefined, 'a deleted session is closed first');
    await api.history.showHistory();
    assert.equal(api.history.view().items.some((item) => item.sessionId === first.sessionId), false, 'gone from the agent\'s list and the record');
  });

  it("a session brought back keeps the title its agent gave it in the header, also when the agent does not say it again on load", async () => {
    await useScriptedAgents(api, ['sessions-title'], path.join(dir, 'store.json'));
    const first = await api.sessions.newSession();
    await api.sessions.prompt('look at the parser');
    assert.equal(api.sessions.session?.state.header.title, 'Parser fix plan');
    const key = api.sessions.find('sessions-title', first.sessionId)?.key;
    assert.ok(key);
    await api.sessions.close(key);

    await api.history.showHistory();
    await api.history.open('sessions-title', first.sessionId);
    const back = api.sessions.session;
    assert.ok(back && back.sessionId === first.sessionId, 'the loaded session is shown');
    assert.deepEqual(texts(back, 'user'), ['look at the parser'], 'its conversation was replayed');
    assert.equal(back.state.header.title, 'Parser fix plan', "the header shows the agent's title as before");
  });

  it('a session from the history that cannot be loaded says why in the chat, under its title, and Retry brings it back', async () => {
    await useScriptedAgents(api, ['sessions-load-fails'], path.join(dir, 'store.json'));
    const first = await api.sessions.newSession();
    await api.sessions.prompt('alpha question');
    await api.sessions.close(api.sessions.currentKey!);

    // No rejection (the toast it used to make): the chat shows the failure.
    await api.history.open('sessions-load-fails', first.sessionId);
    const shown = api.sessions.sideBar;
    const failed = shown.starting;
    assert.equal(failed?.state, 'failed', 'the failure is in the chat');
    assert.deepEqual(failed.reopen, { title: 'alpha question' }, 'under the title of the session it was about');
    assert.equal(failed.agentName, 'Scripted (sessions-load-fails)');
    assert.match(failed.failure?.summary ?? '', /^Scripted \(sessions-load-fails\) could not bring the session back: Internal error\. Retry, or start a new session\.$/);
    assert.match(failed.failure?.details ?? '', /The session file is locked by another process/, 'the agent\'s own data behind Details');
    assert.equal(api.sessions.find('sessions-load-fails', first.sessionId), undefined, 'nothing half-open is left');

    await api.sessions.parts.starter.retryStart(shown);
    const back = api.sessions.session;
    assert.ok(back && back.sessionId === first.sessionId, 'Retry loaded it and the chat shows it');
    assert.deepEqual(texts(back, 'user'), ['alpha question']);
    assert.equal(shown.starting, undefined, 'the failure is gone once it is back');
  });

  it('resume only: the session comes back with its local copy shown (no replay) and goes on; an agent without a lifecycle opens its local copy read-only', async () => {
    await useScriptedAgents(api, ['sessions-resume-only', 'sessions-none'], path.join(dir, 'store.json'));
    const resumable = await api.sessions.newSession();
    await api.sessions.prompt('keep this');
    await api.sessions.close(api.sessions.currentKey!);
    assert.ok(api.history.transcripts.has('sessions-resume-only', resumable.sessionId), 'a local copy is kept (the agent cannot load)');
    await api.history.open('sessions-resume-only', resumable.sessionId);
    const resumed = api.sessions.session;
    assert.ok(resumed && resumed.sessionId === resumable.sessionId);
    assert.deepEqual(texts(resumed, 'user'), ['keep this'], 'the local copy is shown (the agent replays nothing)');
    assert.deepEqual(texts(resumed, 'agent'), ['Resumable answer to: keep this']);
    assert.equal(resumed.ended, false, 'a resumed session goes on');
    await api.sessions.prompt('and more');
    assert.deepEqual(texts(resumed, 'user'), ['keep this', 'and more']);

    await selectAgent(api, 'sessions-none');
    const plain = await api.sessions.newSession();
    await api.sessions.prompt('plain words');
    await api.sessions.close(api.sessions.currentKey!);
    // Saved when its turn ended, or at the latest as it closed.
    assert.ok(api.history.transcripts.has('sessions-none', plain.sessionId), 'a local copy is kept');
    await api.history.showHistory();
    const recorded = api.history.view().items.find((item) => item.agentId === 'sessions-none' && item.sessionId === plain.sessionId);
    assert.ok(recorded, 'the extension\'s own record lists it');
    assert.equal(recorded.title, 'plain words');
    assert.equal(recorded.canOpen, true, 'its local copy opens');
    assert.equal(recorded.readOnly, true, 'read-only: the agent cannot bring it back');

    await api.history.open('sessions-none', plain.sessionId);
    const copy = api.sessions.session;
    assert.ok(copy && copy.sessionId === plain.sessionId, 'the local copy is shown');
    assert.deepEqual(texts(copy, 'user'), ['plain words']);
    assert.deepEqual(texts(copy, 'agent'), ['Plain answer to: plain words']);
    assert.match(texts(copy, 'notice').at(-1) ?? '', /^Scripted \(sessions-none\) cannot load earlier sessions, so this conversation cannot go on\. This is a read-only copy kept in this workspace; a message you send starts a new session\.$/);
    assert.equal(copy.ended, true, 'it does not go on');
    // A message from it starts a new session beside it; the copy stays as it was.
    await api.sessions.prompt('new words');
    const fresh = api.sessions.session;
    assert.ok(fresh && fresh !== copy && fresh.sessionId !== plain.sessionId, 'a new session took the message');
    assert.deepEqual(texts(fresh, 'user'), ['new words']);
    assert.deepEqual(texts(copy, 'user'), ['plain words']);

    await api.history.delete('sessions-none', plain.sessionId);
    assert.deepEqual(ui.asked, ['plain words:false'], 'only the record forgets it');
    assert.equal(api.history.transcripts.has('sessions-none', plain.sessionId), false, 'and its local copy');
    assert.equal(api.history.view().items.some((item) => item.agentId === 'sessions-none' && item.sessionId === plain.sessionId), false);
  });

  it('a permission request in a session behind the shown one is announced, and "Show" brings that session up', async () => {
    await useScriptedAgents(api, ['sessions-two-asks', 'sessions-full'], path.join(dir, 'store.json'));
    const asking = await api.sessions.newSession();
    const askingKey = api.sessions.currentKey;
    assert.ok(askingKey);
    const turn = api.sessions.prompt('do both steps');
    const first = await untilAsked(asking);

    // Another agent's session is shown while the first one works.
    await selectAgent(api, 'sessions-full');
    await api.sessions.newSession();
    assert.notEqual(api.sessions.currentKey, askingKey);
    const views = api.sessions.sessionViews().filter((view) => view.agentId.startsWith('sessions-'));
    assert.deepEqual(views.map((view) => view.activity), ['needsYou', 'idle'], 'the switcher says which session waits');

    const noticed = waitFor(api.permissionNotifier.onDidNotify, () => true);
    asking.choosePermission(first.requestKey, first.optionId);
    const notice = await within(noticed, DEADLINE_MS, 'the request behind the shown session was not announced');
    assert.match(notice.message, /Second step/);
    api.permissionNotifier.answer(notice.requestKey, 'Show');
    assert.equal(api.sessions.currentKey, askingKey, '"Show" shows the session that asks');
    const second = await untilAsked(asking);
    asking.choosePermission(second.requestKey, second.optionId);
    await within(turn, DEADLINE_MS, 'the turn did not end');
    assert.deepEqual(texts(asking, 'agent'), ['Both steps allowed.']);
  });

  it('a message the chat sent under the session a New session replaces goes to the new one, on screen, not the one left', async () => {
    await useScriptedAgents(api, ['sessions-full'], path.join(dir, 'store.json'));
    // The chat's first message names no session: it joins one being started for the view, or starts one.
    await api.composer.prompt({ type: 'prompt', text: 'first message', promptId: 1 });
    const first = api.sessions.session;
    assert.ok(first);
    assert.deepEqual(texts(first, 'agent'), ['You said: first message']);
    // "New session" asked for; the chat, which has not heard of the new session yet, still shows the first one and
    // names it in the message sent meanwhile (Enter pressed right after the click). First while the new session is
    // being created...
    const creating = api.sessions.parts.starter.newSession(api.sessions.sideBar);
    const sentWhileCreating = api.composer.prompt({ type: 'prompt', text: 'while it starts', sessionKey: first.key, promptId: 2 });
    const second = (await within(creating, DEADLINE_MS, 'the new session did not start')).session;
    await within(sentWhileCreating, DEADLINE_MS, 'the message sent while the new session started did not get its answer');
    assert.equal(api.sessions.session, second, 'the new session is shown');
    assert.deepEqual(texts(second, 'user'), ['while it starts'], 'the message is in the session on screen');
    assert.deepEqual(texts(second, 'agent'), ['You said: while it starts']);
    assert.deepEqual(texts(first, 'user'), ['first message'], 'not in the session the chat left');

    // ...then once it is shown (the host has switched, the chat not yet).
    const third = await api.sessions.newSession();
    await api.composer.prompt({ type: 'prompt', text: 'right after the click', sessionKey: second.key, promptId: 3 });
    assert.deepEqual(texts(third, 'user'), ['right after the click'], 'the message is in the session on screen');
    assert.deepEqual(texts(second, 'user'), ['while it starts'], 'not in the session the chat left');

    // The user goes back to an earlier session: a message naming it goes there again.
    api.sessions.show(second.key);
    await api.composer.prompt({ type: 'prompt', text: 'back in the second', sessionKey: second.key, promptId: 4 });
    assert.deepEqual(texts(second, 'user'), ['while it starts', 'back in the second']);
    assert.deepEqual(texts(third, 'user'), ['right after the click']);
  });

  it('"ACP: Switch Session" picks an open session from the palette; "ACP: Close Session" closes the shown one', async () => {
    await useScriptedAgents(api, ['sessions-full'], path.join(dir, 'store.json'));
    const first = await api.sessions.newSession();
    await api.sessions.prompt('the first one');
    const second = await api.sessions.newSession();
    await api.sessions.prompt('the second one');
    assert.equal(api.sessions.session, second);

    const shown = waitFor(api.picks.onDidShow, (id) => id === 'acp.switchSession');
    const switched = vscode.commands.executeCommand('acp.switchSession');
    await within(shown, DEADLINE_MS, 'the session pick did not show');
    // The rows follow the open order; the first is "the first one".
    await vscode.commands.executeCommand('quickInput.first');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await switched;
    assert.equal(api.sessions.session, first, 'the picked session is shown');

    await vscode.commands.executeCommand('acp.closeSession');
    assert.equal(api.sessions.find('sessions-full', first.sessionId), undefined, 'closed');
    assert.equal(api.sessions.session, second, 'the other session is shown');
  });
});
