// Asks `node --version` with a given PATH (the one an agent is started with), within a time limit.
import { execFile } from 'node:child_process';

const TIME_LIMIT_MS = 5000;

/** The version `node` prints on this PATH; undefined when there is no node or it does not answer in time. */
export function probeNodeVersion(searchPath: string | undefined): Promise<string | undefined> {
  return new Promise((resolve) => {
    const env = searchPath === undefined ? process.env : { ...process.env, PATH: searchPath };
    execFile('node', ['--version'], { timeout: TIME_LIMIT_MS, killSignal: 'SIGKILL', env }, (error, stdout) => {
      resolve(error ? undefined : String(stdout).trim() || undefined);
    });
  });
}
