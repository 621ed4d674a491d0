// The processes of this machine as /proc shows them (Linux): to find what the extension started and check that
// it is gone. No event says "a process that is not your child has exited", so waits poll /proc, bounded.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** @typedef {{ pid: number, ppid: number, pgid: number, cmdline: string, cwd: string | undefined }} ProcessInfo */

/** @param {number} pid @returns {ProcessInfo | undefined} undefined when it is gone (or a zombie) */
export function processInfo(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    let cwd;
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      cwd = undefined;
    }
    return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]), cmdline, cwd };
  } catch {
    return undefined;
  }
}

/** @returns {ProcessInfo[]} every live process */
export function listProcesses() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => processInfo(Number(name)))
    .filter((info) => info !== undefined);
}

/**
 * Polls /proc until `find` returns a value (not undefined); rejects after `timeoutMs`, saying what was awaited.
 * @template T @param {() => T | undefined} find @param {string} what @returns {Promise<T>}
 */
export async function untilFound(find, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs / 1000} s for ${what} in vain`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves once none of `pids` lives; rejects after `timeoutMs` naming the ones left. @param {number[]} pids */
export async function untilGone(pids, what, timeoutMs = 20_000) {
  await untilFound(() => (pids.every((pid) => processInfo(pid) === undefined) ? true : undefined), what, timeoutMs).catch(() => {
    const left = pids.map(processInfo).filter((info) => info !== undefined);
    throw new Error(`${what}: still running after ${timeoutMs / 1000} s:\n${left.map((p) => `  ${p.pid} (group ${p.pgid}): ${p.cmdline}`).join('\n')}`);
  });
}
