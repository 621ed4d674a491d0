// Watches the changes of every open session (the shown one and those behind it), for the notifiers. No `vscode`.
import type { Event } from 'vscode-jsonrpc/node';
import type { SessionChange } from '../shared/transcript/model';

export interface WatchedSession {
  readonly onDidChange: Event<SessionChange>;
}

export interface OpenSessionsSource<S extends WatchedSession> {
  readonly openSessions: readonly { readonly session: S }[];
  readonly onDidOpenSession: Event<{ readonly session: S }>;
  readonly onDidCloseSession: Event<{ readonly session: S }>;
}

/** Calls `onChange` for each change of any open session; `onClose` when one closes. */
export function watchOpenSessions<S extends WatchedSession>(
  source: OpenSessionsSource<S>,
  onChange: (session: S, change: SessionChange) => void,
  onClose: (session: S) => void = () => undefined,
): { dispose(): void } {
  const watched = new Map<S, { dispose(): void }>();
  const watch = (session: S): void => {
    if (!watched.has(session)) watched.set(session, session.onDidChange((change) => onChange(session, change)));
  };
  source.openSessions.forEach((open) => watch(open.session));
  const opened = source.onDidOpenSession((open) => watch(open.session));
  const closed = source.onDidCloseSession(({ session }) => {
    watched.get(session)?.dispose();
    watched.delete(session);
    onClose(session);
  });
  return {
    dispose: () => {
      opened.dispose();
      closed.dispose();
      watched.forEach((subscription) => subscription.dispose());
      watched.clear();
    },
  };
}
