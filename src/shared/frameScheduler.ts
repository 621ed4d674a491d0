// The frame clock of what the host posts to the chat view: at most one post per ~16 ms frame, through a scheduler
// that tests replace with a manual one (the host's own, on Node's timers, is src/webview/timerScheduler.ts).

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
