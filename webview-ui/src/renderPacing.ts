// When the chat re-renders after state changes: at once while changes are sparse (a lone update shows without
// waiting for a frame), at most once per animation frame while they come faster than that (a fast stream's many
// messages in a frame cost one render and one layout, not one each). Preact batches state changes into one render
// pass and asks `options.debounceRendering` when to run it.
import { options } from 'preact';

/** A frame at 60 Hz. */
export const FRAME_MS = 16;

/** Whether a render pass asked for at `now` runs at once (`soon`) or waits for the next animation frame. */
export function renderTiming(now: number, lastRender: number): 'soon' | 'nextFrame' {
  return now - lastRender >= FRAME_MS ? 'soon' : 'nextFrame';
}

export function paceRendering(): void {
  let lastRender = -Infinity;
  options.debounceRendering = (render) => {
    const run = (): void => {
      lastRender = performance.now();
      render();
    };
    if (renderTiming(performance.now(), lastRender) === 'soon') queueMicrotask(run);
    else requestAnimationFrame(run);
  };
}
