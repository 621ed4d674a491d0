// The chat view's controller: what the user does in the chat that no feature owns (the composer, the history, the
// review's strip, checkpoints and "Review inline", the permission level, sign-in and "New session" register their own
// messages with the chat's router), routed to what it acts on. Every message about a session names it (its
// SessionKey), and goes to that session, never to "the session shown now": a click on a permission button of a session
// the chat stopped showing a moment ago still answers that session's request, or nothing. The rest (links, the
// agent's settings and log, trust) acts on the window.
import * as vscode from 'vscode';
import type { DiffView } from '../editor/diffView';
import { copyText, openLink, openLocation } from '../editor/openFromChat';
import type { SessionHistory } from '../history/vscode/sessionHistory';
import type { OpenSession, SessionRegistry } from '../session/sessionRegistry';
import type { SessionStarter, SurfaceSessions } from '../session/surfaceSessions';
import type { SessionKey } from '../shared/sessionKey';
import type { ChatMessage, ChatSender } from '../session/chatHandlers';
import { answerElicitation } from './elicitationHost';
import { openSubagentTranscript } from './openSubagent';
import type { SpilledTextApi } from './spilledText';

export interface ChatControllerDeps {
  sessions: SessionRegistry;
  /** Starts and closes sessions for the surface a message came from. */
  starter: SessionStarter;
  history: SessionHistory;
  diffView: DiffView;
  spilled: SpilledTextApi;
  /** The folders chat links and locations resolve against while the surface shows no session (a new session's roots). */
  roots(): readonly string[];
  /** Logs a warning to the extension's log. */
  warn(line: string): void;
  /** Brings up an agent's log (its output channel); false when it has none yet. */
  showAgentLog(agentId: string): boolean;
}

/** The messages the controller owns (registered with the chat's router by the wiring). */
export const CHAT_CONTROLLER_TYPES = [
  'cancel',
  'permission',
  'cancelSubagent',
  'openSubagent',
  'elicitation',
  'openDiff',
  'openFullMessage',
  'openEarlierMessages',
  'switchSession',
  'closeSession',
  'openAgentSettings',
  'restartAgent',
  'retryStart',
  'dismissStart',
  'retryPrompt',
  'showAgentLog',
  'pickAgent',
  'runInstallCommand',
  'manageTrust',
  'openLink',
  'openLocation',
  'copyText',
  'ready',
] as const;

export type ChatControllerMessage = ChatMessage<(typeof CHAT_CONTROLLER_TYPES)[number]>;

export class ChatController {
  constructor(private readonly deps: ChatControllerDeps) {}

  /** Acts on the message; what it does to "the session on screen" it does to the sender's surface. */
  async handle(message: ChatControllerMessage, from: ChatSender): Promise<void> {
    const { starter } = this.deps;
    const surface = from.surface;
    switch (message.type) {
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
      case 'openFullMessage':
        await this.deps.spilled.openFullMessage(message.sessionKey, message.entryId);
        return;
      case 'openEarlierMessages':
        await this.deps.spilled.openEarlierMessages(message.sessionKey);
        return;
      case 'switchSession':
        return surface.show(message.key);
      case 'closeSession':
        return starter.close(message.key);
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
      case 'manageTrust':
        await vscode.commands.executeCommand('workbench.trust.manage');
        return;
      case 'openLink':
        return openLink(message.href, this.linkRoots(surface));
      case 'openLocation':
        return openLocation(message.path, message.line, this.linkRoots(surface));
      case 'copyText':
        return copyText(message.text);
      case 'ready':
        return this.viewReady(surface);
    }
  }

  /**
   * The chat is on screen (the view sent it a snapshot): get the agent and a session going so the first
   * answer comes sooner.
   */
  private async viewReady(surface: SurfaceSessions): Promise<void> {
    const { starter, history } = this.deps;
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

  /** What a link or a location in the chat resolves against (these messages name no session): the roots of the session the sender's surface shows. */
  private linkRoots(surface: SurfaceSessions): readonly string[] {
    return surface.session?.scope.roots ?? this.deps.roots();
  }

  /** The open session a message names; a message about a session that is gone is refused, not redirected. */
  private sessionNamed(key: SessionKey): OpenSession {
    const open = this.deps.sessions.get(key);
    if (!open) throw new Error('That session is not open any more.');
    return open;
  }
}
