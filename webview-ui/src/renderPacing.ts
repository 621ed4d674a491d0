// When the chat re-renders after state changes: at once while it keeps up (each message from the host, at most one
// a frame, shows without waiting), and once per animation frame when it falls behind (messages waiting in the
// queue are taken one after the other: their renders are merged into one, with one layout). Falling behind shows as
// a render asked for right after the last one ended. Preact batches state changes into one render pass and asks
// `options.debounceRendering` when to run it.
import { options } from 'preact';

/** A render asked for within this long after the last one ended means messages are queued (the chat is behind). */
export const BEHIND_GAP_MS = 4;

/** Whether a render pass asked for at `now` runs at once (`soon`) or waits for the next animation frame. */
export function renderTiming(now: number, lastRenderEnd: number): 'soon' | 'nextFrame' {
  return now - lastRenderEnd >= BEHIND_GAP_MS ? 'soon' : 'nextFrame';
}

export function paceRendering(): void {
  let lastRenderEnd = -Infinity;
  options.debounceRendering = (render) => {
    const run = (): void => {
      render();
      lastRenderEnd = performance.now();
    };
    if (renderTiming(performance.now(), lastRenderEnd) === 'soon') queueMicrotask(run);
    else requestAnimationFrame(run);
  };
}
