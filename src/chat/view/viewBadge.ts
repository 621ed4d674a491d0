// The chat view's badge: how many open sessions wait for the user (a permission request or a question), shown on
// the view and its activity bar icon wherever the chat is, so a waiting session is seen even with the panel closed.
// Pure apart from the type of the badge.
import type { OpenSessionView } from '../../shared/protocol/sessionsProtocol';

export interface ViewBadge {
  value: number;
  tooltip: string;
}

export function waitingBadge(sessions: readonly OpenSessionView[]): ViewBadge | undefined {
  const waiting = sessions.filter((session) => session.activity === 'needsYou').length;
  if (waiting === 0) return undefined;
  return { value: waiting, tooltip: waiting === 1 ? 'A session waits for you' : `${waiting} sessions wait for you` };
}
