// One chat view: a webview document showing one surface's session, whatever hosts it (the side bar's webview view;
// later editor tabs). One `post` for everything the host says to the view, held while the view is not ready or hidden
// (see viewOutbox.ts); a snapshot of what the view shows when it says it is ready or comes back on screen having
// missed state, then coalesced patches. Everything the webview sends is validated before it is handled. Each view
// has its own outbox, coalescer and snapshot state: any number can exist at once. No `vscode`: the host gives the
// view what it needs of its webview (ChatViewHost), so a unit test drives it with a fake one.
import type { Disposable, Event } from 'vscode-jsonrpc/node';
import type { ChatSender } from '../../session/chatHandlers';
import type { SurfaceSessions } from '../../session/surfaceSessions';
import type { TerminalOutputSource } from '../../editor/terminals/terminalBook';
import { TerminalOutputPoster, terminalIdsOf } from '../../editor/terminals/terminalPosts';
import type { Session } from '../../session/session';
import type { SessionRegistry } from '../../session/sessionRegistry';
import { packForView } from '../../shared/entryWire';
import { describeError } from '../../shared/errors';
import type { SessionChange } from '../../shared/model';
import { maskText, type SecretRules } from '../../shared/secretText';
import type { SessionKey } from '../../shared/sessionKey';
import { olderPage } from '../../shared/transcriptProtocol';
import { type HostToWebview, type SessionSnapshot, parseWebviewMessage } from '../../shared/webviewProtocol';
import type { ChatRouter } from '../chatRouter';
import { MaskedView } from './maskedView';
import { PatchCoalescer } from './patchCoalescer';
import { ViewOutbox } from './viewOutbox';

/** How many of the newest entries a (re)attaching view gets at once. */
const SNAPSHOT_WINDOW = 500;

export function snapshotOf(session: Session | undefined): SessionSnapshot | null {
  if (!session) return null;
  const { entries, header } = session.state;
  return { sessionKey: session.key, header, entries: entries.slice(-SNAPSHOT_WINDOW), totalEntries: entries.length };
}

/** What a chat view needs of the webview that hosts it (a webview view in the side bar, a webview panel in a tab). */
export interface ChatViewHost {
  /** Posts to the webview's document (delivered only while it exists). */
  postMessage(message: unknown): void;
  /** What the webview's document sends (not yet validated). */
  readonly onDidReceiveMessage: Event<unknown>;
  /** The webview is on screen. */
  readonly visible: boolean;
  readonly onDidChangeVisibility: Event<boolean>;
  /** The webview is gone (closed); the view ends with it. */
  readonly onDidDispose: Event<void>;
  /** Brings the webview on screen. */
  reveal(): void;
  /** Tells the user that something they did in the view failed. */
  showError(message: string): void;
}

export interface ChatViewDeps {
  sessions: SessionRegistry;
  /** The terminals' output, for tool call cards (absent when the client offers no terminals). */
  terminals?: TerminalOutputSource;
  /** What else the view shows of the host's state (the prompt queue, the permission level), sent with each snapshot. */
  viewState(): HostToWebview[];
  /** The secrets to mask in everything the view shows (the chat as drawn never shows one). */
  secretRules(): SecretRules;
  /** The window has more than one folder (the sessions list then names each session's folder). */
  multiRootWindow(): boolean;
  /** Where what the user did in the view goes (everything but the view's own flow control and paging). */
  router: Pick<ChatRouter, 'dispatch'>;
  /** The user did something in the view (its surface becomes the active one). */
  interacted?(): void;
  log(line: string): void;
}

export class ChatView implements Disposable {
  private ready = false;
  private readonly outbox = new ViewOutbox({
    send: (message) => this.host.postMessage(packForView(message)),
    sendSnapshot: () => this.sendSnapshot(),
  });
  private readonly coalescer: PatchCoalescer;
  /** Live output of the followed session's terminals, for their tool call cards. */
  private readonly terminalPosts: TerminalOutputPoster;
  private readonly disposables: Disposable[] = [];
  private sessionSubscription: Disposable | undefined;
  /** The followed session was still being loaded: its replay is not streamed, the view gets it whole once loaded. */
  private followedOpening = false;
  /** The last list of open sessions posted (JSON): an unchanged list is not posted again. */
  private sentSessions: string | undefined;
  private disposed = false;
  /** This view, as the handlers of its messages see it: they answer it alone. */
  private readonly sender: ChatSender;

  constructor(
    private readonly host: ChatViewHost,
    readonly surface: SurfaceSessions,
    private readonly deps: ChatViewDeps,
  ) {
    this.sender = { surface, post: (message) => this.post(message) };
    this.coalescer = new PatchCoalescer((message) => this.post(message), undefined, undefined, new MaskedView(deps.secretRules));
    this.terminalPosts = new TerminalOutputPoster(deps.terminals, (message) => this.post(message), deps.secretRules);
    this.disposables.push(
      surface.onDidChangeAgent((agent) => this.post({ type: 'agent', agent })),
      surface.onDidChangeSession((session) => this.follow(session)),
      deps.sessions.onDidChangeSessions(() => this.sessionsChanged()),
      host.onDidReceiveMessage((raw) => this.receive(raw)),
      // A retained view says `ready` once: coming back on screen, it gets what it missed while hidden.
      host.onDidChangeVisibility((visible) => this.visibilityChanged(visible)),
      host.onDidDispose(() => this.dispose()),
    );
    this.follow(surface.session);
  }

  get isVisible(): boolean {
    return !this.disposed && this.host.visible;
  }

  /** The view came on screen or went. */
  get onDidChangeVisibility(): Event<boolean> {
    return this.host.onDidChangeVisibility;
  }

  /** Posts to the view now when it is ready and on screen; otherwise holds it (see ViewOutbox) until it is. */
  post(message: HostToWebview): void {
    if (this.disposed) return;
    // What a message waiting for its session (or a receipt of one) says comes after the entries sent before it, so
    // the message is never off screen in between (it leaves the start row as it arrives in the transcript).
    if (message.type === 'starting' || message.type === 'promptAccepted') this.coalescer.flush();
    this.outbox.post(message);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.outbox.closed(true);
    this.sessionSubscription?.dispose();
    this.coalescer.reset();
    this.terminalPosts.dispose();
    this.disposables.forEach((d) => d.dispose());
  }

  private receive(raw: unknown): void {
    const message = parseWebviewMessage(raw);
    if (!message) {
      this.deps.log('ignored a malformed message from the chat view');
      return;
    }
    if (message.type === 'ready') {
      this.ready = true;
      if (this.host.visible) this.outbox.opened(true);
    }
    if (message.type === 'loadOlder') {
      this.sendOlder(message.sessionKey, message.before);
      return;
    }
    if (message.type === 'resendEntry') {
      this.resendEntry(message.sessionKey, message.entryId);
      return;
    }
    if (message.type === 'applied') {
      this.coalescer.applied(message.seq);
      return;
    }
    this.deps.interacted?.();
    this.deps.router.dispatch(message, this.sender).catch((error: unknown) => this.host.showError(describeError(error)));
  }

  /**
   * Shows a session: a snapshot of its newest entries, then its changes as patches. A session being loaded is shown
   * once its replay is over (the last screen first, older entries on scroll) instead of entry by entry.
   */
  private follow(session: Session | undefined): void {
    this.sessionSubscription?.dispose();
    this.sessionSubscription = undefined;
    this.followedOpening = this.isOpening(session);
    this.coalescer.track(this.followedOpening ? undefined : session);
    if (!this.followedOpening) this.sessionSubscription = session?.onDidChange((change) => this.sessionChanged(change));
    this.terminalPosts.follow(session?.key);
    this.outbox.refresh();
  }

  /** A change of the shown session: a patch for a view on screen; a view that is away gets a snapshot when back. */
  private sessionChanged(change: SessionChange): void {
    if (this.outbox.isOpen) this.coalescer.add(change);
    else this.outbox.refresh();
  }

  private visibilityChanged(visible: boolean): void {
    if (!this.ready) return;
    if (visible) this.outbox.opened(false);
    else this.outbox.closed();
  }

  private isOpening(session: Session | undefined): boolean {
    return session !== undefined && this.deps.sessions.openSessions.some((open) => open.session === session && open.opening);
  }

  private sessionsChanged(): void {
    const session = this.surface.session;
    if (this.followedOpening && !this.isOpening(session)) this.follow(session);
    else this.postSessions();
  }

  /** The list of open sessions, when it differs from what the view was last given (`force`: it has none). */
  private postSessions(force = false): void {
    const folders = new Set(this.deps.sessions.openSessions.map((open) => open.cwd));
    const message: HostToWebview = {
      type: 'sessions',
      sessions: this.deps.sessions.sessionViews().map((view) => ({ ...view, title: maskText(view.title, this.deps.secretRules()) })),
      currentKey: this.surface.currentKey ?? null,
      multiRoot: this.deps.multiRootWindow() || folders.size > 1,
    };
    const json = JSON.stringify(message);
    if (!force && json === this.sentSessions) return;
    this.sentSessions = json;
    this.post(message);
  }

  /** The view's copy of an entry missed a change (a delta did not apply): the entry whole. */
  private resendEntry(sessionKey: SessionKey, entryId: string): void {
    const session = this.surface.session;
    if (!session || session.key !== sessionKey || this.followedOpening) return;
    const entry = session.state.entries.find((candidate) => candidate.id === entryId);
    if (!entry) return;
    this.coalescer.flush();
    const totalEntries = session.state.entries.length;
    const shown = this.coalescer.sentWhole(entry, totalEntries);
    this.post({ type: 'entries', sessionKey, upserts: [shown], totalEntries });
  }

  /** The page of entries before `before` (the view scrolled to the top of what it has). */
  private sendOlder(sessionKey: SessionKey, before: string): void {
    const session = this.surface.session;
    if (!session || session.key !== sessionKey) return;
    const entries = olderPage(session.state.entries, before);
    if (entries) this.post({ type: 'olderEntries', sessionKey, entries: this.coalescer.shownCopies(entries), totalEntries: session.state.entries.length });
    if (entries) this.terminalPosts.postReferenced(terminalIdsOf(entries));
  }

  /**
   * Everything the view shows of the host's state, for a view that has none (a new document) or missed some while
   * hidden: the agent, the shown session's newest entries and its terminals' output, the list of open sessions, and
   * the deps' parts (the prompt queue, the permission level).
   */
  private sendSnapshot(): void {
    const session = this.coalescer.resetTo(snapshotOf(this.surface.session));
    const terminals = this.terminalPosts.snapshot(terminalIdsOf(session?.entries ?? []));
    this.post({ type: 'snapshot', agent: this.surface.agent ?? null, session, terminals });
    this.postSessions(true);
    for (const message of this.deps.viewState()) this.post(message);
  }
}
