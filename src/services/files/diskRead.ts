// Reading a file that no editor has open: from disk, decoded strictly (see textDecoding.ts), with "\n" line
// endings. Missing: -32002; a folder: -32603; binary: -32603; larger than the cap: -32603.
import * as fs from 'node:fs/promises';
import { toLf } from './eol';
import { binaryFileError, fileError, fileNotFoundError, notAFileError, tooLargeError } from './fileErrors';
import { decodeText, TextEncodingName } from './textDecoding';

/** Files larger than this are not read into the extension host. */
export const MAX_DISK_READ_BYTES = 64 * 1024 * 1024;

export interface DiskText {
  /** The whole text, "\n" line endings. */
  text: string;
  encoding: TextEncodingName;
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** True when nothing is at `file` (or a parent is not a folder). */
export function isMissingFileError(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export async function readDiskText(file: string, maxBytes = MAX_DISK_READ_BYTES): Promise<DiskText> {
  let bytes: Buffer;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw notAFileError(file);
    if (stat.size > maxBytes) throw tooLargeError(file, stat.size, maxBytes);
    bytes = await fs.readFile(file);
  } catch (error) {
    if (isMissingFileError(error)) throw fileNotFoundError(file);
    if (codeOf(error) === 'EISDIR') throw notAFileError(file);
    if (typeof codeOf(error) === 'string') throw fileError(file, 'io', `Cannot read ${file}: ${(error as Error).message}`);
    throw error;
  }
  const decoded = decodeText(bytes);
  if (!decoded) throw binaryFileError(file);
  return { text: toLf(decoded.text), encoding: decoded.encoding };
}

/** What is at `file`: a file, something else, or nothing. */
export async function fileKind(file: string): Promise<'file' | 'other' | 'missing'> {
  try {
    return (await fs.stat(file)).isFile() ? 'file' : 'other';
  } catch (error) {
    if (isMissingFileError(error)) return 'missing';
    throw error;
  }
}
