// What a flood consists of: each mix yields `session/update` payloads (the `update` object) in a fixed order.
//
// ingest  `chunks` agent_message_chunk and `tools` tool_call_update, spread evenly (default 200,000 and 20,000),
//         each about 2 KB of JSON. A new messageId every 100 chunks; every 100 tool updates go to one tool call
//         (unknown ids create it), the last of them completes it.
// replay  `count` (default 10,000) mixed updates as a session/load replays them: user and agent messages,
//         thoughts, tool calls with updates, plans. Chunks are short, tool content about 2 KB.
// huge    ONE agent_message_chunk of `hugeChars` characters (default 60 MiB), then `chunks` (default 20,000) chunks of
//         about 2 KB, a new message every 100 (the huge one is a message of its own).
// empty   nothing (a baseline for clients that can only be timed as a whole process).
import { textPool } from './text.mjs';

const CHUNK_CHARS = 1900;
const POOL = 64;

function spread(total, minority) {
  // True for `minority` of the indices 0..total-1, evenly spaced.
  return (k) => Math.floor(((k + 1) * minority) / total) > Math.floor((k * minority) / total);
}

function* ingest({ chunks = 200_000, tools = 20_000 }) {
  const texts = textPool(POOL, CHUNK_CHARS);
  const isTool = spread(chunks + tools, tools);
  let chunk = 0;
  let tool = 0;
  for (let k = 0; k < chunks + tools; k++) {
    if (isTool(k) && tool < tools) {
      const last = tool % 100 === 99 || tool === tools - 1;
      yield {
        sessionUpdate: 'tool_call_update',
        toolCallId: `tc-${Math.floor(tool / 100)}`,
        status: last ? 'completed' : 'in_progress',
        content: [{ type: 'content', content: { type: 'text', text: `${texts[tool % POOL]} #${tool}` } }],
      };
      tool++;
    } else {
      yield {
        sessionUpdate: 'agent_message_chunk',
        messageId: `m-${Math.floor(chunk / 100)}`,
        content: { type: 'text', text: `${texts[chunk % POOL]} #${chunk}` },
      };
      chunk++;
    }
  }
}

/** One cycle of a replayed conversation turn: 20 updates. */
function replayCycle(cycle, short, long) {
  const id = `r${cycle}`;
  const text = (n) => `${short[(cycle + n) % POOL]} ${cycle}.${n}`;
  const updates = [
    { sessionUpdate: 'user_message_chunk', messageId: `${id}-u`, content: { type: 'text', text: text(0) } },
    ...[1, 2, 3].map((n) => ({ sessionUpdate: 'agent_thought_chunk', messageId: `${id}-t`, content: { type: 'text', text: text(n) } })),
    ...[4, 5, 6, 7, 8].map((n) => ({ sessionUpdate: 'agent_message_chunk', messageId: `${id}-a`, content: { type: 'text', text: text(n) } })),
    {
      sessionUpdate: 'tool_call', toolCallId: `${id}-tool`, title: `Edit file ${cycle}`, kind: 'edit', status: 'pending',
      locations: [{ path: `/work/src/file${cycle}.ts`, line: cycle % 300 }],
    },
    ...[0, 1, 2].map((n) => ({
      sessionUpdate: 'tool_call_update', toolCallId: `${id}-tool`, status: 'in_progress',
      content: [{ type: 'content', content: { type: 'text', text: `${long[(cycle + n) % POOL]}` } }],
    })),
    {
      sessionUpdate: 'tool_call_update', toolCallId: `${id}-tool`, status: 'completed',
      content: [{ type: 'diff', path: `/work/src/file${cycle}.ts`, oldText: long[cycle % POOL], newText: `${long[cycle % POOL]}\n// edited` }],
    },
    {
      sessionUpdate: 'plan',
      entries: ['Read the code', 'Change it', 'Run the tests', 'Report'].map((content, n) => ({
        content, priority: 'medium', status: n < cycle % 5 ? 'completed' : 'pending',
      })),
    },
    ...[9, 10, 11, 12].map((n) => ({ sessionUpdate: 'agent_message_chunk', messageId: `${id}-b`, content: { type: 'text', text: text(n) } })),
  ];
  return updates;
}

function* replay({ count = 10_000 }) {
  const short = textPool(POOL, 240, 11);
  const long = textPool(POOL, 1900, 23);
  let sent = 0;
  for (let cycle = 0; sent < count; cycle++) {
    for (const update of replayCycle(cycle, short, long)) {
      if (sent++ >= count) return;
      yield update;
    }
  }
}

function* huge({ hugeChars = 60 * 1024 * 1024, chunks = 20_000 }) {
  const texts = textPool(POOL, CHUNK_CHARS);
  const unit = `${texts[0]}\n`;
  yield { sessionUpdate: 'agent_message_chunk', messageId: 'huge', content: { type: 'text', text: unit.repeat(Math.ceil(hugeChars / unit.length)).slice(0, hugeChars) } };
  for (let chunk = 0; chunk < chunks; chunk++) {
    yield { sessionUpdate: 'agent_message_chunk', messageId: `m-${Math.floor(chunk / 100)}`, content: { type: 'text', text: `${texts[chunk % POOL]} #${chunk}` } };
  }
}

function* empty() {}

export const MIXES = { ingest, replay, huge, empty };

/** The updates of mix `name` with its options (numbers), or an error for an unknown mix. */
export function updatesOf(name, options = {}) {
  const mix = MIXES[name];
  if (!mix) throw new Error(`unknown mix "${name}" (known: ${Object.keys(MIXES).join(', ')})`);
  return mix(options);
}
