// The chat in the side bar: the `acp.chat` webview view. VS Code resolves it when it first comes on screen (and again
// after it was closed or moved); each time it gets the chat's HTML and a ChatView of its own over it. What is posted
// while there is no view (a mention added before the chat was ever opened) waits for the next one, held as a view
// that is away holds it (HeldMessages). The view's badge counts the sessions that wait for the user.
import * as vscode from 'vscode';
import type { HostToWebview } from '../shared/protocol/webviewProtocol';
import type { SurfaceSessions } from '../session/surfaceSessions';
import { ChatView, type ChatViewDeps, type ChatViewHost } from './view/chatView';
import { makeNonce, renderWebviewHtml } from './view/html';
import { waitingBadge } from './view/viewBadge';
import { HeldMessages } from './view/viewOutbox';

export const CHAT_VIEW_ID = 'acp.chat';

/** What the chat view needs of a webview view. */
function viewHost(view: vscode.WebviewView): ChatViewHost {
  return {
    postMessage: (message) => void view.webview.postMessage(message),
    onDidReceiveMessage: view.webview.onDidReceiveMessage,
    get visible() {
      return view.visible;
    },
    onDidChangeVisibility: (listener, thisArgs, disposables) => view.onDidChangeVisibility(() => listener.call(thisArgs, view.visible), undefined, disposables),
    onDidDispose: view.onDidDispose,
    reveal: () => view.show(true),
    showError: (message) => void vscode.window.showErrorMessage(message),
  };
}

/** The chat's HTML in a webview, allowed to load only the extension's bundles and media. */
export function showChatHtml(webview: vscode.Webview, extensionUri: vscode.Uri): void {
  const dist = vscode.Uri.joinPath(extensionUri, 'dist');
  webview.options = { enableScripts: true, localResourceRoots: [dist, vscode.Uri.joinPath(extensionUri, 'media')] };
  webview.html = renderWebviewHtml({
    cspSource: webview.cspSource,
    nonce: makeNonce(),
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')).toString(),
  });
}

export class SideBarChat implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private chat: ChatView | undefined;
  /** What was posted while there was no view, for the next one. */
  private readonly waiting = new HeldMessages();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly visibilityEmitter = new vscode.EventEmitter<boolean>();
  /** The side-bar chat came on screen or went (also when its view is resolved again). */
  readonly onDidChangeVisibility = this.visibilityEmitter.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly surface: SurfaceSessions,
    private readonly deps: ChatViewDeps,
  ) {
    this.disposables.push(this.visibilityEmitter, deps.sessions.onDidChangeSessions(() => this.showBadge()));
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.chat?.dispose();
    this.view = view;
    showChatHtml(view.webview, this.extensionUri);
    const chat = new ChatView(viewHost(view), this.surface, this.deps);
    this.chat = chat;
    // The new view holds them until its document is ready.
    for (const message of this.waiting.take()) chat.post(message);
    this.showBadge();
    chat.onDidChangeVisibility((visible) => this.visibilityEmitter.fire(visible), undefined, this.disposables);
    this.visibilityEmitter.fire(chat.isVisible);
    view.onDidDispose(
      () => {
        if (this.chat !== chat) return;
        this.chat = undefined;
        this.view = undefined;
      },
      undefined,
      this.disposables,
    );
  }

  get isVisible(): boolean {
    return this.chat?.isVisible ?? false;
  }

  /** Posts to the view (held until it is ready and on screen); with no view yet, held for the next one. */
  post(message: HostToWebview): void {
    if (this.chat) this.chat.post(message);
    else this.waiting.hold(message);
  }

  dispose(): void {
    this.chat?.dispose();
    this.disposables.forEach((d) => d.dispose());
  }

  /**
   * The count of sessions waiting for the user, on the view. None is a badge of 0 (hidden), not `undefined`: VS Code
   * 1.100's webview view pane never takes a badge down when it is set to `undefined`.
   */
  private showBadge(): void {
    if (!this.view) return;
    const badge = waitingBadge(this.deps.sessions.sessionViews());
    const shown = this.view.badge;
    if (badge === undefined && (shown === undefined || shown.value === 0)) return;
    this.view.badge = badge ?? { value: 0, tooltip: '' };
  }
}
