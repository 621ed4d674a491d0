// What a screen reader hears, decided from two consecutive states: a finished agent message (once, when it stops
// being written, never chunk by chunk), a new notice (errors, stop reasons), and a permission request or a question
// of the agent (urgent). Messages are read as plain text (their Markdown rendered to words: no asterisks, hashes or
// backticks; a code block is "code block"). A prompt's announcement names its request, so the view clears it once
// the request is answered. A snapshot (the view attaching, another session) announces nothing. Pure.
import type { TranscriptEntry } from '../../../src/shared/transcript/model';
import { activeEntryId } from '../selectors';
import type { ChatState, SessionView } from '../store';
import { blockViews } from './contentText';
import { spokenText } from './spokenText';

export type Politeness = 'polite' | 'assertive';

export interface Announcement {
  politeness: Politeness;
  text: string;
  /** The permission request or question announced (cleared from the live region once answered). */
  requestKey?: string;
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

/** Markdown past this is not parsed for speech (only the first ANNOUNCE_LIMIT characters are said anyway). */
const SPOKEN_SOURCE_LIMIT = 8 * ANNOUNCE_LIMIT;

function agentText(entry: TranscriptEntry): string {
  if (entry.kind !== 'agent') return '';
  return clip(blockViews(entry.content).map((view) => (view.kind === 'text' ? spokenText(view.text.slice(0, SPOKEN_SOURCE_LIMIT)) : view.text)).join(' '));
}

/** Requests of the session still waiting for the user (permission requests and questions), among its newest entries. */
function pendingRequests(session: SessionView): Map<string, TranscriptEntry> {
  const pending = new Map<string, TranscriptEntry>();
  for (const entry of session.entries.slice(-50)) {
    if (entry.kind === 'tool_call' && entry.permission) pending.set(entry.permission.requestKey, entry);
    if (entry.kind === 'elicitation' && entry.outcome === undefined) pending.set(entry.requestKey, entry);
  }
  return pending;
}

/** The request is still waiting in the shown session (else what announced it is stale and goes). */
export function isRequestPending(state: ChatState, requestKey: string): boolean {
  return state.session ? pendingRequests(state.session).has(requestKey) : false;
}

function requestText(entry: TranscriptEntry): string {
  if (entry.kind === 'tool_call' && entry.permission) {
    const options = entry.permission.options.map((option) => option.name || option.optionId).join(', ');
    return clip(`Permission requested: ${entry.title || 'a tool call'}. Options: ${options}.`);
  }
  if (entry.kind === 'elicitation') return clip(`The agent asks: ${spokenText(entry.message)}`);
  return '';
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
  const wasPending = pendingRequests(before);
  for (const [requestKey, entry] of pendingRequests(after)) {
    if (wasPending.has(requestKey)) continue;
    const text = requestText(entry);
    if (text !== '') out.push({ politeness: 'assertive', text, requestKey });
  }
  return out;
}
