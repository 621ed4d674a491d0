// The scripted agent's scenario for the workbench case (played by the extension's own demo-agent.js):
//   "small" → SMALL_ENTRIES transcript entries, then a message SMALL-END (a transcript that overfills the view)
//   "flood" → `entries` transcript entries as fast as the client reads them (agent messages, each with its own
//             messageId, alternating with completed tool calls), then a message FLOOD-END
//   "stream" → one agent message: a first line, then `chunks` chunks `delayMs` apart, each carrying the agent's
//             clock when it was written as "@@<ISO time>@@" (no line breaks: they extend the open paragraph),
//             then STREAM-END-<turn>. Then a second message whose first chunk "@@<time>@@" has no line break for
//             HOLD_MS before one follows: how long a message's unfinished first line stays off screen.
//   "burst" → BURST_CHUNKS chunks of one message, four per timer tick, then BURST-END-<turn>: what a fast model does to the view.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const SMALL_END = 'SMALL-END';
export const FLOOD_END = 'FLOOD-END';
/** The end of stream turn n is marked STREAM-END-n. */
export const streamEnd = (turn) => `STREAM-END-${turn}`;
/** What the probe records the first sighting of. */
export const MARKS = /SMALL-END|FLOOD-END|STREAM-END-\d+|BURST-END-\d+/g;
export const SMALL_ENTRIES = 200;
export const HOLD_MS = 1000;
/** The burst turn: BURST_CHUNKS chunks of one message, four per timer tick (about a second in all), then BURST-END-<turn>. */
export const BURST_CHUNKS = 2000;
/**
 * `@@2026-01-01T00:00:00.000Z@@`: the agent's clock when it wrote the chunk; `@@F…@@` on a message's first line.
 * The probe keys what it sees by group 1 (`F` or nothing) + group 2 (the time).
 */
export const STAMP = /@@(F?)(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)@@/g;

function floodSteps(entries, id, end) {
  const line = 'Entry ${i}: the agent looked at `src/file${i}.ts` and found **nothing** to change in this part.';
  return [
    {
      repeat: entries / 2,
      steps: [
        { update: { sessionUpdate: 'agent_message_chunk', messageId: `${id}-\${i}`, content: { type: 'text', text: line } } },
        { toolCall: { toolCallId: `${id}-tool-\${i}`, title: 'Read src/file${i}.ts', kind: 'read', status: 'completed' } },
      ],
    },
    { say: end, messageId: `${id}-end` },
  ];
}

export function workbenchScenario({ entries, chunks, delayMs }) {
  return {
    name: 'bench-workbench',
    agentInfo: { name: 'bench-workbench-agent', title: 'Benchmark agent' },
    pacing: { chunk: 0, delayMs: 0 },
    turns: [
      { match: '^small$', steps: floodSteps(SMALL_ENTRIES, 'small', SMALL_END) },
      { match: '^flood$', steps: floodSteps(entries, 'flood', FLOOD_END) },
      {
        match: '^burst$',
        steps: [
          { say: 'Burst benchmark, turn ${turn}:\n', messageId: 'burst-${turn}' },
          {
            repeat: BURST_CHUNKS / 4,
            steps: [
              { delayMs: 1 },
              { say: ' word${i}a', messageId: 'burst-${turn}' },
              { say: ' word${i}b', messageId: 'burst-${turn}' },
              { say: ' word${i}c', messageId: 'burst-${turn}' },
              { say: ' word${i}d', messageId: 'burst-${turn}' },
            ],
          },
          { say: ' BURST-END-${turn}', messageId: 'burst-${turn}' },
        ],
      },
      {
        match: '^stream$',
        steps: [
          { say: 'Streaming benchmark, turn ${turn}:\n', messageId: 'stream-${turn}' },
          { repeat: chunks, steps: [{ delayMs }, { say: ' @@${time}@@', messageId: 'stream-${turn}' }] },
          { say: ' STREAM-END-${turn}', messageId: 'stream-${turn}' },
          { say: '@@F${time}@@ first line', messageId: 'first-line-${turn}' },
          { delayMs: HOLD_MS },
          { say: '\nsecond line\n', messageId: 'first-line-${turn}' },
        ],
      },
    ],
  };
}

/** Workbench settings that make the extension's own scripted agent (its demo-agent.js) play `scenarioFile`. */
export function benchAgentSettings(extension, scenarioFile) {
  const agent = { id: 'bench', name: 'Benchmark agent', command: process.execPath, args: [path.join(extension, 'dist', 'demo-agent.js'), '--scenario', scenarioFile] };
  return { 'acp.agents': [agent], 'acp.defaultAgent': 'bench' };
}

export function writeScenario(file, options) {
  writeFileSync(file, JSON.stringify(workbenchScenario(options), null, 2));
  return file;
}
