// The scripted agent's scenario for the stream case (played by the extension's own dist/demo-agent.js, in the
// product's window and in the floor's), and the session store its session/load reads. Each window gets its own
// copy of both, so /proc tells the windows' agents (and so their extension hosts) apart by the file in the agent's
// command line.
//
//   "stream" → one message: a first line, then `stream.chunks` chunks `stream.delayMs` apart, each stamped with
//              the agent's clock when it was written as "@@c<i>:<ISO time>@@", then STREAM-END.
//   "tools"  → `tools.pairs` pairs `tools.delayMs` apart: a tool_call whose title carries "@@t<i>:<time>@@" and its
//              tool_call_update (completed, the title stamped "@@u<i>:<time>@@"); then a message TOOLS-END.
//   "long"   → a 10k-entry transcript: `long.entries` entries as fast as the client reads them (agent messages, each
//              its own, alternating with completed tool calls), then one message of `long.chunks` chunks
//              `long.delayMs` apart, each stamped "@@l<i>:<time>@@", then LONG-END: streaming below a long transcript.
//   "flood"  → one message: a first line, then `flood.chunks` chunks " f<i>" as fast as the client reads them, then
//              " FLOOD-END @@e0:<time>@@" (the last write, stamped).
//   session/load of LOAD_SESSION_ID → its stored history: `load.turns` turns (a user message, an agent answer), the
//              last answer ending in LOAD-END.
import { writeFileSync } from 'node:fs';

export const LOAD_SESSION_ID = 'bench-load';
export const LOAD_TITLE = 'Load benchmark';
export const MARK = { stream: 'STREAM-END', tools: 'TOOLS-END', long: 'LONG-END', load: 'LOAD-END', flood: 'FLOOD-END' };
/** "@@<letter><n>:<ISO time>@@": the probe keys what it sees by "<letter><n>:" + the time. */
export const STAMP = /@@([a-z]\d*:)(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)@@/g;
export const MARKS = /(?:STREAM|TOOLS|LONG|LOAD|FLOOD)-END/g;
export const probeOptions = { stampPattern: STAMP.source, markPattern: MARKS.source, countMessages: true };

const ISO_LENGTH = '2026-01-01T00:00:00.000Z'.length;
const stampLength = (prefix) => `@@${prefix}:@@`.length + ISO_LENGTH;
const sumOver = (n, f) => Array.from({ length: n }, (_, i) => f(i)).reduce((a, b) => a + b, 0);

/** The sizes at full scale; `quick` divides them by 10. */
export function sizes(quick) {
  const scale = quick ? 10 : 1;
  return {
    stream: { chunks: 2_000 / scale, delayMs: 5 },
    flood: { chunks: 20_000 / scale },
    tools: { pairs: 300 / scale, delayMs: 20 },
    long: { entries: 10_000 / scale, chunks: 200 / scale, delayMs: 20 },
    load: { turns: 2_000 / scale },
  };
}

function streamTurn({ chunks, delayMs }) {
  return {
    match: '^stream$',
    steps: [
      { say: 'Streaming benchmark:\n', messageId: 'stream' },
      { repeat: chunks, steps: [{ delayMs }, { say: ' @@c${i}:${time}@@', messageId: 'stream' }] },
      { say: ` ${MARK.stream}`, messageId: 'stream' },
    ],
  };
}

function toolsTurn({ pairs, delayMs }) {
  return {
    match: '^tools$',
    steps: [
      {
        repeat: pairs,
        steps: [
          { delayMs },
          { toolCall: { toolCallId: 'tool-${i}', title: 'Read src/file${i}.ts @@t${i}:${time}@@', kind: 'read', status: 'in_progress' } },
          { toolUpdate: { toolCallId: 'tool-${i}', title: 'Read src/file${i}.ts, done @@u${i}:${time}@@', status: 'completed' } },
        ],
      },
      { say: MARK.tools, messageId: 'tools-end' },
    ],
  };
}

const LONG_LINE = 'Entry ${i}: the agent looked at `src/file${i}.ts` and found **nothing** to change in this part.';
const LONG_TITLE = 'Read src/file${i}.ts';
const LONG_HEAD = 'Streaming below a long transcript:\n';

function longTurn({ entries, chunks, delayMs }) {
  return {
    match: '^long$',
    steps: [
      {
        repeat: entries / 2,
        steps: [
          { update: { sessionUpdate: 'agent_message_chunk', messageId: 'long-${i}', content: { type: 'text', text: LONG_LINE } } },
          { toolCall: { toolCallId: 'long-tool-${i}', title: LONG_TITLE, kind: 'read', status: 'completed' } },
        ],
      },
      { say: LONG_HEAD, messageId: 'long-stream' },
      { repeat: chunks, steps: [{ delayMs }, { say: ' @@l${i}:${time}@@', messageId: 'long-stream' }] },
      { say: ` ${MARK.long}`, messageId: 'long-stream' },
    ],
  };
}

function floodTurn({ chunks }) {
  return {
    match: '^flood$',
    steps: [
      { say: 'Flood benchmark:\n', messageId: 'flood' },
      { repeat: chunks, steps: [{ say: ' f${i}', messageId: 'flood' }] },
      { say: ` ${MARK.flood} @@e0:\${time}@@`, messageId: 'flood' },
    ],
  };
}

/** The text of each chunk the agent writes in each turn, so that "characters streamed" is known exactly. */
export function streamedCharacters({ stream, tools, long, flood, load }) {
  const fill = (template, i) => template.replaceAll('${i}', String(i));
  return {
    stream: 'Streaming benchmark:\n'.length + sumOver(stream.chunks, (i) => 1 + stampLength(`c${i}`)) + 1 + MARK.stream.length,
    tools:
      sumOver(tools.pairs, (i) => `Read src/file${i}.ts `.length + stampLength(`t${i}`) + `Read src/file${i}.ts, done `.length + stampLength(`u${i}`)) +
      MARK.tools.length,
    long:
      sumOver(long.entries / 2, (i) => fill(LONG_LINE, i).length + fill(LONG_TITLE, i).length) +
      LONG_HEAD.length +
      sumOver(long.chunks, (i) => 1 + stampLength(`l${i}`)) +
      1 +
      MARK.long.length,
    flood: 'Flood benchmark:\n'.length + sumOver(flood.chunks, (i) => ` f${i}`.length) + ` ${MARK.flood} `.length + stampLength('e0'),
    load: loadHistory(load.turns).reduce((sum, update) => sum + update.content.text.length, 0),
  };
}

function loadHistory(turns) {
  const history = [];
  for (let i = 0; i < turns; i++) {
    history.push({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: `Question ${i}: what does src/file${i}.ts do?` } });
    const end = i === turns - 1 ? ` ${MARK.load}` : '';
    history.push({ sessionUpdate: 'agent_message_chunk', messageId: `answer-${i}`, content: { type: 'text', text: `Answer ${i}: it reads \`src/file${i}.ts\` and changes **nothing** in it.${end}` } });
  }
  return history;
}

/** Writes the scenario and its store for one window; returns the scenario file. */
export function writeStreamScenario({ scenarioFile, storeFile, cwd, sizes: given }) {
  const scenario = {
    name: 'bench-stream',
    agentInfo: { name: 'bench-stream-agent', title: 'Stream benchmark agent' },
    agentCapabilities: { loadSession: true, promptCapabilities: { image: false, audio: false, embeddedContext: false }, sessionCapabilities: { list: {} } },
    store: storeFile,
    pacing: { chunk: 0, delayMs: 0 },
    turns: [streamTurn(given.stream), toolsTurn(given.tools), longTurn(given.long), floodTurn(given.flood), { steps: [{ say: 'Unknown benchmark prompt.' }] }],
  };
  const store = { version: 1, sessions: [{ sessionId: LOAD_SESSION_ID, cwd, title: LOAD_TITLE, updatedAt: '2000-01-01T00:00:00.000Z', history: loadHistory(given.load.turns) }] };
  writeFileSync(storeFile, JSON.stringify(store));
  writeFileSync(scenarioFile, JSON.stringify(scenario, null, 2));
  return scenarioFile;
}
