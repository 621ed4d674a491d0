// Helpers for the review suites: wait until the change ledger shows what a test expects, and answer the
// review's dialogs.
import * as path from 'node:path';
import type { AcpExtensionApi } from '../../../src/extension';
import type { Checkpoint, PendingFile } from '../../../src/review/changeLedger';
import type { RestorePlan } from '../../../src/review/restorePlan';
import type { ReviewUserInterface } from '../../../src/review/vscode/reviewUserInterface';

const GIVE_UP_MS = 20_000;

/** What the ledger holds, for the message of a wait that gave up. */
function ledgerState(api: AcpExtensionApi): string {
  const pending = api.review.service.ledger?.pending() ?? [];
  return JSON.stringify(pending.map((file) => ({ path: file.path, status: file.status, current: file.current?.slice(0, 200) })));
}

/**
 * Resolves once `check` holds; checked now and after every change the review reports (file events come late).
 * Gives up after a while with what the ledger holds, so a failure says what was missing.
 */
export function untilReview<T>(api: AcpExtensionApi, check: () => T | undefined | false, what = 'the review to show the change'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const now = check();
    if (now) return resolve(now);
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`Waited ${GIVE_UP_MS / 1000} s for ${what} in vain; the ledger holds ${ledgerState(api)}`));
    }, GIVE_UP_MS);
    const subscription = api.review.service.onDidChange(() => {
      const value = check();
      if (value) {
        clearTimeout(timer);
        subscription.dispose();
        resolve(value);
      }
    });
  });
}

export function pendingFile(api: AcpExtensionApi, file: string): PendingFile | undefined {
  return api.review.service.ledger?.get(file);
}

/** Answers every dialog as told and records what it was shown. */
export class TestReviewUserInterface implements ReviewUserInterface {
  confirm = true;
  undoRestore = false;
  readonly plans: RestorePlan[] = [];
  readonly errors: string[] = [];
  readonly userEditQuestions: string[] = [];
  pick: ((checkpoints: readonly Checkpoint[]) => Checkpoint | undefined) | undefined;

  pickCheckpoint(checkpoints: readonly Checkpoint[]): Promise<Checkpoint | undefined> {
    return Promise.resolve(this.pick?.(checkpoints));
  }
  confirmRestore(_checkpoint: Checkpoint, plan: RestorePlan): Promise<boolean> {
    this.plans.push(plan);
    return Promise.resolve(this.confirm);
  }
  confirmUndoOverUserEdits(file: string): Promise<boolean> {
    this.userEditQuestions.push(file);
    return Promise.resolve(this.confirm);
  }
  restored(): Promise<boolean> {
    return Promise.resolve(this.undoRestore);
  }
  error(message: string): void {
    this.errors.push(message);
  }
}

/** Whether one of the folders the review watches holds `file`. */
function watched(api: AcpExtensionApi, file: string): boolean {
  return api.review.service.watches.watched.some((root) => file.startsWith(root + path.sep));
}

/**
 * Resolves once the review will compare `file` with `text`: the snapshot of texts seen holds it (the watcher has seen
 * a file a test just wrote), or, in a git repository, the watcher has seen it (the git tree taken when the turn starts
 * holds its text), or no folder in use holds it (the scan or the git tree taken when a session uses it reads it).
 */
export async function untilSnapshotKnows(api: AcpExtensionApi, file: string, text: string | null): Promise<void> {
  const { snapshot, disk, baselines } = api.review.service;
  const inGit = await baselines.covers(path.dirname(file));
  const knows = (): boolean => snapshot.get(file) === text || (inGit && text !== null && snapshot.existsUnkept(file)) || !watched(api, file);
  return new Promise<void>((resolve, reject) => {
    if (knows()) return resolve();
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`Waited ${GIVE_UP_MS / 1000} s for the watcher to see ${file}; the snapshot holds ${JSON.stringify(snapshot.get(file))}`));
    }, GIVE_UP_MS);
    const subscription = disk.onDidHandle(() => {
      if (knows()) {
        clearTimeout(timer);
        subscription.dispose();
        resolve();
      }
    });
  });
}

/** Resolves once the review handled a file event of every one of `files` (subscribe before the events happen). */
export function untilHandled(api: AcpExtensionApi, files: readonly string[]): Promise<void> {
  const waiting = new Set(files);
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`Waited ${GIVE_UP_MS / 1000} s for the file events of ${JSON.stringify([...waiting])} in vain`));
    }, GIVE_UP_MS);
    const subscription = api.review.service.disk.onDidHandle((file) => {
      waiting.delete(file);
      if (waiting.size > 0) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    });
  });
}
