// The PATH a login shell would give. An editor started from a desktop launcher often has a shorter PATH than the
// user's terminal (no nvm, Homebrew, ~/.local/bin...), so `npx`, `gemini` or `goose` would not be found. The user's
// shell is asked once, with a time limit; its answer goes first, then what the extension host already has.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { type FrameScheduler, timerScheduler } from '../shared/frameScheduler';

const MARK = '__ACP_PATH__';
/** How long (ms) the shell may take to print its PATH. */
export const TIME_LIMIT_MS = 4000;

/** The PATH between the markers the probe prints (shell start-up files may print anything around it). */
export function pathFromProbeOutput(output: string): string | undefined {
  const start = output.indexOf(MARK);
  const end = output.indexOf(MARK, start + MARK.length);
  if (start === -1 || end === -1) return undefined;
  const value = output.slice(start + MARK.length, end).trim();
  return value === '' ? undefined : value;
}

/** `first`'s entries, then `second`'s that are not in it; empty entries dropped. */
export function mergePaths(first: string | undefined, second: string | undefined, delimiter = path.delimiter): string {
  const entries: string[] = [];
  for (const list of [first, second]) {
    for (const entry of (list ?? '').split(delimiter)) if (entry !== '' && !entries.includes(entry)) entries.push(entry);
  }
  return entries.join(delimiter);
}

/**
 * Asks the user's login shell for its PATH; undefined on Windows, without a shell, or when it takes too long. The
 * answer counts as soon as it is printed: a shell whose profile leaves something running (an agent, a job, a
 * prompt hook) may never exit, and is then ended. `schedule` runs the time limit (tests pass a manual clock's).
 */
export function probeLoginShellPath(
  shell = process.env.SHELL,
  platform = process.platform,
  schedule: FrameScheduler['schedule'] = timerScheduler.schedule,
): Promise<string | undefined> {
  if (platform === 'win32' || !shell) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let output = '';
    let done = false;
    const finish = (found: string | undefined): void => {
      if (done) return;
      done = true;
      cancelGiveUp();
      // The shell and what its profile started (its own process group), with SIGKILL: an interactive shell ignores
      // SIGTERM, so a shell that hangs on its way out would outlive the question.
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
      resolve(found);
    };
    const child = spawn(shell, ['-l', '-i', '-c', `printf '%s%s%s' '${MARK}' "$PATH" '${MARK}'`], {
      env: { ...process.env, ACP_PATH_PROBE: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
      // A process group of its own, ended whole once answered.
      detached: true,
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const found = pathFromProbeOutput(output);
      if (found !== undefined) finish(found);
    });
    child.on('error', () => finish(undefined));
    child.on('close', () => finish(pathFromProbeOutput(output)));
    // Something the shell started may keep its output open after it is gone: the answer does not wait for that.
    const cancelGiveUp = schedule(() => finish(undefined), TIME_LIMIT_MS);
  });
}

let probed: Promise<string> | undefined;

/** The PATH agents are started with (probed once per extension host). */
export function agentSearchPath(): Promise<string> {
  probed ??= probeLoginShellPath().then((login) => mergePaths(login, process.env.PATH));
  return probed;
}
