// UTF-8 character boundaries in raw bytes: where a cut may start, and how much of the end is an unfinished character.
// Malformed input is tolerated: at most 3 bytes are ever skipped or held back, so binary output cannot hide text.

/** True for a continuation byte (10xxxxxx), which never starts a character. */
export function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/** How many bytes a character whose first byte is `lead` has (1 for ASCII and for bytes that cannot start one). */
export function sequenceLength(lead: number): number {
  if (lead < 0xc0) return 1; // ASCII, or a stray continuation byte
  if (lead < 0xe0) return 2;
  if (lead < 0xf0) return 3;
  if (lead < 0xf8) return 4;
  return 1; // 0xf8..0xff never occur in UTF-8
}

/**
 * How many bytes from `start` to skip so that reading begins on a character boundary: the continuation bytes of a
 * character whose beginning was cut off (at most 3; `end` bounds the search).
 */
export function boundaryAfter(bytes: Uint8Array, start: number, end: number = bytes.length): number {
  let skip = 0;
  while (skip < 3 && start + skip < end && isContinuation(bytes[start + skip])) skip++;
  return skip;
}

/**
 * How many bytes at the end of `bytes[start, end)` are the beginning of a character that is not complete yet (0..3):
 * more of it may still come. Bytes before `start` are not looked at.
 */
export function incompleteTail(bytes: Uint8Array, start: number, end: number): number {
  for (let back = 1; back <= 3 && end - back >= start; back++) {
    const byte = bytes[end - back];
    if (!isContinuation(byte)) {
      const length = sequenceLength(byte);
      return length > back ? back : 0;
    }
  }
  return 0;
}
