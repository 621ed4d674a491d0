// Temporary git repositories for the review filter's tests (real git, no shell).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Writes `files` (relative path to text) under `root`, making folders. */
export function write(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

/** A new repository in `folder` (made) with `tracked` committed. */
export function repository(folder: string, tracked: Record<string, string>): string {
  fs.mkdirSync(folder, { recursive: true });
  git(folder, 'init', '-q', '-b', 'main');
  git(folder, 'config', 'user.email', 'test@example.com');
  git(folder, 'config', 'user.name', 'Test');
  write(folder, tracked);
  git(folder, 'add', '-f', '.');
  git(folder, 'commit', '-q', '-m', 'start');
  return folder;
}

export function tempFolder(prefix: string): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}
