// Which folders the review watches: the roots of the open sessions, counted per use (two sessions in one folder use
// it twice), and of those only the outermost (a root inside another one in use needs no watcher of its own).
// No `vscode` here.
import { sep } from 'node:path';
import type { KeyOf } from './changeLedger';

/** `roots` without those inside another one of them (and without repeats). */
export function outermost(roots: readonly string[], keyOf: KeyOf): string[] {
  const trimmed = roots.map((root) => ({ root, key: keyOf(root).replace(/[\\/]+$/, '') }));
  const kept = new Map<string, string>();
  for (const { root, key } of trimmed) {
    const inside = trimmed.some((other) => other.key !== key && key.startsWith(other.key + sep));
    if (!inside && !kept.has(key)) kept.set(key, root);
  }
  return [...kept.values()];
}

export class RootUses {
  private readonly counts = new Map<string, { root: string; count: number }>();

  constructor(private readonly keyOf: KeyOf) {}

  /** One more use of `root`; the returned function ends it (once). */
  use(root: string): () => void {
    const key = this.keyOf(root);
    const entry = this.counts.get(key) ?? { root, count: 0 };
    entry.count++;
    this.counts.set(key, entry);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--entry.count === 0) this.counts.delete(key);
    };
  }

  /** Every root in use. */
  get all(): string[] {
    return [...this.counts.values()].map((entry) => entry.root);
  }

  /** The roots to watch. */
  watched(): string[] {
    return outermost(this.all, this.keyOf);
  }
}
