// Activation: the composition root. Each concern is wired in src/wiring (agents and secrets, sessions, the chat, the
// features around it, shutdown); this file puts them together and hands the tests their API.
import * as vscode from 'vscode';
import { ProcessWatchdog } from './acp/processWatchdog';
import { createClientServices } from './clientServices';
import { createPermissionPolicy } from './policy/vscode/permissionPolicy';
import type { AcpExtensionApi } from './testApi/extensionApi';
import { SessionsApi } from './testApi/sessionsApi';
import { wireAgents } from './wiring/agents';
import { wireChat } from './wiring/chat';
import { wireFeatures } from './wiring/features';
import { wireSessions } from './wiring/sessions';
import { shutdown } from './wiring/shutdown';

export type { AcpExtensionApi, SessionHoldings } from './testApi/extensionApi';

/** Stops every process the extension started; set by activate(), returned by deactivate(). */
let stopEverything: (() => Promise<void>) | undefined;

export function activate(context: vscode.ExtensionContext): AcpExtensionApi {
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
    features: () => ({ auth: features.auth, inlineReview: features.review.inline, changes: features.review.strip, checkpoints: features.review.checkpoints }),
    newSession: () => features.newSession(),
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
    postToChat: (message) => chat.provider.post(message),
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
  const { registry } = parts;
  return {
    sessions: new SessionsApi(parts),
    agentSelected,
    composer: chat.composer,
    permissionNotifier: chat.permissionNotifier,
    elicitationNotifier: chat.elicitationNotifier,
    files: clientServices.files,
    terminalOutputs: clientServices.terminalOutputs,
    review: features.review,
    follow: features.follow,
    picks: features.picks,
    policy,
    auth: features.auth,
    history: chat.history,
    logUri: context.logUri,
    storageUri: context.storageUri,
    globalStorageUri: context.globalStorageUri,
    heldBy: (sessionKey) => ({
      open: registry.get(sessionKey) !== undefined,
      parts: registry.get(sessionKey)?.session.held() ?? 0,
      review: features.review.service.holds(sessionKey),
      queued: registry.get(sessionKey)?.prompts.queue.length ?? 0,
    }),
    spilledText: chat.spilled,
  };
}

/** Resolves once every agent and terminal command the extension started has stopped (bounded, see wiring/shutdown). */
export function deactivate(): Promise<void> | undefined {
  const stop = stopEverything;
  stopEverything = undefined;
  return stop?.();
}
