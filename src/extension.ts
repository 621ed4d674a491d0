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
import { ComposerHost, contentForParts } from './composer/composerHost';
import { ChatController } from './chat/chatController';
import type { SessionKey } from './shared/sessionKey';
import type { AgentDefinition } from './config/agentDefinitions';
import { DiffView } from './editor/diffView';
import type { FilesApi } from './editor/files';
import { FollowAgent, registerFollowAgent } from './editor/follow';
import { affectsAgentSettings, readAgents, readDefaultAgent, readMcpServers } from './config/agentSettings';
import { globalStateDefaults } from './config/agentDefaultsStore';
import { mcpSecretValues } from './config/mcpServers';
import type { AgentLaunch } from './acp/agentProcess';
import type { AgentAuth } from './auth/vscode/agentAuth';
import { createCredentialStore, registerAuth } from './auth/vscode/registerAuth';
import { agentSearchPath } from './config/loginShellPath';
import { AGENT_PRESETS } from './config/agentPresets';
import { SessionHistory } from './history/vscode/sessionHistory';
import { OPEN_SESSIONS_FILE, SESSION_RECORDS_FILE, workspaceFileStore } from './history/vscode/workspaceFileStore';
import { createAgentLog } from './output/agentLog';
import { createExtensionLog } from './output/extensionLog';
import { createPermissionPolicy, PermissionPolicyApi } from './policy/vscode/permissionPolicy';
import { TrafficLog } from './output/trafficLog';
import { type ReviewApi, registerReview } from './review/vscode/registerReview';
import { ElicitationNotifier } from './session/elicitationNotifier';
import { PermissionNotifier } from './session/permissionNotifier';
import { createSessionParts, disposeSessionParts, sessionsOnScreen } from './chat/sessionParts';
import { SessionsApi } from './testApi/sessionsApi';
import { agentSecretValues, secretMasker } from './shared/secrets';
import { CHAT_VIEW_ID, ChatViewProvider } from './webview/chatViewProvider';
import { CHAT_VIEW_RENDERS } from './webview/chatRenders';
import { SpilledTextApi, spilledText } from './webview/spilledText';
import { removeSpills } from './session/transcriptSpill';

/** What activate() returns; the integration tests use it to watch sessions. */
/** What is held for one session (see AcpExtensionApi.heldBy). */
export interface SessionHoldings {
  open: boolean;
  /** File baselines, remembered answers and live terminals. */
  services: number;
  review: boolean;
  queued: number;
}

export interface AcpExtensionApi {
  /** The sessions (open ones, the shown one, the agents) as the tests drive them. */
  readonly sessions: SessionsApi;
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
  /** What the extension holds for a session (tests count it): the features' parts, the review's hold, its queue. */
  heldBy(sessionKey: SessionKey): SessionHoldings;
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
  const parts = createSessionParts({
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
    resolvePrompt: contentForParts,
    onQueuedPromptError: (error) => void vscode.window.showErrorMessage(`A queued message was not sent: ${error instanceof Error ? error.message : String(error)}`),
  });
  const { pool, registry: sessions, shown } = parts;
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
      .then(() => pool.syncAgents(resolved.agents))
      .then(() => pool.useAgent(agent));
  };
  selectConfiguredAgent();
  const agentSelected = (): Promise<void> => selection;

  const diffView = new DiffView();
  // Spill folders left by extension hosts that were killed before they could remove them.
  void removeSpills({ stale: true });
  const spilled = spilledText((key) => sessions.get(key)?.session);
  const chat = (): ChatController =>
    new ChatController({
      sessions,
      shown,
      history,
      auth,
      policy,
      composer,
      inlineReview: review.api.inline,
      diffView,
      spilled,
      agentSelected,
      newSession: newSessionInFolder,
      roots: workspaceRoots,
      warn,
    });
  let controller: ChatController | undefined;
  const provider = new ChatViewProvider(context.extensionUri, sessions, shown, (message) => (controller ??= chat()).handle(message), {
    terminals: clientServices.terminalOutputs,
    viewState: () => [composer.viewState(), policy.settings.levelMessage()],
    log,
  });
  const history = new SessionHistory({
    sessions,
    shown,
    selectedAgentId: () => pool.selected?.definition.id,
    recordStore: workspaceFileStore(context, SESSION_RECORDS_FILE, extensionLog.of('history', 'warn')),
    openStore: workspaceFileStore(context, OPEN_SESSIONS_FILE, extensionLog.of('history', 'warn')),
    roots: workspaceRoots,
    agentName: (agentId) => readAgents(context.extensionUri).agents.find((agent) => agent.id === agentId)?.name,
    post: (message) => provider.post(message),
    log: extensionLog.of('history'),
  });
  const newSessionInFolder = (): Promise<void> => newSessionInChosenFolder(shown, palette.picks, defaultSessionCwd);
  const showChat = (): Thenable<unknown> => vscode.commands.executeCommand('acp.chat.focus');
  /** "Show" on a notification: the chat comes up with the session that asks. */
  const showSessionInChat = (session: unknown): void => {
    const open = sessions.openSessions.find((item) => item.session === session);
    if (open) shown.show(open.key);
    void showChat();
  };
  const composer = new ComposerHost({ sessions, shown, post: (message) => provider.post(message), revealView: showChat });
  const permissionNotifier = new PermissionNotifier(sessionsOnScreen(parts), {
    isPanelVisible: () => provider.isVisible,
    show: (message, buttons) => vscode.window.showInformationMessage(message, ...buttons),
    showPanel: showSessionInChat,
  });
  const elicitationNotifier = new ElicitationNotifier(sessionsOnScreen(parts), {
    isPanelVisible: () => provider.isVisible,
    show: (message, buttons) => vscode.window.showInformationMessage(message, ...buttons),
    showPanel: showSessionInChat,
  });

  const following = registerFollowAgent(shown, extensionLog.of('follow', 'warn'));
  const palette = registerPaletteCommands({ extensionUri: context.extensionUri, sessions, shown, composer, agentSelected, showChat, knownSecrets: allSecrets });
  const signIn = registerAuth(credentials, shown, launchFor, agentSelected, extensionLog.of('auth'));
  const auth = signIn.auth;
  const review = registerReview(sessions, shown, clientServices.files.onDidWrite, context.extensionPath, extensionLog.of('review'));

  let followed: vscode.Disposable | undefined;
  context.subscriptions.push(
    shown.onDidChangeSession((session) => {
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
      sessions.trustGranted();
      if (provider.isVisible && (await history.restoreOnce())) return;
      if (provider.isVisible && !shown.session && shown.agent?.status === 'stopped') {
        await shown.newSession().catch((error: unknown) => warn(`starting the agent after trust was granted failed: ${String(error)}`));
      }
    }),
    ...registerCommands({ shown, traffic, agentSelected, newSession: newSessionInFolder }),
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
      const stopped = Promise.all([disposeSessionParts(parts), clientServices.stopProcesses()]).then(
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
    sessions: new SessionsApi(parts),
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
    heldBy: (sessionKey) => ({
      open: sessions.get(sessionKey) !== undefined,
      services: clientServices.services.heldBy(sessionKey),
      review: review.api.service.holds(sessionKey),
      queued: sessions.get(sessionKey)?.prompts.queue.length ?? 0,
    }),
    spilledText: spilled,
  };
}

/** Resolves once every agent and terminal command the extension started has stopped (bounded, see SHUTDOWN_CAP_MS). */
export function deactivate(): Promise<void> | undefined {
  const stop = stopEverything;
  stopEverything = undefined;
  return stop?.();
}
