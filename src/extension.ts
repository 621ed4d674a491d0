// Activation: wire the services together, nothing else.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { AgentRuntime } from './acp/agentRuntime';
import { ProcessWatchdog } from './acp/processWatchdog';
import { clientCapabilitiesFor } from './acp/clientCapabilities';
import { createClientServices } from './clientServices';
import { registerPaletteCommands } from './commands/palette';
import type { PalettePicks } from './commands/quickPick';
import { registerCommands } from './commands/registerCommands';
import { newSessionInChosenFolder } from './commands/newSession';
import { registerAddSelection } from './composer/addSelection';
import { ComposerHost } from './composer/composerHost';
import type { AgentDefinition } from './config/agentDefinitions';
import { DiffView } from './editor/diffView';
import type { FilesApi } from './editor/files';
import { FollowAgent, registerFollowAgent } from './editor/follow';
import { copyText, openLink, openLocation } from './editor/openFromChat';
import { affectsAgentSettings, readAgents, readDefaultAgent, readMcpServers } from './config/agentSettings';
import { globalStateDefaults } from './config/agentDefaultsStore';
import { mcpSecretValues } from './config/mcpServers';
import type { AgentLaunch } from './acp/agentProcess';
import type { AgentAuth } from './auth/vscode/agentAuth';
import { createCredentialStore, registerAuth } from './auth/vscode/registerAuth';
import { AuthRequiredError } from './auth/authMethods';
import { agentSearchPath } from './config/loginShellPath';
import { AGENT_PRESETS } from './config/agentPresets';
import { SessionHistory } from './history/vscode/sessionHistory';
import { OPEN_SESSIONS_FILE, SESSION_RECORDS_FILE, workspaceFileStore } from './history/vscode/workspaceFileStore';
import { createAgentLog } from './output/agentLog';
import { createExtensionLog } from './output/extensionLog';
import { createPermissionPolicy, PermissionPolicyApi } from './policy/vscode/permissionPolicy';
import { TrafficLog } from './output/trafficLog';
import { reviewInlineFromChat } from './review/vscode/inline/fromChat';
import { type ReviewApi, registerReview } from './review/vscode/registerReview';
import { ElicitationNotifier } from './session/elicitationNotifier';
import { PermissionNotifier } from './session/permissionNotifier';
import { SessionManager } from './session/sessionManager';
import { agentSecretValues, secretMasker } from './shared/secrets';
import type { WebviewToHost } from './shared/webviewProtocol';
import { CHAT_VIEW_ID, ChatViewProvider } from './webview/chatViewProvider';
import { CHAT_VIEW_RENDERS } from './webview/chatRenders';
import { answerElicitation } from './webview/elicitationHost';
import { SpilledTextApi, spilledText } from './webview/spilledText';
import { removeSpills } from './session/transcriptSpill';

/** What activate() returns; the integration tests use it to watch sessions. */
export interface AcpExtensionApi {
  readonly sessions: SessionManager;
  /** Resolves once the configured default agent is selected. */
  agentSelected(): Promise<void>;
  /** The composer's host side: structured prompts and their queue (what the chat view's messages reach). */
  readonly composer: ComposerHost;
  /** Permission notifications shown while the chat view is hidden. */
  readonly permissionNotifier: PermissionNotifier;
  /** Elicitation notifications shown while the chat view is hidden. */
  readonly elicitationNotifier: ElicitationNotifier;
  /** The files service: the agents' writes as they happen, and prompts tests can answer. */
  readonly files: FilesApi;
  /** Follow the agent: opens and highlights the locations tool calls name, while `acp.followAgent` is on. */
  readonly follow: FollowAgent;
  /** The quick picks of the palette commands (Switch Agent, Switch Mode): tests answer them when shown. */
  readonly picks: PalettePicks;
  /** What agents changed: the ledger per session, the Agent Changes view, and dialogs tests can answer. */
  readonly review: ReviewApi;
  /** The user's permission policy: its settings, audit log and rule offers. */
  readonly policy: PermissionPolicyApi;
  /** Signing in to agents (the chat's buttons, Log Out); tests answer its questions. */
  readonly auth: AgentAuth;
  /** Session history: the record, the history view's list, deleting, restoring after a reload. */
  readonly history: SessionHistory;
  /** This extension's log folder; VS Code writes its output channels (traffic log, agent logs) beside it. */
  readonly logUri: vscode.Uri;
  /** Text kept outside memory: the whole text of cut messages, the entries dropped from long transcripts. */
  readonly spilledText: SpilledTextApi;
}

function workspaceCwd(): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir();
}

/** Where a new session works unless the user picks: the folder of the active editor, else the first folder. */
function defaultSessionCwd(): string {
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = active ? vscode.workspace.getWorkspaceFolder(active) : undefined;
  return folder?.uri.fsPath ?? workspaceCwd();
}

function workspaceRoots(): string[] {
  return vscode.workspace.workspaceFolders?.map((folder) => folder.uri.fsPath) ?? [workspaceCwd()];
}

/** How long `deactivate()` may take (VS Code allows about 5 s); whatever still runs then is left to the watchdog. */
const SHUTDOWN_CAP_MS = 4000;

/** Stops every process the extension started; set by activate(), returned by deactivate(). */
let stopEverything: (() => Promise<void>) | undefined;

/** The agents' time to answer `initialize` (the acp.agentStartTimeout setting, in seconds). */
function startTimeoutMs(): number {
  const seconds = vscode.workspace.getConfiguration('acp').get<number>('agentStartTimeout');
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 120_000;
}

export function activate(context: vscode.ExtensionContext): AcpExtensionApi {
  // Ends the agents' and terminal commands' process groups should this host die before it stopped them.
  const watchdog = new ProcessWatchdog();
  // Secrets: every env value of the configured agents and the values of their secret flags (--api-key, --token=...),
  // the MCP servers' headers and secret env values, the variables typed in to sign in; masked with the usual token
  // shapes in the traffic log, the agents' logs, failure messages and exports (transcript, permission log).
  let knownSecrets: string[] = [];
  let mcpSecrets: string[] = [];
  const credentialSecrets = new Set<string>();
  const allSecrets = (): string[] => [...knownSecrets, ...mcpSecrets, ...credentialSecrets];
  const maskSecrets = secretMasker(allSecrets);
  // The extension's own log (sessions, files, review, history, auth...): the "ACP" output channel.
  const extensionLog = createExtensionLog(maskSecrets);
  context.subscriptions.push(extensionLog);
  const log = extensionLog.of();
  const warn = extensionLog.of(undefined, 'warn');
  const traffic = new TrafficLog(maskSecrets);
  const agentLogs = new Map<string, vscode.LogOutputChannel>();
  const logFor = (agent: AgentDefinition): vscode.LogOutputChannel => {
    let channel = agentLogs.get(agent.id);
    if (!channel) {
      channel = vscode.window.createOutputChannel(`ACP Agent: ${agent.name}`, { log: true });
      agentLogs.set(agent.id, channel);
    }
    return channel;
  };
  const clientInfo = { name: 'acp-client-vscode', title: 'ACP Client for VS Code', version: String(context.extension.packageJSON.version) };

  let searchPath: string | undefined;
  const clientServices = createClientServices(context, watchdog, extensionLog.of('files'));
  const services = clientServices.services;
  const clientCapabilities = clientCapabilitiesFor(services, CHAT_VIEW_RENDERS, { terminalAuth: true });
  const policy = createPermissionPolicy(context, maskSecrets);
  const credentials = createCredentialStore(context);
  // Asked at every start: the login shell's PATH (an editor started from a launcher often lacks nvm, Homebrew...)
  // unless the entry sets one, the entry's env, then the variables the user gave for signing in.
  const launchFor = async (agent: AgentDefinition): Promise<AgentLaunch> => {
    const signedIn = await credentials.envFor(agent.id).catch(() => ({}));
    Object.values(signedIn).forEach((value) => credentialSecrets.add(value));
    return { command: agent.command, args: agent.args, env: { ...(searchPath ? { PATH: searchPath } : {}), ...agent.env, ...signedIn }, cwd: workspaceCwd() };
  };
  const manager = new SessionManager({
    createRuntime: (agent) =>
      new AgentRuntime({
        launch: () => launchFor(agent),
        clientInfo,
        clientCapabilities,
        log: createAgentLog(logFor(agent), maskSecrets),
        traffic,
        maskSecrets,
        name: agent.name,
        guard: watchdog,
        startTimeoutMs,
      }),
    cwd: defaultSessionCwd,
    roots: workspaceRoots,
    services,
    log,
    workspaceTrusted: () => vscode.workspace.isTrusted,
    permissionGate: (agentId) => policy.gateFor(agentId),
    mcpServers: () => readMcpServers().servers,
    defaults: globalStateDefaults(context.globalState),
    findAgent: (agentId) => readAgents(context.extensionUri).agents.find((agent) => agent.id === agentId),
    installHint: (command) => AGENT_PRESETS.find((preset) => preset.command === command)?.install,
  });
  const readMcpSetting = (): void => {
    const setting = readMcpServers();
    mcpSecrets = mcpSecretValues(setting.servers);
    for (const problem of setting.problems) void vscode.window.showWarningMessage(`ACP: ${problem}`);
  };
  readMcpSetting();

  let selection = Promise.resolve();
  const selectConfiguredAgent = (): void => {
    const resolved = readAgents(context.extensionUri);
    knownSecrets = resolved.agents.flatMap((agent) => agentSecretValues(agent));
    for (const problem of resolved.problems) void vscode.window.showWarningMessage(`ACP: ${problem.message}`);
    const agent = readDefaultAgent(resolved);
    selection = selection
      .then(async () => {
        if (!agent.builtIn) searchPath ??= await agentSearchPath();
      })
      .then(() => manager.syncAgents(resolved.agents))
      .then(() => manager.useAgent(agent));
  };
  selectConfiguredAgent();
  const agentSelected = (): Promise<void> => selection;

  const diffView = new DiffView();
  const chatRoots = workspaceRoots;
  // Spill folders left by extension hosts that were killed before they could remove them.
  void removeSpills({ stale: true });
  const spilled = spilledText((sessionId) => manager.openSessions.find((open) => open.session.sessionId === sessionId)?.session);
  const handleUserAction = async (action: WebviewToHost): Promise<void> => {
    await selection;
    switch (action.type) {
      case 'prompt':
        return composer.prompt(action);
      case 'searchFiles':
      case 'setConfigOption':
      case 'setMode':
      case 'removeQueued':
      case 'resumeQueue':
        return composer.handle(action);
      case 'cancel':
        return manager.cancel();
      case 'permission':
        manager.session?.choosePermission(action.requestKey, action.optionId);
        return;
      case 'elicitation':
        return answerElicitation(manager.session, action, warn);
      case 'newSession':
        return newSessionInFolder();
      case 'switchSession':
        return manager.show(action.key);
      case 'closeSession':
        return manager.close(action.key);
      case 'showHistory':
        return history.showHistory();
      case 'moreHistory':
        return history.moreHistory();
      case 'openHistorySession':
        return history.open(action.agentId, action.sessionId);
      case 'deleteHistorySession':
        return history.delete(action.agentId, action.sessionId);
      case 'openAgentSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'acp.agents');
        return;
      case 'restartAgent':
        return manager.restartAgent();
      case 'authenticate':
        return auth.signIn(action.methodId);
      case 'manageTrust':
        await vscode.commands.executeCommand('workbench.trust.manage');
        return;
      case 'openLink':
        return openLink(action.href, chatRoots());
      case 'openLocation':
        return openLocation(action.path, action.line, chatRoots());
      case 'openDiff':
        return diffView.openToolCallDiff(manager.session?.state.entries, action.toolCallId, action.index);
      case 'reviewInline':
        return reviewInlineFromChat(review.api.inline, manager.session?.state.entries, action.toolCallId, action.index, chatRoots());
      case 'copyText':
        return copyText(action.text);
      case 'openFullMessage':
        await spilled.openFullMessage(action.sessionId, action.entryId);
        return;
      case 'openEarlierMessages':
        await spilled.openEarlierMessages(action.sessionId);
        return;
      case 'setPermissionLevel':
        return policy.setLevel(action.level);
      case 'ready':
        // The chat is on screen (the provider sent it a snapshot): get the agent and a session going so the first
        // answer comes sooner.
        // The sessions open when the window went away come back first.
        if (vscode.workspace.isTrusted && (await history.restoreOnce())) return;
        if (!manager.session && manager.agent?.status === 'stopped') {
          // Sign-in needed: the chat says so with its buttons.
          await manager.newSession().catch((error: unknown) => {
            if (!(error instanceof AuthRequiredError)) throw error;
          });
        }
        return;
    }
  };
  const provider = new ChatViewProvider(context.extensionUri, manager, handleUserAction, {
    terminals: clientServices.terminalOutputs,
    viewState: () => [composer.viewState(), policy.settings.levelMessage()],
    log,
  });
  const history = new SessionHistory({
    manager,
    recordStore: workspaceFileStore(context, SESSION_RECORDS_FILE, extensionLog.of('history', 'warn')),
    openStore: workspaceFileStore(context, OPEN_SESSIONS_FILE, extensionLog.of('history', 'warn')),
    roots: workspaceRoots,
    agentName: (agentId) => readAgents(context.extensionUri).agents.find((agent) => agent.id === agentId)?.name,
    post: (message) => provider.post(message),
    log: extensionLog.of('history'),
  });
  const newSessionInFolder = (): Promise<void> => newSessionInChosenFolder(manager, palette.picks, defaultSessionCwd);
  const showChat = (): Thenable<unknown> => vscode.commands.executeCommand('acp.chat.focus');
  /** "Show" on a notification: the chat comes up with the session that asks. */
  const showSessionInChat = (session: unknown): void => {
    const open = manager.openSessions.find((item) => item.session === session);
    if (open) manager.show(open.key);
    void showChat();
  };
  const composer = new ComposerHost({ manager, post: (message) => provider.post(message), revealView: showChat });
  const permissionNotifier = new PermissionNotifier(manager, {
    isPanelVisible: () => provider.isVisible,
    show: (message, buttons) => vscode.window.showInformationMessage(message, ...buttons),
    showPanel: showSessionInChat,
  });
  const elicitationNotifier = new ElicitationNotifier(manager, {
    isPanelVisible: () => provider.isVisible,
    show: (message, buttons) => vscode.window.showInformationMessage(message, ...buttons),
    showPanel: showSessionInChat,
  });

  const following = registerFollowAgent(manager, extensionLog.of('follow', 'warn'));
  const palette = registerPaletteCommands({ extensionUri: context.extensionUri, manager, composer, agentSelected, showChat, knownSecrets: allSecrets });
  const signIn = registerAuth(credentials, manager, launchFor, agentSelected, extensionLog.of('auth'));
  const auth = signIn.auth;
  const review = registerReview(manager, clientServices.files.onDidWrite, context.extensionPath, extensionLog.of('review'));

  let followed: vscode.Disposable | undefined;
  context.subscriptions.push(
    manager.onDidChangeSession((session) => {
      followed?.dispose();
      followed = session ? clientServices.follow(session) : undefined;
    }),
    { dispose: () => followed?.dispose() },
    diffView,
    traffic,
    provider,
    history,
    composer,
    permissionNotifier,
    elicitationNotifier,
    policy,
    policy.settings.onDidChange(() => provider.post(policy.settings.levelMessage())),
    registerAddSelection(composer),
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, provider, { webviewOptions: { retainContextWhenHidden: true } }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsAgentSettings(event)) selectConfiguredAgent();
      if (event.affectsConfiguration('acp.mcpServers')) readMcpSetting();
    }),
    ...signIn.disposables,
    // Workspace Trust: agents held back in an untrusted workspace start once it is trusted (the chat on screen).
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      await selection;
      manager.trustGranted();
      if (provider.isVisible && (await history.restoreOnce())) return;
      if (provider.isVisible && !manager.session && manager.agent?.status === 'stopped') {
        await manager.newSession().catch((error: unknown) => warn(`starting the agent after trust was granted failed: ${String(error)}`));
      }
    }),
    ...registerCommands({ manager, traffic, agentSelected, newSession: newSessionInFolder }),
    ...following.disposables,
    ...palette.disposables,
    ...review.disposables,
    { dispose: () => agentLogs.forEach((channel) => channel.dispose()) },
    { dispose: () => void stopAll() },
  );
  let stopping: Promise<void> | undefined;
  const stopAll = (): Promise<void> => {
    stopping ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_CAP_MS)));
      // The window is going, not the user closing sessions: the history stops listening first, so the sessions open
      // now stay recorded as open and come back in the next window.
      history.dispose();
      const stopped = Promise.all([manager.dispose(), clientServices.stopProcesses()]).then(
        () => undefined,
        (error: unknown) => warn(`stopping the agents failed: ${String(error)}`),
      );
      await Promise.race([stopped, cap]);
      clearTimeout(timer);
      // Its pipe closes: it ends whatever is still registered (nothing, unless the cap was reached) and exits.
      watchdog.dispose();
      // Then the spill files of this window's sessions (cut messages, dropped entries) go too.
      await removeSpills({ stale: false, own: true });
    })();
    return stopping;
  };
  stopEverything = stopAll;
  return {
    sessions: manager,
    agentSelected,
    composer,
    permissionNotifier,
    elicitationNotifier,
    files: clientServices.files,
    review: review.api,
    follow: following.follow,
    picks: palette.picks,
    policy,
    auth,
    history,
    logUri: context.logUri,
    spilledText: spilled,
  };
}

/** Resolves once every agent and terminal command the extension started has stopped (bounded, see SHUTDOWN_CAP_MS). */
export function deactivate(): Promise<void> | undefined {
  const stop = stopEverything;
  stopEverything = undefined;
  return stop?.();
}
