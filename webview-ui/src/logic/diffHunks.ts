// A diff card's hunks: the shared diff engine (src/shared/diff) with the card's caps. A card draws at most
// DIFF_DISPLAY_LINES lines and compares lines without their endings (a CRLF file rewritten with LF by the agent
// is not a whole-file change on a card); a file past these caps is reviewed in VS Code's diff editor.
import { MAIN_THREAD_LIMITS, diffLines, type DiffLimits, type DiffResult } from '../../../src/shared/diff';

export const CARD_DIFF_LIMITS: DiffLimits = { ...MAIN_THREAD_LIMITS, maxChars: 300_000, maxLines: 6_000 };

/** `oldText` undefined or null: a new file. */
export function cardDiff(oldText: string | null | undefined, newText: string, limits: DiffLimits = CARD_DIFF_LIMITS): DiffResult {
  return diffLines(oldText ?? '', newText, { ignoreLineEndings: true, limits });
}
