// The PATH a login shell would give. An editor started from a desktop launcher often has a shorter PATH than the
// user's terminal (no nvm, Homebrew, ~/.local/bin...), so `npx`, `gemini` or `goose` would not be found. The user's
// shell is asked once, with a time limit; its answer goes first, then what the extension host already has.
import { execFile } from 'node:child_process';
import * as path from 'node:path';

const MARK = '__ACP_PATH__';
const TIME_LIMIT_MS = 4000;

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

/** Asks the user's login shell for its PATH; undefined on Windows, without a shell, or when it takes too long. */
export function probeLoginShellPath(shell = process.env.SHELL, platform = process.platform): Promise<string | undefined> {
  if (platform === 'win32' || !shell) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    // SIGKILL: an interactive shell ignores SIGTERM, so a shell that hangs on its way out (a profile waiting for
    // something) would outlive the time limit and hold every agent's start.
    const child = execFile(
      shell,
      ['-l', '-i', '-c', `printf '%s%s%s' '${MARK}' "$PATH" '${MARK}'`],
      { timeout: TIME_LIMIT_MS, killSignal: 'SIGKILL', env: { ...process.env, ACP_PATH_PROBE: '1' } },
      (_error, stdout) => {
        clearTimeout(giveUp);
        resolve(pathFromProbeOutput(String(stdout ?? '')));
      },
    );
    // Something the shell started may keep its output open after it is gone: the answer does not wait for that.
    const giveUp = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(undefined);
    }, TIME_LIMIT_MS + 1_000);
  });
}

let probed: Promise<string> | undefined;

/** The PATH agents are started with (probed once per extension host). */
export function agentSearchPath(): Promise<string> {
  probed ??= probeLoginShellPath().then((login) => mergePaths(login, process.env.PATH));
  return probed;
}
