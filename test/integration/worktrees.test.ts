// Worktree threads inside a real VS Code with a scripted agent and real git: "ACP: New Thread in Worktree" makes a
// worktree on a new branch and a session working there; the agent's writes land in the worktree only; Apply brings
// them into the main working tree (a new file written, a file the user has unsaved edits in merged into their buffer
// with conflict markers, nothing saved over them); Commit puts the thread's work on its branch; Discard removes the
// worktree, its branch and its session.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import { useFilesSuite } from './helpers/filesSuite';
import { useScriptedAgent, waitFor } from './helpers/scriptedAgent';

const WORKTREE_AGENT_PICK = 'acp.newThreadInWorktree.agent';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function repositoryIn(folder: string): string {
  git(folder, 'init', '-q', '-b', 'main');
  git(folder, 'config', 'user.email', 'test@example.com');
  git(folder, 'config', 'user.name', 'Test');
  fs.writeFileSync(path.join(folder, 'shared.txt'), 'one\ntwo\nthree\n');
  git(folder, 'add', '.');
  git(folder, 'commit', '-q', '-m', 'start');
  return folder;
}

/** Runs "ACP: New Thread in Worktree" on `folder` and takes the agent it offers first (the current one). */
async function newThreadIn(api: AcpExtensionApi, folder: string): Promise<Session> {
  const shown = waitFor(api.picks.onDidShow, (id) => id === WORKTREE_AGENT_PICK);
  const done = vscode.commands.executeCommand('acp.newThreadInWorktree', vscode.Uri.file(folder));
  await shown;
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  await done;
  const session = api.sessions.session;
  assert.ok(session, 'the new thread’s session is on screen');
  return session;
}

describe('worktree threads', function () {
  this.timeout(90_000);
  const suite = useFilesSuite();
  let parent: string;
  let repo: string;

  beforeEach(() => {
    parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-wt-')));
    repo = repositoryIn(fs.mkdirSync(path.join(parent, 'repo'), { recursive: true }) ?? path.join(parent, 'repo'));
  });

  afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('a new thread works in its own worktree; Apply merges into the main tree, Commit and Discard act on its branch', async () => {
    await useScriptedAgent(suite.api, 'worktrees');
    const session = await newThreadIn(suite.api, repo);
    const worktree = path.join(parent, 'repo.worktrees', 'scripted-worktrees-1');
    assert.equal(session.scope.cwd, worktree);
    assert.deepEqual(session.scope.roots, [worktree]);
    assert.equal(git(worktree, 'branch', '--show-current').trim(), 'acp/scripted-worktrees-1');

    await suite.turn(session, 'write shared');
    await suite.turn(session, 'write new');
    assert.equal(fs.readFileSync(path.join(worktree, 'shared.txt'), 'utf8'), "one\nthe thread's two\nthree\n");
    assert.equal(git(repo, 'status', '--porcelain'), '', 'the main tree is untouched until Apply');
    assert.deepEqual(suite.ui.asked, [], 'writing in its own worktree asks nothing');

    // The user has unsaved edits of their own in the same line of shared.txt.
    const shared = await vscode.workspace.openTextDocument(path.join(repo, 'shared.txt'));
    const editor = await vscode.window.showTextDocument(shared);
    await editor.edit((edit) => edit.replace(new vscode.Range(1, 0, 1, 3), 'your two'));
    assert.equal(shared.isDirty, true);

    await vscode.commands.executeCommand('acp.applyThread');
    assert.equal(fs.readFileSync(path.join(repo, 'made-by-thread.txt'), 'utf8'), 'made in the worktree\n', 'a new file is written');
    assert.equal(shared.getText(), "one\n<<<<<<< Your changes\nyour two\n=======\nthe thread's two\n>>>>>>> Thread acp/scripted-worktrees-1\nthree\n");
    assert.equal(shared.isDirty, true, 'the user’s unsaved buffer is not saved over');
    assert.equal(fs.readFileSync(path.join(repo, 'shared.txt'), 'utf8'), 'one\ntwo\nthree\n', 'nothing written under the user’s unsaved edits');
    await vscode.commands.executeCommand('undo');
    assert.equal(shared.getText(), 'one\nyour two\nthree\n', 'the merge into the buffer is undoable');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

    suite.api.worktrees.commands.questions = { commitMessage: async () => 'The thread’s work', confirm: async () => true };
    await vscode.commands.executeCommand('acp.commitThread');
    assert.equal(git(worktree, 'log', '-1', '--format=%s').trim(), 'The thread’s work');
    assert.equal(git(worktree, 'status', '--porcelain'), '');

    await vscode.commands.executeCommand('acp.discardThread');
    assert.equal(fs.existsSync(worktree), false, 'the worktree is removed');
    assert.equal(git(repo, 'branch', '--list', 'acp/*'), '', 'its branch is deleted');
    assert.equal(suite.api.sessions.get(session.key), undefined, 'its session is closed');
    assert.deepEqual(suite.api.worktrees.book.all(), []);
  });

  it('Apply writes the thread’s files when none of them is open in an editor', async () => {
    await useScriptedAgent(suite.api, 'worktrees');
    await newThreadIn(suite.api, repo);
    const session = suite.api.sessions.session;
    assert.ok(session);
    await suite.turn(session, 'write shared');
    await suite.turn(session, 'write new');
    assert.equal(vscode.workspace.textDocuments.some((document) => document.uri.fsPath.startsWith(repo + path.sep)), false, 'no file of the main tree is open');

    await vscode.commands.executeCommand('acp.applyThread');
    assert.equal(fs.readFileSync(path.join(repo, 'shared.txt'), 'utf8'), "one\nthe thread's two\nthree\n", 'a changed file is written');
    assert.equal(fs.readFileSync(path.join(repo, 'made-by-thread.txt'), 'utf8'), 'made in the worktree\n', 'a new file is written');

    suite.api.worktrees.commands.questions = { commitMessage: async () => undefined, confirm: async () => true };
    await vscode.commands.executeCommand('acp.discardThread');
    assert.deepEqual(suite.api.worktrees.book.all(), []);
  });

  it('a folder outside git says why a thread cannot have a worktree there', async () => {
    const plain = fs.mkdtempSync(path.join(parent, 'plain-'));
    await useScriptedAgent(suite.api, 'worktrees');
    await assert.rejects(suite.api.worktrees.commands.newThread(plain), /is not in a git repository .* so a thread cannot get a worktree of its own there/);
    assert.deepEqual(suite.api.worktrees.book.all(), []);
  });
});
