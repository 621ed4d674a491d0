// The view's half of the host's flow control (src/chat/view/patchCoalescer.ts): the transcript posts are numbered, and
// the view says which it took once it got to draw a frame after them, one answer per frame at most. A view whose
// thread is busy answers late, and the host then merges what changed into fewer posts.
import type { HostToWebview, WebviewToHost } from '../../src/shared/protocol/webviewProtocol';

/** Returns what to call with each message from the host (after it was applied). */
export function acknowledgePosts(post: (message: WebviewToHost) => void, nextFrame: (run: () => void) => void): (message: HostToWebview) => void {
  let latest = 0;
  let waiting = false;
  return (message) => {
    if ((message.type !== 'entries' && message.type !== 'header') || message.seq === undefined) return;
    latest = Math.max(latest, message.seq);
    if (waiting) return;
    waiting = true;
    nextFrame(() => {
      waiting = false;
      post({ type: 'applied', seq: latest });
    });
  };
}
