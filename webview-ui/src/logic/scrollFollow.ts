// Where a scrolling list belongs after its content changed size, decided from numbers only (the caller reads them
// where layout is already up to date: in a ResizeObserver callback or a scroll event, never right after a render).
// Following: the bottom. Reading further up: the entry at the top of the viewport stays where it was. Pure.

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** How far the content can scroll: the largest scrollTop. */
export function maxScrollTop(metrics: ScrollMetrics): number {
  return Math.max(0, metrics.scrollHeight - metrics.clientHeight);
}

/** The viewport shows the end of the content (within `slackPx`). */
export function isAtBottom(metrics: ScrollMetrics, slackPx: number): boolean {
  return maxScrollTop(metrics) - metrics.scrollTop <= slackPx;
}

export interface FollowState {
  /** Following the newest content. */
  stuck: boolean;
  /**
   * Not following: the scrollTop that keeps the anchor entry where the reader saw it (from the model of row
   * heights), or undefined when there is no anchor (then nothing moves).
   */
  anchoredTop: number | undefined;
}

/** Differences below this (px) are rounding, not movement: no write. */
const EPSILON_PX = 1;

/** The scrollTop to set now, or undefined when the list is already where it belongs. */
export function followTarget(state: FollowState, metrics: ScrollMetrics): number | undefined {
  const max = maxScrollTop(metrics);
  let target: number;
  if (state.stuck) target = max;
  else if (state.anchoredTop !== undefined) target = Math.min(Math.max(0, state.anchoredTop), max);
  else return undefined;
  return Math.abs(metrics.scrollTop - target) >= EPSILON_PX ? target : undefined;
}

/** A scroll event at `scrollTop` is the echo of the list's own write to `written` (not the user's doing). */
export function isOwnScroll(scrollTop: number, written: number | undefined): boolean {
  return written !== undefined && Math.abs(scrollTop - written) < EPSILON_PX;
}

export interface ScrollEvent {
  /** Following before this event. */
  stuck: boolean;
  /** The viewport shows the end now. */
  atBottom: boolean;
  /** The user wheeled, pressed a key, pressed the pointer or touched the list since the last scroll event. */
  userIntent: boolean;
  /** How far above the position the list last settled at (px; negative: below it). */
  movedUpPx: number;
  viewportHeight: number;
  /**
   * The content or the viewport has had another size since the list last settled (scrollHeight or clientHeight
   * differ). Without that the browser has nothing to clamp: the move is someone's (a script, a focus, find in page).
   */
  extentChanged: boolean;
}

/**
 * What a scroll event that the list did not cause itself means:
 * - `follow`: the end is in view: follow the newest entry.
 * - `leave`: the user (or a script) took the view elsewhere: stop following, keep the entry at the top in place.
 * - `refollow`: still following; the browser moved the view on its own. Content that shrinks while the view is at
 *   the bottom pulls the position up (clamped), and scroll events come a frame late, after newer content may have
 *   grown the list again, so the event finds the view a little above the end without anyone having scrolled:
 *   scroll to the end again. A clamp needs a change of size since the list settled, and never moves more than a
 *   viewport: without both, an element was scrolled into view (a focus, a script, an automated click), and
 *   scrolling back to the end would pull it away from under the pointer.
 */
export function judgeScroll(event: ScrollEvent): 'follow' | 'leave' | 'refollow' {
  if (event.atBottom) return 'follow';
  if (event.stuck && !event.userIntent && event.extentChanged && event.movedUpPx <= event.viewportHeight) return 'refollow';
  return 'leave';
}

/** A user's input on the list, as far as scrolling goes. */
export interface ListInput {
  type: 'wheel' | 'keydown' | 'pointerdown' | 'touchstart';
  /** A wheel's vertical delta (negative: up). */
  deltaY?: number;
  /** A key's `key`. */
  key?: string;
  /** The event's target is the list's own element (a press there is on its scrollbar), not a row in it. */
  onList: boolean;
  /** The event's target is a button. */
  onButton: boolean;
}

/**
 * Whether an input means the user is about to scroll the list away from its end (the scroll events that follow soon
 * are theirs). A wheel down goes towards the end, where following is. A press that works a button in a row (a click,
 * Enter or Space) scrolls nothing, and what it folds at the end pulls the view up (a clamp) that following has to
 * undo; a pointer counts on the list's own box only (its scrollbar). Touch always (it pans).
 */
export function meansScrolling(input: ListInput): boolean {
  switch (input.type) {
    case 'wheel':
      return (input.deltaY ?? 0) < 0;
    case 'pointerdown':
      return input.onList;
    case 'keydown':
      return !(input.onButton && (input.key === 'Enter' || input.key === ' '));
    case 'touchstart':
      return true;
  }
}

export interface OlderRequest {
  /** The viewport's top, measured from the top of the list (older entries go above it). */
  listScrollTop: number;
  /** Within this distance of the top, older entries are asked for. */
  thresholdPx: number;
  /** The first rendered row is the first entry the view holds. */
  windowAtStart: boolean;
  olderAvailable: boolean;
  /** The first entry the view holds, and the one older entries were last asked for before. */
  firstKey: string | undefined;
  requestedBefore: string | undefined;
}

/** The entry to ask for older entries before, or undefined when there is nothing to ask. */
export function olderToRequest(request: OlderRequest): string | undefined {
  const { firstKey } = request;
  if (!request.olderAvailable || firstKey === undefined || !request.windowAtStart) return undefined;
  if (request.listScrollTop > request.thresholdPx || request.requestedBefore === firstKey) return undefined;
  return firstKey;
}
