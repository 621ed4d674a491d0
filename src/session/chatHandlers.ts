// What the chat's messages reach, as the features see it: each feature registers handlers for the message types it
// owns (the chat's router, src/chat/chatRouter.ts, keeps one owner per type), and a handler hears which view sent the
// message, so an answer goes to that view only. The chat implements these; they live here so that the features
// (review, history, sign-in, which may not import the chat) can register without it.
import type { Disposable } from 'vscode-jsonrpc/node';
import type { SessionKey } from '../shared/sessionKey';
import type { HostToWebview, WebviewToHost } from '../shared/protocol/webviewProtocol';
import type { SurfaceSessions } from './surfaceSessions';

/** The chat view a message came from. */
export interface ChatSender {
  /** The surface that view belongs to (which session it shows). */
  readonly surface: SurfaceSessions;
  /** Posts to that view only (held while it is away, as any post to it). */
  post(message: HostToWebview): void;
}

export type ChatMessageType = WebviewToHost['type'];
export type ChatMessage<T extends ChatMessageType> = Extract<WebviewToHost, { type: T }>;
export type ChatHandler<T extends ChatMessageType> = (message: ChatMessage<T>, from: ChatSender) => unknown;

/** Where a feature registers the handler of its message types (one owner per type; disposing unregisters). */
export interface ChatHandlers {
  handle<T extends ChatMessageType>(types: readonly T[], handler: ChatHandler<T>): Disposable;
}

/** Handlers registered here run once `ready` resolves (the chat acts once the agent setting is read). */
export function afterReady(handlers: ChatHandlers, ready: () => Promise<unknown>): ChatHandlers {
  return {
    handle: (types, handler) =>
      handlers.handle(types, async (message, from) => {
        await ready();
        return handler(message, from);
      }),
  };
}

/** Where the features post to the chat's views (the side bar and the tabs); each view shows one surface's session. */
export interface ChatPosts {
  /** Every view (the side bar's is held until it is there). */
  broadcast(message: HostToWebview): void;
  /** The views that show this session. */
  toSession(key: SessionKey, message: HostToWebview): void;
  /** The active surface's view (the focused chat tab, else the side bar). */
  toActive(message: HostToWebview): void;
  /** The active surface's view as a sender: what comes from outside a view (palette commands, the tests) acts there. */
  activeSender(): ChatSender;
  /**
   * Adds a feature's part to every view's snapshot (what a view of `surface` gets when it attaches, or comes back on
   * screen having missed posts), after the chat's own parts; disposing removes it.
   */
  addSnapshotPart(part: SnapshotPart): Disposable;
}

/** What a view of the surface gets of one feature with its snapshot. */
export type SnapshotPart = (surface: SurfaceSessions) => readonly HostToWebview[];
