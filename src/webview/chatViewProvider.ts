// The chat webview view and its lifecycle: one `post` for everything the host says to the view, held while the
// view is not ready or hidden (see viewOutbox.ts); a snapshot of what the view shows when it says it is ready or
// comes back on screen having missed state, then coalesced patches. Everything the webview sends is validated
// before it reaches the chat controller.
import * as vscode from 'vscode';
import type { TerminalOutputSource } from '../editor/terminals/terminalBook';
import { TerminalOutputPoster, terminalIdsOf } from '../editor/terminals/terminalPosts';
import type { Session } from '../session/session';
import type { SessionChange } from '../shared/model';
import type { SessionRegistry } from '../session/sessionRegistry';
import type { ShownSessionSource } from '../session/shownSessionSource';
import { olderPage } from '../shared/transcriptProtocol';
import type { SessionKey } from '../shared/sessionKey';
import { HostToWebview, SessionSnapshot, WebviewToHost, parseWebviewMessage } from '../shared/webviewProtocol';
import { makeNonce, renderWebviewHtml } from './html';
import { PatchCoalescer } from './patchCoalescer';
import { packForView } from '../shared/entryWire';
import { describeError } from '../shared/errors';
import { ViewOutbox } from './viewOutbox';
import { MaskedView } from './maskedView';
import { maskText, type SecretRules } from '../shared/secretText';
import { waitingBadge } from './viewBadge';

export const CHAT_VIEW_ID = 'acp.chat';
/** How many of the newest entries a (re)attaching view gets at once. */
const SNAPSHOT_WINDOW = 500;

export function snapshotOf(session: Session | undefined): SessionSnapshot | null {
  if (!session) return null;
  const { entries, header } = session.state;
  return { sessionKey: session.key, header, entries: entries.slice(-SNAPSHOT_WINDOW), totalEntries: entries.length };
}

export interface ChatViewOptions {
  /** The terminals' output, for tool call cards (absent when the client offers no terminals). */
  terminals?: TerminalOutputSource;
  /** What else the view shows of the host's state (the prompt queue, the permission level), sent with each snapshot. */
  viewState(): HostToWebview[];
  /** The secrets to mask in everything the view shows (the chat as drawn never shows one). */
  secretRules(): SecretRules;
  log(line: string): void;
}

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private ready = false;
  private readonly outbox = new ViewOutbox({
    send: (message) => void this.view?.webview.postMessage(packForView(message)),
    sendSnapshot: () => this.sendSnapshot(),
  });
  private readonly coalescer: PatchCoalescer;
  /** Live output of the followed session's terminals, for their tool call cards. */
  private readonly terminalPosts: TerminalOutputPoster;
  private readonly disposables: vscode.Disposable[] = [];
  private sessionSubscription: { dispose(): void } | undefined;
  /** The followed session was still being loaded: its replay is not streamed, the view gets it whole once loaded. */
  private followedOpening = false;
  /** The last list of open sessions posted (JSON): an unchanged list is not posted again. */
  private sentSessions: string | undefined;
  private readonly visibilityEmitter = new vscode.EventEmitter<boolean>();
  /** The view came on screen or went (see isVisible). */
  readonly onDidChangeVisibility = this.visibilityEmitter.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly sessions: SessionRegistry,
    private readonly shown: ShownSessionSource,
    private readonly onUserAction: (action: WebviewToHost) => Promise<void>,
    private readonly options: ChatViewOptions,
  ) {
    this.coalescer = new PatchCoalescer((message) => this.post(message), undefined, undefined, new MaskedView(options.secretRules));
    this.terminalPosts = new TerminalOutputPoster(options.terminals, (message) => this.post(message), options.secretRules);
    this.disposables.push(
      this.visibilityEmitter,
      shown.onDidChangeAgent((agent) => this.post({ type: 'agent', agent })),
      shown.onDidChangeSession((session) => this.follow(session)),
      sessions.onDidChangeSessions(() => this.sessionsChanged()),
    );
    this.follow(shown.session);
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.ready = false;
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    view.webview.options = { enableScripts: true, localResourceRoots: [dist, vscode.Uri.joinPath(this.extensionUri, 'media')] };
    view.webview.html = renderWebviewHtml({
      cspSource: view.webview.cspSource,
      nonce: makeNonce(),
      scriptUri: view.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
      styleUri: view.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')).toString(),
    });
    this.outbox.closed(true);
    this.showBadge(waitingBadge(this.sessions.sessionViews()));
    view.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw), undefined, this.disposables);
    // A retained view says `ready` once: coming back on screen, it gets what it missed while hidden.
    view.onDidChangeVisibility(() => this.visibilityChanged(view), undefined, this.disposables);
    this.visibilityEmitter.fire(view.visible);
    view.onDidDispose(
      () => {
        if (this.view === view) {
          this.view = undefined;
          this.ready = false;
          this.outbox.closed(true);
          this.visibilityEmitter.fire(false);
        }
      },
      undefined,
      this.disposables,
    );
  }

  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  /** Posts to the view now when it is ready and on screen; otherwise holds it (see ViewOutbox) until it is. */
  post(message: HostToWebview): void {
    // What a message waiting for its session (or a receipt of one) says comes after the entries sent before it, so
    // the message is never off screen in between (it leaves the start row as it arrives in the transcript).
    if (message.type === 'starting' || message.type === 'promptAccepted') this.coalescer.flush();
    this.outbox.post(message);
  }

  dispose(): void {
    this.sessionSubscription?.dispose();
    this.coalescer.reset();
    this.terminalPosts.dispose();
    this.disposables.forEach((d) => d.dispose());
  }

  private receive(raw: unknown): void {
    const message = parseWebviewMessage(raw);
    if (!message) {
      this.options.log('ignored a malformed message from the chat view');
      return;
    }
    if (message.type === 'ready') {
      this.ready = true;
      if (this.view?.visible) this.outbox.opened(true);
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
    this.onUserAction(message).catch((error: unknown) => {
      void vscode.window.showErrorMessage(describeError(error));
    });
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

  private visibilityChanged(view: vscode.WebviewView): void {
    if (this.view !== view) return;
    this.visibilityEmitter.fire(view.visible);
    if (!this.ready) return;
    if (view.visible) this.outbox.opened(false);
    else this.outbox.closed();
  }

  private isOpening(session: Session | undefined): boolean {
    return session !== undefined && this.sessions.openSessions.some((open) => open.session === session && open.opening);
  }

  private sessionsChanged(): void {
    const session = this.shown.session;
    if (this.followedOpening && !this.isOpening(session)) {
      this.showBadge(waitingBadge(this.sessions.sessionViews()));
      this.follow(session);
    } else this.postSessions();
  }

  /** The list of open sessions, when it differs from what the view was last given (`force`: it has none). */
  private postSessions(force = false): void {
    const folders = new Set(this.sessions.openSessions.map((open) => open.cwd));
    const views = this.sessions.sessionViews();
    this.showBadge(waitingBadge(views));
    const message: HostToWebview = {
      type: 'sessions',
      sessions: views.map((view) => ({ ...view, title: maskText(view.title, this.options.secretRules()) })),
      currentKey: this.shown.currentKey ?? null,
      multiRoot: (vscode.workspace.workspaceFolders?.length ?? 0) > 1 || folders.size > 1,
    };
    const json = JSON.stringify(message);
    if (!force && json === this.sentSessions) return;
    this.sentSessions = json;
    this.post(message);
  }

  /**
   * The count of sessions waiting for the user, on the view. None is a badge of 0 (hidden), not `undefined`: VS Code
   * 1.100's webview view pane never takes a badge down when it is set to `undefined`.
   */
  private showBadge(badge: vscode.ViewBadge | undefined): void {
    if (!this.view) return;
    const shown = this.view.badge;
    if (badge === undefined && (shown === undefined || shown.value === 0)) return;
    this.view.badge = badge ?? { value: 0, tooltip: '' };
  }

  /** The view's copy of an entry missed a change (a delta did not apply): the entry whole. */
  private resendEntry(sessionKey: SessionKey, entryId: string): void {
    const session = this.shown.session;
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
    const session = this.shown.session;
    if (!session || session.key !== sessionKey) return;
    const entries = olderPage(session.state.entries, before);
    if (entries) this.post({ type: 'olderEntries', sessionKey, entries: this.coalescer.shownCopies(entries), totalEntries: session.state.entries.length });
    if (entries) this.terminalPosts.postReferenced(terminalIdsOf(entries));
  }

  /**
   * Everything the view shows of the host's state, for a view that has none (a new document) or missed some while
   * hidden: the agent, the shown session's newest entries and its terminals' output, the list of open sessions, and
   * the options' parts (the prompt queue, the permission level).
   */
  private sendSnapshot(): void {
    const session = this.coalescer.resetTo(snapshotOf(this.shown.session));
    const terminals = this.terminalPosts.snapshot(terminalIdsOf(session?.entries ?? []));
    this.post({ type: 'snapshot', agent: this.shown.agent ?? null, session, terminals });
    this.postSessions(true);
    for (const message of this.options.viewState()) this.post(message);
  }
}
