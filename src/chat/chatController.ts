// The chat view's controller: what the user does in the chat, routed to what it acts on. Every message about a
// session names it (its SessionKey), and goes to that session, never to "the session shown now": a click on a
// permission button of a session the chat stopped showing a moment ago still answers that session's request, or
// nothing. The rest (new session, history, sign-in, links, the permission level) acts on the window.
import * as vscode from 'vscode';
import type { AgentAuth } from '../auth/vscode/agentAuth';
import type { ComposerHost } from '../composer/composerHost';
import type { DiffView } from '../editor/diffView';
import { copyText, openLink, openLocation } from '../editor/openFromChat';
import type { SessionHistory } from '../history/vscode/sessionHistory';
import type { PermissionPolicy } from '../policy/vscode/permissionPolicy';
import { reviewInlineFromChat } from '../review/vscode/inline/fromChat';
import type { InlineReviewApi } from '../review/vscode/inline/registerInline';
import type { ChangesStrip } from '../review/vscode/changesStrip';
import type { CheckpointsInChat } from '../review/vscode/checkpointsInChat';
import type { OpenSession, SessionRegistry } from '../session/sessionRegistry';
import type { SessionStarter, SurfaceSessions } from '../session/surfaceSessions';
import type { SessionKey } from '../shared/sessionKey';
import type { WebviewToHost } from '../shared/webviewProtocol';
import { answerElicitation } from '../webview/elicitationHost';
import { openSubagentTranscript } from './openSubagent';
import type { SpilledTextApi } from '../webview/spilledText';

export interface ChatControllerDeps {
  sessions: SessionRegistry;
  /** The chat surface whose view this controller hears (which session it shows). */
  surface: SurfaceSessions;
  starter: SessionStarter;
  composer: ComposerHost;
  history: SessionHistory;
  auth: AgentAuth;
  policy: PermissionPolicy;
  inlineReview: InlineReviewApi;
  /** The "files changed" strip above the composer. */
  changes: Pick<ChangesStrip, 'handle'>;
  /** "Restore checkpoint" on user messages. */
  checkpoints: Pick<CheckpointsInChat, 'handle'>;
  diffView: DiffView;
  spilled: SpilledTextApi;
  /** Waits until the configured agent is selected (settings read at activation or changed). */
  agentSelected(): Promise<void>;
  /** "New session" (asks for the folder in a multi-root workspace). */
  newSession(): Promise<void>;
  /** The folders chat links and locations resolve against. */
  roots(): string[];
  /** Logs a warning to the extension's log. */
  warn(line: string): void;
  /** Brings up an agent's log (its output channel); false when it has none yet. */
  showAgentLog(agentId: string): boolean;
}

export class ChatController {
  constructor(private readonly deps: ChatControllerDeps) {}

  async handle(message: WebviewToHost): Promise<void> {
    const { surface, starter, composer, history, policy } = this.deps;
    // A prompt hears back whatever happens (the composer keeps it until then).
    if (message.type === 'prompt') return composer.prompt(message, () => this.deps.agentSelected());
    await this.deps.agentSelected();
    switch (message.type) {
      case 'setConfigOption':
      case 'setMode':
      case 'removeQueued':
      case 'resumeQueue':
        this.sessionNamed(message.sessionKey);
        return composer.handle(message);
      case 'searchFiles':
        return composer.handle(message);
      case 'cancel':
        return this.sessionNamed(message.sessionKey).session.cancel();
      case 'permission':
        this.sessionNamed(message.sessionKey).session.choosePermission(message.requestKey, message.optionId);
        return;
      case 'cancelSubagent':
        return this.sessionNamed(message.sessionKey).session.cancelSubagent(message.childSessionId);
      case 'openSubagent':
        await openSubagentTranscript(this.sessionNamed(message.sessionKey).session.state, message.childSessionId);
        return;
      case 'elicitation':
        return answerElicitation(this.sessionNamed(message.sessionKey).session, message, this.deps.warn);
      case 'openDiff':
        return this.deps.diffView.openToolCallDiff(this.sessionNamed(message.sessionKey).session.state.entries, message.toolCallId, message.index);
      case 'reviewInline': {
        const { session } = this.sessionNamed(message.sessionKey);
        return reviewInlineFromChat(this.deps.inlineReview, session.state.entries, message.toolCallId, message.index, this.deps.roots());
      }
      case 'keepChanges':
      case 'undoChanges':
      case 'reviewChanges':
        return this.deps.changes.handle(message);
      case 'planRestore':
      case 'restoreCheckpoint':
      case 'undoRestore':
        return this.deps.checkpoints.handle(message);
      case 'loadOlder':
      case 'resendEntry':
        // The view provider answers these (it owns what the view was sent).
        return;
      case 'openFullMessage':
        await this.deps.spilled.openFullMessage(message.sessionKey, message.entryId);
        return;
      case 'openEarlierMessages':
        await this.deps.spilled.openEarlierMessages(message.sessionKey);
        return;
      case 'newSession':
        return this.deps.newSession();
      case 'switchSession':
        return surface.show(message.key);
      case 'closeSession':
        return starter.close(message.key);
      case 'showHistory':
        return history.showHistory();
      case 'moreHistory':
        return history.moreHistory();
      case 'openHistorySession':
        return history.open(message.agentId, message.sessionId);
      case 'deleteHistorySession':
        return history.delete(message.agentId, message.sessionId);
      case 'openAgentSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'acp.agents');
        return;
      case 'restartAgent':
        return starter.restartAgent(surface);
      case 'retryStart':
        return starter.retryStart(surface);
      case 'dismissStart':
        starter.dismissStart(surface);
        return;
      case 'retryPrompt':
        return this.retryPrompt(message.sessionKey, message.entryId);
      case 'showAgentLog':
        if (!this.deps.showAgentLog(message.agentId)) throw new Error('That agent has not written a log yet.');
        return;
      case 'pickAgent':
        await vscode.commands.executeCommand('acp.switchAgent');
        return;
      case 'runInstallCommand':
        await vscode.commands.executeCommand('acp.runInstallCommand');
        return;
      case 'authenticate':
        return this.deps.auth.signIn(surface, message.methodId);
      case 'manageTrust':
        await vscode.commands.executeCommand('workbench.trust.manage');
        return;
      case 'openLink':
        return openLink(message.href, this.deps.roots());
      case 'openLocation':
        return openLocation(message.path, message.line, this.deps.roots());
      case 'copyText':
        return copyText(message.text);
      case 'setPermissionLevel':
        return policy.setLevel(message.level);
      case 'ready':
        return this.viewReady();
    }
  }

  /**
   * The chat is on screen (the view provider sent it a snapshot): get the agent and a session going so the first
   * answer comes sooner.
   */
  private async viewReady(): Promise<void> {
    const { surface, starter, history } = this.deps;
    // The sessions open when the window went away come back first.
    if (vscode.workspace.isTrusted && (await history.restoreOnce())) return;
    // A failure (or a sign-in needed) shows in the chat.
    await starter.startForView(surface);
  }

  /** Sends again the user message of a session whose turn failed (its content as it was sent). */
  private async retryPrompt(key: SessionKey, entryId: string): Promise<void> {
    const { session, agent } = this.sessionNamed(key);
    const entry = session.userMessage(entryId);
    if (!entry) throw new Error('That message is not in the session any more.');
    if (session.ended) throw new Error(`${agent.definition.name} stopped: Restart it, or send the message again to start it.`);
    await session.prompt(entry.content);
  }

  /** The open session a message names; a message about a session that is gone is refused, not redirected. */
  private sessionNamed(key: SessionKey): OpenSession {
    const open = this.deps.sessions.get(key);
    if (!open) throw new Error('That session is not open any more.');
    return open;
  }
}
