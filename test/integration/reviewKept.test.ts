// What the review keeps, inside a real VS Code with the scripted agent: the ledgers with their baselines are written to
// the workspace storage, and what the next window reads from there is reviewable (and undoable) again; inline Undo
// of the only change of a file the agent created removes the file, not leaving an empty one behind.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SessionRegistry } from '../../src/session/sessionRegistry';
import type { ActiveSurface } from '../../src/session/surfaceSessions';
import { ReviewService } from '../../src/review/vscode/reviewService';
import { unpackReview } from '../../src/review/ledgerData';
import { scratchFile } from './helpers/files';
import { useFilesSuite } from './helpers/filesSuite';
import { TestReviewUserInterface, pendingFile, untilReview, untilSnapshotKnows } from './helpers/review';
import { useTestUserInterface } from './helpers/userInterface';

const GIVE_UP_MS = 20_000;

/** Resolves once the stored ledgers satisfy `check` (checked now and after every save). */
function untilStored(service: ReviewService, read: () => unknown, check: (stored: unknown) => boolean): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (check(read())) return resolve(read());
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`Waited ${GIVE_UP_MS / 1000} s for the ledgers to be saved; the store holds ${JSON.stringify(read())?.slice(0, 500)}`));
    }, GIVE_UP_MS);
    const subscription = service.onDidSave(() => {
      if (!check(read())) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(read());
    });
  });
}

function storedPaths(stored: unknown): string[] {
  return unpackReview(stored).flatMap((item) => item.ledger.files.map((file) => file.path));
}

describe('review: kept across a reload, and created files undone inline', function () {
  this.timeout(60_000);
  const suite = useFilesSuite();
  useTestUserInterface(() => suite.api.review, () => new TestReviewUserInterface());
  before(() => suite.api.review.service.settled());

  it('the ledger with its baselines is in the workspace storage, and a new window reads it back reviewable', async () => {
    const edited = scratchFile('kept.disk.txt', 'alpha\nbeta\n');
    await untilSnapshotKnows(suite.api, edited, 'alpha\nbeta\n');
    const created = path.join(path.dirname(edited), 'kept.new.txt');
    const session = await suite.sessionWith('review');
    await suite.turn(session, edited);
    await suite.turn(session, created);
    await untilReview(suite.api, () => pendingFile(suite.api, edited) && pendingFile(suite.api, created));

    const store = suite.api.review.store;
    assert.ok(store, 'the review has a store');
    const stored = await untilStored(suite.api.review.service, () => store.get(), (value) => [edited, created].every((file) => storedPaths(value).includes(file)));
    // This session's conversation (a file written just after an earlier test's turn may be claimed by that one too).
    const mine = unpackReview(stored).find((item) => item.ledger.files.some((file) => file.path === created));
    assert.ok(mine, "this session's ledger is stored");
    assert.deepEqual(
      mine.ledger.files.filter((file) => file.path === edited || file.path === created).map((file) => [path.basename(file.path), file.baseline, file.current]).sort(),
      [
        ['kept.disk.txt', 'alpha\nbeta\n', 'alpha\nBETA\n'],
        ['kept.new.txt', null, 'made by the agent\n'],
      ],
    );

    // The next window: a review service with no session open reads the store (and does not write to it).
    const noSessions = { openSessions: [], onDidOpenSession: () => ({ dispose: () => undefined }) } as unknown as SessionRegistry;
    const noneShown = { current: () => ({ currentKey: undefined }), onDidChangeSession: () => ({ dispose: () => undefined }) } as unknown as ActiveSurface;
    const next = new ReviewService(noSessions, noneShown, () => ({ dispose: () => undefined }), () => undefined, { get: () => store.get(), set: () => undefined });
    try {
      await next.loaded;
      const ledger = next.ledgerFor(created);
      assert.ok(ledger, 'the next window has the ledger');
      assert.ok(next.allPending().some((change) => change.file.path === created && !change.shown), 'listed as an earlier session\'s change');
      assert.deepEqual(ledger.pending().filter((file) => file.path === edited || file.path === created).map((file) => [path.basename(file.path), file.status, file.baseline]).sort(), [
        ['kept.disk.txt', 'modified', 'alpha\nbeta\n'],
        ['kept.new.txt', 'created', null],
      ]);
      // Undo in the next window puts the text from before the agent's change back, and removes the created file.
      await next.setText(edited, 'alpha\nbeta\n', undefined, ledger);
      await next.setText(created, null, undefined, ledger);
      assert.equal(fs.readFileSync(edited, 'utf8'), 'alpha\nbeta\n');
      assert.equal(fs.existsSync(created), false);
      assert.deepEqual(ledger.pending().filter((file) => file.path === edited || file.path === created), []);
    } finally {
      next.dispose();
    }
  });

  it('inline Undo of the only change of a file the agent created removes the file', async () => {
    const created = path.join(path.dirname(scratchFile('anchor.txt', 'x\n')), 'inline-made.new.txt');
    const session = await suite.sessionWith('review');
    await suite.turn(session, created);
    await untilReview(suite.api, () => pendingFile(suite.api, created)?.status === 'created');
    const uri = vscode.Uri.file(created);
    const editor = await vscode.window.showTextDocument(uri);
    const inline = suite.api.review.inline;
    await new Promise<void>((resolve, reject) => {
      if (inline.stateOf(uri)?.hunks.length === 1) return resolve();
      const timer = setTimeout(() => reject(new Error(`no inline hunk shown: ${JSON.stringify(inline.stateOf(uri))}`)), GIVE_UP_MS);
      const subscription = inline.onDidUpdate(() => {
        if (inline.stateOf(uri)?.hunks.length !== 1) return;
        clearTimeout(timer);
        subscription.dispose();
        resolve();
      });
    });
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('acp.review.undoHunkAtCursor');
    assert.equal(fs.existsSync(created), false, 'the file the agent created is gone (not left empty)');
    assert.equal(pendingFile(suite.api, created), undefined, 'nothing left to review (no "+0 −0" row)');
  });
});
