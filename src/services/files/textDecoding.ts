// Bytes from disk to text: UTF-8 with or without BOM, UTF-16 with a BOM; the BOM is not part of the text.
// Anything else (NUL bytes near the start, invalid UTF-8) is binary: callers answer with an error, never
// with mojibake.

export type TextEncodingName = 'utf8' | 'utf8bom' | 'utf16le' | 'utf16be';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/** How many leading bytes are searched for NUL. */
export const BINARY_SNIFF_BYTES = 8192;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function decodeStrict(label: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): string | undefined {
  try {
    // ignoreBOM: the caller has already cut the BOM off; a second one would be content.
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The text in `bytes`, or undefined when they are not text. */
export function decodeText(bytes: Uint8Array): DecodedText | undefined {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    const text = decodeStrict('utf-8', bytes.subarray(3));
    return text === undefined || text.slice(0, BINARY_SNIFF_BYTES).includes('\0') ? undefined : { text, encoding: 'utf8bom' };
  }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    const little = bytes[0] === 0xff;
    const body = bytes.subarray(2);
    if (body.length % 2 !== 0) return undefined;
    const text = decodeStrict(little ? 'utf-16le' : 'utf-16be', body);
    return text === undefined || text.slice(0, BINARY_SNIFF_BYTES).includes('\0') ? undefined : { text, encoding: little ? 'utf16le' : 'utf16be' };
  }
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return undefined;
  const text = decodeStrict('utf-8', bytes);
  return text === undefined ? undefined : { text, encoding: 'utf8' };
}
