// The features around the sessions: follow-along in the editor, signing in, the review of what agents changed, and
// the palette commands. Wired after the chat: each plugs its own messages into the chat's router and its parts into
// the chat views' snapshots (the chat knows none of them).
import * as vscode from 'vscode';
import type { AgentAuth } from '../auth/vscode/agentAuth';
import { registerAuth } from '../auth/vscode/registerAuth';
import type { SessionParts } from '../chat/sessionParts';
import type { ClientServicesHandle } from '../clientServices';
import { newSessionInChosenFolder } from '../commands/newSession';
import { registerPaletteCommands } from '../commands/palette';
import type { PalettePicks } from '../commands/quickPick';
import { registerCommands } from '../commands/registerCommands';
import type { ComposerHost } from '../composer/composerHost';
import { FollowAgent, registerFollowAgent } from '../editor/follow';
import { type ReviewApi, registerReview } from '../review/vscode/registerReview';
import type { AgentsWiring } from './agents';
import { REVIEW_LEDGERS_FILE, workspaceFileStore } from '../history/vscode/workspaceFileStore';
import type { ChatHandlers, ChatPosts } from '../session/chatHandlers';
import type { SurfaceSessions } from '../session/surfaceSessions';
import { defaultSessionCwd } from './workspace';
import { PlanFiles } from '../editor/planFiles';
import { type StoredReview, withMaskedLabels } from '../review/ledgerData';
import { maskText } from '../shared/text/secretText';
import type { SessionHistory } from '../history/vscode/sessionHistory';
import { readAgents } from '../config/agentSettings';
import type { OnScreen } from '../threads/onScreen';
import { registerThreads } from '../threads/vscode/registerThreads';
import type { WorktreesApi } from '../worktrees/vscode/registerWorktrees';
import { wireWorktrees } from './worktrees';

export interface FeaturesWiring {
  follow: FollowAgent;
  picks: PalettePicks;
  auth: AgentAuth;
  review: ReviewApi;
  /** Worktree threads (their book and commands). */
  worktrees: WorktreesApi;
  disposables: vscode.Disposable[];
}

export interface FeaturesDeps {
  agents: AgentsWiring;
  parts: SessionParts;
  clientServices: ClientServicesHandle;
  composer: ComposerHost;
  agentSelected(): Promise<void>;
  chooseAgent(agentId: string): Promise<void>;
  showChat(): Thenable<unknown>;
  /** Where the review posts to the chat's views (the "files changed" strip, the checkpoints) and adds its parts of their snapshots. */
  chatPosts: ChatPosts;
  /** Where sign-in, "New session" and the review register the chat's messages they own. */
  chatHandlers: ChatHandlers;
  /** Shows the chat with the caret in its composer. */
  focusChat(): Promise<void>;
  /** The session history (the Threads view lists its recent sessions). */
  history: SessionHistory;
  /** Which sessions a chat view on screen shows (the Threads view's "unread"). */
  onScreen: OnScreen;
}

export function wireFeatures(context: vscode.ExtensionContext, deps: FeaturesDeps): FeaturesWiring {
  const { agents, parts, agentSelected } = deps;
  const { registry: sessions, surfaces, starter, actions } = parts;
  const log = agents.extensionLog;
  const following = registerFollowAgent(surfaces, log.of('follow', 'warn'));
  const palette = registerPaletteCommands({
    extensionUri: context.extensionUri,
    sessions,
    surfaces,
    starter,
    composer: deps.composer,
    agentSelected,
    chooseAgent: deps.chooseAgent,
    showChat: deps.showChat,
    knownSecrets: agents.allSecrets,
  });
  const signIn = registerAuth(agents.credentials, { surfaces, starter, actions }, agents.launchFor, agentSelected, log.of('auth'));
  const review = registerReview(sessions, surfaces, deps.clientServices.files.onDidWrite, context.extensionPath, log.of('review'), {
    store: workspaceFileStore(context, REVIEW_LEDGERS_FILE, log.of('review', 'warn'), (value) =>
      withMaskedLabels(value as StoredReview, (label) => maskText(label, agents.secretRules())),
    ),
    posts: deps.chatPosts,
    handlers: deps.chatHandlers,
  });
  /** A new session on the surface (in the folder the user picks in a multi-root workspace, unless one is given). */
  const newSession = (surface: SurfaceSessions, folder?: string): Promise<void> => newSessionInChosenFolder(starter, surface, palette.picks, defaultSessionCwd, folder);
  const worktrees = wireWorktrees(context, {
    parts,
    picks: palette.picks,
    agentSelected,
    chooseAgent: deps.chooseAgent,
    review: review.api.service,
    log: log.of('worktrees', 'warn'),
  });
  const threads = registerThreads({
    sessions,
    onDidChangeAgent: parts.pool.onDidChangeSummary,
    // A click shows the session in the side-bar chat; Close closes it.
    shown: { show: (key) => surfaces.sideBar.show(key), close: (key) => starter.close(key) },
    onScreen: deps.onScreen,
    history: deps.history,
    review: review.api.service,
    agentName: (agentId) => readAgents(context.extensionUri).agents.find((agent) => agent.id === agentId)?.name,
    mask: (text) => maskText(text, agents.secretRules()),
    showChat: deps.showChat,
    // A worktree made or discarded: the folders' checkouts are read again.
    onDidChangePlaces: (listener) => worktrees.api.book.onDidChange(listener),
    log: log.of('threads', 'warn'),
  });
  return {
    follow: following.follow,
    picks: palette.picks,
    auth: signIn.auth,
    review: review.api,
    worktrees: worktrees.api,
    disposables: [
      ...signIn.disposables,
      ...registerCommands({ surfaces, starter, traffic: agents.traffic, agentSelected, newSession: (folder) => newSession(surfaces.current(), folder), focusChat: deps.focusChat }),
      ...following.disposables,
      ...palette.disposables,
      ...review.disposables,
      signIn.auth.chatHandlers(deps.chatHandlers),
      // "New session" in a chat view: on that view's surface.
      deps.chatHandlers.handle(['newSession'], (_message, from) => newSession(from.surface)),
      ...threads,
      ...worktrees.disposables,
      new PlanFiles({ sessions, log: log.of('plans', 'warn') }),
    ],
  };
}
