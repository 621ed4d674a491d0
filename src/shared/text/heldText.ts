// Text too long to carry through the host as a string: the framing layer (src/acp/largeLines.ts) parses lines of
// a megabyte or more off the main thread and, for a message chunk's text over HELD_TEXT_CHARS, hands on a block
// whose `text` is only the text's first ENTRY_TEXT_CAP characters, with the whole text kept aside (as UTF-8 bytes,
// an opaque handle here) and registered against that block object. The reducer asks for it (chunks.ts): the entry
// is cut at its cap as usual and the overflow carries the handle, so the spill file gets all of the text.
// Pure: no `vscode`, no node (the handle is whatever the framing put there).

/** Strings of message chunk text longer than this are held aside by the framing layer. */
export const HELD_TEXT_CHARS = 1024 * 1024;

export interface HeldText {
  /** Length of the whole text (UTF-16 code units). */
  chars: number;
  /** The whole text, in the form the host's spill writes (UTF-8 bytes). */
  handle: unknown;
}

const held = new WeakMap<object, HeldText>();

/** Records that `block.text` is only the beginning of a longer text. */
export function holdText(block: object, text: HeldText): void {
  held.set(block, text);
}

/** The whole text behind a block the framing layer shortened, if it did. */
export function heldTextOf(block: unknown): HeldText | undefined {
  return typeof block === 'object' && block !== null ? held.get(block) : undefined;
}
