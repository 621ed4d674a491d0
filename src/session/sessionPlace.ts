// A session's place: the folder it works in (`cwd`) and the folders its agent may use without asking (`roots`),
// chosen once when the session starts (new, reopened, or opened read-only) and kept by it (its SessionScope). A session
// working in a workspace folder, or below one, gets the window's folders, as every session did before places; a
// session working anywhere else gets that folder alone: it reads and writes there without asking, and the workspace
// folders are outside its place (asked about, as any outside file). No `vscode` here; the wiring gives the folders.
import * as path from 'node:path';

export interface SessionPlace {
  /** The folder the session works in (absolute): the agent's `cwd` for it, and its terminals' default. */
  readonly cwd: string;
  /** The folders its agent may use without asking; the ones other than `cwd` go to the agent as `additionalDirectories`. */
  readonly roots: readonly string[];
}

/** The place of a session that works in `cwd` (undefined: where new sessions work unless the user picks). */
export type PlaceFor = (cwd?: string) => SessionPlace;

const caseInsensitive = process.platform === 'win32' || process.platform === 'darwin';

/** True when `folder` is `root` or below it (both absolute). */
function holds(root: string, folder: string): boolean {
  const fold = (value: string): string => (caseInsensitive ? value.toLowerCase() : value);
  const relative = path.relative(fold(root), fold(folder));
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** The place of a session working in `cwd`, in a window with these folders. */
export function placeIn(folders: readonly string[], cwd: string): SessionPlace {
  return { cwd, roots: folders.some((folder) => holds(folder, cwd)) ? [...folders] : [cwd] };
}

/** Places in a window whose folders (and default working folder) are read when a session starts. */
export function placesIn(folders: () => readonly string[], defaultCwd: () => string): PlaceFor {
  return (cwd) => placeIn(folders(), cwd ?? defaultCwd());
}
