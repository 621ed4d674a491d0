import * as assert from 'node:assert/strict';
import { FRAME_MS } from '../../../../src/shared/frameScheduler';
import { FrameShare, STREAMING_MS } from '../../../../src/chat/view/frameShare';
import { PatchCoalescer } from '../../../../src/chat/view/patchCoalescer';
import type { SessionState } from '../../../../src/shared/model';
import type { SessionKey } from '../../../../src/shared/sessionKey';
import type { HostToWebview } from '../../../../src/shared/webviewProtocol';
import { ManualScheduler } from '../../helpers/manualScheduler';

function streamingSession(): SessionState {
  return {
    sessionId: 's1',
    header: { turn: 'running', plan: [], availableCommands: [], availableModes: [], configOptions: [] },
    entries: [{ kind: 'agent', id: 'e1', rev: 1, content: [{ type: 'text', text: 'e1' }] }],
  };
}

/** A view on the shared frames whose document takes every post at once (it acknowledges each). */
function view(scheduler: ManualScheduler, frames: FrameShare): { posts: number[]; stream(): void } {
  const posts: number[] = [];
  const coalescer: PatchCoalescer = new PatchCoalescer(
    (message: HostToWebview) => {
      posts.push(scheduler.now());
      if ((message.type === 'entries' || message.type === 'header') && message.seq !== undefined) coalescer.applied(message.seq);
    },
    scheduler,
    undefined,
    undefined,
    frames,
  );
  const session = streamingSession();
  coalescer.track({ key: `s${Math.random()}` as SessionKey, state: session });
  return {
    posts,
    stream: () => {
      session.entries[0].rev++;
      coalescer.add({ entries: ['e1'], header: false });
    },
  };
}

/** Each of `streaming` gets a chunk every millisecond for `ms`. */
function run(scheduler: ManualScheduler, streaming: { stream(): void }[], ms: number): void {
  for (let i = 0; i < ms; i++) {
    streaming.forEach((v) => v.stream());
    scheduler.advance(1);
  }
}

const gaps = (times: number[]): number[] => times.slice(1).map((t, i) => t - times[i]);

describe('frame share: the chat views on one renderer take turns', () => {
  it('a view alone posts every frame (another view that is not posting does not slow it)', () => {
    const scheduler = new ManualScheduler();
    const frames = new FrameShare();
    const alone = view(scheduler, frames);
    const idle = view(scheduler, frames);
    run(scheduler, [alone], 1000);
    assert.equal(idle.posts.length, 0);
    assert.ok(alone.posts.length >= 55, `${alone.posts.length} posts in a second`);
    assert.ok(Math.max(...gaps(alone.posts)) <= FRAME_MS + 1, `gaps ${gaps(alone.posts).join(', ')}`);
  });

  it('two views streaming at once each post every other frame', () => {
    const scheduler = new ManualScheduler();
    const frames = new FrameShare();
    const a = view(scheduler, frames);
    const b = view(scheduler, frames);
    run(scheduler, [a, b], 1000);
    for (const [name, posts] of [['a', a.posts], ['b', b.posts]] as const) {
      assert.ok(posts.length <= Math.ceil(1000 / (2 * FRAME_MS)) + 1, `${name}: ${posts.length} posts in a second`);
      assert.ok(posts.length >= 25, `${name}: ${posts.length} posts in a second: its stream still flows`);
      assert.ok(Math.min(...gaps(posts).slice(1)) >= 2 * FRAME_MS, `${name}: gaps ${gaps(posts).join(', ')}`);
    }
  });

  it('two views streaming at once take the frames in turn: never two posts in one frame', () => {
    const scheduler = new ManualScheduler();
    const frames = new FrameShare();
    const a = view(scheduler, frames);
    const b = view(scheduler, frames);
    run(scheduler, [a, b], 1000);
    const all = [...a.posts, ...b.posts].sort((x, y) => x - y).slice(2);
    assert.ok(Math.min(...gaps(all)) >= FRAME_MS, `gaps between the posts of both: ${gaps(all).join(', ')}`);
  });

  it('three views streaming at once each post every third frame', () => {
    const scheduler = new ManualScheduler();
    const frames = new FrameShare();
    const views = [view(scheduler, frames), view(scheduler, frames), view(scheduler, frames)];
    run(scheduler, views, 1000);
    for (const v of views) assert.ok(v.posts.length <= Math.ceil(1000 / (3 * FRAME_MS)) + 2 && v.posts.length >= 18, `${v.posts.length} posts in a second`);
  });

  it('a view whose neighbour stopped streaming posts every frame again once the neighbour has been quiet for a while', () => {
    const scheduler = new ManualScheduler();
    const frames = new FrameShare();
    const a = view(scheduler, frames);
    const b = view(scheduler, frames);
    run(scheduler, [a, b], 500);
    const stoppedAt = scheduler.now();
    run(scheduler, [a], 500);
    const later = a.posts.filter((t) => t >= stoppedAt + STREAMING_MS + 2 * FRAME_MS);
    assert.ok(later.length >= 10);
    assert.ok(Math.max(...gaps(later)) <= FRAME_MS + 1, `gaps after the neighbour stopped: ${gaps(later).join(', ')}`);
  });
});

describe('frame share: turns', () => {
  it('a view alone may post a frame after its last post', () => {
    const frames = new FrameShare();
    const a = {};
    assert.equal(frames.nextTurn(a, 5), 5, 'no post yet: now');
    frames.posted(a, 5);
    assert.equal(frames.nextTurn(a, 10), 5 + FRAME_MS);
    assert.equal(frames.nextTurn(a, 40), 40);
  });

  it('is a frame per view posting after its own last post, and a frame after the latest post of another', () => {
    const frames = new FrameShare();
    const [a, b, c] = [{}, {}, {}];
    frames.posted(a, 0);
    frames.posted(b, 10);
    frames.posted(c, 20);
    assert.equal(frames.nextTurn(a, 21), 3 * FRAME_MS, 'three views posting');
    assert.equal(frames.nextTurn(b, 21), 10 + 3 * FRAME_MS, 'its own turn comes after a frame since c posted');
    frames.posted(c, 60);
    assert.equal(frames.nextTurn(a, 61), 60 + FRAME_MS, 'a frame after the latest post of another');
  });

  it('forgets a view that has not posted for STREAMING_MS', () => {
    const frames = new FrameShare();
    const [a, b] = [{}, {}];
    frames.posted(a, 0);
    frames.posted(b, 10);
    assert.equal(frames.nextTurn(a, 30), 2 * FRAME_MS);
    assert.equal(frames.nextTurn(a, 10 + STREAMING_MS), 10 + STREAMING_MS, 'b stopped posting: a posts now');
  });
});
