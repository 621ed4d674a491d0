// The composer's host side with real scripted agents, inside the VS Code extension host: what a prompt with
// mentions and images reaches the agent as (the agent says back what it received), mode and config round trips,
// the queue, and permission notifications while the chat view is hidden.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { selectionMentions } from '../../src/composer/addSelection';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { PromptMessage } from '../../src/shared/protocol/composerProtocol';
import type { AgentMessageEntry, ToolCallEntry } from '../../src/shared/transcript/model';
import { activateExtension, useScriptedAgent, waitFor } from './helpers/scriptedAgent';

const PNG = Buffer.from('not really a png, but bytes').toString('base64');

function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run with a workspace folder');
  return vscode.Uri.joinPath(folder.uri, name);
}

function agentTexts(session: Session): string[] {
  return session.state.entries
    .filter((e): e is AgentMessageEntry => e.kind === 'agent')
    .map((e) => e.content.map((block) => (block.type === 'text' ? block.text : '')).join(''));
}

function lastAgentText(session: Session): string {
  return agentTexts(session).pop() ?? '';
}

/** Resolves once the predicate holds for the session (checked now and on every change). */
async function until(session: Session, predicate: () => boolean): Promise<void> {
  if (predicate()) return;
  await waitFor(session.onDidChange, predicate);
}

function pendingPermission(session: Session): ToolCallEntry | undefined {
  return session.state.entries.find((e): e is ToolCallEntry => e.kind === 'tool_call' && e.permission !== undefined);
}

describe('the composer with a scripted agent', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;

  async function freshSession(scenario: string): Promise<Session> {
    await useScriptedAgent(api, scenario);
    return api.sessions.newSession();
  }

  function prompt(message: Omit<PromptMessage, 'type'>): Promise<void> {
    return api.composer.prompt({ type: 'prompt', ...message });
  }

  before(async () => {
    api = await activateExtension();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('a file mention reaches an agent without embeddedContext as a resource_link', async () => {
    const session = await freshSession('composer');
    assert.deepEqual(api.sessions.agent?.promptCapabilities, { image: true, audio: false, embeddedContext: false });
    const uri = workspaceFile('hello.js').toString();
    await prompt({ text: 'look at @hello.js', mentions: [{ uri, label: 'hello.js' }] });

    const user = session.state.entries.find((e) => e.kind === 'user');
    assert.deepEqual(user?.kind === 'user' && user.content, [
      { type: 'text', text: 'look at @hello.js' },
      { type: 'resource_link', uri, name: 'hello.js' },
    ]);
    assert.equal(lastAgentText(session), `Received: look at @hello.js\n${uri}`);
  });

  it('without embeddedContext a selection goes as a link with a #L fragment and its lines as text', async () => {
    const session = await freshSession('composer');
    const uri = workspaceFile('hello.js').toString();
    await prompt({ text: 'explain @hello.js#L2-L3', mentions: [{ uri, label: 'hello.js#L2-L3', range: { start: 2, end: 3 } }] });
    assert.equal(
      lastAgentText(session),
      `Received: explain @hello.js#L2-L3\n${uri}#L2-L3\nhello.js#L2-L3:\n\`\`\`\nfunction greet(name) {\n  return \`Hello, \${name}!\`;\n\`\`\``,
    );
  });

  it('with embeddedContext a mention is embedded with the text of the open document, unsaved edits included', async () => {
    const session = await freshSession('composer-config');
    const file = workspaceFile('hello.js');
    const document = await vscode.workspace.openTextDocument(file);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(file, new vscode.Position(0, 0), '// unsaved edit\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(document.isDirty);
    try {
      await prompt({
        text: 'check @hello.js and @hello.js#L3',
        mentions: [
          { uri: file.toString(), label: 'hello.js' },
          { uri: file.toString(), label: 'hello.js#L3', range: { start: 3, end: 3 } },
        ],
      });
      const said = lastAgentText(session);
      assert.ok(said.startsWith(`Received: check @hello.js and @hello.js#L3\nresource ${file.toString()}\n// unsaved edit\n// A small file`), said);
      assert.ok(said.endsWith(`resource ${file.toString()}#L3\nfunction greet(name) {`), said);
    } finally {
      const undo = new vscode.WorkspaceEdit();
      undo.delete(file, new vscode.Range(0, 0, 1, 0));
      await vscode.workspace.applyEdit(undo);
      await document.save();
    }
  });

  it('"Add Selection to Prompt" mentions the lines of each non-empty selection of the editor', async () => {
    const file = workspaceFile('hello.js');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file));
    editor.selections = [new vscode.Selection(1, 3, 3, 0), new vscode.Selection(5, 2, 5, 2), new vscode.Selection(5, 0, 5, 7)];
    assert.deepEqual(selectionMentions(editor), [
      { uri: file.toString(), label: 'hello.js#L2-L3', range: { start: 2, end: 3 } },
      { uri: file.toString(), label: 'hello.js#L6', range: { start: 6, end: 6 } },
    ]);
  });

  it('an image goes only to an agent that accepts images', async () => {
    const accepting = await freshSession('composer');
    await prompt({ text: 'what is this', images: [{ mimeType: 'image/png', data: PNG, name: 'shot.png' }] });
    assert.equal(lastAgentText(accepting), `Received: what is this\nimage image/png ${Buffer.from(PNG, 'base64').length} bytes`);

    const refusing = await freshSession('composer-config');
    await prompt({ text: 'and this', images: [{ mimeType: 'image/png', data: PNG }] });
    assert.equal(lastAgentText(refusing), 'Received: and this');
    const user = refusing.state.entries.find((e) => e.kind === 'user');
    assert.deepEqual(user?.kind === 'user' && user.content.map((b) => b.type), ['text']);
  });

  it('set_config_option round trips replace the options in the header; modes are left alone', async () => {
    const session = await freshSession('composer-config');
    const value = (id: string) => session.state.header.configOptions.find((o) => o.id === id)?.currentValue;
    assert.deepEqual(session.state.header.configOptions.map((o) => o.id), ['brave', 'model', 'mode'], 'from the session/new answer');
    assert.equal(value('model'), 'fast');

    await api.composer.handle({ type: 'setConfigOption', configId: 'model', value: 'deep', sessionKey: session.key });
    assert.equal(value('model'), 'deep');
    await api.composer.handle({ type: 'setConfigOption', configId: 'brave', value: true, sessionKey: session.key });
    assert.equal(value('brave'), true);
    await assert.rejects(api.composer.handle({ type: 'setConfigOption', configId: 'nope', value: 'x', sessionKey: session.key }), /unknown config option/);
    assert.equal(value('model'), 'deep', 'a refused change changes nothing');
  });

  it('set_mode round trips update the current mode', async () => {
    const session = await freshSession('composer');
    assert.equal(session.state.header.currentModeId, 'ask');
    assert.deepEqual(session.state.header.availableModes.map((m) => m.id), ['ask', 'code']);
    await api.composer.handle({ type: 'setMode', modeId: 'code', sessionKey: session.key });
    assert.equal(session.state.header.currentModeId, 'code');
  });

  it('messages written while the agent works are queued and sent in order when the turn ends', async () => {
    const session = await freshSession('composer');
    const queue = api.sessions.get(session.key)!.prompts.queue;
    const first = prompt({ text: 'permission please' });
    await until(session, () => pendingPermission(session) !== undefined);

    await prompt({ text: 'second' });
    await prompt({ text: 'third' });
    assert.deepEqual(queue.view().items.map((item) => item.text), ['second', 'third']);
    const users = () => session.state.entries.filter((e) => e.kind === 'user').length;
    assert.equal(users(), 1, 'nothing queued was sent yet');

    const permission = pendingPermission(session)?.permission;
    assert.ok(permission && session.choosePermission(permission.requestKey, 'allow'));
    await first;
    await until(session, () => agentTexts(session).includes('Received: third') && session.state.header.turn === 'idle');
    assert.deepEqual(agentTexts(session), ['Permission answered: allow.', 'Received: second', 'Received: third']);
    assert.equal(queue.length, 0);
  });

  it('a permission request while the chat view is hidden raises a notification; answered in the session, its buttons do nothing', async () => {
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    const session = await freshSession('composer');
    const noticed = waitFor(api.permissionNotifier.onDidNotify, () => true);
    const turn = prompt({ text: 'permission again' });
    const notice = await noticed;
    assert.deepEqual(notice.buttons, ['Allow once', 'Reject', 'Show']);
    assert.match(notice.message, /Delete build\//);

    assert.ok(session.choosePermission(notice.requestKey, 'reject'), 'answered through the session (as the panel does)');
    assert.equal(api.permissionNotifier.answer(notice.requestKey, 'Allow once'), false, 'the late button press is ignored');
    await turn;
    assert.equal(lastAgentText(session), 'Permission answered: reject.');
  });

  it('the notification\'s buttons say what each option\'s kind does, and hidden characters show as markers', async () => {
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    const session = await freshSession('permission-guard');
    const noticed = waitFor(api.permissionNotifier.onDidNotify, () => true);
    const turn = prompt({ text: 'ask: open the invoice' });
    const notice = await noticed;
    assert.deepEqual(notice.buttons, ['Allow always (“Reject”)', 'Allow once (“Allow”)', 'Reject', 'Show'], 'an allow_always named "Reject" cannot pose as a rejection');
    assert.equal(
      notice.message,
      'The agent asks for permission: Open invoice_⟨U+202E⟩fdp.exe. This request contains hidden or direction-changing characters, shown as ⟨U+202E⟩.',
    );
    assert.ok(api.permissionNotifier.answer(notice.requestKey, 'Reject'), 'the "Reject" button answers');
    await turn;
    assert.equal(lastAgentText(session), 'Permission answered: no.', 'the agent got the reject_once option');
  });
});
