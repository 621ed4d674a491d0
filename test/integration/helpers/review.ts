// Helpers for the review suites: wait until the change ledger shows what a test expects, and answer the
// review's dialogs.
import type { AcpExtensionApi } from '../../../src/extension';
import type { Checkpoint, PendingFile } from '../../../src/review/changeLedger';
import type { RestorePlan } from '../../../src/review/restorePlan';
import type { ReviewUserInterface } from '../../../src/review/vscode/reviewUserInterface';

/** Resolves once `check` holds; checked now and after every change the review reports (file events come late). */
export function untilReview<T>(api: AcpExtensionApi, check: () => T | undefined | false): Promise<T> {
  return new Promise<T>((resolve) => {
    const now = check();
    if (now) return resolve(now);
    const subscription = api.review.service.onDidChange(() => {
      const value = check();
      if (value) {
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

/** Resolves once the workspace snapshot holds `text` for `file` (the watcher has seen a file a test just wrote). */
export function untilSnapshotKnows(api: AcpExtensionApi, file: string, text: string | null): Promise<void> {
  const { snapshot, disk } = api.review.service;
  return new Promise<void>((resolve) => {
    if (snapshot.get(file) === text) return resolve();
    const subscription = disk.onDidHandle(() => {
      if (snapshot.get(file) === text) {
        subscription.dispose();
        resolve();
      }
    });
  });
}
