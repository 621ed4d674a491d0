// What a file held before an agent changed it, as the review knows it: from a git tree taken when the turn started
// (gitBaselines.ts) or from the bounded snapshot of texts seen (workspaceSnapshot.ts). No `vscode` here.
import type { Content } from './changeLedger';

/** What the file holds on disk now: text, `null` when there is no file, `undefined` when it is not text or too large. */
export type DiskText = string | null | undefined;

export interface Known {
  /** The text last known (null: known to be absent), or undefined when it is not known or not kept. */
  readonly text: Content;
  /** The file is known to exist (also when its text is not kept: binary, too large). */
  readonly exists: boolean;
  /** The git object that holds `text` (`<tree>:<path>` in the file's repository), when it came from a baseline tree. */
  readonly object?: string;
}

export interface Baselines {
  known(file: string): Known | Promise<Known>;
  /** The files under `folder` known to exist. */
  existingUnder(folder: string): string[] | Promise<string[]>;
  /** Records what the file holds now (`null`: it is gone; `undefined`: it exists, its text is not kept). */
  set(file: string, text: DiskText): void;
  /** The file changed while no agent was at work: records what it holds now, as far as the next turn needs it. */
  follow(file: string, text: DiskText): void | Promise<void>;
  /** Reads the file now, under the size cap. */
  read(file: string): Promise<DiskText>;
}
