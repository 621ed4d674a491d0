// Is a path inside the session's roots? Decided on real paths: `..` segments are resolved first, then the
// real path of the nearest existing ancestor (symlinks followed) plus the part that does not exist yet, so a
// symlink inside a root that leads out of it counts as outside, and a file about to be created is judged by
// the folder it will land in. Roots are resolved the same way.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { caseInsensitivePaths } from './pathKeys';

export interface PathAccess {
  /** The path as asked for, normalised. */
  path: string;
  /** Where it really leads. */
  realPath: string;
  insideRoots: boolean;
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The real path of `file`: realpath of its nearest existing ancestor, joined with the rest. */
export async function realPathOfNearest(file: string): Promise<string> {
  const rest: string[] = [];
  let current = path.resolve(file);
  for (;;) {
    try {
      const real = await fs.realpath(current);
      return rest.length === 0 ? real : path.join(real, ...rest.reverse());
    } catch (error) {
      if (!isMissing(error)) throw error;
      const parent = path.dirname(current);
      if (parent === current) return path.resolve(file);
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/** True when `child` is `parent` or below it (both absolute and normalised). */
export function isWithin(child: string, parent: string): boolean {
  const a = caseInsensitivePaths ? child.toLowerCase() : child;
  const b = caseInsensitivePaths ? parent.toLowerCase() : parent;
  const relative = path.relative(b, a);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

export async function checkPathAccess(file: string, roots: readonly string[]): Promise<PathAccess> {
  const normalised = path.resolve(file);
  const realPath = await realPathOfNearest(normalised);
  const realRoots = await Promise.all(roots.map((root) => realPathOfNearest(root)));
  return { path: normalised, realPath, insideRoots: realRoots.some((root) => isWithin(realPath, root)) };
}
