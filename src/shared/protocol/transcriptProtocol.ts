// The transcript's part of the host <-> webview messages: following links, file locations and diffs out of the
// chat, copying code, and paging in entries older than the snapshot's window. Pure: both sides import it.
// Everything the webview sends is validated here (`parseTranscriptMessage`) like any other untrusted input.
import { MAX_HREF_LENGTH, classifyLink } from '../text/links';
import type { EntryId, TranscriptEntry } from '../transcript/model';
import type { SessionKey } from '../sessionKey';

/** The host answers `loadOlder` with at most this many entries. */
export const OLDER_ENTRIES_PAGE = 200;
/** Copying more than this (characters) is refused. */
export const MAX_COPY_CHARS = 5_000_000;
const MAX_PATH_CHARS = 4096;
const MAX_ID_CHARS = 1024;

export type TranscriptHostMessage =
  /** Entries just before the oldest one the view has, oldest first (the answer to `loadOlder`). */
  { type: 'olderEntries'; sessionKey: SessionKey; entries: TranscriptEntry[]; totalEntries: number };

export type TranscriptWebviewMessage =
  /** A link in agent text: http(s)/mailto open outside, file links in an editor (see shared/text/links.ts). */
  | { type: 'openLink'; href: string }
  /** A tool call location: open the file and reveal the (1-based) line. */
  | { type: 'openLocation'; path: string; line?: number }
  /** Content item `index` of tool call `toolCallId` is a diff: open it in VS Code's diff editor. */
  | { type: 'openDiff'; toolCallId: string; index: number }
  /** Same, but open the file itself at the agent's first change under review (inline review in the editor). */
  | { type: 'reviewInline'; toolCallId: string; index: number }
  | { type: 'copyText'; text: string }
  /** The user scrolled to the top of what the view has: send the entries before `before`. */
  | { type: 'loadOlder'; before: EntryId }
  /** The view's copy of an entry could not take a delta (it missed a change): send the entry whole. */
  | { type: 'resendEntry'; entryId: EntryId }
  /** The view took the transcript posts up to `seq` (and drew a frame since): the host may send more (flow control). */
  | { type: 'applied'; seq: number }
  /** "Open full message" of a message cut at its cap: the host opens its whole text (a spill file), read-only. */
  | { type: 'openFullMessage'; entryId: EntryId }
  /** "Open earlier messages": the entries dropped from the host's memory, as markdown, read-only. */
  | { type: 'openEarlierMessages' };

function boundedString(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max;
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The message when `value` is a well-formed transcript message, otherwise undefined. */
export function parseTranscriptMessage(value: Record<string, unknown>): TranscriptWebviewMessage | undefined {
  switch (value.type) {
    case 'openLink':
      return boundedString(value.href, MAX_HREF_LENGTH) && classifyLink(value.href) ? { type: 'openLink', href: value.href } : undefined;
    case 'openLocation': {
      if (!boundedString(value.path, MAX_PATH_CHARS) || /[\u0000-\u001F]/.test(value.path)) return undefined;
      if (value.line === undefined || value.line === null) return { type: 'openLocation', path: value.path };
      return isIndex(value.line) ? { type: 'openLocation', path: value.path, line: value.line } : undefined;
    }
    case 'openDiff':
    case 'reviewInline':
      return boundedString(value.toolCallId, MAX_ID_CHARS) && isIndex(value.index)
        ? { type: value.type, toolCallId: value.toolCallId, index: value.index }
        : undefined;
    case 'copyText':
      return typeof value.text === 'string' && value.text.length <= MAX_COPY_CHARS ? { type: 'copyText', text: value.text } : undefined;
    case 'loadOlder':
      return boundedString(value.before, MAX_ID_CHARS) ? { type: 'loadOlder', before: value.before }
        : undefined;
    case 'resendEntry':
      return boundedString(value.entryId, MAX_ID_CHARS) ? { type: 'resendEntry', entryId: value.entryId } : undefined;
    case 'applied':
      return isIndex(value.seq) ? { type: 'applied', seq: value.seq } : undefined;
    case 'openFullMessage':
      return boundedString(value.entryId, MAX_ID_CHARS) ? { type: 'openFullMessage', entryId: value.entryId }
        : undefined;
    case 'openEarlierMessages':
      return { type: 'openEarlierMessages' };
    default:
      return undefined;
  }
}

/** The page of entries before `before` (oldest first), or undefined when `before` is not in `entries`. */
export function olderPage(entries: readonly TranscriptEntry[], before: EntryId, pageSize = OLDER_ENTRIES_PAGE): TranscriptEntry[] | undefined {
  const at = entries.findIndex((entry) => entry.id === before);
  if (at < 0) return undefined;
  return entries.slice(Math.max(0, at - pageSize), at);
}
