// "Is this session on screen": what the Threads view asks to know whether a turn that ended was seen. Today the
// side-bar chat is the only surface (its view visible and showing the session); chat tabs will answer too. No `vscode`.
import { Emitter, type Event } from 'vscode-jsonrpc/node';
import type { SessionKey } from '../shared/sessionKey';

export interface OnScreen {
  /** True while a surface the user can see shows this session. */
  isOnScreen(key: SessionKey): boolean;
  /** What is on screen may have changed (a surface shows another session, or came on screen or went). */
  readonly onDidChange: Event<void>;
}

/** The side-bar chat's view: whether it is on screen. */
export interface ChatVisibility {
  readonly isVisible: boolean;
  readonly onDidChangeVisibility: Event<boolean>;
}

/** Which session the side-bar chat shows. */
export interface ChatShows {
  readonly currentKey: SessionKey | undefined;
  readonly onDidChangeSession: Event<unknown>;
}

/** On screen: the session the side-bar chat shows, while its view is visible. */
export function sideBarOnScreen(view: ChatVisibility, shown: ChatShows): OnScreen & { dispose(): void } {
  const changed = new Emitter<void>();
  const subscriptions = [view.onDidChangeVisibility(() => changed.fire()), shown.onDidChangeSession(() => changed.fire())];
  return {
    isOnScreen: (key) => view.isVisible && shown.currentKey === key,
    onDidChange: changed.event,
    dispose: () => {
      subscriptions.forEach((subscription) => subscription.dispose());
      changed.dispose();
    },
  };
}
