// Runs a node script in a child process and returns the JSON object on the last line of its stdout.
import { spawn } from 'node:child_process';

export function runNodeJson(script, args = [], { timeoutMs = 10 * 60_000, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${script} ${args.join(' ')} failed (${signal ?? `code ${code}`}): ${stderr.trim()}`));
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`${script} printed no JSON result: ${last.slice(0, 200)}`));
      }
    });
  });
}
