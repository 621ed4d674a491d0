// Activation: the composition root. Each concern is wired in src/wiring (agents and secrets, sessions, the chat, the
// features around it, shutdown); this file puts them together and, in a window that runs tests, hands them their API.
import * as vscode from 'vscode';
import { ProcessWatchdog } from './acp/processWatchdog';
import { createClientServices } from './clientServices';
import { createPermissionPolicy } from './policy/vscode/permissionPolicy';
import type { AcpExtensionApi } from './testApi/extensionApi';
import { createTestApi } from './testApi/testApi';
import { wireAgents } from './wiring/agents';
import { wireChat } from './wiring/chat';
import { wireFeatures } from './wiring/features';
import { wireSessions } from './wiring/sessions';
import { shutdown } from './wiring/shutdown';

export type { AcpExtensionApi, SessionHoldings } from './testApi/extensionApi';

/** Stops every process the extension started; set by activate(), returned by deactivate(). */
let stopEverything: (() => Promise<void>) | undefined;

/**
 * Other extensions get nothing (`getExtension(...).exports` is undefined): the internal API, with its swappable
 * dialogs and policy, goes only to tests, in a window whose extension host runs them (`extensionTestsPath` makes
 * VS Code activate the extension under development in `ExtensionMode.Test`; the benchmarks that need it load
 * their probes the same way).
 */
export function activate(context: vscode.ExtensionContext): AcpExtensionApi | undefined {
  // Ends the agents' and terminal commands' process groups should this host die before it stopped them.
  const watchdog = new ProcessWatchdog();
  const agents = wireAgents(context, watchdog);
  const clientServices = createClientServices(context, watchdog, agents.extensionLog.of('files'));
  const policy = createPermissionPolicy(context, agents.maskSecrets);
  const sessions = wireSessions(context, agents, clientServices, policy);
  const { parts, agentSelected } = sessions;
  const chat = wireChat(context, {
    agents,
    parts,
    clientServices,
    policy,
    agentSelected,
  });
  const features = wireFeatures(context, {
    agents,
    parts,
    clientServices,
    composer: chat.composer,
    agentSelected,
    chooseAgent: sessions.chooseAgent,
    showChat: chat.showChat,
    focusChat: chat.focusChat,
    chatPosts: chat.views,
    chatHandlers: chat.chatHandlers,
    history: chat.history,
    onScreen: chat.views.screen,
  });
  const stopAll = shutdown({ history: chat.history, parts, clientServices, watchdog, warn: agents.warn });
  context.subscriptions.push(
    ...sessions.disposables,
    ...chat.disposables,
    policy,
    ...features.disposables,
    // The logs go last: stopping the agents still writes to them.
    ...agents.disposables,
    { dispose: () => void stopAll() },
  );
  stopEverything = stopAll;
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return createTestApi({ context, sessions, chat, features, clientServices, policy });
}

/** Resolves once every agent and terminal command the extension started has stopped (bounded, see wiring/shutdown). */
export function deactivate(): Promise<void> | undefined {
  const stop = stopEverything;
  stopEverything = undefined;
  return stop?.();
}
