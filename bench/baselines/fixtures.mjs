// Workspaces for the baselines cases, generated at bench time into a scratch folder (never committed): `count` text
// files of about `bytes` bytes each in nested folders, optionally a git repository with them committed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function git(cwd, ...args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
}

/** The path of file `index` (100 per folder, folders two levels deep). */
export function fileAt(folder, index) {
  return path.join(folder, `d${Math.floor(index / 10_000)}`, `e${Math.floor(index / 100) % 100}`, `f${index}.txt`);
}

/** Writes the files (code-like lines up to `bytes`) and, with `repository`, commits them. */
export function makeWorkspace(folder, { count, bytes, repository }) {
  mkdirSync(folder, { recursive: true });
  for (let index = 0; index < count; index++) {
    const file = fileAt(folder, index);
    if (index % 100 === 0) mkdirSync(path.dirname(file), { recursive: true });
    const lines = [];
    for (let size = 0, line = 0; size < bytes; line++) {
      const text = `export const value${index}_${line} = compute(${line}, "item-${index}-${line}");\n`;
      lines.push(text);
      size += text.length;
    }
    writeFileSync(file, lines.join('').slice(0, bytes));
  }
  if (repository) {
    git(folder, 'init', '-q', '-b', 'main');
    git(folder, 'config', 'user.email', 'bench@example.com');
    git(folder, 'config', 'user.name', 'Bench');
    git(folder, 'add', '-A');
    git(folder, 'commit', '-q', '-m', 'fixture');
  }
  return folder;
}
