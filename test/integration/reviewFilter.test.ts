// Only real changes are reviewed: during an agent's turn, git's own files (a commit, a new branch) and files git
// ignores (build output) are no change in the changes strip; outside git, what files.exclude hides is none either.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { workspaceRoot } from './helpers/files';
import { useFilesSuite } from './helpers/filesSuite';
import { pendingFile, untilHandled, untilReview, untilSnapshotKnows } from './helpers/review';

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, stdio: 'ignore' });
}

describe('review: only real changes', function () {
  this.timeout(60_000);
  const suite = useFilesSuite();

  /**
   * What the chat's changes strip lists in `folder` as the shown session's changes (path relative to it, and status).
   * A file the test writes just after an earlier test's turn is that session's (its grace period), marked as another's.
   */
  function stripIn(folder: string): string[] {
    return suite.api.review.strip
      .message()
      .files.filter((file) => file.path.startsWith(folder + path.sep) && file.otherSession !== true)
      .map((file) => `${path.relative(folder, file.path)} ${file.status}`)
      .sort();
  }

  it('a commit on a new branch and build output during the turn: the strip shows only the tracked edits', async () => {
    const folder = fs.mkdtempSync(path.join(workspaceRoot(), 'gitfilter-it-'));
    const at = (...parts: string[]): string => path.join(folder, ...parts);
    fs.writeFileSync(at('.gitignore'), 'build/\n*.log\n');
    fs.writeFileSync(at('tracked.txt'), 'alpha\nbeta\n');
    fs.writeFileSync(at('notes.txt'), 'notes\n');
    fs.mkdirSync(at('build'));
    fs.writeFileSync(at('build', 'old.js'), 'old build\n');
    git(folder, 'init', '-q', '-b', 'main');
    git(folder, 'config', 'user.email', 'test@example.com');
    git(folder, 'config', 'user.name', 'Test');
    git(folder, 'add', '.');
    git(folder, 'commit', '-q', '-m', 'start');
    // The files as the user had them before the turn (the watcher has seen them).
    await untilSnapshotKnows(suite.api, at('tracked.txt'), 'alpha\nbeta\n');
    await untilSnapshotKnows(suite.api, at('notes.txt'), 'notes\n');
    await untilSnapshotKnows(suite.api, at('.gitignore'), 'build/\n*.log\n');

    const session = await suite.sessionWith('review-filter');
    // Events that surely come (a file written into a folder is sometimes reported as the folder alone); tracked.txt is
    // written last.
    const handled = untilHandled(suite.api, [at('.git', 'HEAD'), at('debug.log'), at('tracked.txt')]);
    await suite.turn(session, `commit ${folder}`);
    await untilReview(suite.api, () => pendingFile(suite.api, at('tracked.txt'))?.current === 'alpha\nBETA\n', 'the edit of tracked.txt');
    await handled;
    await suite.api.review.service.disk.settled();
    assert.deepEqual(stripIn(folder), ['notes.txt modified', 'tracked.txt modified']);
  });

  it('outside git, a file files.exclude hides is no change; the others are', async () => {
    const files = vscode.workspace.getConfiguration('files');
    const before = files.inspect<Record<string, boolean>>('exclude')?.globalValue;
    await files.update('exclude', { ...before, '**/*.hidden-it': true }, vscode.ConfigurationTarget.Global);
    try {
      const folder = fs.mkdtempSync(path.join(workspaceRoot(), 'plainfilter-it-'));
      const session = await suite.sessionWith('review-filter');
      const handled = untilHandled(suite.api, [path.join(folder, 'notes.hidden-it'), path.join(folder, 'seen.txt')]);
      await suite.turn(session, `hidden ${folder}`);
      await handled;
      await suite.api.review.service.disk.settled();
      assert.deepEqual(stripIn(folder), ['seen.txt created']);
    } finally {
      await files.update('exclude', before, vscode.ConfigurationTarget.Global);
    }
  });
});
