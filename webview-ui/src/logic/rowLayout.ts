// The virtualized transcript's model of where each entry sits: the entries' keys in order and the prefix offsets of
// their heights (measured, else estimated). Built when the entries change order or number (extended when they only
// grew at the end); a row's measured height
// updates it in place (only the offsets after that row move, so the growing last entry of a stream costs O(1)).
// Pure.
import { prefixOffsets } from './virtualWindow';

export interface RowLayout {
  keys: readonly string[];
  /** offsets[i] = top of row i; offsets[n] = total height. Updated in place by setRowHeight. */
  offsets: Float64Array;
  /** Where each key sits (the map the layout was built for). */
  positions: ReadonlyMap<string, number>;
}

export function buildRowLayout(keys: readonly string[], positions: ReadonlyMap<string, number>, heightOf: (index: number) => number): RowLayout {
  const heights = new Float64Array(keys.length);
  for (let i = 0; i < keys.length; i++) heights[i] = heightOf(i);
  return { keys, offsets: prefixOffsets(heights), positions };
}

/**
 * The layout still describes these entries: same positions map, same number, same first and last key (a store
 * that patches an entry in place keeps its positions map; one that reorders or adds entries makes a new one).
 */
export function layoutFits(layout: RowLayout | null, positions: ReadonlyMap<string, number>, count: number, keyAt: (index: number) => string): layout is RowLayout {
  if (!layout || layout.positions !== positions || layout.keys.length !== count) return false;
  return count === 0 || (layout.keys[0] === keyAt(0) && layout.keys[count - 1] === keyAt(count - 1));
}

/**
 * The layout for a list that only grew at its end since `layout` was built (the same first key, the same key where
 * the layout's last row was, more rows): the rows it has keep their offsets (measured heights included) and only the
 * new rows are estimated, so a new entry at the end of a long transcript costs its own row, not a rebuild.
 * Undefined when the list changed otherwise (entries dropped, prepended or reordered): build it anew.
 */
export function appendedRowLayout(
  layout: RowLayout | null,
  positions: ReadonlyMap<string, number>,
  count: number,
  keyAt: (index: number) => string,
  heightOf: (index: number) => number,
): RowLayout | undefined {
  const had = layout?.keys.length ?? 0;
  if (!layout || had === 0 || count <= had || keyAt(0) !== layout.keys[0] || keyAt(had - 1) !== layout.keys[had - 1]) return undefined;
  const keys = layout.keys.slice();
  const offsets = new Float64Array(count + 1);
  offsets.set(layout.offsets);
  for (let i = had; i < count; i++) {
    keys.push(keyAt(i));
    offsets[i + 1] = offsets[i] + Math.max(0, heightOf(i));
  }
  return { keys, offsets, positions };
}

/** Sets the height of row `index`; returns by how much it changed (0: nothing moved). */
export function setRowHeight(layout: RowLayout, index: number, height: number): number {
  const { offsets } = layout;
  if (index < 0 || index >= offsets.length - 1) return 0;
  const delta = Math.max(0, height) - (offsets[index + 1] - offsets[index]);
  if (delta === 0) return 0;
  for (let i = index + 1; i < offsets.length; i++) offsets[i] += delta;
  return delta;
}
