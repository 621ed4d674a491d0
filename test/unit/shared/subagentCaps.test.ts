// A subagent's transcript counts in the session's memory caps: a child flooding text keeps at most the session cap of
// it in memory (its oldest entries leave, to the spill file through the change), its row says so, and the parent's
// budget counts the row by what the child holds (so the parent's cap can drop a finished child's row).
import * as assert from 'node:assert/strict';
import type { SessionChange, SessionState, TranscriptEntry } from '../../../src/shared/transcript/model';
import { applySessionUpdate, createSessionState } from '../../../src/shared/transcript/reducer';
import { applyInSubagent, subagentState } from '../../../src/shared/transcript/subagents';
import type { SubagentEntry } from '../../../src/shared/transcript/subagentModel';
import { entryTextChars, SESSION_TEXT_CAP, TextBudget } from '../../../src/shared/transcript/transcriptCaps';

const CHUNK = 'x'.repeat(64 * 1024);

function say(state: SessionState, messageId: string, text = CHUNK): SessionChange {
  return applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text } }, 1);
}

function announce(state: SessionState, childId: string): void {
  applySessionUpdate(state, { sessionUpdate: 'subagent_update', sessionId: childId, title: 'Flood', state: { state: 'running' } }, 1);
}

function row(state: SessionState, childId: string): SubagentEntry {
  const entry = state.entries.find((item): item is SubagentEntry => item.kind === 'subagent' && item.childSessionId === childId);
  assert.ok(entry);
  return entry;
}

function textOf(entries: readonly TranscriptEntry[]): number {
  return entries.reduce((sum, entry) => sum + entryTextChars(entry), 0);
}

describe("subagent transcripts in the session's memory caps", () => {
  it('a child flooding text keeps at most the cap in memory; what leaves goes out with the change, and its row says so', () => {
    const state = createSessionState('parent');
    const budget = new TextBudget(state);
    announce(state, 'kid');
    const dropped: TranscriptEntry[] = [];
    let flooded = 0;
    for (let i = 0; i < 160; i++) {
      const change = applyInSubagent(state, 'kid', (child) => say(child, `m${i}`));
      assert.ok(change);
      budget.note(change);
      dropped.push(...(change.dropped ?? []));
      flooded += CHUNK.length;
    }
    const child = subagentState(state, 'kid');
    assert.ok(child);
    const held = textOf(child.entries);
    assert.ok(flooded > 2 * SESSION_TEXT_CAP);
    assert.ok(held <= SESSION_TEXT_CAP, `the child holds ${held} characters (cap ${SESSION_TEXT_CAP})`);
    assert.equal(textOf(row(state, 'kid').entries), held, "the row's copy holds no more than the child");
    assert.equal(held + textOf(dropped), flooded, 'every character is either held or handed out for the spill file');
    assert.deepEqual(row(state, 'kid').dropped, { entries: dropped.length, chars: textOf(dropped) });
    // The parent's budget counts the child's row by what the child holds.
    assert.ok(budget.retainedChars >= held && budget.retainedChars <= held + 100, `parent counts ${budget.retainedChars}`);
  });

  it("the parent's cap keeps the row of a child that still works (its updates and requests need it)", () => {
    const state = createSessionState('parent');
    const budget = new TextBudget(state);
    announce(state, 'busy');
    for (let i = 0; i < 100; i++) {
      budget.note(say(state, `p${i}`));
      budget.trim();
    }
    assert.equal(state.entries[0].kind, 'subagent', 'the working child keeps its row');
    assert.ok(applyInSubagent(state, 'busy', (child) => say(child, 'late', 'still here')), 'and its updates find it');
  });

  it("the parent's cap drops a finished child's row like any old entry", () => {
    const state = createSessionState('parent');
    const budget = new TextBudget(state);
    announce(state, 'done');
    for (let i = 0; i < 40; i++) {
      const change = applyInSubagent(state, 'done', (child) => say(child, `c${i}`));
      assert.ok(change);
      budget.note(change);
    }
    applySessionUpdate(state, { sessionUpdate: 'subagent_update', sessionId: 'done', state: { state: 'idle', stopReason: 'end_turn' } }, 1);
    for (let i = 0; i < 40; i++) {
      budget.note(say(state, `p${i}`));
      budget.trim();
    }
    assert.ok(!state.entries.some((entry) => entry.kind === 'subagent'), "the finished child's row left with the oldest entries");
    assert.ok(budget.retainedChars <= SESSION_TEXT_CAP);
  });
});
