// Baselines from git objects inside a real VS Code with the scripted agent: in a repository holding more text than
// the old in-memory snapshot could keep (64 M characters), an on-disk change the agent makes to a file seen last is
// undone, also by the next window (the stored ledger names the git object, not the text); a folder outside git keeps
// working with the bounded snapshot.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SessionRegistry } from '../../src/session/sessionRegistry';
import type { ActiveSurface } from '../../src/session/surfaceSessions';
import { unpackReview } from '../../src/review/ledgerData';
import { ReviewService } from '../../src/review/vscode/reviewService';
import { workspaceRoot } from './helpers/files';
import { useFilesSuite } from './helpers/filesSuite';
import { TestReviewUserInterface, pendingFile, untilHandled, untilReview, untilSnapshotKnows } from './helpers/review';
import { useTestUserInterface } from './helpers/userInterface';

/** Characters of text in the repository: more than the old snapshot's total cap (64 * 1024 * 1024). */
const FILES = 70;
const CHARS_PER_FILE = 1_000_000;

/**
 * Resolves once no session's agent is at work (an earlier test's turn ended less than its grace period ago would be
 * credited with the files this test writes): the state is checked every 100 ms, for at most 20 s.
 */
function untilNobodyAtWork(service: ReviewService, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = (): void => {
      if (service.disk.sessionAtWork(file) === undefined) return resolve();
      if (Date.now() - started > 20_000) return reject(new Error('an agent is still at work after 20 s'));
      setTimeout(check, 100);
    };
    check();
  });
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('review: baselines from git objects', function () {
  this.timeout(180_000);
  const suite = useFilesSuite();
  useTestUserInterface(() => suite.api.review, () => new TestReviewUserInterface());

  it('a repository past the old cap: an on-disk change to its last file is undone, also by the next window', async () => {
    // A session first, so the folder is watched while the repository is made (its files' events come in).
    const session = await suite.sessionWith('review');
    const folder = fs.mkdtempSync(path.join(workspaceRoot(), 'gitbig-it-'));
    await untilNobodyAtWork(suite.api.review.service, folder);
    git(folder, 'init', '-q', '-b', 'main');
    git(folder, 'config', 'user.email', 'test@example.com');
    git(folder, 'config', 'user.name', 'Test');
    const big = Array.from({ length: FILES }, (_, index) => path.join(folder, `blob-${String(index).padStart(3, '0')}.txt`));
    const seenBig = untilHandled(suite.api, big);
    big.forEach((file, index) => fs.writeFileSync(file, `${index}\n`.padEnd(CHARS_PER_FILE, 'x')));
    await seenBig;
    // Written last: the old snapshot was full by now, so this file's text was not kept and its change not undoable.
    const target = path.join(folder, 'target.disk.txt');
    const seenTarget = untilHandled(suite.api, [target]);
    fs.writeFileSync(target, 'alpha\nbeta\n');
    await seenTarget;
    git(folder, 'add', '.');
    git(folder, 'commit', '-q', '-m', 'big');

    await suite.turn(session, target);
    const pending = await untilReview(suite.api, () => pendingFile(suite.api, target));
    assert.deepEqual([pending.status, pending.baseline, pending.current], ['modified', 'alpha\nbeta\n', 'alpha\nBETA\n']);
    // The repository's texts were not read into memory: what the review saw there is the agent's change only.
    assert.equal(suite.api.review.service.snapshot.get(big[0]), undefined);

    // The next window reads the ledger from the store: the baseline is the git object's name, read back from git.
    const store = suite.api.review.store;
    assert.ok(store, 'the review has a store');
    const stored = await new Promise<unknown>((resolve) => {
      const has = (): boolean => unpackReview(store.get()).some((item) => item.ledger.files.some((file) => file.path === target));
      if (has()) return resolve(store.get());
      const subscription = suite.api.review.service.onDidSave(() => {
        if (!has()) return;
        subscription.dispose();
        resolve(store.get());
      });
    });
    const kept = unpackReview(stored)
      .flatMap((item) => item.ledger.files)
      .find((file) => file.path === target && file.current === 'alpha\nBETA\n');
    assert.equal(kept?.baseline, undefined, 'no text stored for it');
    assert.match(kept?.baselineObject ?? '', /^[0-9a-f]{40}:target\.disk\.txt$/);
    const noSessions = { openSessions: [], onDidOpenSession: () => ({ dispose: () => undefined }) } as unknown as SessionRegistry;
    const noneShown = { current: () => ({ currentKey: undefined }), onDidChangeSession: () => ({ dispose: () => undefined }) } as unknown as ActiveSurface;
    const next = new ReviewService(noSessions, noneShown, () => ({ dispose: () => undefined }), () => undefined, { get: () => stored, set: () => undefined });
    try {
      await next.loaded;
      const ledger = next.ledgerFor(target);
      assert.ok(ledger, 'the next window has the ledger');
      assert.equal(ledger.get(target)?.baseline, 'alpha\nbeta\n');
      assert.equal(ledger.get(target)?.notKept, undefined);
    } finally {
      next.dispose();
    }

    // Undo in this window puts the text back.
    await vscode.commands.executeCommand('acp.undoFile', target);
    assert.equal(fs.readFileSync(target, 'utf8'), 'alpha\nbeta\n');
    assert.equal(pendingFile(suite.api, target), undefined);
    // The user's branch is as it was; the baseline commits are on the extension's ref only.
    assert.equal(git(folder, 'rev-list', '--count', 'HEAD'), '1\n');
    assert.match(git(folder, 'for-each-ref', '--format=%(refname)', 'refs/acp/'), /^refs\/acp\/baselines\/[0-9a-f]{16}-[0-9a-f]{12}\n$/);
  });

  it('a folder outside git keeps the bounded snapshot: a file the scan read is undone', async () => {
    const folder = fs.mkdtempSync(path.join(workspaceRoot(), 'plainbase-it-'));
    const file = path.join(folder, 'plain.disk.txt');
    fs.writeFileSync(file, 'alpha\nbeta\n');
    // Seen by the watcher of a session still open (or read by the scan when the session opens).
    await untilSnapshotKnows(suite.api, file, 'alpha\nbeta\n');
    assert.equal(await suite.api.review.service.baselines.covers(folder), false);
    const session = await suite.sessionWith('review');
    await suite.api.review.service.settled();
    await suite.turn(session, file);
    const pending = await untilReview(suite.api, () => pendingFile(suite.api, file));
    assert.deepEqual([pending.baseline, pending.current], ['alpha\nbeta\n', 'alpha\nBETA\n']);
    await vscode.commands.executeCommand('acp.undoFile', file);
    assert.equal(fs.readFileSync(file, 'utf8'), 'alpha\nbeta\n');
  });
});
