// The chat views of a window share one renderer thread (in code-server every webview runs on the workbench's), and
// each post costs it twice: the workbench relays the message to the view's document, then the view draws it. One view
// streaming posts every frame (patchCoalescer.ts); two streaming at that pace keep the thread busier than it can be
// and both fall behind. So the views take the frames in turn: while N views post (itself and those that posted in
// the last STREAMING_MS), a view posts N frames after its own last post and a frame after any other view's. Alone, a
// view still posts every frame; with two streaming, each posts every other frame, the two interleaved, in fewer,
// larger messages (and the views acknowledge fewer). Pure: times come from the caller's clock.
import { FRAME_MS } from '../../shared/frameScheduler';

/**
 * How recently (ms) another view must have posted to count as posting: longer than the gap between its posts (up to
 * eight views streaming at once), short enough that a view streaming alone again soon posts every frame again.
 */
export const STREAMING_MS = 150;

export class FrameShare {
  /** When each view last posted; views that have not posted for STREAMING_MS are forgotten. */
  private readonly lastPosts = new Map<object, number>();

  /** `view` posted at `at`. */
  posted(view: object, at: number): void {
    this.lastPosts.set(view, at);
  }

  /** The earliest time `view` may post (at `now` or later): its turn among the views posting. */
  nextTurn(view: object, now: number): number {
    let own = -Infinity;
    let others = 0;
    let othersLatest = -Infinity;
    for (const [other, at] of this.lastPosts) {
      if (now - at >= STREAMING_MS) this.lastPosts.delete(other);
      else if (other === view) own = at;
      else {
        others++;
        othersLatest = Math.max(othersLatest, at);
      }
    }
    return Math.max(now, own + FRAME_MS * (1 + others), othersLatest + FRAME_MS);
  }
}
