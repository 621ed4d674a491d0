// Every chat surface of the window: the side-bar chat (always there) and the editor tabs, and which one is active
// (the focused chat tab, else the side bar): palette commands, follow-along and the Agent Changes view act on it.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { SessionKey } from '../shared/sessionKey';
import type { Session } from '../session/session';
import type { ActiveSurface, SurfaceSessions } from '../session/surfaceSessions';
import type { ChatSurface } from './chatSurface';

export class ChatSurfaces implements ActiveSurface {
  private readonly tabs: ChatSurface[] = [];
  private active: ChatSurface | undefined;
  private readonly sessionEmitter = new Emitter<Session | undefined>();
  /** The session the active surface shows changed, or another surface became active. */
  readonly onDidChangeSession: Event<Session | undefined> = this.sessionEmitter.event;
  private readonly shownEmitter = new Emitter<void>();
  /** A surface shows another session, or a tab came or went. */
  readonly onDidChangeShown: Event<void> = this.shownEmitter.event;
  private readonly sideBarSubscription: { dispose(): void };

  constructor(readonly sideBar: ChatSurface) {
    this.sideBarSubscription = sideBar.onDidChangeSession((session) => {
      if (this.current() === sideBar) this.sessionEmitter.fire(session);
      this.shownEmitter.fire();
    });
  }

  current(): ChatSurface {
    return this.active ?? this.sideBar;
  }

  all(): readonly ChatSurface[] {
    return [this.sideBar, ...this.tabs];
  }

  shownKeys(): SessionKey[] {
    return [...new Set(this.all().flatMap((surface) => (surface.currentKey === undefined ? [] : [surface.currentKey])))];
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
      this.shownEmitter.fire();
    });
    this.shownEmitter.fire();
    return {
      dispose: () => {
        subscription.dispose();
        const index = this.tabs.indexOf(surface);
        if (index >= 0) this.tabs.splice(index, 1);
        if (this.active === surface) this.setActive(undefined);
        surface.dispose();
        this.shownEmitter.fire();
      },
    };
  }

  /** A tab got focus, or the user works in its view (undefined or the side bar: the side bar is the active surface). */
  setActive(surface: SurfaceSessions | undefined): void {
    const next = this.tabs.find((tab) => tab === surface);
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
    this.shownEmitter.dispose();
    this.sideBar.dispose();
  }
}
