// A permission prompt ignores clicks and keys in its first moments on screen, as browsers do for their permission
// bubbles: a click or key meant for what was there before (or typed without looking) must not answer it. Pure.

/** How long a prompt must have been on screen before a click or key on it counts. */
export const PROMPT_ARM_MS = 500;

/** Whether the prompt is on screen, from an IntersectionObserver's latest report about it. */
export function isOnScreen(entries: readonly { isIntersecting: boolean; intersectionRatio: number }[]): boolean {
  const last = entries[entries.length - 1];
  return last !== undefined && last.isIntersecting && last.intersectionRatio > 0;
}
