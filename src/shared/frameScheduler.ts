// The frame clock of what the host posts to the chat view: at most one post per ~16 ms frame, through a scheduler
// that tests replace with a manual one.

export interface FrameScheduler {
  /** Runs `callback` after about `delayMs`; returns a function that cancels it. */
  schedule(callback: () => void, delayMs: number): () => void;
  now(): number;
}

export const FRAME_MS = 16;

export const timerScheduler: FrameScheduler = {
  schedule(callback, delayMs) {
    const handle = setTimeout(callback, delayMs);
    return () => clearTimeout(handle);
  },
  now: () => Date.now(),
};
