// Every chat view of the window (the side bar's and each tab's), each showing one surface: where the features'
// posts go (every view, the views that show a session, the active surface's view), the features' parts of a view's
// snapshot, and whether a session is on screen (a view that shows it is visible: its requests need no notification).
import { Emitter, type Disposable, type Event } from 'vscode-jsonrpc/node';
import type { ChatPosts, ChatSender, SnapshotPart } from '../session/chatHandlers';
import type { Session } from '../session/session';
import type { SurfaceSessions } from '../session/surfaceSessions';
import type { SessionKey } from '../shared/sessionKey';
import type { HostToWebview } from '../shared/protocol/webviewProtocol';
import type { ChatSurfaces } from './chatSurfaces';

/** One view as the hub sees it: its surface, a post (held while the view cannot show it), whether it is on screen. */
export interface ChatViewSlot extends ChatSender {
  readonly surface: SurfaceSessions;
  readonly isVisible: boolean;
  readonly onDidChangeVisibility: Event<boolean>;
}

export class ChatViews implements ChatPosts {
  private readonly slots: ChatViewSlot[] = [];
  private readonly snapshotParts: SnapshotPart[] = [];
  private readonly screenEmitter = new Emitter<void>();
  private readonly subscription: Disposable;
  /** Which sessions are on screen, by key (the Threads view's "unread"). */
  readonly screen: { isOnScreen(key: SessionKey): boolean; readonly onDidChange: Event<void> } = {
    isOnScreen: (key) => this.slots.some((slot) => slot.isVisible && slot.surface.currentKey === key),
    onDidChange: this.screenEmitter.event,
  };

  constructor(private readonly surfaces: ChatSurfaces) {
    this.subscription = surfaces.onDidChangeShown(() => this.screenEmitter.fire());
  }

  add(slot: ChatViewSlot): Disposable {
    this.slots.push(slot);
    const visibility = slot.onDidChangeVisibility(() => this.screenEmitter.fire());
    this.screenEmitter.fire();
    return {
      dispose: () => {
        visibility.dispose();
        const index = this.slots.indexOf(slot);
        if (index >= 0) this.slots.splice(index, 1);
        this.screenEmitter.fire();
      },
    };
  }

  addSnapshotPart(part: SnapshotPart): Disposable {
    this.snapshotParts.push(part);
    return {
      dispose: () => {
        const index = this.snapshotParts.indexOf(part);
        if (index >= 0) this.snapshotParts.splice(index, 1);
      },
    };
  }

  /** The features' parts of the snapshot of a view of this surface, in the order they were added. */
  snapshotPartsFor(surface: SurfaceSessions): HostToWebview[] {
    return this.snapshotParts.flatMap((part) => part(surface));
  }

  dispose(): void {
    this.subscription.dispose();
    this.screenEmitter.dispose();
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
