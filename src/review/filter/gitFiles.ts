// What git says about files, asked without a shell and never waited on for long: which of some paths are ignored
// (`git check-ignore`: a tracked file never is, as `git status` shows its changes whatever the patterns say), and
// which files a folder holds as git sees them (`git ls-files`: tracked, and untracked but not ignored). With
// `core.fsmonitor` off, a repository's own configuration names no program for these to run.
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import * as path from 'node:path';
import { GitNotFound } from '../../git/gitCommand';

const TIME_LIMIT_MS = 10_000;

export interface FolderListing {
  files: string[];
  /** Repositories nested in the folder (absolute paths). */
  nested: string[];
}

interface Run {
  code: number | null;
  /** The NUL-separated entries of standard output (as many as were read). */
  entries: string[];
  stderr: string;
}

export class GitFiles {
  constructor(private readonly program = 'git') {}

  /** Which of `paths` (relative to `root`, `/`-separated) the repository at `root` ignores. */
  async ignored(root: string, paths: readonly string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const run = await this.run(root, ['check-ignore', '--stdin', '-z'], paths.map((item) => `${item}\0`).join(''));
    // 0: some are ignored, 1: none is.
    if (run.code !== 0 && run.code !== 1) throw new Error(`git check-ignore in ${root} failed: ${run.stderr.trim() || `exit code ${String(run.code)}`}`);
    return new Set(run.entries);
  }

  /**
   * The files in `folder` as git sees them (absolute paths, at most `limit`): tracked, and untracked but not ignored;
   * and apart, the repositories nested in it (submodules, and untracked folders that are repositories), whose files
   * are their own.
   */
  async files(folder: string, limit: number): Promise<FolderListing> {
    const tracked = await this.run(folder, ['ls-files', '-z', '--cached', '--stage'], undefined, limit);
    if (tracked.code !== 0 && tracked.entries.length < limit) throw new Error(`git ls-files in ${folder} failed: ${tracked.stderr.trim() || `exit code ${String(tracked.code)}`}`);
    const files = new Set<string>();
    const nested: string[] = [];
    for (const entry of tracked.entries) {
      // "<mode> <object> <stage>\t<path>"; a file with merge conflicts comes once per stage; mode 160000 is a submodule.
      const tab = entry.indexOf('\t');
      const name = path.join(folder, entry.slice(tab + 1));
      if (entry.startsWith('160000 ')) nested.push(name);
      else files.add(name);
    }
    if (files.size < limit) {
      const untracked = await this.run(folder, ['ls-files', '-z', '--others', '--exclude-standard'], undefined, limit - files.size);
      if (untracked.code !== 0 && untracked.entries.length < limit - files.size) throw new Error(`git ls-files in ${folder} failed: ${untracked.stderr.trim() || `exit code ${String(untracked.code)}`}`);
      for (const entry of untracked.entries) {
        if (entry.endsWith('/')) nested.push(path.join(folder, entry.slice(0, -1)));
        else files.add(path.join(folder, entry));
      }
    }
    return { files: [...files], nested };
  }

  private run(cwd: string, args: readonly string[], input?: string, limit = Number.POSITIVE_INFINITY): Promise<Run> {
    return new Promise<Run>((resolve, reject) => {
      const child = spawn(this.program, ['-c', 'core.fsmonitor=false', ...args], {
        cwd,
        env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' },
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
      const entries: string[] = [];
      let rest = Buffer.alloc(0);
      let stderr = '';
      let done = false;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        finish(() => reject(new Error(`git ${args[0]} in ${cwd} took longer than ${TIME_LIMIT_MS / 1000} s`)));
      }, TIME_LIMIT_MS);
      const finish = (settle: () => void): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        settle();
      };
      child.stdout.on('data', (chunk: Buffer) => {
        if (entries.length >= limit) return;
        rest = Buffer.concat([rest, chunk]);
        let end: number;
        while ((end = rest.indexOf(0)) >= 0 && entries.length < limit) {
          entries.push(rest.subarray(0, end).toString('utf8'));
          rest = rest.subarray(end + 1);
        }
        // Enough: the rest is not wanted.
        if (entries.length >= limit) child.kill();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 4096) stderr += chunk.toString('utf8');
      });
      let failed = false;
      child.on('error', (error: NodeJS.ErrnoException) => {
        // The close event that follows is no answer.
        failed = true;
        // Node says ENOENT as well when the folder to run in is gone.
        if (error.code !== 'ENOENT') return finish(() => reject(error));
        void access(cwd).then(
          () => finish(() => reject(new GitNotFound(`${this.program} was not found`))),
          () => finish(() => reject(new Error(`${cwd} is gone`))),
        );
      });
      child.on('close', (code) => {
        if (!failed) finish(() => resolve({ code, entries, stderr }));
      });
      // A git that ends before reading all its input (a fatal error) is told by its exit code, not by EPIPE.
      child.stdin.on('error', () => undefined);
      child.stdin.end(input ?? '');
    });
  }
}
