// The chat webview view: sends a snapshot when the webview says it is ready, then coalesced patches;
// everything the webview sends is validated before it reaches the session manager.
import * as vscode from 'vscode';
import { terminalOutputs } from '../editor/terminals/outputRegistry';
import { TerminalOutputPoster, terminalIdsOf } from '../editor/terminals/terminalPosts';
import type { Session } from '../session/session';
import type { SessionManager } from '../session/sessionManager';
import { olderPage } from '../shared/transcriptProtocol';
import { HostToWebview, SessionSnapshot, WebviewToHost, parseWebviewMessage } from '../shared/webviewProtocol';
import { makeNonce, renderWebviewHtml } from './html';
import { PatchCoalescer } from './patchCoalescer';
import { describeError } from '../shared/errors';

export const CHAT_VIEW_ID = 'acp.chat';
/** How many of the newest entries a (re)attaching view gets at once. */
const SNAPSHOT_WINDOW = 500;

export function snapshotOf(session: Session | undefined): SessionSnapshot | null {
  if (!session) return null;
  const { entries, header, sessionId } = session.state;
  return { sessionId, header, entries: entries.slice(-SNAPSHOT_WINDOW), totalEntries: entries.length };
}

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private ready = false;
  private readonly coalescer = new PatchCoalescer((message) => this.post(message));
  /** Live output of the followed session's terminals, for their tool call cards. */
  private readonly terminalPosts = new TerminalOutputPoster(terminalOutputs(), (message) => this.post(message));
  private readonly disposables: vscode.Disposable[] = [];
  private sessionSubscription: { dispose(): void } | undefined;
  /** The followed session was still being loaded: its replay is not streamed, the view gets it whole once loaded. */
  private followedOpening = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly manager: SessionManager,
    private readonly onUserAction: (action: WebviewToHost) => Promise<void>,
  ) {
    this.disposables.push(
      manager.onDidChangeAgent((agent) => this.post({ type: 'agent', agent })),
      manager.onDidChangeSession((session) => this.follow(session)),
      manager.onDidChangeSessions(() => this.sessionsChanged()),
    );
    this.follow(manager.session);
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
    view.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw), undefined, this.disposables);
    view.onDidDispose(
      () => {
        if (this.view === view) {
          this.view = undefined;
          this.ready = false;
        }
      },
      undefined,
      this.disposables,
    );
  }

  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  /** Posts when the view is on screen and ready; false otherwise (a view that comes back says `ready` again). */
  postToView(message: HostToWebview): boolean {
    if (!this.view || !this.ready || !this.view.visible) return false;
    void this.view.webview.postMessage(message);
    return true;
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
      console.warn('[acp] ignored a malformed message from the chat view');
      return;
    }
    if (message.type === 'ready') {
      this.ready = true;
      this.sendSnapshot();
    }
    if (message.type === 'loadOlder') {
      this.sendOlder(message.sessionId, message.before);
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
    this.coalescer.track(this.followedOpening ? undefined : session?.state);
    if (!this.followedOpening) this.sessionSubscription = session?.onDidChange((change) => this.coalescer.add(change));
    this.terminalPosts.follow(session?.sessionId);
    this.sendSnapshot();
  }

  private isOpening(session: Session | undefined): boolean {
    return session !== undefined && this.manager.openSessions.some((open) => open.session === session && open.opening);
  }

  private sessionsChanged(): void {
    const session = this.manager.session;
    if (this.followedOpening && !this.isOpening(session)) this.follow(session);
    else this.postSessions();
  }

  private postSessions(): void {
    const folders = new Set(this.manager.openSessions.map((open) => open.cwd));
    this.post({
      type: 'sessions',
      sessions: this.manager.sessionViews(),
      currentKey: this.manager.currentKey ?? null,
      multiRoot: (vscode.workspace.workspaceFolders?.length ?? 0) > 1 || folders.size > 1,
    });
  }

  /** The page of entries before `before` (the view scrolled to the top of what it has). */
  private sendOlder(sessionId: string, before: string): void {
    const session = this.manager.session;
    if (!session || session.sessionId !== sessionId) return;
    const entries = olderPage(session.state.entries, before);
    if (entries) this.post({ type: 'olderEntries', sessionId, entries, totalEntries: session.state.entries.length });
    if (entries) this.terminalPosts.postReferenced(terminalIdsOf(entries));
  }

  private sendSnapshot(): void {
    this.coalescer.reset();
    const session = snapshotOf(this.manager.session);
    const terminals = this.terminalPosts.snapshot(terminalIdsOf(session?.entries ?? []));
    this.post({ type: 'snapshot', agent: this.manager.agent ?? null, session, terminals });
    this.postSessions();
  }

  private post(message: HostToWebview): void {
    if (!this.view || !this.ready) return;
    void this.view.webview.postMessage(message);
  }
}
