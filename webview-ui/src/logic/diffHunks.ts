// A diff card's hunks: the shared diff engine (src/shared/diff) with the card's caps. A card draws at most
// DIFF_DISPLAY_LINES lines and compares lines without their endings (a CRLF file rewritten with LF by the agent
// is not a whole-file change on a card); a file past these caps is reviewed in VS Code's diff editor.
import { MAIN_THREAD_LIMITS, diffLines, type DiffLimits, type DiffResult } from '../../../src/shared/diff';

export const CARD_DIFF_LIMITS: DiffLimits = { ...MAIN_THREAD_LIMITS, maxChars: 300_000, maxLines: 6_000 };

/** `oldText` undefined or null: a new file. */
export function cardDiff(oldText: string | null | undefined, newText: string, limits: DiffLimits = CARD_DIFF_LIMITS): DiffResult {
  return diffLines(oldText ?? '', newText, { ignoreLineEndings: true, limits });
}

/** Diffs already computed, per content item object (the store keeps unchanged items as the same objects). */
const computed = new WeakMap<object, DiffResult>();

/** cardDiff of a content item, computed once per item object. */
export function itemDiff(item: object, oldText: string | null | undefined, newText: string): DiffResult {
  let result = computed.get(item);
  if (!result) {
    result = cardDiff(oldText, newText);
    computed.set(item, result);
  }
  return result;
}
