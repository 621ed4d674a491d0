// Waiting for a scripted agent's permission request in a session, as the user sees it in the transcript.
import type { Session } from '../../../src/session/session';
import { within } from './realAgentProcess';

/** A permission request a session waits on: its key and the id of its first option (the scenarios' first is allow). */
export interface AskedPermission {
  requestKey: string;
  optionId: string;
}

/** The permission request the session waits on (of the tool call titled `title`, when given), once it asks. */
export function untilAsked(session: Session, title?: string, deadlineMs = 20_000): Promise<AskedPermission> {
  const pending = (): AskedPermission | undefined => {
    const entry = session.state.entries.find((item) => item.kind === 'tool_call' && item.permission && (title === undefined || item.title === title));
    return entry?.kind === 'tool_call' && entry.permission ? { requestKey: entry.permission.requestKey, optionId: entry.permission.options[0].optionId } : undefined;
  };
  return within(
    new Promise((resolve) => {
      const now = pending();
      if (now) return resolve(now);
      const subscription = session.onDidChange(() => {
        const asked = pending();
        if (asked) {
          subscription.dispose();
          resolve(asked);
        }
      });
    }),
    deadlineMs,
    title === undefined ? 'no permission request' : `no permission request "${title}"`,
  );
}
