// The frame clock of what the host posts to the chat view: at most one post per ~16 ms frame, through a scheduler
// that tests replace with a manual one. `timerScheduler` works wherever there are timers; the chat's coalescer uses
// the host's own (src/chat/view/timerScheduler.ts), whose `soon` is Node's setImmediate.

export interface FrameScheduler {
  /** Runs `callback` after about `delayMs`; returns a function that cancels it. */
  schedule(callback: () => void, delayMs: number): () => void;
  /**
   * Runs `callback` in the next turn of the event loop, after the I/O that is ready (Node's `setImmediate`: where the
   * JSON-RPC connection handles each message the agent sent, one per turn); returns a function that cancels it.
   */
  soon(callback: () => void): () => void;
  now(): number;
}

export const FRAME_MS = 16;

/** On plain timers: `soon` is a 0 ms timeout (not ordered after the I/O that is ready, unlike setImmediate). */
export const timerScheduler: FrameScheduler = {
  schedule(callback, delayMs) {
    const handle = setTimeout(callback, delayMs);
    return () => clearTimeout(handle);
  },
  soon(callback) {
    const handle = setTimeout(callback, 0);
    return () => clearTimeout(handle);
  },
  now: () => Date.now(),
};
