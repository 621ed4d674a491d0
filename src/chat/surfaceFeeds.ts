// What a chat view shows of its own surface besides the session: the start under way (the message waiting for its
// session, a failed start) and what its header says. Posted to that surface's view only, as they change, and part
// of its snapshot.
import type { SessionRegistry } from '../session/sessionRegistry';
import type { HostToWebview } from '../shared/protocol/webviewProtocol';
import type { ChatSurface } from './chatSurface';
import { HeaderStatusFeed } from './headerStatusFeed';

export interface SurfaceFeeds {
  /** The surface's start row and header status, for a snapshot of its view. */
  viewState(): HostToWebview[];
  dispose(): void;
}

export function feedSurface(surface: ChatSurface, registry: SessionRegistry, post: (message: HostToWebview) => void): SurfaceFeeds {
  const header = new HeaderStatusFeed(surface, registry);
  const subscriptions = [
    header,
    header.onDidChange((status) => post({ type: 'headerStatus', status })),
    surface.onDidChangeStarting((starting) => post({ type: 'starting', starting: starting ?? null })),
  ];
  return {
    viewState: () => [
      { type: 'starting', starting: surface.starting ?? null },
      { type: 'headerStatus', status: header.current },
    ],
    dispose: () => subscriptions.forEach((subscription) => subscription.dispose()),
  };
}
