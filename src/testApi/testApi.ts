// The test API: what activate() returns when the extension runs under tests, and only then (see extension.ts). Other
// extensions get nothing of it; the dialogs and the policy tests swap (useUserInterface, history.ui) are reachable
// through this object alone. Built only in test mode, so a user's window pays nothing for it.
import type * as vscode from 'vscode';
import type { ClientServicesHandle } from '../clientServices';
import type { PermissionPolicy } from '../policy/vscode/permissionPolicy';
import type { ChatWiring } from '../wiring/chat';
import type { FeaturesWiring } from '../wiring/features';
import type { SessionsWiring } from '../wiring/sessions';
import type { AcpExtensionApi } from './extensionApi';
import { SessionsApi } from './sessionsApi';

/** The wiring activate() put together, which the test API exposes. */
export interface TestApiSources {
  context: vscode.ExtensionContext;
  sessions: SessionsWiring;
  chat: ChatWiring;
  features: FeaturesWiring;
  clientServices: ClientServicesHandle;
  policy: PermissionPolicy;
}

export function createTestApi({ context, sessions, chat, features, clientServices, policy }: TestApiSources): AcpExtensionApi {
  const { parts, agentSelected } = sessions;
  const { registry } = parts;
  return {
    sessions: new SessionsApi(parts),
    agentSelected,
    composer: {
      prompt: (message) => chat.router.dispatch(message, chat.composer.chatSender),
      handle: (message) => chat.router.dispatch(message, chat.composer.chatSender),
    },
    permissionNotifier: chat.permissionNotifier,
    elicitationNotifier: chat.elicitationNotifier,
    files: clientServices.files,
    terminalOutputs: clientServices.terminalOutputs,
    review: features.review,
    worktrees: features.worktrees,
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
