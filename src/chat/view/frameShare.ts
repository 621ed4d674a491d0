// The chat views of a window share one renderer thread (in code-server every webview runs on the workbench's), and
// each post costs it twice: the workbench relays the message to the view's document, then the view draws it. One view
// streaming posts every frame (patchCoalescer.ts); two streaming at that pace keep the thread busier than it can be
// and both fall behind. So the views share the frames: a view posts at most once every N frames, N being the number
// of views posting (itself and those that posted in the last STREAMING_MS). Alone, a view still posts every frame;
// with two streaming, each posts every other frame, in fewer, larger messages (and the view acknowledges fewer).
// Pure: times come from the caller's clock.
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
    this.lastPosts.delete(view);
    this.lastPosts.set(view, at);
  }

  /** How long (ms) after its last post `view` may post again at `now`: a frame for itself and one for each other view posting. */
  spacing(view: object, now: number): number {
    let others = 0;
    for (const [other, at] of this.lastPosts) {
      if (now - at >= STREAMING_MS) this.lastPosts.delete(other);
      else if (other !== view) others++;
    }
    return FRAME_MS * (1 + others);
  }
}
