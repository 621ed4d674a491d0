// The host's frame scheduler for the chat's coalescer (see src/shared/frameScheduler.ts) on Node's timers: `schedule` is setTimeout, `soon`
// is setImmediate (the turn of the event loop in which the JSON-RPC connection handles the next message read).
import type { FrameScheduler } from '../../shared/frameScheduler';

export const hostScheduler: FrameScheduler = {
  schedule(callback, delayMs) {
    const handle = setTimeout(callback, delayMs);
    return () => clearTimeout(handle);
  },
  soon(callback) {
    const handle = setImmediate(callback);
    return () => clearImmediate(handle);
  },
  now: () => Date.now(),
};
