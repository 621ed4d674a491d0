// One ResizeObserver for the virtualized transcript: it reports the height of every rendered row (by entry key)
// and tells when the viewport or the spacer above the rows changed size. Its callback runs after the browser laid
// the page out and before it paints, so the transcript can read positions there and scroll without forcing a
// second layout; each row is measured once per change of its size (a row that comes back is measured once more).

/** What one observation round saw. */
export interface Measurements {
  /** Row heights (px) by entry key, for the rows whose size was reported. */
  rows: ReadonlyMap<string, number>;
  /** The viewport or another watched element (not a row) changed size. */
  frame: boolean;
}

export class RowMeasurer {
  private readonly observer: ResizeObserver;
  private readonly keys = new WeakMap<Element, string>();

  constructor(onMeasured: (measured: Measurements) => void) {
    this.observer = new ResizeObserver((records) => {
      const rows = new Map<string, number>();
      let frame = false;
      for (const record of records) {
        const key = this.keys.get(record.target);
        if (key === undefined) {
          frame = true;
          continue;
        }
        const height = record.borderBoxSize?.[0]?.blockSize ?? record.target.getBoundingClientRect().height;
        if (height > 0) rows.set(key, height);
      }
      if (rows.size > 0 || frame) onMeasured({ rows, frame });
    });
  }

  /** A row of the transcript, known by its entry's key. */
  observe(element: Element, key: string): void {
    this.keys.set(element, key);
    this.observer.observe(element);
  }

  /** An element whose size changes where the rows sit (the viewport, the spacer above the rows). */
  watch(element: Element): void {
    this.keys.delete(element);
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
