import type { SessionKey } from '../../../src/shared/sessionKey';
import * as assert from 'node:assert/strict';
import type { SessionState } from '../../../src/shared/model';
import type { HostToWebview } from '../../../src/shared/webviewProtocol';
import { FRAME_MS, PatchCoalescer } from '../../../src/webview/patchCoalescer';
import { ManualScheduler } from '../helpers/manualScheduler';

function state(ids: string[]): SessionState {
  return {
    sessionId: 's1',
    header: { turn: 'running', plan: [], availableCommands: [], availableModes: [], configOptions: [] },
    entries: ids.map((id) => ({ kind: 'agent', id, rev: 1, content: [{ type: 'text', text: id }] })),
  };
}

describe('patch coalescer', () => {
  it('posts many changes within one frame as a single message with each entry once, in transcript order', () => {
    const posts: HostToWebview[] = [];
    const scheduler = new ManualScheduler();
    const coalescer = new PatchCoalescer((m) => posts.push(m), scheduler);
    const session = state(['e1', 'e2', 'e3']);
    coalescer.track({ key: 's1' as SessionKey, state: session });
    for (let i = 0; i < 100; i++) coalescer.add({ entries: ['e3'], header: false });
    coalescer.add({ entries: ['e1'], header: true });
    assert.equal(posts.length, 0, 'nothing is posted before the frame ends');
    scheduler.advance(FRAME_MS);
    assert.equal(posts.length, 1);
    const post = posts[0];
    assert.equal(post.type, 'entries');
    if (post.type !== 'entries') return;
    assert.deepEqual(post.upserts?.map((e) => e.id), ['e1', 'e3']);
    assert.equal(post.totalEntries, 3);
    assert.ok(post.header, 'the header rides along');
  });

  it('never posts more than once per frame under a continuous stream', () => {
    const posts: HostToWebview[] = [];
    const scheduler = new ManualScheduler();
    const coalescer = new PatchCoalescer((m) => posts.push(m), scheduler);
    const session = state(['e1']);
    coalescer.track({ key: 's1' as SessionKey, state: session });
    for (let ms = 0; ms < 1000; ms++) {
      session.entries[0].rev++;
      coalescer.add({ entries: ['e1'], header: false });
      scheduler.advance(1);
    }
    assert.ok(posts.length <= Math.ceil(1000 / FRAME_MS) + 1, `${posts.length} posts in one second`);
    assert.ok(posts.length >= 50, `${posts.length} posts: updates still flow every frame`);
  });

  it('posts a header-only change as a header message', () => {
    const posts: HostToWebview[] = [];
    const scheduler = new ManualScheduler();
    const coalescer = new PatchCoalescer((m) => posts.push(m), scheduler);
    coalescer.track({ key: 's1' as SessionKey, state: state([]) });
    coalescer.add({ entries: [], header: true });
    scheduler.advance(FRAME_MS);
    assert.deepEqual(posts.map((p) => p.type), ['header']);
  });

  it('drops pending changes when it follows another session or is reset', () => {
    const posts: HostToWebview[] = [];
    const scheduler = new ManualScheduler();
    const coalescer = new PatchCoalescer((m) => posts.push(m), scheduler);
    coalescer.track({ key: 's1' as SessionKey, state: state(['e1']) });
    coalescer.add({ entries: ['e1'], header: true });
    coalescer.track({ key: 's1' as SessionKey, state: state(['x']) });
    assert.equal(scheduler.pending, 0);
    scheduler.advance(100);
    assert.equal(posts.length, 0);
  });
});
