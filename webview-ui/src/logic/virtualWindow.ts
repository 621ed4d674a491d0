// The math of the virtualized transcript: which entries to render for a scroll position, how tall the spacers
// above and below them are, and where to scroll so that the entry the user is reading stays put when heights
// above it change (measured after an estimate, or older entries prepended). Pure.

export interface VirtualWindow {
  /** First rendered index. */
  start: number;
  /** One past the last rendered index. */
  end: number;
  /** Height of the spacer above the rendered entries. */
  padTop: number;
  /** Height of the spacer below them. */
  padBottom: number;
  total: number;
}

export interface WindowRequest {
  scrollTop: number;
  viewportHeight: number;
  /** Extra pixels rendered above and below the viewport. */
  overscanPx: number;
  /** Following the newest entry: show the end, whatever scrollTop says. */
  atBottom: boolean;
  /** An upper bound on rendered entries, whatever the heights (estimates can be far too small). */
  maxItems: number;
}

/** offsets[i] = top of item i; offsets[n] = total height. */
export function prefixOffsets(heights: ArrayLike<number>): Float64Array {
  const offsets = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i++) offsets[i + 1] = offsets[i] + Math.max(0, heights[i]);
  return offsets;
}

/** The index of the item that covers `y` (the last one whose top is at or above it), clamped to [0, n-1]. */
export function indexAt(offsets: Float64Array, y: number): number {
  const n = offsets.length - 1;
  if (n <= 0) return 0;
  let low = 0;
  let high = n - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (offsets[mid] <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

export function computeWindow(offsets: Float64Array, request: WindowRequest): VirtualWindow {
  const n = offsets.length - 1;
  const total = offsets[n];
  if (n <= 0) return { start: 0, end: 0, padTop: 0, padBottom: 0, total };
  const maxTop = Math.max(0, total - request.viewportHeight);
  const top = request.atBottom ? maxTop : Math.min(Math.max(0, request.scrollTop), maxTop);
  const first = indexAt(offsets, top);
  let start = indexAt(offsets, top - request.overscanPx);
  let end = indexAt(offsets, top + request.viewportHeight + request.overscanPx) + 1;
  const limit = Math.max(1, request.maxItems);
  if (end - start > limit) {
    if (request.atBottom) {
      start = end - limit;
    } else {
      start = Math.max(start, first - Math.floor(limit / 4));
      end = Math.min(end, start + limit);
    }
  }
  return { start, end, padTop: offsets[start], padBottom: total - offsets[end], total };
}

export interface ScrollAnchor {
  /** Key of the item at the top of the viewport. */
  key: string;
  /** How far the viewport's top is below that item's top. */
  offset: number;
}

export function anchorAt(offsets: Float64Array, keys: readonly string[], scrollTop: number): ScrollAnchor | undefined {
  if (keys.length === 0) return undefined;
  const index = indexAt(offsets, scrollTop);
  return { key: keys[index], offset: scrollTop - offsets[index] };
}

/** The scrollTop that puts the anchor's item where it was, or undefined when the item is gone. */
export function scrollTopFor(anchor: ScrollAnchor, offsets: Float64Array, indexOf: (key: string) => number | undefined): number | undefined {
  const index = indexOf(anchor.key);
  if (index === undefined || index >= offsets.length - 1) return undefined;
  return offsets[index] + anchor.offset;
}
