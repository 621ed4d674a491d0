// CPU time of processes from /proc (Linux): clock ticks of user + system time, read at two moments. Used for the
// extension host (found as the parent of the scripted agent) and the browser (every Chromium process descended
// from this process).
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces; fields after it start at the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function allPids() {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
}

/** A Chromium process's type from its command line: renderer, gpu-process, utility, zygote..., or browser. */
export function chromiumType(pid) {
  return /--type=([\w-]+)/.exec(cmdline(pid))?.[1] ?? 'browser';
}

/** Processes whose command line contains `text`. */
export function findPids(text) {
  return allPids().filter((pid) => cmdline(pid).includes(text));
}

export function parentOf(pid) {
  return stat(pid)?.ppid;
}

/** `root` and every process below it whose command line contains `text`. */
export function descendants(root, text) {
  const children = new Map();
  for (const pid of allPids()) {
    const parent = stat(pid)?.ppid;
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found = [];
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      if (cmdline(child).includes(text)) found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** CPU seconds used so far by all of `pids` (processes that are gone count 0). */
export function cpuSeconds(pids) {
  return pids.reduce((sum, pid) => sum + (stat(pid)?.ticks ?? 0), 0) / TICKS_PER_SECOND;
}

/** Resident memory of `pid` in bytes (VmRSS of /proc/<pid>/status), or undefined when it is gone. */
export function residentBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
