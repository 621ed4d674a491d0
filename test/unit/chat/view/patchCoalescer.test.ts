import type { SessionKey } from '../../../../src/shared/sessionKey';
import * as assert from 'node:assert/strict';
import type { SessionState } from '../../../../src/shared/transcript/model';
import type { HostToWebview } from '../../../../src/shared/protocol/webviewProtocol';
import { ACK_WAIT_MS, FRAME_MS, IN_FLIGHT_LIMIT, PatchCoalescer, QUIET_MS } from '../../../../src/chat/view/patchCoalescer';
import { ManualScheduler } from '../../helpers/manualScheduler';
import type { FrameScheduler } from '../../../../src/shared/frameScheduler';
import { hostScheduler } from '../../../../src/chat/view/timerScheduler';
import { applySessionUpdate, createSessionState } from '../../../../src/shared/transcript/reducer';

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

  it('never posts more than once per frame under a continuous stream (to a view that keeps up)', () => {
    const posts: HostToWebview[] = [];
    const scheduler = new ManualScheduler();
    const coalescer: PatchCoalescer = new PatchCoalescer((m) => {
      posts.push(m);
      if ((m.type === 'entries' || m.type === 'header') && m.seq !== undefined) coalescer.applied(m.seq);
    }, scheduler);
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

  describe('flow control: few posts in flight', () => {
    /** A stream of one message, a chunk a millisecond, for `ms`; the view acknowledges only what the test says. */
    function streamTo(coalescer: PatchCoalescer, scheduler: ManualScheduler, session: SessionState, ms: number): void {
      for (let i = 0; i < ms; i++) {
        session.entries[0].rev++;
        coalescer.add({ entries: ['e1'], header: false });
        scheduler.advance(1);
      }
    }
    /** A coalescer following a session of these entries, its posts collected (never acknowledged unless a test does). */
    function following(ids: string[]): { posts: HostToWebview[]; scheduler: ManualScheduler; coalescer: PatchCoalescer; session: SessionState } {
      const posts: HostToWebview[] = [];
      const scheduler = new ManualScheduler();
      const coalescer = new PatchCoalescer((m) => posts.push(m), scheduler);
      const session = state(ids);
      coalescer.track({ key: 's1' as SessionKey, state: session });
      return { posts, scheduler, coalescer, session };
    }
    const seqOf = (post: HostToWebview | undefined): number | undefined => (post?.type === 'entries' || post?.type === 'header' ? post.seq : undefined);

    it(`holds changes while ${IN_FLIGHT_LIMIT} posts are not acknowledged, then posts them merged as the view acknowledges`, () => {
      const { posts, scheduler, coalescer, session } = following(['e1']);
      streamTo(coalescer, scheduler, session, 5 * FRAME_MS);
      assert.equal(posts.length, IN_FLIGHT_LIMIT, 'no more posts while the view has not taken them');
      assert.deepEqual(posts.map(seqOf), [1, 2]);
      coalescer.applied(1);
      assert.equal(posts.length, 3, 'the view took one: what waited goes out at once');
      const merged = posts[2];
      assert.ok(merged.type === 'entries' && merged.deltas?.length === 1, 'in one post');
      streamTo(coalescer, scheduler, session, 3 * FRAME_MS);
      assert.equal(posts.length, 3, 'two in flight again');
      coalescer.applied(3);
      assert.equal(posts.length, 4);
    });

    it(`posts after ${ACK_WAIT_MS} ms without an answer (a view that stopped drawing)`, () => {
      const { posts, scheduler, coalescer, session } = following(['e1']);
      streamTo(coalescer, scheduler, session, 3 * FRAME_MS);
      assert.equal(posts.length, IN_FLIGHT_LIMIT);
      scheduler.advance(ACK_WAIT_MS - 2 * FRAME_MS);
      assert.equal(posts.length, IN_FLIGHT_LIMIT, 'still waiting');
      scheduler.advance(2 * FRAME_MS);
      assert.equal(posts.length, IN_FLIGHT_LIMIT + 1, 'it stops waiting');
    });

    it('ignores an acknowledgement of a post it never made, or an old one again', () => {
      const { posts, scheduler, coalescer, session } = following(['e1']);
      coalescer.applied(99);
      streamTo(coalescer, scheduler, session, 4 * FRAME_MS);
      assert.equal(posts.length, IN_FLIGHT_LIMIT, 'a made-up number releases nothing');
      coalescer.applied(0);
      assert.equal(posts.length, IN_FLIGHT_LIMIT);
    });

    it('a snapshot starts over: what was in flight does not hold the next changes', () => {
      const { posts, scheduler, coalescer, session } = following(['e1']);
      streamTo(coalescer, scheduler, session, 3 * FRAME_MS);
      coalescer.resetTo({ entries: session.entries, header: session.header, totalEntries: 1 });
      const before = posts.length;
      streamTo(coalescer, scheduler, session, FRAME_MS + 1);
      assert.equal(posts.length, before + 2, 'posted at once, and a frame later');
    });
  });

  it('forgets what it sent of entries the session dropped (their text is not kept alive by the records)', () => {
    const posts: HostToWebview[] = [];
    const scheduler = new ManualScheduler();
    const coalescer = new PatchCoalescer((m) => posts.push(m), scheduler);
    const session = state(['e1', 'e2', 'e3']);
    coalescer.track({ key: 's1' as SessionKey, state: session });
    coalescer.add({ entries: ['e1', 'e2', 'e3'], header: false });
    scheduler.advance(FRAME_MS);
    assert.equal(coalescer.rememberedEntries, 3);
    // The transcript's cap drops the two oldest entries; a new one comes.
    session.entries.splice(0, 2);
    session.entries.push({ kind: 'agent', id: 'e4', rev: 1, content: [{ type: 'text', text: 'e4' }] });
    coalescer.add({ entries: ['e4'], header: false });
    scheduler.advance(FRAME_MS);
    assert.equal(coalescer.rememberedEntries, 2, 'only e3 and e4 are remembered');
    const last = posts.at(-1);
    assert.ok(last?.type === 'entries' && last.upserts?.[0]?.id === 'e4');
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

  describe('messages the agent sent together', () => {
    const call = { sessionUpdate: 'tool_call', toolCallId: 'read-1', title: 'Read a.ts', kind: 'read', status: 'in_progress' };
    const update = { sessionUpdate: 'tool_call_update', toolCallId: 'read-1', title: 'Read a.ts, done', status: 'completed' };

    // Posts are cloned as postMessage does: the host's entries change in place afterwards.
    it('posts a tool call and the update handled in the next turn of the event loop as one card in its final state', () => {
      const posts: HostToWebview[] = [];
      const scheduler = new ManualScheduler();
      const coalescer = new PatchCoalescer((m) => posts.push(structuredClone(m)), scheduler);
      const session = createSessionState('a1');
      coalescer.track({ key: 's1' as SessionKey, state: session });
      coalescer.add(applySessionUpdate(session, call, 0));
      scheduler.turn(); // the connection handles one message per turn
      coalescer.add(applySessionUpdate(session, update, 0));
      scheduler.advance(QUIET_MS);
      assert.equal(posts.length, 1, 'one post');
      const post = posts[0];
      assert.ok(post.type === 'entries' && post.upserts?.length === 1);
      assert.equal(post.upserts[0].kind === 'tool_call' && post.upserts[0].status, 'completed');
      assert.ok(scheduler.now() < FRAME_MS, 'without waiting for the frame to end');
    });

    it('posts a tool call and an update read a fraction of a millisecond later as one card', () => {
      const posts: HostToWebview[] = [];
      const scheduler = new ManualScheduler();
      const coalescer = new PatchCoalescer((m) => posts.push(structuredClone(m)), scheduler);
      const session = createSessionState('a1');
      coalescer.track({ key: 's1' as SessionKey, state: session });
      coalescer.add(applySessionUpdate(session, call, 0));
      scheduler.turn();
      scheduler.turn();
      scheduler.time += QUIET_MS / 2; // the next read
      coalescer.add(applySessionUpdate(session, update, 0));
      scheduler.advance(QUIET_MS);
      assert.deepEqual(posts.map((p) => (p.type === 'entries' ? p.upserts?.map((e) => e.kind === 'tool_call' && e.status) : p.type)), [['completed']]);
    });

    it('posts after a quiet frame without waiting for the frame to end', () => {
      const posts: HostToWebview[] = [];
      const scheduler = new ManualScheduler();
      const coalescer = new PatchCoalescer((m) => posts.push(structuredClone(m)), scheduler);
      const session = createSessionState('a1');
      coalescer.track({ key: 's1' as SessionKey, state: session });
      coalescer.add(applySessionUpdate(session, call, 0));
      scheduler.advance(QUIET_MS);
      assert.equal(posts.length, 1, `posted ${QUIET_MS} ms after the change`);
    });

    it('posts by the end of the frame while changes keep coming turn after turn', () => {
      const posts: HostToWebview[] = [];
      const scheduler = new ManualScheduler();
      const coalescer = new PatchCoalescer((m) => posts.push(structuredClone(m)), scheduler);
      const session = createSessionState('a1');
      coalescer.track({ key: 's1' as SessionKey, state: session });
      coalescer.add(applySessionUpdate(session, call, 0));
      for (let ms = 0; ms < FRAME_MS && posts.length === 0; ms++) {
        scheduler.time++;
        scheduler.turn();
        coalescer.add(applySessionUpdate(session, { ...update, title: `Read a.ts ${ms}` }, 0));
      }
      assert.equal(posts.length, 1, 'posted within the frame');
    });

    it('on the real event loop, with the messages handled as vscode-jsonrpc does (one per setImmediate), posts once', async () => {
      // The host's own turns (setImmediate), on a clock that moves only as the test says.
      const clock = new ManualScheduler();
      const scheduler: FrameScheduler = { soon: hostScheduler.soon, schedule: (callback, delayMs) => clock.schedule(callback, delayMs), now: () => clock.now() };
      const posts: HostToWebview[] = [];
      let posted: () => void = () => undefined;
      const firstPost = new Promise<void>((resolve) => (posted = resolve));
      const coalescer = new PatchCoalescer((m) => {
        posts.push(structuredClone(m));
        posted();
      }, scheduler);
      const session = createSessionState('a1');
      coalescer.track({ key: 's1' as SessionKey, state: session });
      const queue = [call, update];
      const handleNext = (): void => {
        const message = queue.shift();
        if (!message) return;
        coalescer.add(applySessionUpdate(session, message, 0));
        // Handling a message takes a while (parsing, the reducer, listeners): longer than QUIET_MS.
        clock.time += 3;
        setImmediate(handleNext);
      };
      setImmediate(handleNext);
      await firstPost;
      // Nothing more to post after a few frames and turns.
      clock.advance(3 * FRAME_MS);
      for (let turn = 0; turn < 5; turn++) await new Promise(setImmediate);
      coalescer.reset();
      assert.deepEqual(
        posts.map((p) => (p.type === 'entries' ? p.upserts?.map((e) => (e.kind === 'tool_call' ? e.status : e.kind)) ?? p.deltas?.map((d) => d.set?.status) : p.type)),
        [['completed']],
        'one post, of the card as it ended up',
      );
    });
  });
});
