// The host side of the composer: structured prompts (resolved mentions, images, the agent's capabilities), the
// prompt queue, the @-mention file search, mode and config option changes (remembered per agent), and mentions
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
import type { HostToWebview } from '../shared/webviewProtocol';
import { buildPromptContent } from '../session/promptContent';
import { PromptDispatcher } from '../session/promptDispatcher';
import type { SessionManager } from '../session/sessionManager';
import { searchWorkspaceFiles } from './fileSearch';
import { resolveMentions } from './mentionResolver';
import { describeError } from '../shared/errors';

export interface ComposerHostDeps {
  manager: SessionManager;
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
  readonly dispatcher: PromptDispatcher;
  private search: vscode.CancellationTokenSource | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: ComposerHostDeps) {
    this.dispatcher = new PromptDispatcher(deps.manager, contentForParts, (error) => {
      void vscode.window.showErrorMessage(`A queued message was not sent: ${describeError(error)}`);
    });
    this.disposables.push({ dispose: () => this.dispatcher.dispose() });
    this.disposables.push(this.dispatcher.queue.onDidChange((queue) => deps.post({ type: 'queue', queue })));
  }

  /** Sends the prompt now, or queues it while the agent works. */
  prompt(message: PromptMessage): Promise<void> {
    return this.dispatcher.submit(promptPartsOf(message));
  }

  async handle(message: ComposerWebviewMessage): Promise<void> {
    switch (message.type) {
      case 'searchFiles':
        return this.searchFiles(message.requestId, message.query);
      case 'setConfigOption':
        return this.changeSession(() => this.deps.manager.setConfigOption(message.configId, message.value));
      case 'setMode':
        return this.changeSession(() => this.deps.manager.setMode(message.modeId));
      case 'removeQueued':
        this.dispatcher.remove(message.id);
        return;
      case 'resumeQueue':
        this.dispatcher.resume();
        return;
    }
  }

  /** The composer's part of a snapshot of the view: the prompt queue. */
  viewState(): HostToWebview {
    return { type: 'queue', queue: this.dispatcher.queue.view() };
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

  /** A config option or mode change (remembered as the agent's default for its next sessions). */
  private async changeSession(change: () => Promise<void>): Promise<void> {
    const session = this.deps.manager.session;
    if (!session) throw new Error('There is no session to change yet: send a message first.');
    try {
      await change();
    } catch (error) {
      // The picker shows what the user chose; put it back to what the session has.
      this.deps.post({ type: 'header', sessionId: session.sessionId, header: session.state.header });
      throw error;
    }
  }
}
