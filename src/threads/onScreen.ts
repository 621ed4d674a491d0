// "Is this session on screen": what the Threads view asks to know whether a turn that ended was seen. Today the
// chat's views answer it (src/chat/chatViews.ts: a view on screen shows the session). No `vscode`.
import type { Event } from 'vscode-jsonrpc/node';
import type { SessionKey } from '../shared/sessionKey';

export interface OnScreen {
  /** True while a surface the user can see shows this session. */
  isOnScreen(key: SessionKey): boolean;
  /** What is on screen may have changed (a surface shows another session, or came on screen or went). */
  readonly onDidChange: Event<void>;
}
