// Scratch folders for one test run, and copies of fixture workspaces.
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A new empty folder under the system temp dir; `remove()` deletes it. */
export function makeTempDir(prefix) {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), `${prefix}-`)));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Copies a fixture folder to `destination` (created; must not exist yet) and returns `destination`. */
export function copyFolder(source, destination) {
  cpSync(source, destination, { recursive: true, errorOnExist: true, force: false });
  return destination;
}
