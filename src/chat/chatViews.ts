// Every chat view of the window (the side bar's and each tab's), each showing one surface: where the features'
// posts go (every view, the views that show a session, the active surface's view) and whether a session is on
// screen (a view that shows it is visible: its requests need no notification).
import type { Disposable } from 'vscode-jsonrpc/node';
import type { ChatPosts, ChatSender } from '../session/chatHandlers';
import type { Session } from '../session/session';
import type { SurfaceSessions } from '../session/surfaceSessions';
import type { SessionKey } from '../shared/sessionKey';
import type { HostToWebview } from '../shared/webviewProtocol';
import type { ChatSurfaces } from './chatSurfaces';

/** One view as the hub sees it: its surface, a post (held while the view cannot show it), whether it is on screen. */
export interface ChatViewSlot extends ChatSender {
  readonly surface: SurfaceSessions;
  readonly isVisible: boolean;
}

export class ChatViews implements ChatPosts {
  private readonly slots: ChatViewSlot[] = [];

  constructor(private readonly surfaces: ChatSurfaces) {}

  add(slot: ChatViewSlot): Disposable {
    this.slots.push(slot);
    return {
      dispose: () => {
        const index = this.slots.indexOf(slot);
        if (index >= 0) this.slots.splice(index, 1);
      },
    };
  }

  broadcast(message: HostToWebview): void {
    for (const slot of this.slots) slot.post(message);
  }

  toSession(key: SessionKey, message: HostToWebview): void {
    for (const slot of this.slots) if (slot.surface.currentKey === key) slot.post(message);
  }

  toActive(message: HostToWebview): void {
    this.activeSender().post(message);
  }

  activeSender(): ChatSender {
    const active = this.surfaces.current();
    return this.slots.find((slot) => slot.surface === active) ?? this.sideBar();
  }

  /** A view that shows the session is on screen. */
  isOnScreen(session: Session): boolean {
    return this.slots.some((slot) => slot.isVisible && slot.surface.session === session);
  }

  /** Any view is on screen. */
  get anyVisible(): boolean {
    return this.slots.some((slot) => slot.isVisible);
  }

  private sideBar(): ChatSender {
    const slot = this.slots.find((candidate) => candidate.surface === this.surfaces.sideBar);
    if (!slot) throw new Error('The side-bar chat has no view slot.');
    return slot;
  }
}
