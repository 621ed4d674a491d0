// claude-code-acp reading and writing through the client's fs/* methods (its mcp__acp__Read/Edit/Write tools):
// reads see unsaved buffers, edits land in the buffer and undo, new files and folders are created. Pending (with
// the reason in the title) while the client does not advertise the fs capabilities.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import { type FakeAnthropic, callTool, say, toolResults } from '../fixtures/fake-anthropic';
import { skipWithout } from '../harness/skips';
import { RealAgent, newSession, probeOfferedTools, assertOffered, startFakeAnthropic, useRealAgent, realAgentMissing } from './helpers/realAgent';
import { within } from './helpers/realAgentProcess';
import { agentText, answerPermissions, assertScriptPlayed, toolCall, toolResult, untilDocumentText } from './helpers/realAgentSession';
import { discardDocumentsUnder, scratchFolder, typeIntoBuffer } from './helpers/realAgentWorkspace';
import { activateExtension } from './helpers/scriptedAgent';

describe('a real agent (claude-code-acp) with a fake model: files through the client (fs/*)', function () {
  this.timeout(90_000);
  let api: AcpExtensionApi;
  let fake: FakeAnthropic;
  let agent: RealAgent;
  let offered: string[] = [];
  let dir: string;

  before(async function () {
    skipWithout(this, realAgentMissing());
    // The web workbench (code-server) saves after a 1 s delay by default: unsaved buffers would not stay unsaved.
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    api = await activateExtension();
    fake = await startFakeAnthropic();
    agent = await useRealAgent(api, fake);
    offered = await probeOfferedTools(api, fake);
    dir = scratchFolder('real-agent-files');
  });

  beforeEach(() => fake.reset());

  afterEach(async () => {
    await discardDocumentsUnder(dir);
  });

  after(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await agent?.dispose();
    await fake?.close();
    await vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global);
  });

  it("reads an open document's unsaved text, not what is on disk", async function () {
    assertOffered(offered, ['mcp__acp__Read']);
    const file = path.join(dir, 'unsaved.txt');
    fs.writeFileSync(file, 'on disk: the saved text\n');
    const document = await vscode.workspace.openTextDocument(file);
    await typeIntoBuffer(document, 'in the buffer: text the user has not saved\n');
    assert.ok(document.isDirty);

    const session = await newSession(api);
    const readId = 'toolu_fake_read_unsaved';
    fake.script(callTool('mcp__acp__Read', { file_path: file }, { say: 'Let me look.', id: readId }), (request) =>
      say(`It starts with: ${toolResults(request)[0]?.text.split('\n')[0]}`),
    );
    await api.sessions.prompt('What does unsaved.txt say?');

    assertScriptPlayed(fake);
    const result = toolResult(fake, session, readId);
    assert.equal(result.isError, false, result.text);
    assert.match(result.text, /in the buffer: text the user has not saved/);
    assert.doesNotMatch(result.text, /on disk/);
    const entry = toolCall(session, readId);
    assert.equal(entry.toolKind, 'read');
    assert.equal(entry.status, 'completed');
    assert.match(agentText(session), /It starts with: in the buffer: text the user has not saved/);
    assert.equal(fs.readFileSync(file, 'utf8'), 'on disk: the saved text\n', 'reading saved nothing');
    assert.ok(document.isDirty, 'the unsaved changes are still unsaved');
    assert.equal(session.state.header.lastStopReason, 'end_turn');
  });

  it('edits an open document with unsaved changes in its buffer, and undo takes the edit back', async function () {
    assertOffered(offered, ['mcp__acp__Read', 'mcp__acp__Edit']);
    const file = path.join(dir, 'edit.txt');
    fs.writeFileSync(file, 'alpha\nbeta\n');
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    const typed = 'alpha\nbeta\ngamma typed by the user\n';
    await typeIntoBuffer(document, typed);

    const session = await newSession(api);
    const readId = 'toolu_fake_read_before_edit';
    const editId = 'toolu_fake_edit';
    fake.script(
      callTool('mcp__acp__Read', { file_path: file }, { id: readId }),
      callTool('mcp__acp__Edit', { file_path: file, old_string: 'gamma typed', new_string: 'GAMMA edited by the agent, typed' }, { say: 'Editing.', id: editId }),
      say('Edited.'),
    );
    const permissions = answerPermissions(session);
    await api.sessions.prompt('Shout gamma in edit.txt');
    permissions.dispose();

    assertScriptPlayed(fake);
    assert.deepEqual(permissions.problems, []);
    assert.ok(permissions.asked.includes(editId), 'the edit asked for permission and was allowed');
    const result = toolResult(fake, session, editId);
    assert.equal(result.isError, false, result.text);
    assert.match(result.text, /-gamma typed by the user\n\+GAMMA edited by the agent, typed by the user/, 'the edit was made on the buffer text');
    assert.equal(toolCall(session, editId).status, 'completed');
    const edited = 'alpha\nbeta\nGAMMA edited by the agent, typed by the user\n';
    assert.equal(document.getText(), edited, "the agent's edit is in the buffer, the user's typing kept");
    assert.equal(fs.readFileSync(file, 'utf8'), 'alpha\nbeta\n', "the user's unsaved work was not saved behind their back");

    await vscode.window.showTextDocument(document);
    const restored = untilDocumentText(document, typed);
    await vscode.commands.executeCommand('undo');
    await within(restored, 10_000, () => `one undo did not bring back the user's text; the buffer reads ${JSON.stringify(document.getText())}`);
  });

  it('writes a new file in a folder that does not exist yet', async function () {
    assertOffered(offered, ['mcp__acp__Write']);
    const file = path.join(dir, 'new-folder', 'nested', 'created.txt');
    const content = 'written by the agent\nsecond line\n';
    assert.equal(fs.existsSync(path.dirname(file)), false);

    const session = await newSession(api);
    const writeId = 'toolu_fake_write_new';
    fake.script(callTool('mcp__acp__Write', { file_path: file, content }, { say: 'Creating it.', id: writeId }), say('Created.'));
    const permissions = answerPermissions(session);
    await api.sessions.prompt('Create new-folder/nested/created.txt');
    permissions.dispose();

    assertScriptPlayed(fake);
    assert.deepEqual(permissions.problems, []);
    assert.ok(permissions.asked.includes(writeId), 'the write asked for permission and was allowed');
    const result = toolResult(fake, session, writeId);
    assert.equal(result.isError, false, result.text);
    assert.equal(toolCall(session, writeId).status, 'completed');
    assert.ok(fs.statSync(path.dirname(file)).isDirectory(), 'the missing folders were created');
    assert.ok(fs.existsSync(file), 'the file exists on disk');
    const document = await vscode.workspace.openTextDocument(file);
    assert.equal(document.getText(), content);
    assert.equal(fs.readFileSync(file, 'utf8'), content, 'a file the agent created is saved (nothing of the user is in it)');
  });
});
