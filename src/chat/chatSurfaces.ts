// Every chat surface of the window: the side-bar chat (always there) and the editor tabs, and which one is active
// (the focused chat tab, else the side bar): palette commands, follow-along and the Agent Changes view act on it.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { SessionKey } from '../shared/sessionKey';
import type { Session } from '../session/session';
import type { ActiveSurface } from '../session/surfaceSessions';
import type { ChatSurface } from './chatSurface';

export class ChatSurfaces implements ActiveSurface {
  private readonly tabs: ChatSurface[] = [];
  private active: ChatSurface | undefined;
  private readonly sessionEmitter = new Emitter<Session | undefined>();
  /** The session the active surface shows changed, or another surface became active. */
  readonly onDidChangeSession: Event<Session | undefined> = this.sessionEmitter.event;
  private readonly sideBarSubscription: { dispose(): void };

  constructor(readonly sideBar: ChatSurface) {
    this.sideBarSubscription = sideBar.onDidChangeSession((session) => {
      if (this.current() === sideBar) this.sessionEmitter.fire(session);
    });
  }

  current(): ChatSurface {
    return this.active ?? this.sideBar;
  }

  all(): readonly ChatSurface[] {
    return [this.sideBar, ...this.tabs];
  }

  /** The surfaces that show this session. */
  showing(key: SessionKey): ChatSurface[] {
    return this.all().filter((surface) => surface.currentKey === key);
  }

  /** A tab's surface joins (until the returned disposable, which also disposes the surface). */
  add(surface: ChatSurface): { dispose(): void } {
    this.tabs.push(surface);
    const subscription = surface.onDidChangeSession((session) => {
      if (this.active === surface) this.sessionEmitter.fire(session);
    });
    return {
      dispose: () => {
        subscription.dispose();
        const index = this.tabs.indexOf(surface);
        if (index >= 0) this.tabs.splice(index, 1);
        if (this.active === surface) this.setActive(undefined);
        surface.dispose();
      },
    };
  }

  /** A tab got focus (undefined: none has; the side bar is the active surface). */
  setActive(surface: ChatSurface | undefined): void {
    const next = surface === this.sideBar ? undefined : surface;
    if (next === this.active) return;
    const before = this.current().session;
    this.active = next;
    if (this.current().session !== before) this.sessionEmitter.fire(this.current().session);
  }

  dispose(): void {
    for (const tab of [...this.tabs]) tab.dispose();
    this.tabs.length = 0;
    this.sideBarSubscription.dispose();
    this.sessionEmitter.dispose();
    this.sideBar.dispose();
  }
}
