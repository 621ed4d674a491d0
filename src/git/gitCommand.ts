// One git command run to its end, without a shell: its exit code, standard output and the start of standard error.
// The same guards everywhere the extension runs git (the review's filter, its baselines, worktree threads): no
// fsmonitor program, no optional locks, no prompts, a time limit, "git was not found" told apart. No `vscode` here.
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';

/** Git could not be started (not installed, or not on the PATH). */
export class GitNotFound extends Error {}

export interface GitResult {
  code: number | null;
  stdout: string;
  /** Standard output as bytes (a file's contents need not be UTF-8). */
  output: Buffer;
  stderr: string;
}

export interface GitOptions {
  /** Variables added to the environment (GIT_INDEX_FILE for a temporary index). */
  env?: Record<string, string>;
  input?: string;
  timeLimitMs?: number;
}

/** The environment every git run of the review gets. */
export function gitEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', ...extra };
}

/** Arguments every git run of the review starts with. */
export const GIT_GUARDS = ['-c', 'core.fsmonitor=false'] as const;

export function runGit(cwd: string, args: readonly string[], options: GitOptions = {}, program = 'git'): Promise<GitResult> {
  const timeLimit = options.timeLimitMs ?? 60_000;
  return new Promise<GitResult>((resolve, reject) => {
    const child = spawn(program, [...GIT_GUARDS, ...args], { cwd, env: gitEnvironment(options.env), stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const stdout: Buffer[] = [];
    let stderr = '';
    let settled = false;
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(() => reject(new Error(`git ${args[0]} in ${cwd} took longer than ${timeLimit / 1000} s`)));
    }, timeLimit);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    let failed = false;
    child.on('error', (error: NodeJS.ErrnoException) => {
      failed = true;
      if (error.code !== 'ENOENT') return settle(() => reject(error));
      void access(cwd).then(
        () => settle(() => reject(new GitNotFound(`${program} was not found`))),
        () => settle(() => reject(new Error(`${cwd} is gone`))),
      );
    });
    child.on('close', (code) => {
      if (!failed) {
        const output = Buffer.concat(stdout);
        settle(() => resolve({ code, stdout: output.toString('utf8'), output, stderr }));
      }
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** Runs git and gives its standard output without the trailing newline; a non-zero exit is an error. */
export async function gitOutput(cwd: string, args: readonly string[], options: GitOptions = {}, program = 'git'): Promise<string> {
  const result = await runGit(cwd, args, options, program);
  if (result.code !== 0) throw new Error(`git ${args.join(' ')} in ${cwd} failed: ${result.stderr.trim() || `exit code ${String(result.code)}`}`);
  return result.stdout.replace(/\n$/, '');
}
