// Message chunks (agent_message_chunk, agent_thought_chunk, user_message_chunk) into transcript entries.
//
// A chunk joins the LAST entry when that entry has the same role and the same messageId (or both have none);
// otherwise it starts a new entry. Within an entry a text chunk extends the last block when that block is text
// (one block however many chunks: amortized O(1), the hot path), any other block is appended as its own item.
// Text blocks in entries are always our own shallow copies, so extending them never writes into wire objects.
// An entry keeps at most ENTRY_TEXT_CAP characters of text; the rest goes out as the change's `overflow`
// (transcriptCaps.ts).
import type { ContentBlock } from '../acp';
import type { AgentMessageEntry, EntryOverflow, SessionChange, SessionState, ThoughtEntry, UserMessageEntry } from './model';
import { isRecord } from '../text/narrow';
import { appendSeqEntry, emptyChange, entryChange } from './reducerBook';
import { HeldText, heldTextOf } from '../text/heldText';
import { ENTRY_TEXT_CAP, cutIndex, detachedString } from './transcriptCaps';

export type ChunkRole = 'user' | 'agent' | 'thought';

type MessageEntry = UserMessageEntry | AgentMessageEntry | ThoughtEntry;

/**
 * A content block from the wire as we keep it: text blocks copied (we extend their text later), other blocks as
 * they came, unknown `type`s included. Undefined when it is not a block at all.
 */
export function ownContentBlock(value: unknown): ContentBlock | undefined {
  if (!isRecord(value) || typeof value.type !== 'string') return undefined;
  if (value.type === 'text') {
    return typeof value.text === 'string' ? ({ ...value } as ContentBlock) : undefined;
  }
  // Known non-text blocks and unknown types are kept verbatim; renderers draw unknown types generically.
  return value as ContentBlock;
}

export function appendChunk(state: SessionState, role: ChunkRole, update: Record<string, unknown>, now: number): SessionChange {
  const held = heldTextOf(update.content);
  const block = ownContentBlock(update.content);
  // An empty text chunk carries nothing to show (claude sends one before every message): no entry for it.
  if (!block || (block.type === 'text' && block.text === '')) return emptyChange();
  const messageId = typeof update.messageId === 'string' ? update.messageId : undefined;

  const last = state.entries[state.entries.length - 1];
  if (last && last.kind === role && last.messageId === messageId) {
    const overflow = appendCapped(last, block, held);
    last.rev++;
    if (last.kind === 'thought') last.updatedAt = now;
    return withOverflow(entryChange(last.id), overflow);
  }
  const first: ContentBlock = block.type === 'text' ? { ...block, text: '' } : block;
  const entry = appendSeqEntry(state, (id) => newMessageEntry(id, role, messageId, first, now));
  const overflow = block.type === 'text' ? appendCapped(entry, block, held) : undefined;
  return withOverflow(entryChange(entry.id), overflow);
}

function withOverflow(change: SessionChange, overflow: EntryOverflow | undefined): SessionChange {
  if (overflow) change.overflow = [overflow];
  return change;
}

function textOf(entry: MessageEntry): string {
  let text = '';
  for (const block of entry.content) if (block.type === 'text') text += block.text;
  return text;
}

/**
 * Appends a block, keeping the entry's text under the cap; returns what did not fit. With `held`, the block's text
 * is only the beginning of the chunk (heldText.ts): the whole chunk is the held text.
 */
function appendCapped(entry: MessageEntry, block: ContentBlock, held: HeldText | undefined): EntryOverflow | undefined {
  if (block.type !== 'text') {
    appendBlock(entry, block);
    return undefined;
  }
  const text = block.text;
  const chunkChars = held ? held.chars : text.length;
  const whole = (before: string): EntryOverflow =>
    held ? { entryId: entry.id, text: before, tail: held.handle } : { entryId: entry.id, text: before + text };
  if (entry.cut) {
    entry.cut.totalChars += chunkChars;
    return whole('');
  }
  let used = 0;
  for (const item of entry.content) if (item.type === 'text') used += item.text.length;
  if (!held && used + text.length <= ENTRY_TEXT_CAP) {
    appendBlock(entry, block);
    return undefined;
  }
  const before = textOf(entry);
  const keep = cutIndex(text, ENTRY_TEXT_CAP - used);
  if (keep > 0) appendBlock(entry, { ...block, text: detachedString(text.slice(0, keep)) });
  entry.cut = { keptChars: used + keep, totalChars: used + chunkChars };
  return whole(before);
}

function appendBlock(entry: MessageEntry, block: ContentBlock): void {
  const content = entry.content;
  const tail = content[content.length - 1];
  if (block.type === 'text' && tail?.type === 'text' && tail.text === '') {
    tail.text = block.text;
  } else if (block.type === 'text' && tail?.type === 'text') {
    // Merged text keeps the first block's other fields (annotations, _meta).
    tail.text += block.text;
  } else {
    content.push(block);
  }
}

function newMessageEntry(
  id: string,
  role: ChunkRole,
  messageId: string | undefined,
  block: ContentBlock,
  now: number,
): MessageEntry {
  const base = { id, rev: 1, content: [block], ...(messageId === undefined ? {} : { messageId }) };
  switch (role) {
    case 'user':
      return { kind: 'user', ...base };
    case 'agent':
      return { kind: 'agent', ...base };
    case 'thought':
      return { kind: 'thought', ...base, startedAt: now, updatedAt: now };
  }
}
