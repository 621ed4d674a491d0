// Which user message of a transcript each checkpoint (turn) of a ledger belongs to. A checkpoint keeps an anchor taken
// when its prompt was sent: the prompt's place among the conversation's user messages, a fingerprint of its text and,
// when the agent gave one, its messageId. The transcript shown later may be another copy of the conversation (replayed
// by session/load after a reload, or the local copy kept for agents that cannot load), with its own entry ids; the
// anchor finds the message again: by messageId, else in order by fingerprint (the anchored place first). A message
// whose text came back different is left without a checkpoint rather than given a wrong one. No `vscode` here.
import type { ContentBlock } from '../shared/acp';
import type { EntryId, TranscriptEntry } from '../shared/transcript/model';

export interface PromptAnchor {
  /** 1 for the conversation's first user message, and so on. */
  ordinal: number;
  /** See promptFingerprint. */
  fingerprint: string;
  messageId?: string;
}

/** A checkpoint as far as linking goes. */
export interface AnchoredCheckpoint {
  turn: number;
  anchor?: PromptAnchor;
}

/** The prompt's words (text blocks, white space folded): its length and an FNV-1a hash. */
export function promptFingerprint(content: readonly ContentBlock[]): string {
  const text = content
    .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length}:${hash.toString(16)}`;
}

/** The anchor of the newest user message of a transcript (the prompt just sent). */
export function anchorOfLastPrompt(entries: readonly TranscriptEntry[]): PromptAnchor | undefined {
  let ordinal = 0;
  let last: TranscriptEntry | undefined;
  for (const entry of entries) {
    if (entry.kind !== 'user') continue;
    ordinal++;
    last = entry;
  }
  if (last?.kind !== 'user') return undefined;
  return { ordinal, fingerprint: promptFingerprint(last.content), ...(last.messageId ? { messageId: last.messageId } : {}) };
}

/** Each linked user message's entry id, with its checkpoint's turn. */
export function linkCheckpoints(entries: readonly TranscriptEntry[], checkpoints: readonly AnchoredCheckpoint[]): Map<EntryId, number> {
  const users = entries.flatMap((entry) => (entry.kind === 'user' ? [{ id: entry.id, messageId: entry.messageId, fingerprint: promptFingerprint(entry.content) }] : []));
  const links = new Map<EntryId, number>();
  const linkedTurns = new Set<number>();
  const taken = new Set<number>();
  const byMessageId = new Map(users.flatMap((user, index) => (user.messageId ? [[user.messageId, index] as const] : [])));
  const ordered = [...checkpoints].filter((checkpoint) => checkpoint.anchor).sort((a, b) => a.turn - b.turn);
  for (const checkpoint of ordered) {
    const index = checkpoint.anchor?.messageId === undefined ? undefined : byMessageId.get(checkpoint.anchor.messageId);
    if (index === undefined || taken.has(index)) continue;
    taken.add(index);
    linkedTurns.add(checkpoint.turn);
    links.set(users[index].id, checkpoint.turn);
  }
  // In order: each checkpoint takes its anchored place when the text there is its own, else the next message after the
  // previous link with the same text.
  let after = -1;
  for (const checkpoint of ordered) {
    const anchor = checkpoint.anchor;
    if (!anchor || linkedTurns.has(checkpoint.turn)) continue;
    const fits = (index: number): boolean => index > after && !taken.has(index) && users[index]?.fingerprint === anchor.fingerprint;
    let index = fits(anchor.ordinal - 1) ? anchor.ordinal - 1 : -1;
    if (index < 0) index = users.findIndex((_, candidate) => fits(candidate));
    if (index < 0) continue;
    taken.add(index);
    after = index;
    links.set(users[index].id, checkpoint.turn);
  }
  return links;
}
