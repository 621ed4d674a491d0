// `files.exclude` as a test of absolute paths, for folders outside git: each pattern is relative to a workspace folder
// (`**/x` at any depth), and a pattern that matches a folder hides everything in it. Pure.
import * as path from 'node:path';
import picomatch from 'picomatch';

export type PathTest = (file: string) => boolean;

export function excludeMatcher(patterns: readonly string[], folders: readonly string[], caseInsensitive: boolean): PathTest {
  if (patterns.length === 0) return () => false;
  const matches = picomatch([...patterns], { dot: true, nocase: caseInsensitive });
  return (file) =>
    folders.some((folder) => {
      const relative = path.relative(folder, file);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
      const parts = relative.split(path.sep);
      // The file itself or any folder it is in.
      return parts.some((_, index) => matches(parts.slice(0, index + 1).join('/')));
    });
}
