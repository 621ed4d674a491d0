// What a screen reader hears, decided from two consecutive states: a finished agent message (once, when it stops
// being written, never chunk by chunk), a new notice (errors, stop reasons), and a permission request (urgent).
// A snapshot (the view attaching, another session) announces nothing. Pure.
import type { TranscriptEntry } from '../../../src/shared/model';
import { activeEntryId } from '../selectors';
import type { ChatState, SessionView } from '../store';
import { blockViews } from './contentText';

export type Politeness = 'polite' | 'assertive';

export interface Announcement {
  politeness: Politeness;
  text: string;
}

/** Longer messages are cut: the full text is in the transcript for the reader to navigate. */
export const ANNOUNCE_LIMIT = 400;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= ANNOUNCE_LIMIT ? flat : `${flat.slice(0, ANNOUNCE_LIMIT)}…`;
}

function entryIn(session: SessionView, id: string | undefined): TranscriptEntry | undefined {
  if (id === undefined) return undefined;
  const at = session.positions.get(id);
  return at === undefined ? undefined : session.entries[at];
}

function agentText(entry: TranscriptEntry): string {
  if (entry.kind !== 'agent') return '';
  return clip(blockViews(entry.content).map((view) => view.text).join(' '));
}

export function announcementsBetween(prev: ChatState, next: ChatState): Announcement[] {
  const before = prev.session;
  const after = next.session;
  if (!before || !after || before.sessionKey !== after.sessionKey || before === after) return [];
  const out: Announcement[] = [];
  const wasActive = activeEntryId(prev);
  const nowActive = activeEntryId(next);
  const finished = new Set<string>();
  const notices: Announcement[] = [];
  // The message that was being written is done.
  if (wasActive !== undefined && wasActive !== nowActive) finished.add(wasActive);
  for (let i = before.entries.length; i < after.entries.length; i++) {
    const entry = after.entries[i];
    if (before.positions.has(entry.id)) continue;
    // A message that arrived whole (something else already follows it).
    if (entry.kind === 'agent' && entry.id !== nowActive) finished.add(entry.id);
    if (entry.kind === 'notice') notices.push({ politeness: 'polite', text: clip(entry.text) });
  }
  for (const id of finished) {
    const entry = entryIn(after, id);
    const text = entry ? agentText(entry) : '';
    if (text !== '') out.push({ politeness: 'polite', text });
  }
  out.push(...notices);
  for (const entry of after.entries.slice(-50)) {
    if (entry.kind !== 'tool_call' || !entry.permission) continue;
    const old = entryIn(before, entry.id);
    if (old?.kind === 'tool_call' && old.permission?.requestKey === entry.permission.requestKey) continue;
    const options = entry.permission.options.map((option) => option.name || option.optionId).join(', ');
    out.push({ politeness: 'assertive', text: clip(`Permission requested: ${entry.title || 'a tool call'}. Options: ${options}.`) });
  }
  return out;
}
