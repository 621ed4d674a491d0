// Text the agent names (tool call and permission titles, option names, commands, session titles, file paths) is
// shown with its invisible and direction-changing characters made visible: a right-to-left override (U+202E) can
// make `txt.exe` read as `exe.txt`, a zero-width space can make two different commands look alike. Such a
// character is split out as a marked run ("⟨U+202E⟩" in plain text) so nothing it would hide or reorder stays
// hidden. Pure: no vscode, no node.
//
// Which characters (the unmarked rest is shown as it is):
// - bidi controls: U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069;
// - zero-width and invisible formatting: U+00AD (soft hyphen), U+034F (combining grapheme joiner), U+180E,
//   U+200B–U+200D (ZWJ and ZWNJ too: they matter in emoji sequences and some scripts, but hide text as well),
//   U+2060–U+2064 and U+206A–U+206F, U+FEFF, U+FFF9–U+FFFB, the Hangul fillers (U+115F, U+1160, U+3164,
//   U+FFA0: blank "letters"), tag characters U+E0000–U+E007F;
// - variation selectors: the supplementary ones U+E0100–U+E01EF are marked (they carry hidden payloads and are
//   rare in what an agent names); U+FE00–U+FE0F are NOT marked: they pick emoji or text presentation in everyday
//   emoji (U+FE0F in "❤️") and hide nothing.

/** A piece of text: shown as it is, or one hidden character shown by its code point. */
export type VisibleRun = { kind: 'text'; text: string } | { kind: 'hidden'; char: string; code: string; bidi: boolean };

const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const HIDDEN =
  /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u00AD\u034F\u115F\u1160\u180E\u200B-\u200D\u2060-\u2064\u206A-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;

const ANY_HIDDEN = new RegExp(HIDDEN.source, 'u');

/** "U+202E" for a character. */
export function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The marker that stands for a hidden character in plain text: "⟨U+202E⟩". */
export function hiddenMarker(char: string): string {
  return `⟨${codePointLabel(char)}⟩`;
}

/** Whether the text holds any character this module marks. */
export function hasHiddenChars(text: string): boolean {
  return ANY_HIDDEN.test(text);
}

/** The text cut into plain runs and one run per hidden character, in order; "" gives no runs. */
export function visibleRuns(text: string): VisibleRun[] {
  const runs: VisibleRun[] = [];
  let start = 0;
  for (const match of text.matchAll(HIDDEN)) {
    const at = match.index ?? 0;
    if (at > start) runs.push({ kind: 'text', text: text.slice(start, at) });
    const char = match[0];
    runs.push({ kind: 'hidden', char, code: codePointLabel(char), bidi: BIDI.test(char) });
    start = at + char.length;
  }
  if (start < text.length) runs.push({ kind: 'text', text: text.slice(start) });
  return runs;
}

/** The text with each hidden character replaced by its marker, for plain-text places (notifications). */
export function withVisibleMarkers(text: string): string {
  return text.replace(HIDDEN, hiddenMarker);
}

/** The distinct code points ("U+202E") of the hidden characters in these texts, in order of appearance. */
export function hiddenCodesIn(texts: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(HIDDEN)) codes.add(codePointLabel(match[0]));
  return [...codes];
}

/** The warning shown where text with such characters appears, naming them as they are marked. */
export function hiddenCharsWarning(codes: readonly string[]): string {
  const shown = codes.slice(0, 3).map((code) => `⟨${code}⟩`);
  const more = codes.length > 3 ? ` and ${codes.length - 3} more` : '';
  return `This request contains hidden or direction-changing characters, shown as ${shown.join(', ')}${more}.`;
}
