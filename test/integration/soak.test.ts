// Soak, compressed: 50k session updates, 1k tool calls and 100 terminal commands over 5 sessions, each on its own
// agent process (started, used, stopped), in the real extension host. Afterwards:
// - memory: every dropped session is collected (a WeakRef to it is cleared by GC), and the heap after garbage
//   collection, measured after each session is dropped, stays flat: its slope is below a quarter of what one live
//   session holds. (It is not zero: V8 keeps compiling and optimising code for a while; a heap snapshot diff between
//   sessions 3 and 10 showed only code, feedback vectors and a few buffers growing, no objects of ours.)
// - no leaked processes: every agent and every terminal command (their pids are recorded) is gone, and the host's
//   active handles (child processes, pipes, timers) are back where they started;
// - no leaked VS Code terminals beyond the few finished ones kept for the user.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { ToolCallEntry } from '../../src/shared/transcript/model';
import { processExists, scriptedEntry, useAgentEntry } from './helpers/faultAgent';
import { within } from './helpers/realAgentProcess';
import { activateExtension } from './helpers/scriptedAgent';
import { SUITE_OUTPUT_TAG } from './index';

const SESSIONS = Number(process.env.ACP_SOAK_SESSIONS ?? 5);
const CHUNKS_PER_SESSION = 10_000;
const TOOL_CALLS_PER_SESSION = 200;
const TERMINALS_PER_SESSION = 20;
/** Finished terminals kept in VS Code's terminal list for the user (terminalMirrors.ts). */
const KEPT_FINISHED_TERMINALS = 10;

function collectGarbage(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

function heapAfterGc(gc: () => void): number {
  for (let round = 0; round < 3; round++) gc();
  return process.memoryUsage().heapUsed;
}

/** Counts of the host's active resources that a leak would grow (child processes, pipes, timers). */
function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) {
    if (type === 'ProcessWrap' || type === 'PipeWrap' || type === 'Timeout') counts[type] = (counts[type] ?? 0) + 1;
  }
  return counts;
}

/** The host's child processes, as `pid command line` (what holds a ProcessWrap; for the failure message). */
function hostChildren(): string[] {
  const children: string[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      children.push(`${name} ${fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim()}`);
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/**
 * Resolves once the host's child processes and pipes are no more than `before`. Other extensions in the same host
 * (git, for one) run short commands now and then, so a count taken at one instant can be one over; a leak stays over
 * until the deadline, which fails with the host's child processes named. (Handles closing have no event to wait for:
 * this looks again every 100 ms.)
 */
async function untilResourcesBackTo(before: Record<string, number>, childrenBefore: string[]): Promise<Record<string, number>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const now = activeResources();
    const over = (['ProcessWrap', 'PipeWrap'] as const).filter((type) => (now[type] ?? 0) > (before[type] ?? 0));
    if (over.length === 0) return now;
    if (Date.now() > deadline) {
      assert.fail(
        over.map((type) => `${type}: ${now[type]} after, ${before[type]} before`).join('; ') +
          `; host children before: ${JSON.stringify(childrenBefore)}, after: ${JSON.stringify(hostChildren())}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Least-squares slope of `values` against 0, 1, 2, ... */
function slope(values: number[]): number {
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return num / den;
}

/** A line in the suite's output (the runner shows lines tagged like the reporter's; see test/integration/index.ts). */
function report(line: string): void {
  console.log(`${SUITE_OUTPUT_TAG}      ${line}`);
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** One session: a prompt whose turn streams the chunks, the tool calls and the commands. */
async function runSession(api: AcpExtensionApi, round: number): Promise<{ pid: number; session: WeakRef<Session> }> {
  const session = await api.sessions.newSession();
  const pid = api.sessions.agentPid;
  assert.ok(pid);
  await within(api.sessions.prompt('work'), 300_000, `session ${round} did not finish its turn`);
  assert.equal(session.state.header.lastStopReason, 'end_turn');
  const tools = session.state.entries.filter((e): e is ToolCallEntry => e.kind === 'tool_call');
  assert.equal(tools.length, TOOL_CALLS_PER_SESSION + TERMINALS_PER_SESSION);
  assert.ok(tools.every((t) => t.status === 'completed'), 'every tool call and command completed');
  // The user closes each session when done with it (open sessions stay alive by design).
  const key = api.sessions.currentKey;
  assert.ok(key);
  await api.sessions.close(key);
  return { pid, session: new WeakRef(session) };
}

describe('soak: a long run leaks nothing', function () {
  this.timeout(600_000);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-soak-'));
  const pidsFile = path.join(scratch, 'terminal-pids');
  const scenarioFile = path.join(scratch, 'soak.json');

  after(async () => {
    delete process.env.ACP_SOAK_PIDS;
    fs.rmSync(scratch, { recursive: true, force: true });
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it(`${SESSIONS * CHUNKS_PER_SESSION} updates, ${SESSIONS * TOOL_CALLS_PER_SESSION} tool calls, ${SESSIONS * TERMINALS_PER_SESSION} terminals over ${SESSIONS} sessions: flat heap, no leaked processes or handles`, async () => {
    const api = await activateExtension();
    const gc = collectGarbage();
    fs.writeFileSync(pidsFile, '');
    process.env.ACP_SOAK_PIDS = pidsFile;
    fs.writeFileSync(
      scenarioFile,
      JSON.stringify({
        name: 'soak',
        turns: [
          {
            steps: [
              { say: 'x'.repeat(CHUNKS_PER_SESSION), chunk: 1, delayMs: 0 },
              {
                repeat: TOOL_CALLS_PER_SESSION,
                steps: [
                  { toolCall: { toolCallId: 'tool_${i}', title: 'Tool ${i}', kind: 'read', status: 'pending' } },
                  { toolUpdate: { toolCallId: 'tool_${i}', status: 'completed', content: [{ type: 'content', content: { type: 'text', text: 'result ${i} '.repeat(500) } }] } },
                ],
              },
              { repeat: TERMINALS_PER_SESSION, steps: [{ run: { command: 'sh', args: ['-c', 'echo $$ >> "$ACP_SOAK_PIDS"; echo out-${i}'], toolCallId: 'run_${i}' } }] },
              { say: 'done' },
            ],
          },
        ],
      }),
    );

    // A session first, to warm up what is loaded once (code, caches), then the measured ones. Two agents take
    // turns (a user's configured agents are few), so every session also starts and stops an agent process.
    const agents = [scriptedEntry(scenarioFile), scriptedEntry(scenarioFile)];
    const terminalsBefore = vscode.window.terminals.length;
    const agentPids: number[] = [];
    const sessions: WeakRef<Session>[] = [];
    const heaps: number[] = [];
    let resourcesBefore: Record<string, number> = {};
    let childrenBefore: string[] = [];
    let liveSessionBytes = 0;
    for (let round = 0; round <= SESSIONS; round++) {
      await useAgentEntry(api, agents[round % 2]);
      if (round === 1) {
        resourcesBefore = activeResources();
        childrenBefore = hostChildren();
      }
      // In a function of its own, so that nothing here keeps the session alive once it is dropped.
      const { pid, session } = await runSession(api, round);
      agentPids.push(pid);
      sessions.push(session);
      if (round === 0) continue;
      const withSession = heapAfterGc(gc);
      // Dropping the session: the next round's agent, or (after the last round) the scripted hello agent.
      await useAgentEntry(api, round === SESSIONS ? scriptedEntry('hello') : agents[(round + 1) % 2]);
      const without = heapAfterGc(gc);
      liveSessionBytes = Math.max(liveSessionBytes, withSession - without);
      report(`soak: session ${round}: heap ${mb(withSession)} with it, ${mb(without)} without`);
      heaps.push(without);
    }

    const perSession = slope(heaps);
    report(`soak: heap after GC per session ${heaps.map(mb).join(', ')}; slope ${mb(perSession)}/session; one live session holds ${mb(liveSessionBytes)}`);
    assert.ok(liveSessionBytes > 0, 'a live session holds memory (the measurement sees it)');
    assert.ok(perSession < liveSessionBytes / 4, `the heap grows ${mb(perSession)} per session, a quarter of a live session is ${mb(liveSessionBytes / 4)}`);
    heapAfterGc(gc);
    const retained = sessions.map((ref, round) => (ref.deref() ? round : -1)).filter((round) => round >= 0);
    assert.deepEqual(retained, [], 'sessions still reachable after they were dropped (a listener or a map keeps them)');

    const terminalPids = fs.readFileSync(pidsFile, 'utf8').trim().split('\n').map(Number);
    assert.equal(terminalPids.length, (SESSIONS + 1) * TERMINALS_PER_SESSION, 'every terminal command ran');
    assert.deepEqual([...agentPids, ...terminalPids].filter(processExists), [], 'agents and terminal commands still running');

    const resourcesAfter = await untilResourcesBackTo(resourcesBefore, childrenBefore);
    report(`soak: active resources before ${JSON.stringify(resourcesBefore)}, after ${JSON.stringify(resourcesAfter)}`);
    assert.ok((resourcesAfter.Timeout ?? 0) <= (resourcesBefore.Timeout ?? 0) + 5, `timers: ${resourcesAfter.Timeout} after, ${resourcesBefore?.Timeout} before`);
    assert.ok(
      vscode.window.terminals.length <= terminalsBefore + KEPT_FINISHED_TERMINALS,
      `${vscode.window.terminals.length} VS Code terminals open (${terminalsBefore} before)`,
    );
  });
});
