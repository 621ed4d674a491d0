// The virtualized transcript's behaviour: render only the entries near the viewport (the rest are two spacers),
// measure rendered rows with one ResizeObserver, follow the newest entry while the user is at the bottom, keep the
// entry the user reads in place when heights above it change or older entries are prepended, and ask for older
// entries when the user reaches the top. Nothing runs while idle: only scroll events and resize observations.
//
// Rendering never reads layout. Scroll positions are put right in the ResizeObserver's callback, which the browser
// runs after its own layout and before it paints: reading positions there is free and the write shows in the same
// frame. A row's new height moves the model's offsets; the transcript re-renders only when the rendered window
// (which entries, how tall the spacers) has to change.
import type { RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';
import { clearDisclosureChoices } from '../disclosure';
import { estimateEntryHeight } from '../logic/entryHeight';
import { appendedRowLayout, buildRowLayout, layoutFits, setRowHeight, type RowLayout } from '../logic/rowLayout';
import { followTarget, isAtBottom, isOwnScroll, judgeScroll, maxScrollTop, meansScrolling, olderToRequest, type ListInput, type ScrollMetrics } from '../logic/scrollFollow';
import { anchorAt, computeWindow, scrollTopFor, type ScrollAnchor, type VirtualWindow } from '../logic/virtualWindow';
import { RowMeasurer, type Measurements } from './rowMeasurer';

export { RowMeasurer } from './rowMeasurer';

/** How close to the bottom (px) still counts as "at the bottom". */
const SLACK_PX = 24;
/** Pixels rendered beyond the viewport on each side. */
const OVERSCAN_PX = 800;
/** Rendered rows at most, whatever the heights. */
export const MAX_RENDERED_ROWS = 60;
/** Within this distance of the top (px), older entries are asked for. */
const LOAD_OLDER_PX = 600;
/** What a user does to scroll (see meansScrolling): the scroll events that follow soon after are theirs. */
const INTENT_EVENTS = ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const;
/** How long (ms) after such an input a scroll counts as the user's (a smooth scroll starts within a few frames). */
const INTENT_MS = 300;
/** The viewport's height before the first observation says it. */
const FIRST_VIEWPORT_PX = 600;

export interface VirtualTranscriptInput {
  scroller: RefObject<HTMLElement | null>;
  /** The spacer above the rendered rows: where the list starts inside the scroller. */
  topSpacer: RefObject<HTMLElement | null>;
  sessionKey: string | undefined;
  entries: readonly TranscriptEntry[];
  positions: ReadonlyMap<string, number>;
  /** The host has entries older than `entries[0]`. */
  olderAvailable: boolean;
  requestOlder(before: string): void;
}

export interface VirtualTranscript {
  window: VirtualWindow;
  atBottom: boolean;
  scrollToBottom(): void;
  measurer: RowMeasurer;
  /** Asks for older entries now (the button for keyboard users); false when there are none to ask for. */
  loadOlder(): boolean;
}

function sameWindow(a: VirtualWindow, b: VirtualWindow): boolean {
  return a.start === b.start && a.end === b.end && a.padTop === b.padTop && a.padBottom === b.padBottom;
}

export function useVirtualTranscript(input: VirtualTranscriptInput): VirtualTranscript {
  const { scroller, topSpacer, sessionKey, entries, positions, olderAvailable, requestOlder } = input;
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((n) => n + 1), []);
  /** Measured heights by entry key: they outlive the rows (an entry scrolled away keeps its height). */
  const heights = useRef(new Map<string, number>()).current;
  const stuck = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const anchor = useRef<ScrollAnchor | undefined>(undefined);
  const viewport = useRef(0);
  const requestedBefore = useRef<string | undefined>(undefined);
  const followed = useRef(sessionKey);
  const model = useRef<RowLayout | null>(null);
  const rendered = useRef<VirtualWindow | null>(null);
  /** Where this hook last scrolled to itself: the scroll event that follows is ours, not the user's. */
  const ownScrollTop = useRef<number | undefined>(undefined);
  /** Where the list last settled (after our correction, or where the user left it), and its sizes then. */
  const settled = useRef<ScrollMetrics>({ scrollTop: 0, scrollHeight: 0, clientHeight: 0 });
  /** When the user last did something that scrolls (wheel up, a key, pointer, touch); -Infinity: not yet. */
  const intentAt = useRef(Number.NEGATIVE_INFINITY);
  const intending = (): boolean => performance.now() - intentAt.current <= INTENT_MS;
  /** The latest props for the callbacks (they are made once). */
  const props = useRef({ olderAvailable, requestOlder });
  props.current = { olderAvailable, requestOlder };

  // Another session: its entry ids mean other entries.
  if (followed.current !== sessionKey) {
    followed.current = sessionKey;
    heights.clear();
    clearDisclosureChoices();
    stuck.current = true;
    anchor.current = undefined;
    requestedBefore.current = undefined;
    model.current = null;
  }

  const keyAt = (i: number): string => entries[i].id;
  if (!layoutFits(model.current, positions, entries.length, keyAt)) {
    const heightOf = (i: number): number => heights.get(entries[i].id) ?? estimateEntryHeight(entries[i]);
    model.current =
      appendedRowLayout(model.current, positions, entries.length, keyAt, heightOf) ??
      buildRowLayout(
        entries.map((entry) => entry.id),
        positions,
        heightOf,
      );
  }
  const layout = model.current;

  /** The window for the scroll state the hook holds: the end while following, else around the anchor. */
  const targetWindow = (current: RowLayout): VirtualWindow => {
    const anchoredTop = anchor.current ? scrollTopFor(anchor.current, current.offsets, (key) => current.positions.get(key)) : undefined;
    return computeWindow(current.offsets, {
      scrollTop: anchoredTop ?? 0,
      viewportHeight: viewport.current || FIRST_VIEWPORT_PX,
      overscanPx: OVERSCAN_PX,
      atBottom: stuck.current || anchoredTop === undefined,
      maxItems: MAX_RENDERED_ROWS,
    });
  };
  const window = targetWindow(layout);
  rendered.current = window;

  // Everything below runs from events (resize observations, scrolls, clicks), where layout is up to date.
  const base = (): number => topSpacer.current?.offsetTop ?? 0;

  const maybeLoadOlder = (element: HTMLElement): void => {
    const current = model.current;
    const before = olderToRequest({
      listScrollTop: element.scrollTop - base(),
      thresholdPx: LOAD_OLDER_PX,
      windowAtStart: rendered.current?.start === 0,
      olderAvailable: props.current.olderAvailable,
      firstKey: current?.keys[0],
      requestedBefore: requestedBefore.current,
    });
    if (before === undefined) return;
    requestedBefore.current = before;
    props.current.requestOlder(before);
  };

  /** The list is where it belongs: remember where, and how tall the content and the viewport were. */
  const settle = (element: HTMLElement): void => {
    settled.current = { scrollTop: element.scrollTop, scrollHeight: element.scrollHeight, clientHeight: element.clientHeight };
  };

  /** Scrolls to `top` (our own move: its scroll event is not the user's). */
  const scrollOwn = (element: HTMLElement, top: number): void => {
    element.scrollTop = top;
    ownScrollTop.current = element.scrollTop;
    settle(element);
  };

  /** After the browser laid out: take the measured heights, put the scroll position right, re-render if needed. */
  const onMeasured = (measured: Measurements): void => {
    const element = scroller.current;
    const current = model.current;
    if (!element || !current) return;
    for (const [key, height] of measured.rows) {
      heights.set(key, height);
      const index = current.positions.get(key);
      if (index !== undefined && current.keys[index] === key) setRowHeight(current, index, height);
    }
    viewport.current = element.clientHeight;
    const anchoredTop = !stuck.current && anchor.current ? scrollTopFor(anchor.current, current.offsets, (key) => current.positions.get(key)) : undefined;
    // While the user is starting to scroll away, following would cancel their scroll: wait for its event.
    const target = followTarget(
      { stuck: stuck.current && !intending(), anchoredTop: anchoredTop === undefined ? undefined : base() + anchoredTop },
      { scrollTop: element.scrollTop, scrollHeight: element.scrollHeight, clientHeight: element.clientHeight },
    );
    if (target !== undefined) scrollOwn(element, target);
    else settle(element);
    const next = targetWindow(current);
    if (!rendered.current || !sameWindow(next, rendered.current)) rerender();
    else maybeLoadOlder(element);
  };

  const onMeasuredRef = useRef(onMeasured);
  onMeasuredRef.current = onMeasured;
  const measurerRef = useRef<RowMeasurer | null>(null);
  measurerRef.current ??= new RowMeasurer((measured) => onMeasuredRef.current(measured));

  const onScroll = (): void => {
    const element = scroller.current;
    const current = model.current;
    if (!element || !current) return;
    const own = isOwnScroll(element.scrollTop, ownScrollTop.current);
    ownScrollTop.current = undefined;
    // Our own correction (to the bottom, or keeping the anchor in place, perhaps clamped by the browser while
    // the rows below are not measured yet) says nothing about where the user wants to be.
    if (own) return;
    const metrics = { scrollTop: element.scrollTop, scrollHeight: element.scrollHeight, clientHeight: element.clientHeight };
    const verdict = judgeScroll({
      stuck: stuck.current,
      atBottom: isAtBottom(metrics, SLACK_PX),
      userIntent: intending(),
      movedUpPx: settled.current.scrollTop - metrics.scrollTop,
      viewportHeight: metrics.clientHeight,
      extentChanged: metrics.scrollHeight !== settled.current.scrollHeight || metrics.clientHeight !== settled.current.clientHeight,
    });
    intentAt.current = Number.NEGATIVE_INFINITY;
    if (verdict === 'refollow') {
      scrollOwn(element, maxScrollTop(metrics));
      return;
    }
    const bottom = verdict === 'follow';
    stuck.current = bottom;
    settled.current = metrics;
    setAtBottom(bottom);
    anchor.current = bottom ? undefined : anchorAt(current.offsets, current.keys, metrics.scrollTop - base());
    const next = targetWindow(current);
    if (!rendered.current || !sameWindow(next, rendered.current)) rerender();
    else maybeLoadOlder(element);
  };
  const onScrollRef = useRef(onScroll);
  onScrollRef.current = onScroll;

  useLayoutEffect(() => {
    const element = scroller.current;
    const spacer = topSpacer.current;
    const measurer = measurerRef.current;
    if (!element || !measurer) return undefined;
    const listener = (): void => onScrollRef.current();
    const intent = (event: Event): void => {
      const input = {
        type: event.type as ListInput['type'],
        deltaY: event instanceof WheelEvent ? event.deltaY : undefined,
        key: event instanceof KeyboardEvent ? event.key : undefined,
        onList: event.target === element,
        onButton: event.target instanceof HTMLButtonElement,
      };
      if (meansScrolling(input)) intentAt.current = performance.now();
    };
    measurer.watch(element);
    if (spacer) measurer.watch(spacer);
    element.addEventListener('scroll', listener, { passive: true });
    for (const type of INTENT_EVENTS) element.addEventListener(type, intent, { passive: true });
    return () => {
      element.removeEventListener('scroll', listener);
      for (const type of INTENT_EVENTS) element.removeEventListener(type, intent);
      measurer.unobserve(element);
      if (spacer) measurer.unobserve(spacer);
    };
  }, [scroller, topSpacer]);

  useEffect(() => () => measurerRef.current?.disconnect(), []);

  const scrollToBottom = useCallback(() => {
    stuck.current = true;
    anchor.current = undefined;
    setAtBottom(true);
    // A click, not an update: one synchronous layout is fine here. The rows of the end then mount and are measured,
    // and the observation keeps the list at its bottom.
    const element = scroller.current;
    if (element) scrollOwn(element, element.scrollHeight);
    rerender();
  }, [scroller, rerender]);

  const loadOlder = useCallback((): boolean => {
    const first = model.current?.keys[0];
    if (!props.current.olderAvailable || first === undefined) return false;
    requestedBefore.current = first;
    props.current.requestOlder(first);
    return true;
  }, []);

  return { window, atBottom, scrollToBottom, measurer: measurerRef.current, loadOlder };
}
