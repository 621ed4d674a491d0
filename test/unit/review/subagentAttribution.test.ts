import * as assert from 'node:assert/strict';
import { toolCallFor } from '../../../src/review/attribution';
import { LocationWatch } from '../../../src/editor/follow/followTarget';
import { Session, SessionTransport } from '../../../src/session/session';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { SessionState } from '../../../src/shared/transcript/model';
import { applySessionUpdate, createSessionState, setTurnState } from '../../../src/shared/transcript/reducer';
import { applyInSubagent } from '../../../src/shared/transcript/subagents';
import { parseChildToolCallRef, subagentTitles } from '../../../src/shared/transcript/subagentRefs';

const same = (p: string): string => p;

function withChild(): SessionState {
  const state = createSessionState('parent');
  setTurnState(state, 'running');
  applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 'p1', title: 'Parent edit', kind: 'edit', status: 'completed', locations: [{ path: '/w/a' }] }, 0);
  applySessionUpdate(state, { sessionUpdate: 'subagent_update', sessionId: 'kid', title: 'Refactorer' }, 0);
  return state;
}

function inChild(state: SessionState, update: Record<string, unknown>) {
  return applyInSubagent(state, 'kid', (child) => applySessionUpdate(child, update, 0)) ?? { entries: [], header: false };
}

describe("a subagent's work attributed to it", () => {
  it("the change ledger attributes a file to the child's tool call, with the child's title", () => {
    const state = withChild();
    inChild(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Edit b', kind: 'edit', status: 'in_progress', content: [{ type: 'diff', path: '/w/b', oldText: 'x', newText: 'y' }] });
    const id = toolCallFor(state, '/w/b', same);
    assert.ok(id);
    assert.deepEqual(parseChildToolCallRef(id), { childSessionId: 'kid', toolCallId: 'c1', title: 'Refactorer' });
    assert.deepEqual(subagentTitles([id, 'p1', id]), ['Refactorer']);
    assert.equal(toolCallFor(state, '/w/a', same), 'p1', "the parent's own calls keep their plain id");
  });

  it("Undo marks the child's card in its thread as undone", () => {
    const session = new Session({ sessionKey: 'k' as SessionKey, sessionId: 'parent', cwd: '/w', roots: ['/w'] }, () => ({}) as SessionTransport);
    session.sessionUpdate({ sessionId: 'parent', update: { sessionUpdate: 'subagent_update', sessionId: 'kid', title: 'Refactorer' } });
    session.sessionUpdate({ sessionId: 'kid', update: { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Edit b', kind: 'edit', status: 'completed', locations: [{ path: '/w/b' }] } });
    const id = toolCallFor(session.state, '/w/b', same);
    assert.ok(id);
    session.markUndone([id]);
    const row = session.state.entries.find((entry) => entry.kind === 'subagent');
    const card = row?.kind === 'subagent' ? row.entries.find((entry) => entry.kind === 'tool_call') : undefined;
    assert.equal(card?.kind === 'tool_call' && card.undone, true);
  });

  it("follow mode follows the child's new locations and names the child", () => {
    const state = withChild();
    const watch = new LocationWatch();
    const change = inChild(state, { sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Read', kind: 'read', status: 'in_progress', locations: [{ path: '/w/c', line: 3 }] });
    assert.deepEqual(watch.next(state, change), { path: '/w/c', line: 3, toolCallId: 'c1', subagent: 'Refactorer' });
    const again = inChild(state, { sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' });
    assert.equal(watch.next(state, again), undefined, 'a location is followed once');
  });
});
