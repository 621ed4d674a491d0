// Worktree threads inside a real VS Code with a scripted agent and real git: "ACP: New Thread in Worktree" makes a
// worktree on a new branch and a session working there; the agent's writes land in the worktree only; Apply brings
// them into the main working tree (a new file written, a file the user has unsaved edits in merged into their buffer
// with conflict markers, nothing saved over them); Commit puts the thread's work on its branch; Discard removes the
// worktree, its branch and its session.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import { useFilesSuite } from './helpers/filesSuite';
import { git, repository } from '../unit/helpers/gitRepository';
import { useScriptedAgent, waitFor } from './helpers/scriptedAgent';

const WORKTREE_AGENT_PICK = 'acp.newThreadInWorktree.agent';

/** Runs "ACP: New Thread in Worktree" on `folder` and takes the agent it offers first (the current one), or the last. */
async function newThreadIn(api: AcpExtensionApi, folder: string, agent: 'current' | 'last' = 'current'): Promise<Session> {
  const shown = waitFor(api.picks.onDidShow, (id) => id === WORKTREE_AGENT_PICK);
  const done = vscode.commands.executeCommand('acp.newThreadInWorktree', vscode.Uri.file(folder));
  await shown;
  if (agent === 'last') await vscode.commands.executeCommand('quickInput.last');
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
    repo = repository(path.join(parent, 'repo'), { 'shared.txt': 'one\ntwo\nthree\n' });
  });

  afterEach(async () => {
    // What a failed test left: its sessions, its threads' records (their worktrees go with the folder).
    for (const open of [...suite.api.sessions.openSessions]) await suite.api.sessions.close(open.key);
    for (const thread of suite.api.worktrees.book.all()) await suite.api.worktrees.book.remove(thread.path);
    fs.rmSync(parent, { recursive: true, force: true });
  });

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

    suite.api.worktrees.commands.questions = { commitMessage: async () => 'The thread’s work', confirm: async () => true, afterApply: async () => false };
    await vscode.commands.executeCommand('acp.commitThread');
    assert.equal(git(worktree, 'log', '-1', '--format=%s').trim(), 'The thread’s work');
    assert.equal(git(worktree, 'status', '--porcelain'), '');

    await vscode.commands.executeCommand('acp.discardThread');
    assert.equal(fs.existsSync(worktree), false, 'the worktree is removed');
    assert.equal(git(repo, 'branch', '--list', 'acp/*'), '', 'its branch is deleted');
    assert.equal(suite.api.sessions.get(session.key), undefined, 'its session is closed');
    assert.deepEqual(suite.api.review.service.allPending().filter((pending) => pending.file.path.startsWith(worktree + path.sep)), [], 'its files’ changes are nobody’s to review');
    assert.deepEqual(suite.api.worktrees.book.all(), []);
  });

  it('two agents write the same file in two worktrees at once: neither sees the other, the main tree waits for Apply', async () => {
    await useScriptedAgent(suite.api, 'worktrees');
    const config = vscode.workspace.getConfiguration('acp');
    const [first] = config.inspect<Record<string, unknown>[]>('agents')?.globalValue ?? [];
    await config.update('agents', [first, { ...first, id: 'scripted-worktrees-b', name: 'Scripted B' }], vscode.ConfigurationTarget.Global);
    const a = await newThreadIn(suite.api, repo);
    const b = await newThreadIn(suite.api, repo, 'last');
    const [aTree, bTree] = [a.scope.cwd, b.scope.cwd];
    assert.deepEqual([path.basename(aTree), path.basename(bTree)], ['scripted-worktrees-1', 'scripted-b-1']);
    assert.notEqual(suite.api.sessions.get(a.key)?.agent, suite.api.sessions.get(b.key)?.agent, 'two agent processes');

    await Promise.all([a.prompt([{ type: 'text', text: 'write mine' }]), b.prompt([{ type: 'text', text: 'write mine' }])]);
    assert.deepEqual([a.state.header.lastStopReason, b.state.header.lastStopReason], ['end_turn', 'end_turn']);
    assert.equal(fs.readFileSync(path.join(aTree, 'shared.txt'), 'utf8'), `one\nwritten in ${aTree}\nthree\n`);
    assert.equal(fs.readFileSync(path.join(bTree, 'shared.txt'), 'utf8'), `one\nwritten in ${bTree}\nthree\n`);
    assert.equal(git(repo, 'status', '--porcelain'), '', 'the main tree is untouched until Apply');

    await vscode.commands.executeCommand('acp.applyThread', aTree);
    assert.equal(fs.readFileSync(path.join(repo, 'shared.txt'), 'utf8'), `one\nwritten in ${aTree}\nthree\n`, 'the first Apply takes its version');
    await vscode.commands.executeCommand('acp.applyThread', bTree);
    assert.equal(
      fs.readFileSync(path.join(repo, 'shared.txt'), 'utf8'),
      `one\n<<<<<<< Your changes\nwritten in ${aTree}\n=======\nwritten in ${bTree}\n>>>>>>> Thread acp/scripted-b-1\nthree\n`,
      'the second marks the conflict with the first: nothing overwritten',
    );
    suite.api.worktrees.commands.questions = { commitMessage: async () => undefined, confirm: async () => true, afterApply: async () => false };
    await vscode.commands.executeCommand('acp.discardThread', aTree);
    await vscode.commands.executeCommand('acp.discardThread', bTree);
    assert.deepEqual(suite.api.worktrees.book.all(), []);
  });

  it('a thread writes in its worktree freely; a file of the main tree is outside its roots and asks first', async () => {
    await useScriptedAgent(suite.api, 'worktrees');
    const session = await newThreadIn(suite.api, repo);
    await suite.turn(session, 'write new');
    assert.deepEqual(suite.ui.asked, [], 'no question inside its worktree');
    const outside = path.join(repo, 'from-the-thread.txt');
    await suite.turn(session, outside);
    assert.equal(suite.ui.asked.length, 1, 'the main tree is outside the thread: the user is asked');
    assert.equal(fs.existsSync(outside), false, 'refused (the test user said nothing): the main tree is untouched');
    suite.api.worktrees.commands.questions = { commitMessage: async () => undefined, confirm: async () => true, afterApply: async () => false };
    await vscode.commands.executeCommand('acp.discardThread');
  });

  it('Send to Several Agents: one prompt, a worktree thread per agent, compared file by file, Apply This One', async () => {
    await useScriptedAgent(suite.api, 'worktrees');
    const config = vscode.workspace.getConfiguration('acp');
    const [first] = config.inspect<Record<string, unknown>[]>('agents')?.globalValue ?? [];
    await config.update('agents', [first, { ...first, id: 'scripted-worktrees-b', name: 'Scripted B' }], vscode.ConfigurationTarget.Global);
    const compare = suite.api.worktrees.compare;
    compare.questions = { agents: async (choices) => choices.filter((agent) => agent.id.startsWith('scripted-')), prompt: async () => 'write mine' };
    const bothDone = new Promise<void>((resolve) => {
      const watch = compare.onDidRefresh(() => {
        if (compare.threads.length === 2 && compare.threads.every((thread) => thread.state === 'done')) {
          watch.dispose();
          resolve();
        }
      });
    });
    await vscode.commands.executeCommand('acp.sendToSeveralAgents', vscode.Uri.file(repo));
    await bothDone;
    assert.deepEqual(compare.threads.map((thread) => [thread.agent.name, thread.worktree.branch, thread.files.map((file) => [file.path, file.status])]), [
      ['Scripted (worktrees)', 'acp/scripted-worktrees-1', [['shared.txt', 'modified']]],
      ['Scripted B', 'acp/scripted-b-1', [['shared.txt', 'modified']]],
    ]);
    assert.equal(suite.api.sessions.selectedAgent?.id, 'scripted-worktrees', 'new sessions use the agent they used before');
    assert.equal(git(repo, 'status', '--porcelain'), '', 'the main tree is untouched until one is applied');

    const [, second] = compare.getChildren();
    const [file] = compare.getChildren(second);
    await vscode.commands.executeCommand('acp.compare.openDiff', file);
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(input instanceof vscode.TabInputTextDiff, 'a diff editor shows the file’s changes');
    assert.equal((await vscode.workspace.openTextDocument(input.original)).getText(), 'one\ntwo\nthree\n', 'left: the file at the base');
    assert.equal(input.modified.fsPath, path.join(compare.threads[1].worktree.path, 'shared.txt'));

    await vscode.commands.executeCommand('acp.compare.applyThisOne', second);
    assert.equal(fs.readFileSync(path.join(repo, 'shared.txt'), 'utf8'), `one\nwritten in ${compare.threads[1].worktree.path}\nthree\n`);
    suite.api.worktrees.commands.questions = { commitMessage: async () => undefined, confirm: async () => true, afterApply: async () => false };
    for (const thread of compare.threads) await vscode.commands.executeCommand('acp.discardThread', thread.worktree.path);
    assert.deepEqual(suite.api.worktrees.book.all(), []);
  });

  it('making a worktree during another session’s turn in the repository shows none of git’s files as its changes', async () => {
    await useScriptedAgent(suite.api, 'worktrees');
    await vscode.commands.executeCommand('acp.newSession', vscode.Uri.file(repo));
    const main = suite.api.sessions.session;
    assert.ok(main);
    const go = path.join(parent, 'go');
    const holding = waitFor(main.onDidChange, () => main.state.entries.some((entry) => entry.kind === 'tool_call' && entry.toolCallId === 'call_hold'));
    const turn = suite.api.sessions.prompt(`hold ${go}`);
    await holding;
    const thread = await newThreadIn(suite.api, repo);
    // A change of the user's after git's, in the session's folder during its turn: once the review has it, it has had
    // the events of git's files too.
    fs.writeFileSync(path.join(repo, 'during-turn.txt'), 'by hand\n');
    // (The session is no longer on screen: its ledger's changes come as changes of any ledger.)
    const service = suite.api.review.service;
    const during = path.join(repo, 'during-turn.txt');
    if (!service.ledgerOf(main.key)?.get(during)) await waitFor(service.onDidChangeAny, () => service.ledgerOf(main.key)?.get(during) !== undefined);
    fs.writeFileSync(go, '');
    await turn;
    await suite.api.review.service.settled();
    const pending = suite.api.review.service.ledgerOf(main.key)?.pending().map((file) => path.relative(repo, file.path)).sort();
    assert.deepEqual(pending, ['during-turn.txt', 'held.txt'], 'nothing under .git, nothing of the worktree');
    assert.ok(fs.existsSync(path.join(repo, '.git', 'worktrees')), 'git did write its own files meanwhile');
    suite.api.worktrees.commands.questions = { commitMessage: async () => undefined, confirm: async () => true, afterApply: async () => false };
    await vscode.commands.executeCommand('acp.discardThread', thread.scope.cwd);
  });

  it('a record of a thread whose worktree is gone (a crash while git made it, a folder removed by hand) is tidied away', async () => {
    const book = suite.api.worktrees.book;
    await book.add({ repository: repo, path: path.join(parent, 'repo.worktrees', 'never-made-1'), branch: 'acp/never-made-1', base: '' });
    await suite.api.worktrees.tidy();
    assert.deepEqual(book.all(), []);
  });

  it('Apply writes the thread’s files when none of them is open in an editor; they are reviewed as the thread’s, and Undo Apply puts them back', async () => {
    await useScriptedAgent(suite.api, 'worktrees');
    await newThreadIn(suite.api, repo);
    const session = suite.api.sessions.session;
    assert.ok(session);
    await suite.turn(session, 'write shared');
    await suite.turn(session, 'write new');
    assert.equal(vscode.workspace.textDocuments.some((document) => document.uri.fsPath.startsWith(repo + path.sep)), false, 'no file of the main tree is open');

    const commands = suite.api.worktrees.commands;
    const inMainTree = (): string[] => suite.api.review.service.allPending().map((pending) => path.relative(repo, pending.file.path)).filter((name) => !name.startsWith('..')).sort();
    // "Undo Apply" on the message that says what Apply did.
    commands.questions = { commitMessage: async () => undefined, confirm: async () => true, afterApply: async () => true };
    const applied = await commands.apply();
    assert.equal(fs.readFileSync(path.join(repo, 'shared.txt'), 'utf8'), "one\nthe thread's two\nthree\n", 'a changed file is written');
    assert.equal(fs.readFileSync(path.join(repo, 'made-by-thread.txt'), 'utf8'), 'made in the worktree\n', 'a new file is written');
    assert.deepEqual(applied.report.applied.map((file) => path.relative(repo, file)).sort(), ['made-by-thread.txt', 'shared.txt']);
    await applied.followUp;
    assert.equal(fs.readFileSync(path.join(repo, 'shared.txt'), 'utf8'), 'one\ntwo\nthree\n', 'Undo Apply puts a changed file back');
    assert.equal(fs.existsSync(path.join(repo, 'made-by-thread.txt')), false, 'Undo Apply removes a file Apply made');
    assert.deepEqual(inMainTree(), [], 'nothing of the undone Apply is left to review');
    assert.equal(git(repo, 'status', '--porcelain'), '');

    // Applied again and kept: the thread's changes in the main tree wait for review as the thread's, each undoable.
    commands.questions = { ...commands.questions, afterApply: async () => false };
    await (await commands.apply()).followUp;
    assert.deepEqual(inMainTree(), ['made-by-thread.txt', 'shared.txt'], 'what Apply wrote is reviewed like an agent’s change');
    await suite.api.review.service.disk.settled();
    assert.deepEqual(inMainTree(), ['made-by-thread.txt', 'shared.txt'], 'the file events of Apply’s own writes are not taken for anyone else’s');
    await vscode.commands.executeCommand('acp.undoFile', path.join(repo, 'shared.txt'));
    assert.equal(fs.readFileSync(path.join(repo, 'shared.txt'), 'utf8'), 'one\ntwo\nthree\n', 'one applied file undone from the review');
    assert.deepEqual(inMainTree(), ['made-by-thread.txt']);
    await vscode.commands.executeCommand('acp.keepFile', path.join(repo, 'made-by-thread.txt'));

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
