import * as assert from 'node:assert/strict';
import type { SessionKey } from '../../../../src/shared/sessionKey';
import { CheckpointStore } from '../../../../webview-ui/src/checkpoints/checkpointStore';

const s1 = 's1' as SessionKey;
const s2 = 's2' as SessionKey;

describe('webview: the checkpoints of the shown session', () => {
  it('answers for the session the links came for only, and counts every change (a late subscriber can tell it missed one)', () => {
    const store = new CheckpointStore();
    const before = store.version;
    store.apply({ type: 'checkpoints', sessionKey: s1, links: [{ entryId: 'e1', turn: 1, files: 2 }] });
    assert.ok(store.version > before);
    assert.deepEqual(store.link(s1, 'e1'), { entryId: 'e1', turn: 1, files: 2 });
    assert.equal(store.link(s2, 'e1'), undefined, 'entry ids repeat across sessions');
    assert.equal(store.link(undefined, 'e1'), undefined);
  });

  it('keeps a plan until it is dismissed, and forgets plans when another session is shown', () => {
    const store = new CheckpointStore();
    store.apply({ type: 'checkpoints', sessionKey: s1, links: [] });
    store.apply({ type: 'checkpointPlan', sessionKey: s1, entryId: 'e1', files: [], unknown: [], error: 'nothing' });
    assert.equal(store.plan(s1, 'e1')?.error, 'nothing');
    store.dismissPlan('e1');
    assert.equal(store.plan(s1, 'e1'), undefined);
    store.apply({ type: 'checkpointPlan', sessionKey: s1, entryId: 'e3', files: [], unknown: [] });
    store.apply({ type: 'checkpoints', sessionKey: s2, links: [] });
    assert.equal(store.plan(s1, 'e3'), undefined);
  });

  it('tells its subscribers, and stops when they leave', () => {
    const store = new CheckpointStore();
    let calls = 0;
    const leave = store.subscribe(() => calls++);
    store.apply({ type: 'checkpoints', sessionKey: s1, links: [] });
    leave();
    store.apply({ type: 'checkpoints', sessionKey: s1, links: [] });
    assert.equal(calls, 1);
  });
});
