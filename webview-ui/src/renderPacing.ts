// When the chat re-renders after state changes: at once while it keeps up (each message from the host, at most one
// a frame, shows without waiting), and once per animation frame when it falls behind (messages waiting in the
// queue are taken one after the other: their renders are merged into one, with one layout). Falling behind shows as
// a render asked for right after the last one ended. Preact batches state changes into one render pass and asks
// `options.debounceRendering` when to run it.
// What the user does is never paced: a render asked for while a key, pointer or input event is handled runs at once,
// and such an event first draws a render still waiting for its frame, so that its handlers act on what is on screen
// (Enter right after the last key sends the text with that key in it; a click toggles the state the user sees).
import { options } from 'preact';

/** A render asked for within this long after the last one ended means messages are queued (the chat is behind). */
export const BEHIND_GAP_MS = 4;

/** Events of the user's own doing, whose state changes are drawn at once. */
const USER_EVENTS = ['keydown', 'keyup', 'beforeinput', 'input', 'compositionend', 'pointerdown', 'mousedown', 'click', 'paste', 'drop'] as const;

const USER_EVENT_TYPES: ReadonlySet<string> = new Set(USER_EVENTS);

/**
 * Whether a render pass asked for at `now` runs at once (`soon`) or waits for the next animation frame: at once for
 * the user's own events, and while the chat keeps up.
 */
export function renderTiming(now: number, lastRenderEnd: number, userEvent = false): 'soon' | 'nextFrame' {
  return userEvent || now - lastRenderEnd >= BEHIND_GAP_MS ? 'soon' : 'nextFrame';
}

/**
 * Whether the user's event first draws the render waiting for its frame: every one but the `input` of a `<select>`,
 * whose new value the browser has already put in it: drawing then would put the old (state's) value back before the
 * `change` handler reads it, and the user's choice would be lost.
 */
export function drawsWaitingFirst(type: string, target: { tagName?: unknown } | null): boolean {
  return !(type === 'input' && target?.tagName === 'SELECT');
}

/** True while the browser dispatches one of the user's events (`window.event`, set during dispatch). */
function inUserEvent(): boolean {
  const current = (globalThis as { event?: Event }).event;
  return current !== undefined && USER_EVENT_TYPES.has(current.type);
}

export function paceRendering(): void {
  let lastRenderEnd = -Infinity;
  /** The render pass waiting for its animation frame, if one is. */
  let waiting: (() => void) | undefined;
  const draw = (render: () => void): void => {
    render();
    lastRenderEnd = performance.now();
  };
  const runWaiting = (): void => {
    const render = waiting;
    waiting = undefined;
    if (render) draw(render);
  };
  options.debounceRendering = (render) => {
    if (renderTiming(performance.now(), lastRenderEnd, inUserEvent()) === 'soon') {
      queueMicrotask(() => draw(render));
      return;
    }
    waiting = render;
    requestAnimationFrame(runWaiting);
  };
  // Capturing on the window: this runs before the handlers of the event's target, which then see the latest state.
  const beforeUserEvent = (event: Event): void => {
    if (drawsWaitingFirst(event.type, event.target as { tagName?: unknown } | null)) runWaiting();
  };
  for (const type of USER_EVENTS) addEventListener(type, beforeUserEvent, { capture: true });
}
