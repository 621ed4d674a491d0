// Idle CPU of the two processes that hold a long transcript: the extension host (found as the parent of the
// scripted agent, whose command line names this run's scenario file) and Chromium (every Chromium process this
// bench started: the workbench renderer, which in code-server also runs the webview, the GPU and utility ones).
import { cpuSeconds, descendants, findPids, parentOf } from './processes.mjs';

export function findExtensionHost(scenarioFile) {
  const agents = findPids(scenarioFile).filter((pid) => pid !== process.pid);
  const hosts = [...new Set(agents.map(parentOf).filter((pid) => pid !== undefined))];
  if (hosts.length !== 1) throw new Error(`expected one extension host running the benchmark agent, found ${hosts.length}`);
  return hosts[0];
}

export function findBrowserProcesses() {
  return descendants(process.pid, 'chromium');
}

/** Percent of one core used by each group over `ms`. */
export async function idlePercent(groups, ms) {
  const before = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, cpuSeconds(pids)]));
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const seconds = (performance.now() - started) / 1000;
  return Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, ((cpuSeconds(pids) - before[name]) / seconds) * 100]));
}
