// "ACP: Switch Session" and "ACP: Close Session": the panel's open sessions from the palette.
import type { SessionRegistry } from '../session/sessionRegistry';
import type { SessionStarter, SurfaceSessions } from '../session/surfaceSessions';
import type { PalettePicks } from './quickPick';
import { parseSessionKey } from '../shared/sessionKey';

export const SWITCH_SESSION_COMMAND = 'acp.switchSession';
export const CLOSE_SESSION_COMMAND = 'acp.closeSession';

const ACTIVITY_WORDS: Record<string, string> = {
  opening: 'opening…',
  working: 'working…',
  needsYou: 'waits for you',
  ended: 'ended',
};

function sessionItems(sessions: SessionRegistry, shown: SurfaceSessions) {
  return sessions.sessionViews().map((view) => ({
    label: view.title,
    description: [view.agentName, ACTIVITY_WORDS[view.activity]].filter(Boolean).join(' · '),
    value: view.key,
    current: view.key === shown.currentKey,
  }));
}

/** `key` skips the pick (keybindings and tests). */
export async function switchSession(sessions: SessionRegistry, shown: SurfaceSessions, picks: PalettePicks, showChat: () => Thenable<unknown>, key?: unknown): Promise<void> {
  if (sessions.openSessions.length === 0) throw new Error('No session is open: send a message in the chat to start one.');
  const chosen =
    key !== undefined ? parseSessionKey(key) : await picks.pickOne({ id: SWITCH_SESSION_COMMAND, title: 'Switch Session', placeholder: 'The session to show in the chat', items: sessionItems(sessions, shown) });
  if (chosen === undefined) return;
  if (!sessions.get(chosen)) throw new Error('That session is not open any more.');
  shown.show(chosen);
  await showChat();
}

/** Closes the shown session (or the one given). */
export async function closeSession(starter: SessionStarter, shown: SurfaceSessions, key?: unknown): Promise<void> {
  const target = key !== undefined ? parseSessionKey(key) : shown.currentKey;
  if (target === undefined) throw new Error('No session is shown.');
  await starter.close(target);
}
