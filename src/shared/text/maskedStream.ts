// A text that grows (a streamed message) masked as it grows (secretText.ts), at a cost per growth of the new text and
// the longest secret, not of the whole text: a secret split across chunks is masked once it is complete, as in the
// whole text.
//
// The raw text before `cut` is masked for good: no secret spans the cut, and none can start before it any more (a
// secret that a later chunk completes starts at most `rules.reach` characters before the end). Each growth masks the
// text from the cut on and compares it with what that part gave before: mostly it only grew (`append`); when the new
// text completed a secret whose beginning was already given out, the masked text changed before its end
// (`rewrite`: keep its first `keep` characters, then `text`).
import { maskText, renderMasked, secretHits, type SecretHit, type SecretRules } from './secretText';

export type MaskedGrowth = { kind: 'append'; text: string } | { kind: 'rewrite'; keep: number; text: string };

export class MaskedStream {
  private cut = 0;
  /** Length of the masked text of the raw text before the cut. */
  private maskedBeforeCut = 0;
  /** The masked text of the raw text from the cut on. */
  private tail = '';
  /** Nothing was masked yet: the masked text is the raw text. */
  private unmasked = true;

  constructor(readonly rules: SecretRules) {}

  /** True while the masked text is the raw text itself (nothing in it was a secret). */
  get clean(): boolean {
    return this.unmasked;
  }

  /** The text grew to `text` (which starts with every text given before): what its masked text did. */
  grow(text: string): MaskedGrowth {
    const hits = secretHits(text, this.rules, this.cut);
    const tail = hits.length === 0 ? text.slice(this.cut) : renderMasked(text, hits, this.cut, text.length);
    if (hits.length > 0) this.unmasked = false;
    const growth: MaskedGrowth = tail.startsWith(this.tail) ? { kind: 'append', text: tail.slice(this.tail.length) } : this.rewrite(tail);
    this.tail = tail;
    this.moveCut(text, hits);
    return growth;
  }

  /**
   * Lets go of the raw text before the cut but its last character (what the token shapes' word boundaries look at):
   * returns how many characters the caller drops from the front of its text; later growths get the text without
   * them, and a rewrite's `keep` counts from there. For a caller that holds the text itself and cannot keep it all
   * (a terminal's output): it then holds about `rules.reach` characters plus the newest growth.
   */
  settle(): number {
    const drop = Math.max(0, this.cut - 1);
    this.cut -= drop;
    // No secret ends at or spans the cut, so the character before it is shown as it is.
    this.maskedBeforeCut = this.cut;
    return drop;
  }

  private rewrite(tail: string): MaskedGrowth {
    let same = 0;
    while (same < tail.length && same < this.tail.length && tail.charCodeAt(same) === this.tail.charCodeAt(same)) same++;
    return { kind: 'rewrite', keep: this.maskedBeforeCut + same, text: tail.slice(same) };
  }

  /** Moves the cut as close to `reach` before the end as it can go without being in a secret (or at its end). */
  private moveCut(text: string, hits: readonly SecretHit[]): void {
    const next = cutOutside(text.length - this.rules.reach, hits);
    if (next <= this.cut) return;
    const before = hits.length === 0 ? next - this.cut : renderMasked(text, hits, this.cut, next).length;
    this.maskedBeforeCut += before;
    this.tail = this.tail.slice(before);
    this.cut = next;
  }
}

/** `at`, or the start of the secret it is in or at the end of (again, for the secret that one is in). */
function cutOutside(at: number, hits: readonly SecretHit[]): number {
  let cut = at;
  for (let moved = true; moved; ) {
    moved = false;
    for (const hit of hits) {
      if (hit.start < cut && cut <= hit.end) {
        cut = hit.start;
        moved = true;
      }
    }
  }
  return cut;
}

/**
 * Text appended piece by piece to what cannot be rewritten (a file): `push` gives what can be written now, masked,
 * and holds back the last `reach` characters (a secret that a later piece completes can start there); `flush` gives
 * what was held back. Only the held-back text is kept. A secret split exactly where `flush` was called is not seen
 * whole (the file was read in the middle of a message).
 */
export class MaskedAppends {
  private pending = '';

  constructor(private readonly rules: () => SecretRules) {}

  push(text: string): string {
    this.pending += text;
    const rules = this.rules();
    const hits = secretHits(this.pending, rules);
    const cut = cutOutside(this.pending.length - rules.reach, hits);
    if (cut <= 0) return '';
    const out = hits.length === 0 ? this.pending.slice(0, cut) : renderMasked(this.pending, hits, 0, cut);
    this.pending = this.pending.slice(cut);
    return out;
  }

  flush(): string {
    const out = maskText(this.pending, this.rules());
    this.pending = '';
    return out;
  }
}
