// The review's ledgers as they are kept across a window reload (a JSON file in the workspace storage): packed under
// a size limit, and read back leniently (a damaged or older file gives what it can, never an exception). Over the
// limit, the checkpoints' earlier texts go first (oldest turn first: restoring that checkpoint then leaves those
// files as they are), then the review baselines of the largest files (those files can still be kept, no longer
// undone; the ledger marks them `notKept` and the chat says so). A text a git baseline tree holds is kept as the
// name of its object instead (storedObjects.ts reads it back), whatever its size. No `vscode` here.
import type { Content, LedgerData, RestoreTarget } from './changeLedger';
import type { PromptAnchor } from './checkpointLinks';

export const REVIEW_DATA_VERSION = 1;

/** Characters of file text kept in all (about 8 MB of JSON at most). */
export const DEFAULT_TEXT_LIMIT = 4_000_000;

export interface StoredConversation {
  /** The agent and its session id (see ReviewService). */
  conversation: string;
  ledger: LedgerData;
}

export interface StoredReview {
  version: number;
  conversations: StoredConversation[];
}

function size(text: Content): number {
  return typeof text === 'string' ? text.length : 0;
}

/** A copy in which a text that a git object holds is left out (its object name stays). */
function copy(ledger: LedgerData): LedgerData {
  return {
    files: ledger.files.map((file) => ({ ...file, ...(file.baselineObject ? { baseline: undefined } : {}) })),
    turns: ledger.turns.map((turn) => ({ ...turn, before: turn.before.map((target) => ({ ...target, ...(target.object ? { text: undefined } : {}) })) })),
  };
}

/**
 * The stored ledgers with `mask` applied to the checkpoints' labels (the start of a prompt: secrets masked). The
 * files' texts (review baselines, what a checkpoint restores) are copies of the user's files and stay as they are:
 * restoring them must give the file back byte for byte, so a secret the file held is kept there, as in the file.
 */
export function withMaskedLabels(stored: StoredReview, mask: (text: string) => string): StoredReview {
  return {
    ...stored,
    conversations: stored.conversations.map((item) => ({
      ...item,
      ledger: { ...item.ledger, turns: item.ledger.turns.map((turn) => ({ ...turn, label: mask(turn.label) })) },
    })),
  };
}

/** The ledgers as they are stored, with at most `limit` characters of text, and what had to be dropped. */
export function packReview(conversations: readonly StoredConversation[], limit = DEFAULT_TEXT_LIMIT): { stored: StoredReview; dropped: string[] } {
  const packed = conversations.map((item) => ({ conversation: item.conversation, ledger: copy(item.ledger) }));
  let total = 0;
  for (const { ledger } of packed) {
    for (const file of ledger.files) total += size(file.baseline) + size(file.current);
    for (const turn of ledger.turns) for (const target of turn.before) total += size(target.text);
  }
  const dropped: string[] = [];
  if (total > limit) {
    const targets: RestoreTarget[] = packed.flatMap(({ ledger }) => ledger.turns.flatMap((turn) => turn.before));
    for (const target of targets) {
      if (total <= limit) break;
      if (typeof target.text !== 'string' || target.text.length === 0) continue;
      total -= target.text.length;
      target.text = undefined;
    }
  }
  if (total > limit) {
    const files = packed.flatMap(({ ledger }) => ledger.files).sort((a, b) => size(b.baseline) + size(b.current) - (size(a.baseline) + size(a.current)));
    for (const file of files) {
      if (total <= limit) break;
      if (typeof file.baseline !== 'string' && !file.baselineObject) continue;
      total -= size(file.baseline) + size(file.current);
      file.baseline = undefined;
      delete file.baselineObject;
      if (typeof file.current === 'string') file.current = '';
      file.notKept = true;
      dropped.push(file.path);
    }
  }
  return { stored: { version: REVIEW_DATA_VERSION, conversations: packed }, dropped };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asContent(value: unknown): Content {
  return typeof value === 'string' || value === null ? value : undefined;
}

function asNumbers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number' && Number.isSafeInteger(item)) : [];
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function asFile(value: unknown): LedgerData['files'][number] | undefined {
  if (!isRecord(value) || typeof value.path !== 'string' || value.path === '') return undefined;
  const current = value.current === null ? null : typeof value.current === 'string' ? value.current : undefined;
  if (current === undefined) return undefined;
  return {
    path: value.path,
    baseline: asContent(value.baseline),
    ...(typeof value.baselineObject === 'string' ? { baselineObject: value.baselineObject } : {}),
    current,
    toolCallIds: asStrings(value.toolCallIds),
    turns: asNumbers(value.turns),
    ...(value.notKept === true ? { notKept: true } : {}),
  };
}

function asAnchor(value: unknown): PromptAnchor | undefined {
  if (!isRecord(value) || typeof value.ordinal !== 'number' || !Number.isSafeInteger(value.ordinal) || typeof value.fingerprint !== 'string') return undefined;
  return { ordinal: value.ordinal, fingerprint: value.fingerprint, ...(typeof value.messageId === 'string' ? { messageId: value.messageId } : {}) };
}

function asTurn(value: unknown): LedgerData['turns'][number] | undefined {
  if (!isRecord(value)) return undefined;
  const before = Array.isArray(value.before)
    ? value.before.filter((item): item is Record<string, unknown> => isRecord(item) && typeof item.path === 'string').map((item) => ({ path: item.path as string, text: asContent(item.text), ...(typeof item.object === 'string' ? { object: item.object } : {}) }))
    : [];
  const anchor = asAnchor(value.anchor);
  return {
    turn: typeof value.turn === 'number' ? value.turn : 0,
    label: typeof value.label === 'string' ? value.label : '',
    time: typeof value.time === 'number' ? value.time : 0,
    ...(anchor ? { anchor } : {}),
    before,
  };
}

/** What a stored value holds, as far as it can be read. */
export function unpackReview(value: unknown): StoredConversation[] {
  if (!isRecord(value) || value.version !== REVIEW_DATA_VERSION || !Array.isArray(value.conversations)) return [];
  const conversations: StoredConversation[] = [];
  for (const item of value.conversations) {
    if (!isRecord(item) || typeof item.conversation !== 'string' || !isRecord(item.ledger)) continue;
    const files = Array.isArray(item.ledger.files) ? item.ledger.files.map(asFile).filter((file) => file !== undefined) : [];
    const turns = Array.isArray(item.ledger.turns) ? item.ledger.turns.map(asTurn).filter((turn) => turn !== undefined) : [];
    if (files.length > 0) conversations.push({ conversation: item.conversation, ledger: { files, turns } });
  }
  return conversations;
}
