// The chat: its view in the side bar and its tabs, the router its messages go to, the controller, the composer, the
// session history, the notifications shown while the chat is hidden, and what follows the shown session. It needs none
// of the features around it: they are wired after it and plug into its router and views (wiring/features.ts).
import * as vscode from 'vscode';
import { CHAT_CONTROLLER_TYPES, ChatController } from '../chat/chatController';
import { ChatRouter } from '../chat/chatRouter';
import type { SessionParts } from '../chat/sessionParts';
import { CHAT_VIEW_ID, SideBarChat } from '../chat/sideBarHost';
import { ChatTabs } from '../chat/chatTabs';
import { ChatViews } from '../chat/chatViews';
import { feedSurface } from '../chat/surfaceFeeds';
import type { ChatViewDeps } from '../chat/view/chatView';
import type { Session } from '../session/session';
import type { SurfaceSessions } from '../session/surfaceSessions';
import type { HostToWebview } from '../shared/protocol/webviewProtocol';
import type { ClientServicesHandle } from '../clientServices';
import { registerAddSelection } from '../composer/addSelection';
import { ComposerHost } from '../composer/composerHost';
import { readAgents } from '../config/agentSettings';
import { DiffView } from '../editor/diffView';
import { SessionHistory } from '../history/vscode/sessionHistory';
import { LocalTranscripts, transcriptsFolder } from '../history/vscode/localTranscripts';
import { OPEN_SESSIONS_FILE, SESSION_RECORDS_FILE, workspaceFileStore } from '../history/vscode/workspaceFileStore';
import type { PermissionPolicy } from '../policy/vscode/permissionPolicy';
import { afterReady, type ChatHandlers } from '../session/chatHandlers';
import { ElicitationNotifier } from '../session/elicitationNotifier';
import { PermissionNotifier } from '../session/permissionNotifier';
import { removeSpills } from '../session/transcriptSpill';
import { withMaskedTitles } from '../history/sessionRecords';
import { maskText } from '../shared/text/secretText';
import { SpilledTextApi, spilledText } from '../chat/spilledText';
import type { AgentsWiring } from './agents';
import { placeFor, workspaceRoots } from './workspace';

export interface ChatWiringDeps {
  agents: AgentsWiring;
  parts: SessionParts;
  clientServices: ClientServicesHandle;
  policy: PermissionPolicy;
  agentSelected(): Promise<void>;
}

export interface ChatWiring {
  provider: SideBarChat;
  /** Every chat view (the side bar's and the tabs'): where the features post and add their parts of a view's snapshot. */
  views: ChatViews;
  /** The chat tabs ("ACP: Open Chat in Editor Tab"). */
  tabs: ChatTabs;
  /** Where the chat's messages go (the test API sends through it as the chat). */
  router: ChatRouter;
  /** Where the features register the chat's messages they own (each runs once the agent setting is read). */
  chatHandlers: ChatHandlers;
  composer: ComposerHost;
  history: SessionHistory;
  permissionNotifier: PermissionNotifier;
  elicitationNotifier: ElicitationNotifier;
  spilled: SpilledTextApi;
  showChat(): Thenable<unknown>;
  /** "Open Chat": the chat on screen with the caret in its composer (told once the view is ready). */
  focusChat(): Promise<void>;
  disposables: vscode.Disposable[];
}

export function wireChat(context: vscode.ExtensionContext, deps: ChatWiringDeps): ChatWiring {
  const { agents, parts, clientServices, policy, agentSelected } = deps;
  const { pool, registry: sessions, surfaces, starter } = parts;
  // The side-bar chat's surface (the tabs have their own, see ChatTabs).
  const shown = surfaces.sideBar;
  const diffView = new DiffView();
  // Spill folders left by extension hosts that were killed before they could remove them.
  void removeSpills({ stale: true });
  const spilled = spilledText((key) => sessions.get(key)?.session);
  const router = new ChatRouter(agents.log);
  const chatHandlers = afterReady(router, agentSelected);
  const views = new ChatViews(surfaces);
  const showChat = (): Thenable<unknown> => vscode.commands.executeCommand('acp.chat.focus');
  const composer = new ComposerHost({ sessions, starter, posts: views, revealView: showChat, newSessionRoots: () => placeFor().roots });
  /** What every view of a surface gets: the parts of its snapshot are that surface's. */
  const viewDeps = (surface: SurfaceSessions, surfaceState: () => HostToWebview[]): ChatViewDeps => ({
    sessions,
    router,
    multiRootWindow: () => (vscode.workspace.workspaceFolders?.length ?? 0) > 1,
    terminals: clientServices.terminalOutputs,
    viewState: () => [
      composer.viewState(surface),
      policy.settings.levelMessage(),
      ...views.snapshotPartsFor(surface),
      ...surfaceState(),
    ],
    // The view the user works in is the active surface (palette commands act on it).
    interacted: () => surfaces.setActive(surface),
    log: agents.log,
    secretRules: agents.secretRules,
  });
  const sideBarFeeds = feedSurface(shown, sessions, (message) => provider.post(message));
  const provider = new SideBarChat(context.extensionUri, shown, viewDeps(shown, () => sideBarFeeds.viewState()));
  const tabs = new ChatTabs({
    extensionUri: context.extensionUri,
    pool,
    registry: sessions,
    surfaces,
    views,
    viewDeps,
    secretRules: agents.secretRules,
    agentSelected,
    log: agents.log,
  });
  const historyWarn = agents.extensionLog.of('history', 'warn');
  const maskTitles = (value: unknown): unknown => withMaskedTitles(value, (title) => maskText(title, agents.secretRules()));
  const history = new SessionHistory({
    sessions,
    shown,
    starter,
    selectedAgentId: () => pool.selected?.definition.id,
    recordStore: workspaceFileStore(context, SESSION_RECORDS_FILE, historyWarn, maskTitles),
    openStore: workspaceFileStore(context, OPEN_SESSIONS_FILE, historyWarn, maskTitles),
    roots: workspaceRoots,
    agentName: (agentId) => readAgents(context.extensionUri).agents.find((agent) => agent.id === agentId)?.name,
    // Titles in the history list (the agent's list, the record) with their secrets masked, as in the chat; to the view
    // the user works in (the one that asked).
    post: (message) => views.toActive({ ...message, items: message.items.map((item) => (item.title ? { ...item, title: maskText(item.title, agents.secretRules()) } : item)) }),
    log: agents.extensionLog.of('history'),
    transcripts: new LocalTranscripts(transcriptsFolder(context), sessions, historyWarn, agents.secretRules),
  });
  const controller = new ChatController({
    sessions,
    starter,
    history,
    diffView,
    spilled,
    roots: () => placeFor().roots,
    warn: agents.warn,
    showAgentLog: agents.showLog,
  });
  /** "Show" on a notification: the side-bar chat comes up with the session that asks (a tab showing it, if any). */
  const showSessionInChat = (session: unknown): void => {
    const open = sessions.openSessions.find((item) => item.session === session);
    if (open && tabs.reveal(open.key)) return;
    if (open) shown.show(open.key);
    void showChat();
  };
  const notifierUi = {
    isOnScreen: (session: unknown) => views.isOnScreen(session as Session),
    // A notification is on screen like the chat: the tool call's title and the question with their secrets masked.
    show: (message: string, buttons: string[]) => vscode.window.showInformationMessage(maskText(message, agents.secretRules()), ...buttons),
    showPanel: showSessionInChat,
  };
  const permissionNotifier = new PermissionNotifier(sessions, notifierUi);
  const elicitationNotifier = new ElicitationNotifier(sessions, notifierUi);

  let followed: vscode.Disposable | undefined;
  const disposables: vscode.Disposable[] = [
    // The files an agent touches are followed for the active surface's session.
    surfaces.onDidChangeSession((session) => {
      followed?.dispose();
      followed = session ? clientServices.follow(session) : undefined;
    }),
    { dispose: () => followed?.dispose() },
    clientServices.feedAgentCommands(sessions),
    diffView,
    views.add({ surface: shown, post: (message) => provider.post(message), get isVisible() { return provider.isVisible; }, onDidChangeVisibility: provider.onDidChangeVisibility }),
    views,
    sideBarFeeds,
    provider,
    tabs,
    history,
    composer,
    chatHandlers.handle(CHAT_CONTROLLER_TYPES, (message, from) => controller.handle(message, from)),
    composer.chatHandlers(router, agentSelected),
    history.chatHandlers(chatHandlers),
    policy.chatHandlers(chatHandlers),
    permissionNotifier,
    elicitationNotifier,
    policy.settings.onDidChange(() => views.broadcast(policy.settings.levelMessage())),
    registerAddSelection(composer),
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, provider, { webviewOptions: { retainContextWhenHidden: true } }),
    // Workspace Trust: agents held back in an untrusted workspace start once it is trusted (the chat on screen).
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      await agentSelected();
      sessions.trustGranted();
      if (views.anyVisible && (await history.restoreOnce())) return;
      // A message refused while the workspace was not trusted goes now; else the chat on screen gets its session.
      if (shown.starting?.state === 'failed') await starter.retryStart(shown);
      else if (provider.isVisible) await starter.startForView(shown);
    }),
  ];
  const focusChat = async (): Promise<void> => {
    await showChat();
    provider.post({ type: 'focusComposer' });
  };
  return { provider, router, chatHandlers, views, tabs, composer, history, permissionNotifier, elicitationNotifier, spilled, showChat, focusChat, disposables };
}
