// Changes the client makes on a conversation's behalf, outside the agent's turn (Apply of a worktree thread writes the
// thread's work into the main tree): recorded in that conversation's ledger, so they are reviewed, kept and undone as
// an agent's are, and undone together ("Undo Apply") where the user has not changed the file since.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { findOpenDocument } from '../../services/files/documents';
import type { ChangeLedger } from '../changeLedger';
import type { ReviewService } from './reviewService';

export interface ClientChange {
  /** Absolute. */
  path: string;
  /** null: there was no file / there is none now. */
  before: string | null;
  after: string | null;
}

export function recordClientChanges(ledger: ChangeLedger, changes: readonly ClientChange[], now = Date.now()): void {
  for (const change of changes) ledger.record({ ...change, source: 'fs', time: now });
}

export interface UndoneClientChanges {
  undone: number;
  /** Files left as they are: changed since (by the user or an agent), or already kept or undone. */
  left: string[];
}

/**
 * Puts each file back to its text before the client's change, where it still has the text that change left; a file
 * open in an editor through its document (one undo step), any other on disk.
 */
export async function undoClientChanges(review: ReviewService, ledger: ChangeLedger, changes: readonly ClientChange[]): Promise<UndoneClientChanges> {
  const result: UndoneClientChanges = { undone: 0, left: [] };
  await Promise.all(
    changes.map(async (change) => {
      const pending = ledger.get(change.path);
      if (!pending || pending.baseline === undefined || pending.current !== change.after || (await review.currentText(change.path)) !== change.after) {
        result.left.push(change.path);
        return;
      }
      const before = change.before;
      if (findOpenDocument(change.path)) await review.setText(change.path, before, before, ledger);
      else {
        review.disk.ownWrite(change.path, before);
        if (before === null) await rm(change.path, { force: true });
        else {
          await mkdir(path.dirname(change.path), { recursive: true });
          await writeFile(change.path, before);
        }
        ledger.setCurrent(change.path, before);
      }
      result.undone++;
    }),
  );
  return result;
}
