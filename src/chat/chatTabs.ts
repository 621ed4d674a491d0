// Chat in editor tabs ("ACP: Open Chat in Editor Tab" on the active surface's session, the side-bar chat's title button
// on the side bar's, the Threads view's rows on theirs): each tab is a webview panel with the same chat as the side
// bar, bound to the session it was opened on (its own surface: its composer, prompts, queue and start row belong to
// that session only). Any number side by side. A tab keeps its conversation in its webview state (tabBinding), so
// after a window reload VS Code brings the panel back through the serializer and the tab reopens that conversation.
// (The workbench saves that state a moment after it changes, not as a browser page unloads: a browser refresh within
// that moment brings the tab back empty; one a few seconds later brings it back bound.)
import * as vscode from 'vscode';
import type { AgentPool } from '../session/agentPool';
import type { SessionRegistry } from '../session/sessionRegistry';
import { parseSessionKey, type SessionKey } from '../shared/sessionKey';
import { parseTabBinding, type TabBinding } from '../shared/protocol/tabBinding';
import { maskText, type SecretRules } from '../shared/text/secretText';
import type { HostToWebview, WebviewToHost } from '../shared/protocol/webviewProtocol';
import { ChatSurface } from './chatSurface';
import type { ChatSurfaces } from './chatSurfaces';
import type { ChatViews } from './chatViews';
import { showChatHtml } from './sideBarHost';
import { feedSurface } from './surfaceFeeds';
import { ChatView, type ChatViewDeps, type ChatViewHost } from './view/chatView';

export const CHAT_TAB_VIEW_TYPE = 'acp.chatTab';
export const OPEN_CHAT_IN_EDITOR_COMMAND = 'acp.openChatInEditor';
/** The side-bar chat's title button: its session (VS Code gives a view's title command no argument saying where it ran). */
export const OPEN_SIDE_BAR_CHAT_IN_EDITOR_COMMAND = 'acp.openSideBarChatInEditor';

export interface ChatTabsDeps {
  extensionUri: vscode.Uri;
  pool: AgentPool;
  registry: SessionRegistry;
  surfaces: ChatSurfaces;
  views: ChatViews;
  /** What a view of this surface needs (its snapshot's parts are the surface's own). */
  viewDeps(surface: ChatSurface, surfaceState: () => HostToWebview[]): ChatViewDeps;
  secretRules(): SecretRules;
  /** Resolves once the configured agents are known (a restored tab reopens its session after that). */
  agentSelected(): Promise<void>;
  log(line: string): void;
}

function panelHost(panel: vscode.WebviewPanel): ChatViewHost {
  return {
    postMessage: (message) => void panel.webview.postMessage(message),
    onDidReceiveMessage: panel.webview.onDidReceiveMessage,
    get visible() {
      return panel.visible;
    },
    onDidChangeVisibility: (listener, thisArgs, disposables) => panel.onDidChangeViewState(() => listener.call(thisArgs, panel.visible), undefined, disposables),
    onDidDispose: panel.onDidDispose,
    reveal: () => panel.reveal(undefined, false),
    showError: (message) => void vscode.window.showErrorMessage(message),
  };
}

export class ChatTabs implements vscode.WebviewPanelSerializer, vscode.Disposable {
  private opened = 0;
  private readonly tabs = new Map<vscode.WebviewPanel, ChatSurface>();
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly deps: ChatTabsDeps) {
    this.disposables = [
      vscode.window.registerWebviewPanelSerializer(CHAT_TAB_VIEW_TYPE, this),
      vscode.commands.registerCommand(OPEN_CHAT_IN_EDITOR_COMMAND, (key?: unknown) => this.openCommand(key)),
      vscode.commands.registerCommand(OPEN_SIDE_BAR_CHAT_IN_EDITOR_COMMAND, () => this.open(this.deps.surfaces.sideBar.currentKey)),
    ];
    void vscode.commands.executeCommand('setContext', 'acp.chatTabs', true);
  }

  /** "ACP: Open Chat in Editor Tab": the given session (a key), else the active surface's, in a new tab beside. */
  private openCommand(key?: unknown): SessionKey | undefined {
    if (key === undefined) return this.open(this.deps.surfaces.current().currentKey);
    const chosen = parseSessionKey(key);
    if (chosen !== undefined && this.deps.registry.get(chosen)) return this.open(chosen);
    void vscode.window.showErrorMessage('That session is not open any more.');
    return undefined;
  }

  /** A new tab beside, on `chosen` (none: an empty chat, whose session starts when a prompt is typed in it). */
  private open(chosen: SessionKey | undefined): SessionKey | undefined {
    try {
      const panel = vscode.window.createWebviewPanel(CHAT_TAB_VIEW_TYPE, 'Chat', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, {
        retainContextWhenHidden: true,
        enableFindWidget: true,
      });
      const { surface } = this.attach(panel);
      if (chosen !== undefined) surface.show(chosen);
      return chosen;
    } catch (error) {
      void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  /**
   * A tab VS Code brings back after a reload: the tab asks for its conversation as a pick in its history list does,
   * so the history brings it back in the tab: loaded or resumed by its agent, else (an agent without session/load)
   * the copy kept in this workspace, read-only, where a message starts a new session. A failure shows in the tab.
   */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const tab = this.attach(panel);
    const binding = parseTabBinding((state as { tab?: unknown } | undefined)?.tab);
    if (!binding) return;
    panel.title = binding.title ?? 'Chat';
    await this.deps.agentSelected();
    await tab.dispatchAsView({ type: 'openHistorySession', agentId: binding.agentId, sessionId: binding.sessionId }).catch((error: unknown) => this.deps.log(`A chat tab could not bring its session back: ${String(error)}`));
  }

  /** Brings up a tab that shows the session; false when none does. */
  reveal(key: SessionKey): boolean {
    const panel = [...this.tabs.entries()].find(([, surface]) => surface.currentKey === key)?.[0];
    panel?.reveal(undefined, false);
    return panel !== undefined;
  }

  dispose(): void {
    for (const panel of [...this.tabs.keys()]) panel.dispose();
    this.disposables.forEach((d) => d.dispose());
  }

  /**
   * Gives the panel the chat: a surface of its own, a view over the panel, its title and binding kept current. Returns
   * the surface, and how to send a chat message as the tab's view would (its answers go to that view).
   */
  private attach(panel: vscode.WebviewPanel): { surface: ChatSurface; dispatchAsView(message: WebviewToHost): Promise<void> } {
    const { pool, registry, surfaces, views } = this.deps;
    this.opened += 1;
    const surface = new ChatSurface(pool, registry, { name: `tab ${this.opened}`, followsSelectedAgent: false });
    panel.iconPath = vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'acp.svg');
    showChatHtml(panel.webview, this.deps.extensionUri);
    let view: ChatView | undefined;
    const feeds = feedSurface(surface, registry, (message) => view?.post(message));
    const viewDeps = this.deps.viewDeps(surface, () => feeds.viewState());
    view = new ChatView(panelHost(panel), surface, viewDeps);
    const shownView = view;
    let binding = '';
    const keepTitle = (): void => {
      const open = surface.shown;
      const title = open ? maskText(registry.sessionViews().find((item) => item.key === open.key)?.title ?? 'Chat', this.deps.secretRules()) : 'Chat';
      if (panel.title !== title) panel.title = title;
      if (!open || open.opening) return;
      const next: TabBinding = { agentId: open.agent.definition.id, sessionId: open.session.sessionId, cwd: open.cwd, title };
      const json = JSON.stringify(next);
      if (json === binding) return;
      binding = json;
      shownView.post({ type: 'tabBinding', binding: next });
    };
    this.tabs.set(panel, surface);
    const subscriptions = [
      surfaces.add(surface),
      views.add({ surface, post: (message) => shownView.post(message), get isVisible() { return shownView.isVisible; }, onDidChangeVisibility: shownView.onDidChangeVisibility }),
      feeds,
      surface.onDidChangeSession(() => keepTitle()),
      registry.onDidChangeSessions(() => keepTitle()),
      registry.onDidFinishOpening(() => keepTitle()),
      panel.onDidChangeViewState(() => {
        if (panel.active) surfaces.setActive(surface);
        else if (surfaces.current() === surface) surfaces.setActive(undefined);
      }),
    ];
    if (panel.active) surfaces.setActive(surface);
    panel.onDidDispose(() => {
      this.tabs.delete(panel);
      shownView.dispose();
      subscriptions.forEach((subscription) => subscription.dispose());
    });
    keepTitle();
    return { surface, dispatchAsView: (message) => viewDeps.router.dispatch(message, { surface, post: (answer) => shownView.post(answer) }) };
  }
}
