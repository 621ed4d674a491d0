// The virtualized transcript's behaviour: render only the entries near the viewport (the rest are two spacers),
// measure rendered rows with one ResizeObserver, follow the newest entry while the user is at the bottom, keep the
// entry the user reads in place when heights above it change or older entries are prepended, and ask for older
// entries when the user reaches the top. Nothing runs while idle: only scroll events and resize observations.
import type { RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { TranscriptEntry } from '../../../src/shared/model';
import { clearDisclosureChoices } from '../disclosure';
import { estimateEntryHeight } from '../logic/entryHeight';
import { anchorAt, computeWindow, prefixOffsets, scrollTopFor, type ScrollAnchor, type VirtualWindow } from '../logic/virtualWindow';

/** How close to the bottom (px) still counts as "at the bottom". */
const SLACK_PX = 24;
/** Pixels rendered beyond the viewport on each side. */
const OVERSCAN_PX = 800;
/** Rendered rows at most, whatever the heights. */
export const MAX_RENDERED_ROWS = 60;
/** Within this distance of the top (px), older entries are asked for. */
const LOAD_OLDER_PX = 600;

/** Watches the height of every rendered row; tells when one changed. */
export class RowMeasurer {
  private readonly observer: ResizeObserver;
  private readonly keys = new WeakMap<Element, string>();

  constructor(
    private readonly heights: Map<string, number>,
    onChange: () => void,
  ) {
    this.observer = new ResizeObserver((records) => {
      let changed = false;
      for (const record of records) {
        const key = this.keys.get(record.target);
        if (key === undefined) continue;
        const height = record.borderBoxSize?.[0]?.blockSize ?? record.target.getBoundingClientRect().height;
        if (height > 0 && this.heights.get(key) !== height) {
          this.heights.set(key, height);
          changed = true;
        }
      }
      if (changed) onChange();
    });
  }

  observe(element: Element, key: string): void {
    this.keys.set(element, key);
    this.observer.observe(element);
  }

  unobserve(element: Element): void {
    this.observer.unobserve(element);
    this.keys.delete(element);
  }

  disconnect(): void {
    this.observer.disconnect();
  }
}

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

interface Layout {
  keys: string[];
  offsets: Float64Array;
  window: VirtualWindow;
}

export function useVirtualTranscript(input: VirtualTranscriptInput): VirtualTranscript {
  const { scroller, topSpacer, sessionKey, entries, positions, olderAvailable, requestOlder } = input;
  const [, setTick] = useState(0);
  const rerender = useCallback(() => setTick((n) => n + 1), []);
  const heights = useRef(new Map<string, number>()).current;
  const measurerRef = useRef<RowMeasurer | null>(null);
  measurerRef.current ??= new RowMeasurer(heights, rerender);
  const stuck = useRef(true);
  const [atBottom, setAtBottom] = useState(true);
  const anchor = useRef<ScrollAnchor | undefined>(undefined);
  const viewport = useRef(0);
  const requestedBefore = useRef<string | undefined>(undefined);
  const followed = useRef(sessionKey);
  const layout = useRef<Layout | null>(null);
  /** Where this hook last scrolled to itself: the scroll event that follows is ours, not the user's. */
  const ownScrollTop = useRef<number | undefined>(undefined);

  // Another session: its entry ids mean other entries.
  if (followed.current !== sessionKey) {
    followed.current = sessionKey;
    heights.clear();
    clearDisclosureChoices();
    stuck.current = true;
    anchor.current = undefined;
    requestedBefore.current = undefined;
  }

  const keys = entries.map((entry) => entry.id);
  const offsets = prefixOffsets(entries.map((entry) => heights.get(entry.id) ?? estimateEntryHeight(entry)));
  const indexOf = (key: string): number | undefined => positions.get(key);
  const anchoredTop = anchor.current ? scrollTopFor(anchor.current, offsets, indexOf) : undefined;
  const window = computeWindow(offsets, {
    scrollTop: anchoredTop ?? 0,
    viewportHeight: viewport.current || scroller.current?.clientHeight || 600,
    overscanPx: OVERSCAN_PX,
    atBottom: stuck.current || anchoredTop === undefined,
    maxItems: MAX_RENDERED_ROWS,
  });
  layout.current = { keys, offsets, window };

  const base = (): number => topSpacer.current?.offsetTop ?? 0;

  const maybeLoadOlder = useCallback((): void => {
    const element = scroller.current;
    const current = layout.current;
    if (!element || !current || !olderAvailable || current.keys.length === 0 || current.window.start !== 0) return;
    if (element.scrollTop - base() > LOAD_OLDER_PX) return;
    const before = current.keys[0];
    if (requestedBefore.current === before) return;
    requestedBefore.current = before;
    requestOlder(before);
  }, [scroller, olderAvailable, requestOlder]);

  // After every render: put the scroll position where it belongs (the bottom, or the anchor entry where it was).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (stuck.current) {
      element.scrollTop = element.scrollHeight;
      ownScrollTop.current = element.scrollTop;
    } else if (anchor.current) {
      const top = scrollTopFor(anchor.current, offsets, indexOf);
      if (top !== undefined && Math.abs(element.scrollTop - (base() + top)) > 1) {
        element.scrollTop = base() + top;
        ownScrollTop.current = element.scrollTop;
      }
    }
    maybeLoadOlder();
  });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const onScroll = (): void => {
      const current = layout.current;
      if (!current) return;
      const own = ownScrollTop.current !== undefined && Math.abs(element.scrollTop - ownScrollTop.current) < 1;
      ownScrollTop.current = undefined;
      // Our own correction (to the bottom, or keeping the anchor in place, perhaps clamped by the browser while
      // the rows below are not measured yet) says nothing about where the user wants to be.
      if (own) return;
      const bottom = element.scrollHeight - element.scrollTop - element.clientHeight <= SLACK_PX;
      stuck.current = bottom;
      setAtBottom(bottom);
      const top = element.scrollTop - base();
      anchor.current = bottom ? undefined : anchorAt(current.offsets, current.keys, top);
      const next = computeWindow(current.offsets, {
        scrollTop: top,
        viewportHeight: element.clientHeight,
        overscanPx: OVERSCAN_PX,
        atBottom: bottom,
        maxItems: MAX_RENDERED_ROWS,
      });
      if (next.start !== current.window.start || next.end !== current.window.end) rerender();
      else maybeLoadOlder();
    };
    const viewportObserver = new ResizeObserver(() => {
      if (element.clientHeight !== viewport.current) {
        viewport.current = element.clientHeight;
        rerender();
      }
    });
    viewportObserver.observe(element);
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      viewportObserver.disconnect();
      element.removeEventListener('scroll', onScroll);
    };
  }, [scroller, rerender, maybeLoadOlder]);

  useEffect(() => () => measurerRef.current?.disconnect(), []);

  const scrollToBottom = useCallback(() => {
    stuck.current = true;
    anchor.current = undefined;
    setAtBottom(true);
    rerender();
  }, [rerender]);

  const loadOlder = useCallback((): boolean => {
    const first = layout.current?.keys[0];
    if (!olderAvailable || first === undefined) return false;
    requestedBefore.current = first;
    requestOlder(first);
    return true;
  }, [olderAvailable, requestOlder]);

  return { window, atBottom, scrollToBottom, measurer: measurerRef.current, loadOlder };
}
