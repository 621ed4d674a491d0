// The git checkouts of the sessions' folders, each read once (in the background, the first time a row asks) and kept.
// A folder that becomes a worktree later is seen after a reload. No `vscode`.
import { promises as fs } from 'node:fs';
import { Emitter, type Event } from 'vscode-jsonrpc/node';
import { type Checkout, type CheckoutFiles, readCheckout } from './place';

/** The checkouts as they are on disk. */
export const diskCheckoutFiles: CheckoutFiles = {
  async kind(file) {
    try {
      const stat = await fs.stat(file);
      return stat.isDirectory() ? 'directory' : stat.isFile() ? 'file' : undefined;
    } catch {
      return undefined;
    }
  },
  read: (file) => fs.readFile(file, 'utf8').catch(() => undefined),
};

export class Checkouts {
  private readonly known = new Map<string, Checkout | undefined>();
  private readonly readEmitter = new Emitter<void>();
  /** A checkout asked for was read (rows asked before got undefined for it). */
  readonly onDidRead: Event<void> = this.readEmitter.event;

  constructor(
    private readonly files: CheckoutFiles,
    private readonly log: (line: string) => void,
  ) {}

  /** The checkout of a folder, or undefined outside git and until it was read. */
  get(cwd: string): Checkout | undefined {
    if (this.known.has(cwd)) return this.known.get(cwd);
    this.known.set(cwd, undefined);
    readCheckout(cwd, this.files).then(
      (checkout) => {
        if (!checkout) return;
        this.known.set(cwd, checkout);
        this.readEmitter.fire();
      },
      (error: unknown) => this.log(`Could not read the git checkout of ${cwd}: ${String(error)}`),
    );
    return undefined;
  }

  /** Folders became or stopped being worktrees: every checkout is read again when next asked. */
  forgetAll(): void {
    this.known.clear();
  }

  dispose(): void {
    this.readEmitter.dispose();
  }
}
