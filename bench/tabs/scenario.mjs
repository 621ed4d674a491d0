// The scripted agent's scenario for the tabs case (played by the extension's own dist/demo-agent.js; every session
// of the window is a session of this one agent):
//   "hello <X>" → a short answer; after the first turn the session's title is the prompt ("hello A"), which is
//                 also its tab's title, so the bench finds each session's tab by it.
//   "go <T>"    → waits until the time T (ms since the epoch, this machine's clock: the bench gives the same T to
//                 every session of a round, so they stream at once), then one message of `chunks` chunks `delayMs`
//                 apart, each stamped with the agent's clock as "@@s<i>:<ISO time>@@", then S4-END-<turn>.
// The wait is an `agentCommand` (a node process the agent runs itself that exits at T): one tool call per turn,
// before the measured stream.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** The end of a session's n-th turn. */
export const MARKS = /S4-END-\d+/g;
/** "@@s<i>:<ISO time>@@": the probe keys what it sees by "s<i>:" + the time. */
export const STAMP = /@@(s\d+:)(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)@@/g;
export const probeOptions = { stampPattern: STAMP.source, markPattern: MARKS.source, countMessages: true };
export const HELLO_ANSWER = 'Ready when you are.';

/** 2,000 chunks at 200/s; `quick` divides the count by 10. */
export function streamSize(quick) {
  return { chunks: quick ? 200 : 2_000, delayMs: 5 };
}

// Exits at the time given as the last word of the prompt (its argument).
const WAIT_UNTIL = 'const t = Number(process.argv[1].trim().split(/\\s+/).pop()); setTimeout(() => {}, Math.max(0, t - Date.now()));';

export function tabsScenario({ chunks, delayMs }) {
  return {
    name: 'bench-tabs',
    agentInfo: { name: 'bench-tabs-agent', title: 'Benchmark agent' },
    pacing: { chunk: 0, delayMs: 0 },
    session: { titleFromPrompt: true },
    turns: [
      { match: '^hello ', steps: [{ say: HELLO_ANSWER, messageId: 'hello-${turn}' }] },
      {
        match: '^go \\d+$',
        steps: [
          { agentCommand: { command: process.execPath, args: ['-e', WAIT_UNTIL, '${prompt}'], title: 'Wait for the start', assumeOptIn: false } },
          { say: 'Streaming, turn ${turn}:\n', messageId: 'stream-${turn}' },
          { repeat: chunks, steps: [{ delayMs }, { say: ' @@s${i}:${time}@@', messageId: 'stream-${turn}' }] },
          { say: ' S4-END-${turn}', messageId: 'stream-${turn}' },
        ],
      },
    ],
  };
}

export function writeTabsScenario(file, size) {
  writeFileSync(file, JSON.stringify(tabsScenario(size), null, 2));
  return file;
}

/** Workbench settings that make the extension's own scripted agent play `scenarioFile`. */
export function tabsAgentSettings(extension, scenarioFile) {
  const agent = { id: 'bench', name: 'Benchmark agent', command: process.execPath, args: [path.join(extension, 'dist', 'demo-agent.js'), '--scenario', scenarioFile] };
  return { 'acp.agents': [agent], 'acp.defaultAgent': 'bench' };
}
