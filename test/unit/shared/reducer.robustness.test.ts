import * as assert from 'node:assert/strict';
import type { SessionState } from '../../../src/shared/transcript/model';
import {
  addUserMessage,
  applySessionUpdate,
  clearPermissionRequest,
  createSessionState,
  endTurn,
  setPermissionRequest,
} from '../../../src/shared/transcript/reducer';

const KINDS = [
  'agent_message_chunk',
  'agent_thought_chunk',
  'user_message_chunk',
  'tool_call',
  'tool_call_update',
  'tool_call_content_chunk',
  'plan',
  'available_commands_update',
  'current_mode_update',
  'config_option_update',
  'session_info_update',
  'usage_update',
  'notice',
  'compaction_update',
  'compaction_summary_chunk',
];
const FIELDS = [
  'content', 'messageId', 'toolCallId', 'title', 'kind', 'status', 'locations', 'rawInput', 'rawOutput', '_meta',
  'entries', 'availableCommands', 'currentModeId', 'modeId', 'configOptions', 'used', 'size', 'cost', 'updatedAt',
  'type', 'text', 'path', 'newText', 'terminalId', 'optionId', 'name', '__proto__', 'constructor',
  'severity', 'description', 'compactionId', 'summary', 'error',
];

/** A small deterministic PRNG (mulberry32), so a failure can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function junk(rand: () => number, depth: number): unknown {
  const pick = Math.floor(rand() * (depth > 2 ? 7 : 10));
  switch (pick) {
    case 0: return null;
    case 1: return Math.floor(rand() * 2000) - 1000;
    case 2: return rand() < 0.5;
    case 3: return ['', 'text', 'c1', 'diff', 'pending', '_x', 'toString'][Math.floor(rand() * 7)];
    case 4: return undefined;
    case 5: return rand() * 1e308 * (rand() < 0.5 ? -1 : 1);
    case 6: return KINDS[Math.floor(rand() * KINDS.length)];
    case 7: return Array.from({ length: Math.floor(rand() * 4) }, () => junk(rand, depth + 1));
    default: {
      const obj: Record<string, unknown> = {};
      const n = Math.floor(rand() * 6);
      for (let i = 0; i < n; i++) obj[FIELDS[Math.floor(rand() * FIELDS.length)]] = junk(rand, depth + 1);
      return obj;
    }
  }
}

function junkUpdate(rand: () => number): unknown {
  if (rand() < 0.1) return junk(rand, 0);
  const update = junk(rand, 1);
  const base = update !== null && typeof update === 'object' && !Array.isArray(update) ? update : {};
  return { ...base, sessionUpdate: KINDS[Math.floor(rand() * KINDS.length)], toolCallId: rand() < 0.7 ? `c${Math.floor(rand() * 4)}` : junk(rand, 2) };
}

function checkInvariants(state: SessionState): void {
  const ids = new Set<string>();
  for (const entry of state.entries) {
    assert.equal(typeof entry.id, 'string');
    assert.ok(!ids.has(entry.id), `duplicate entry id ${entry.id}`);
    ids.add(entry.id);
    assert.ok(Number.isInteger(entry.rev) && entry.rev >= 1);
    if (entry.kind === 'tool_call') {
      assert.equal(typeof entry.title, 'string');
      assert.equal(typeof entry.toolKind, 'string');
      assert.equal(typeof entry.status, 'string');
      assert.ok(Array.isArray(entry.content) && Array.isArray(entry.locations));
      for (const item of entry.content) assert.equal(typeof item.type, 'string');
      for (const location of entry.locations) assert.equal(typeof location.path, 'string');
      assert.equal(Object.getPrototypeOf(entry.extra), Object.prototype);
    } else if (entry.kind !== 'notice' && entry.kind !== 'elicitation') {
      for (const block of entry.kind === 'compaction' ? entry.summary : entry.kind === 'subagent' ? [] : entry.content) {
        assert.equal(typeof block.type, 'string');
        if (block.type === 'text') assert.equal(typeof block.text, 'string');
      }
    }
  }
  const h = state.header;
  assert.ok(Array.isArray(h.plan) && Array.isArray(h.availableCommands) && Array.isArray(h.configOptions));
  for (const item of h.plan) assert.equal(typeof item.status, 'string');
}

describe('reducer: unknown and malformed input', () => {
  it('ignores unknown sessionUpdate variants and reports them', () => {
    const state = createSessionState('s');
    const seen: string[] = [];
    const onUnknown = (kind: string): void => void seen.push(kind);
    assert.deepEqual(applySessionUpdate(state, { sessionUpdate: '_vendor_progress', percent: 5 }, 0, onUnknown), {
      entries: [],
      header: false,
    });
    applySessionUpdate(state, { sessionUpdate: 'agent_message', messageId: 'm', content: [] }, 0, onUnknown);
    applySessionUpdate(state, { sessionUpdate: 'constructor' }, 0, onUnknown);
    applySessionUpdate(state, { sessionUpdate: 'toString' }, 0, onUnknown);
    applySessionUpdate(state, { content: { type: 'text', text: 'x' } }, 0, onUnknown);
    applySessionUpdate(state, 'agent_message_chunk', 0, onUnknown);
    applySessionUpdate(state, [{ sessionUpdate: 'plan', entries: [] }], 0, onUnknown);
    assert.deepEqual(seen, ['_vendor_progress', 'agent_message', 'constructor', 'toString', '(missing)', '(not an object)', '(not an object)']);
    assert.equal(state.entries.length, 0);
    assert.deepEqual(state.header, createSessionState('s').header);
  });

  it('does not report known variants with unusable fields as unknown', () => {
    const state = createSessionState('s');
    const seen: string[] = [];
    applySessionUpdate(state, { sessionUpdate: 'tool_call' }, 0, (k) => seen.push(k));
    applySessionUpdate(state, { sessionUpdate: 'plan' }, 0, (k) => seen.push(k));
    assert.deepEqual(seen, []);
  });

  it('never throws on random junk and keeps the state well formed (20k updates, fixed seeds)', () => {
    for (const seed of [1, 2, 3, 4]) {
      const rand = prng(seed);
      const state = createSessionState('fuzz');
      for (let i = 0; i < 5000; i++) {
        const r = rand();
        if (r < 0.9) applySessionUpdate(state, junkUpdate(rand), i);
        else if (r < 0.94) setPermissionRequest(state, junk(rand, 0), junk(rand, 0), `k${i % 5}`);
        else if (r < 0.97) clearPermissionRequest(state, `k${i % 5}`);
        else if (r < 0.99) addUserMessage(state, junk(rand, 0) as never);
        else endTurn(state, junk(rand, 2) as never);
      }
      checkInvariants(state);
      assert.ok(state.entries.length > 0, `seed ${seed} produced entries`);
    }
  });

  it('survives every known variant with every field set to each wrong-typed value', () => {
    const wrong: unknown[] = [null, 0, -1, true, '', 'x', [], [null], {}, { type: 5 }, [[]], NaN];
    const state = createSessionState('s');
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'T' }, 0);
    for (const sessionUpdate of KINDS) {
      for (const field of FIELDS) {
        for (const value of wrong) {
          applySessionUpdate(state, { sessionUpdate, toolCallId: 'c1', [field]: value }, 0);
        }
      }
    }
    checkInvariants(state);
  });
});
