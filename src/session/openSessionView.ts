// How an open session looks in the panel's switcher: its title and what it is doing. Pure.
import type { SessionState, TranscriptEntry } from '../shared/transcript/model';
import type { OpenSessionActivity } from '../shared/protocol/sessionsProtocol';

const TITLE_CHARS = 80;
export const UNTITLED = 'New session';

/** The agent's title, else the first prompt's text (one line, shortened), else "New session". */
export function sessionTitle(state: SessionState, fallback?: string): string {
  const given = state.header.title?.trim();
  if (given) return given;
  const first = state.entries.find((entry) => entry.kind === 'user');
  const text = first?.kind === 'user' ? first.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ') : '';
  const line = text.replace(/\s+/g, ' ').trim();
  if (line) return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
  return fallback?.trim() || UNTITLED;
}

/**
 * The title to show for a session brought back (`known`: the one the history had) when the agent did not give it
 * again while loading it (claude-agent-acp 0.101 on ACP v1 replays the conversation, not its title): only a title the
 * agent had given, i.e. not the one the first prompt makes (nor "New session"), which the header does not show.
 */
export function recalledTitle(state: SessionState, known: string | undefined): string | undefined {
  const title = known?.trim();
  if (!title || state.header.title?.trim()) return undefined;
  return title === sessionTitle(state) ? undefined : title;
}

function waitsForUser(entry: TranscriptEntry): boolean {
  if (entry.kind === 'tool_call') return entry.permission !== undefined;
  if (entry.kind === 'elicitation') return entry.outcome === undefined;
  // A subagent's permission request or question counts as its parent's.
  if (entry.kind === 'subagent') return entry.waiting > 0;
  return false;
}

/**
 * What the session is doing. A permission request or question waiting for the user is looked for from the newest
 * entry back to the turn's prompt (they belong to the running turn), so the cost follows the turn, not the transcript.
 */
export function sessionActivity(state: SessionState, flags: { opening: boolean; ended: boolean }): OpenSessionActivity {
  if (flags.opening) return 'opening';
  if (flags.ended) return 'ended';
  for (let index = state.entries.length - 1; index >= 0; index--) {
    const entry = state.entries[index];
    if (waitsForUser(entry)) return 'needsYou';
    if (entry.kind === 'user') break;
  }
  return state.header.turn === 'idle' ? 'idle' : 'working';
}
