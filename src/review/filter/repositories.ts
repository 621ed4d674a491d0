// Which git repository a path is in: the nearest folder above it that holds a `.git` folder or file (a worktree's or
// a submodule's is a file), as git itself finds it. Remembered per folder until told that repositories changed.
import { stat } from 'node:fs/promises';
import * as path from 'node:path';

export class Repositories {
  private readonly roots = new Map<string, Promise<string | undefined>>();
  /** The repositories found so far. */
  private readonly found = new Set<string>();

  /** The root of the repository `file` is in, or undefined when it is in none. */
  rootOf(file: string): Promise<string | undefined> {
    return this.rootOfFolder(path.dirname(file));
  }

  /** The root of the repository `folder` is in (itself when it holds the `.git`), or undefined when it is in none. */
  rootOfFolder(folder: string): Promise<string | undefined> {
    let known = this.roots.get(folder);
    if (!known) {
      known = (async () => {
        if (await exists(path.join(folder, '.git'))) {
          this.found.add(folder);
          return folder;
        }
        const parent = path.dirname(folder);
        return parent === folder ? undefined : this.rootOfFolder(parent);
      })();
      this.roots.set(folder, known);
    }
    return known;
  }

  /** The repositories found so far at or under `folder` (a repository nested in a folder in use is found by its files' events). */
  foundUnder(folder: string): string[] {
    const prefix = folder.replace(/[\\/]+$/, '') + path.sep;
    return [...this.found].filter((root) => root === folder || root.startsWith(prefix));
  }

  /** A `.git` appeared or went somewhere: ask the disk again. */
  forget(): void {
    this.roots.clear();
    this.found.clear();
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
