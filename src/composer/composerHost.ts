// The host side of the composer: structured prompts (resolved mentions, images, the agent's capabilities), the
// prompt queues (each session's own), the @-mention file search, mode and config option changes (remembered per agent), and mentions
// added from the editor.
import * as vscode from 'vscode';
import type { PromptCapabilities, ContentBlock } from '../shared/acp';
import {
  ComposerWebviewMessage,
  MentionRef,
  PromptMessage,
  PromptParts,
  promptPartsOf,
} from '../shared/composerProtocol';
import type { HostToWebview, WebviewToHost } from '../shared/webviewProtocol';
import { buildPromptContent } from '../session/promptContent';
import type { SessionPrompts } from '../session/sessionPrompts';
import type { OpenSession, SessionRegistry } from '../session/sessionRegistry';
import type { SessionStarter, SurfaceSessions } from '../session/surfaceSessions';
import type { SessionKey } from '../shared/sessionKey';
import { describeError } from '../shared/errors';
import { searchWorkspaceFiles } from './fileSearch';
import { resolveMentions } from './mentionResolver';

export interface ComposerHostDeps {
  sessions: SessionRegistry;
  /** The chat surface: its session's queue is on screen; a prompt that names no session goes there (or to a new one). */
  shown: SurfaceSessions;
  starter: SessionStarter;
  /** Posts to the chat view (which holds what it cannot show yet). */
  post(message: HostToWebview): void;
  /** Brings the chat view up. */
  revealView(): Thenable<unknown>;
}

/** The composer's parts as ContentBlocks for an agent with these capabilities; tells the user what was left out. */
export async function contentForParts(parts: PromptParts, capabilities: PromptCapabilities): Promise<ContentBlock[]> {
  const mentions = await resolveMentions(parts.mentions, capabilities);
  const built = buildPromptContent({ text: parts.text, mentions, images: parts.images }, capabilities);
  if (built.dropped.length > 0) {
    void vscode.window.showWarningMessage(`The agent does not accept these, so they were not sent: ${built.dropped.join(', ')}.`);
  }
  return built.blocks;
}

export class ComposerHost implements vscode.Disposable {
  private search: vscode.CancellationTokenSource | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  /** The queue of each open session, watched so the chat shows the shown session's queue as it changes. */
  private readonly queueWatches = new Map<SessionKey, vscode.Disposable>();

  constructor(private readonly deps: ComposerHostDeps) {
    const watch = (open: OpenSession): void => {
      this.queueWatches.set(
        open.key,
        open.prompts.queue.onDidChange((queue) => {
          if (deps.shown.currentKey === open.key) deps.post({ type: 'queue', queue });
        }),
      );
    };
    deps.sessions.openSessions.forEach(watch);
    this.disposables.push(
      deps.sessions.onDidOpenSession(watch),
      deps.sessions.onDidCloseSession((open) => {
        this.queueWatches.get(open.key)?.dispose();
        this.queueWatches.delete(open.key);
      }),
      // Another session shown: its queue (or none) in the composer.
      deps.shown.onDidChangeSession(() => this.postQueue()),
      { dispose: () => this.queueWatches.forEach((watching) => watching.dispose()) },
    );
  }

  /**
   * Sends the prompt to the session it names now, or queues it there while that session's agent works. The composer
   * hears when the message is on screen (it clears its draft then), or why it could not be taken (it keeps it).
   */
  async prompt(message: Extract<WebviewToHost, PromptMessage>, before?: () => Promise<void>): Promise<void> {
    const { promptId } = message;
    let onScreen = false;
    const shown = (): void => {
      onScreen = true;
      if (promptId !== undefined) this.deps.post({ type: 'promptAccepted', promptId });
    };
    try {
      await before?.();
      await this.deps.starter.submitPrompt(this.deps.shown, message.sessionKey, promptPartsOf(message), shown);
    } catch (error) {
      if (onScreen || promptId === undefined) throw error;
      this.deps.post({ type: 'promptRefused', promptId, message: describeError(error) });
    }
  }

  async handle(message: Extract<WebviewToHost, { type: ComposerWebviewMessage['type'] }>): Promise<void> {
    switch (message.type) {
      case 'searchFiles':
        return this.searchFiles(message.requestId, message.query);
      case 'setConfigOption':
        return this.changeSession(message.sessionKey, (key) => this.deps.sessions.setConfigOption(key, message.configId, message.value));
      case 'setMode':
        return this.changeSession(message.sessionKey, (key) => this.deps.sessions.setMode(key, message.modeId));
      case 'removeQueued':
        this.promptsOf(message.sessionKey)?.remove(message.id);
        return;
      case 'resumeQueue':
        this.promptsOf(message.sessionKey)?.resume();
        return;
    }
  }

  /** The composer's part of a snapshot of the view: the shown session's prompt queue (none: empty). */
  viewState(): HostToWebview {
    return this.queueMessage();
  }

  /** Adds a mention to the composer's draft (opening the chat view when needed; the view gets it once shown). */
  addMention(mention: MentionRef): void {
    this.deps.post({ type: 'addMention', mention });
    void this.deps.revealView();
  }

  dispose(): void {
    this.search?.cancel();
    this.disposables.forEach((d) => d.dispose());
  }

  private postQueue(): void {
    this.deps.post(this.queueMessage());
  }

  private queueMessage(): HostToWebview {
    const key = this.deps.shown.currentKey;
    const prompts = key === undefined ? undefined : this.deps.sessions.get(key)?.prompts;
    return { type: 'queue', queue: prompts ? prompts.queue.view() : { items: [], paused: false } };
  }

  private promptsOf(key: SessionKey | undefined): SessionPrompts | undefined {
    return key === undefined ? undefined : this.deps.sessions.get(key)?.prompts;
  }

  private async searchFiles(requestId: number, query: string): Promise<void> {
    this.search?.cancel();
    const source = new vscode.CancellationTokenSource();
    this.search = source;
    try {
      const files = await searchWorkspaceFiles(query, source.token);
      if (!source.token.isCancellationRequested) this.deps.post({ type: 'fileResults', requestId, files });
    } finally {
      source.dispose();
      if (this.search === source) this.search = undefined;
    }
  }

  /** A config option or mode change of the session named (remembered as the agent's default for its next sessions). */
  private async changeSession(key: SessionKey | undefined, change: (key: SessionKey) => Promise<void>): Promise<void> {
    const open = key === undefined ? undefined : this.deps.sessions.get(key);
    if (!open) throw new Error('There is no session to change yet: send a message first.');
    try {
      await change(open.key);
    } catch (error) {
      // The picker shows what the user chose; put it back to what the session has.
      this.deps.post({ type: 'header', sessionKey: open.key, header: open.session.state.header });
      throw error;
    }
  }
}
