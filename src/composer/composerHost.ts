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
} from '../shared/protocol/composerProtocol';
import type { HostToWebview, WebviewToHost } from '../shared/protocol/webviewProtocol';
import { afterReady, type ChatHandlers, type ChatPosts, type ChatSender } from '../session/chatHandlers';
import { buildPromptContent } from '../session/promptContent';
import type { SessionPrompts } from '../session/sessionPrompts';
import type { OpenSession, SessionRegistry } from '../session/sessionRegistry';
import type { SessionStarter, SurfaceSessions } from '../session/surfaceSessions';
import type { SessionKey } from '../shared/sessionKey';
import { describeError } from '../shared/text/errors';
import { searchFiles } from './fileSearch';
import { resolveMentions } from './mentionResolver';

export interface ComposerHostDeps {
  sessions: SessionRegistry;
  /** Where a prompt goes: the session it names, else the sender's surface's session (or a new one there). */
  starter: SessionStarter;
  /** The chat's views: a session's queue goes to the views that show it, a mention to the active one. */
  posts: ChatPosts;
  /** What the test API's composer and the palette commands send as (the active surface's view). */
  /** Brings the chat view up. */
  revealView(): Thenable<unknown>;
  /** The roots of a session started now where sessions work unless one is chosen (what a prompt naming none gets). */
  newSessionRoots(): readonly string[];
}

/**
 * The composer's parts as ContentBlocks for an agent with these capabilities, to a session with these roots; tells
 * the user what was left out.
 */
export async function contentForParts(parts: PromptParts, capabilities: PromptCapabilities, roots: readonly string[]): Promise<ContentBlock[]> {
  const mentions = await resolveMentions(parts.mentions, capabilities, roots);
  const built = buildPromptContent({ text: parts.text, mentions, images: parts.images }, capabilities);
  if (built.dropped.length > 0) {
    void vscode.window.showWarningMessage(`The agent does not accept these, so they were not sent: ${built.dropped.join(', ')}.`);
  }
  return built.blocks;
}

/** The composer's messages besides the prompt. */
const COMPOSER_TYPES = ['searchFiles', 'setConfigOption', 'setMode', 'removeQueued', 'resumeQueue'] as const;

export class ComposerHost implements vscode.Disposable {
  /** The file search running for each view (a new one cancels that view's previous search only). */
  private readonly searches = new Map<ChatSender, vscode.CancellationTokenSource>();
  private readonly disposables: vscode.Disposable[] = [];
  /** The queue of each open session, watched so the chat shows the shown session's queue as it changes. */
  private readonly queueWatches = new Map<SessionKey, vscode.Disposable>();

  /**
   * The chat as the sender of what comes from outside its views (palette commands, the tests): the active surface's
   * view; it acts on that surface's session and its answers go to that view.
   */
  get chatSender(): ChatSender {
    return this.deps.posts.activeSender();
  }

  constructor(private readonly deps: ComposerHostDeps) {
    const watch = (open: OpenSession): void => {
      this.queueWatches.set(
        open.key,
        open.prompts.queue.onDidChange((queue) => {
          deps.posts.toSession(open.key, { type: 'queue', queue });
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
      { dispose: () => this.queueWatches.forEach((watching) => watching.dispose()) },
    );
  }

  /**
   * Registers the composer's messages with the chat. A prompt waits for `ready` itself (so the composer hears when
   * that fails); the rest wait for it first. A change to a session that is gone is refused.
   */
  chatHandlers(handlers: ChatHandlers, ready: () => Promise<void>): vscode.Disposable {
    const prompt = handlers.handle(['prompt'], (message, from) => this.prompt(message, from, ready));
    const rest = afterReady(handlers, ready).handle(COMPOSER_TYPES, (message, from) => {
      if (message.type !== 'searchFiles' && !this.deps.sessions.get(message.sessionKey)) throw new Error('That session is not open any more.');
      return this.handle(message, from);
    });
    return vscode.Disposable.from(prompt, rest);
  }

  /**
   * Sends the prompt to the session it names now, or queues it there while that session's agent works. The composer
   * that sent it (`from`) hears when the message is on screen (it clears its draft then), or why it could not be
   * taken (it keeps it).
   */
  async prompt(message: Extract<WebviewToHost, PromptMessage>, from: ChatSender, before?: () => Promise<void>): Promise<void> {
    const { promptId } = message;
    let onScreen = false;
    const shown = (): void => {
      onScreen = true;
      if (promptId !== undefined) from.post({ type: 'promptAccepted', promptId });
    };
    try {
      await before?.();
      await this.deps.starter.submitPrompt(from.surface, message.sessionKey, promptPartsOf(message), shown);
    } catch (error) {
      if (onScreen || promptId === undefined) throw error;
      from.post({ type: 'promptRefused', promptId, message: describeError(error) });
    }
  }

  /** A message of the composer other than the prompt; the answers (search results, a header put back) go to `from`. */
  async handle(message: Extract<WebviewToHost, { type: ComposerWebviewMessage['type'] }>, from: ChatSender): Promise<void> {
    switch (message.type) {
      case 'searchFiles':
        return this.searchFiles(message.requestId, message.query, message.sessionKey, from);
      case 'setConfigOption':
        return this.changeSession(message.sessionKey, from, (key) => this.deps.sessions.setConfigOption(key, message.configId, message.value));
      case 'setMode':
        return this.changeSession(message.sessionKey, from, (key) => this.deps.sessions.setMode(key, message.modeId));
      case 'removeQueued':
        this.promptsOf(message.sessionKey)?.remove(message.id);
        return;
      case 'resumeQueue':
        this.promptsOf(message.sessionKey)?.resume();
        return;
    }
  }

  /** The composer's part of a snapshot of a view: its surface's session's prompt queue (none: empty). */
  viewState(surface: SurfaceSessions): HostToWebview {
    const prompts = this.promptsOf(surface.currentKey);
    return { type: 'queue', queue: prompts ? prompts.queue.view() : { items: [], paused: false } };
  }

  /** Adds a mention to the composer's draft (opening the chat view when needed; the view gets it once shown). */
  addMention(mention: MentionRef): void {
    this.deps.posts.toActive({ type: 'addMention', mention });
    void this.deps.revealView();
  }

  dispose(): void {
    this.searches.forEach((search) => search.cancel());
    this.disposables.forEach((d) => d.dispose());
  }

  private promptsOf(key: SessionKey | undefined): SessionPrompts | undefined {
    return key === undefined ? undefined : this.deps.sessions.get(key)?.prompts;
  }

  /** Searches the roots of the session named (none named: a new session's); a session gone has no files to offer. */
  private async searchFiles(requestId: number, query: string, key: SessionKey | undefined, from: ChatSender): Promise<void> {
    this.searches.get(from)?.cancel();
    const source = new vscode.CancellationTokenSource();
    this.searches.set(from, source);
    try {
      const roots = key === undefined ? this.deps.newSessionRoots() : (this.deps.sessions.get(key)?.session.scope.roots ?? []);
      const files = await searchFiles(query, roots, source.token);
      if (!source.token.isCancellationRequested) from.post({ type: 'fileResults', requestId, files });
    } finally {
      source.dispose();
      if (this.searches.get(from) === source) this.searches.delete(from);
    }
  }

  /** A config option or mode change of the session named (remembered as the agent's default for its next sessions). */
  private async changeSession(key: SessionKey | undefined, from: ChatSender, change: (key: SessionKey) => Promise<void>): Promise<void> {
    const open = key === undefined ? undefined : this.deps.sessions.get(key);
    if (!open) throw new Error('There is no session to change yet: send a message first.');
    try {
      await change(open.key);
    } catch (error) {
      // The picker shows what the user chose; put it back to what the session has.
      from.post({ type: 'header', sessionKey: open.key, header: open.session.state.header });
      throw error;
    }
  }
}
