// Follow the agent in the real extension host with a scripted agent: tool call locations open the right file at
// the right line (only the latest of a burst), beside the editor the user is typing in, whose focus and typing
// are untouched; nothing outside the workspace opens; nothing opens when following is off.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FollowOutcome } from '../../src/editor/follow/followAgent';
import type { AcpExtensionApi } from '../../src/extension';
import { activateExtension, useScriptedAgent, waitFor } from './helpers/scriptedAgent';

function workspaceUri(...segments: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run with a workspace folder');
  return vscode.Uri.joinPath(folder.uri, ...segments);
}

function isOpenInATab(uri: vscode.Uri): boolean {
  return vscode.window.tabGroups.all.some((group) =>
    group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString()),
  );
}

async function setFollowing(on: boolean | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('acp').update('followAgent', on, vscode.ConfigurationTarget.Global);
}

describe('follow the agent', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;
  const longFile = workspaceUri('follow-long.txt');
  const outsideFile = vscode.Uri.file(path.join(path.dirname(workspaceUri().fsPath), 'outside-the-workspace.txt'));

  function nextOutcome(): Promise<FollowOutcome> {
    return waitFor(api.follow.onDidFollow, () => true);
  }

  before(async () => {
    api = await activateExtension();
    const lines = Array.from({ length: 400 }, (_, i) => `line ${i + 1}`).join('\n');
    await vscode.workspace.fs.writeFile(longFile, Buffer.from(lines));
    await vscode.workspace.fs.writeFile(outsideFile, Buffer.from('not the workspace\n'));
    await useScriptedAgent(api, 'follow');
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setFollowing(undefined);
  });

  after(async () => {
    await vscode.workspace.fs.delete(longFile);
    await vscode.workspace.fs.delete(outsideFile);
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('a burst of locations shows only the latest, at its line, beside the editor the user types in, which keeps focus', async () => {
    await setFollowing(true);
    await api.sessions.newSession();
    const readme = await vscode.window.showTextDocument(workspaceUri('README.md'));
    await vscode.commands.executeCommand('type', { text: 'x' });

    const outcome = nextOutcome();
    await api.sessions.prompt('burst of reads');
    const followed = await outcome;
    assert.ok('shown' in followed, `shown, not ${JSON.stringify(followed)}`);
    assert.equal(followed.shown.uri.toString(), longFile.toString(), 'the last location of the burst, not hello.js or README.md');
    assert.equal(followed.shown.line, 249, 'line 250 (1-based) is 249 in the editor');
    assert.equal(api.follow.pending, undefined);

    const shown = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === longFile.toString());
    assert.ok(shown, 'the followed file is visible');
    assert.notEqual(shown.viewColumn, readme.viewColumn, 'not in place of the editor the user types in');
    // The reveal reaches the renderer asynchronously: wait for the visible ranges to say so.
    const showsLine = (ranges: readonly vscode.Range[]): boolean => ranges.some((r) => r.start.line <= 249 && r.end.line >= 249);
    if (!showsLine(shown.visibleRanges)) {
      await waitFor(vscode.window.onDidChangeTextEditorVisibleRanges, (e) => e.textEditor === shown && showsLine(e.visibleRanges));
    }
    assert.ok(showsLine(shown.visibleRanges), 'line 250 is scrolled into view');
    assert.deepEqual(shown.selection.active, new vscode.Position(0, 0), 'the followed file gets no selection of ours');
    assert.equal(api.follow.highlighted?.line, 249);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), readme.document.uri.toString(), 'the active editor is still the user’s');

    await vscode.commands.executeCommand('type', { text: 'y' });
    assert.ok(readme.document.getText().startsWith('xy# Sample workspace'), 'what the user types still lands where they were typing');
    assert.equal(shown.document.isDirty, false);

    const cleared = await waitFor(api.follow.onDidClearHighlight, () => true);
    assert.equal(cleared.line, 249, 'the highlight goes away by itself');
    assert.equal(api.follow.highlighted, undefined);
  });

  it('the next location reuses the follow column instead of opening yet another', async () => {
    await setFollowing(true);
    await api.sessions.newSession();
    await vscode.window.showTextDocument(workspaceUri('README.md'));
    let outcome = nextOutcome();
    await api.sessions.prompt('burst again');
    await outcome;
    const column = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === longFile.toString())?.viewColumn;
    assert.ok(column !== undefined && column !== vscode.ViewColumn.One);

    outcome = nextOutcome();
    await api.sessions.prompt('quiet read');
    const followed = await outcome;
    assert.ok('shown' in followed && followed.shown.line === 2, JSON.stringify(followed));
    const hello = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === workspaceUri('hello.js').toString());
    assert.equal(hello?.viewColumn, column, 'shown in the same column');
    assert.equal(vscode.window.tabGroups.all.length, 2);
  });

  it('a location outside the workspace folders is not opened', async () => {
    await setFollowing(true);
    await api.sessions.newSession();
    const outcome = nextOutcome();
    await api.sessions.prompt('outside please');
    const followed = await outcome;
    assert.deepEqual('skipped' in followed && followed.skipped, 'outsideRoots');
    assert.equal(isOpenInATab(outsideFile), false);
  });

  it('toggled off (command), nothing opens; toggled on again, it follows', async () => {
    await setFollowing(true);
    await vscode.commands.executeCommand('acp.toggleFollowAgent');
    assert.equal(vscode.workspace.getConfiguration('acp').get('followAgent'), false);
    await api.sessions.newSession();
    await api.sessions.prompt('quiet read');
    assert.equal(api.follow.pending, undefined, 'no location waits to be shown');
    await api.follow.idle();
    assert.equal(isOpenInATab(workspaceUri('hello.js')), false, 'hello.js was not opened');
    assert.equal(vscode.window.tabGroups.all.flatMap((g) => g.tabs).length, 0, 'no editor opened at all');

    await vscode.commands.executeCommand('acp.startFollowingAgent');
    assert.equal(vscode.workspace.getConfiguration('acp').get('followAgent'), true);
    const outcome = nextOutcome();
    await api.sessions.prompt('quiet read');
    const followed = await outcome;
    assert.ok('shown' in followed && followed.shown.uri.toString() === workspaceUri('hello.js').toString());
    await vscode.commands.executeCommand('acp.stopFollowingAgent');
    assert.equal(vscode.workspace.getConfiguration('acp').get('followAgent'), false);
  });
});
