// The chat view's terminal outputs, per terminal id of the shown session: the text the host streamed (bounded to
// the newest MAX_TEXT_CHARS), whether older output is missing, and the exit status. Components subscribe to one
// terminal, so a flood re-renders only its own card. Pure (no DOM, no Preact): runs in node under mocha.
import type { HostToWebview, TerminalExitView, TerminalOutputView } from '../../../src/shared/protocol/webviewProtocol';
import type { AgentTerminalState } from '../../../src/shared/transcript/agentTerminalMeta';

/** The most text kept per terminal (the host sends at most 64 KiB at a time). */
export const MAX_TEXT_CHARS = 64 * 1024;
/** The most terminals kept (the oldest are dropped first). */
export const MAX_TERMINALS = 300;
/** When trimming, a cut moves forward to the next line start if there is one this close. */
const LINE_SEARCH_CHARS = 4 * 1024;

export interface TerminalView {
  text: string;
  /** Older output is not shown. */
  truncated: boolean;
  exitStatus?: TerminalExitView;
  /** The command line, when the host sent it. */
  command?: string;
  /** A command the agent runs itself: the tool call that shows it, and how it stands without an exit. */
  toolCallId?: string;
  agentState?: AgentTerminalState;
}

/** Keeps the newest `max` characters of `text`: from a line start when one is near, never inside a surrogate pair. */
export function keepTail(text: string, max: number = MAX_TEXT_CHARS): { text: string; trimmed: boolean } {
  if (text.length <= max) return { text, trimmed: false };
  let start = text.length - max;
  const newline = text.indexOf('\n', start);
  if (newline !== -1 && newline - start < LINE_SEARCH_CHARS && newline + 1 < text.length) start = newline + 1;
  const code = text.charCodeAt(start);
  if (code >= 0xdc00 && code <= 0xdfff) start++;
  return { text: text.slice(start), trimmed: true };
}

function isExitView(value: unknown): value is TerminalExitView {
  if (typeof value !== 'object' || value === null) return false;
  const { exitCode, signal } = value as Record<string, unknown>;
  return (exitCode === null || typeof exitCode === 'number') && (signal === null || typeof signal === 'string');
}

type Listener = () => void;

export class TerminalStore {
  private sessionKey: string | undefined;
  private readonly views = new Map<string, TerminalView>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** The agent command each tool call shows (its `_meta` output), by tool call id. */
  private readonly agentTerminals = new Map<string, string>();
  private readonly toolCallListeners = new Map<string, Set<Listener>>();

  get(terminalId: string): TerminalView | undefined {
    return this.views.get(terminalId);
  }

  /** Calls `listener` whenever the terminal's view changes; returns the unsubscribe function. */
  subscribe(terminalId: string, listener: Listener): () => void {
    return listen(this.listeners, terminalId, listener);
  }

  /** The terminal of the command the agent ran itself for tool call `toolCallId` (reported in its `_meta`). */
  agentTerminalOf(toolCallId: string): string | undefined {
    const terminalId = this.agentTerminals.get(toolCallId);
    return terminalId !== undefined && this.views.has(terminalId) ? terminalId : undefined;
  }

  /** Calls `listener` when the tool call gets (or loses) an agent command's terminal. */
  subscribeToolCall(toolCallId: string, listener: Listener): () => void {
    return listen(this.toolCallListeners, toolCallId, listener);
  }

  apply(message: HostToWebview): void {
    if (message.type === 'snapshot') {
      this.sessionKey = message.session?.sessionKey;
      const changed = new Set([...this.views.keys()]);
      this.views.clear();
      const toolCalls = [...this.agentTerminals.keys()];
      this.agentTerminals.clear();
      const terminals: unknown = message.terminals;
      for (const view of Array.isArray(terminals) ? (terminals as TerminalOutputView[]) : []) {
        if (typeof view?.terminalId !== 'string' || typeof view.text !== 'string') continue;
        this.set(view.terminalId, this.merge(undefined, view, true));
        changed.add(view.terminalId);
      }
      changed.forEach((id) => this.notify(id));
      toolCalls.forEach((id) => this.notifyToolCall(id));
    } else if (message.type === 'terminalOutput') {
      if (message.sessionKey !== this.sessionKey) return;
      const previous = this.views.get(message.terminalId);
      this.set(message.terminalId, this.merge(previous, message, message.replace === true));
      this.notify(message.terminalId);
    }
  }

  private merge(previous: TerminalView | undefined, update: TerminalOutputView, replace: boolean): TerminalView {
    const kept = keepTail(replace || !previous ? update.text : previous.text + update.text);
    const exitStatus = isExitView(update.exitStatus) ? update.exitStatus : previous?.exitStatus;
    const view: TerminalView = { text: kept.text, truncated: kept.trimmed || update.truncated === true || (previous?.truncated ?? false) };
    if (exitStatus) view.exitStatus = exitStatus;
    const command = typeof update.command === 'string' ? update.command : previous?.command;
    if (command !== undefined) view.command = command;
    const toolCallId = typeof update.toolCallId === 'string' ? update.toolCallId : previous?.toolCallId;
    if (toolCallId !== undefined) view.toolCallId = toolCallId;
    const agentState = typeof update.agentState === 'string' ? update.agentState : previous?.agentState;
    if (agentState !== undefined) view.agentState = agentState;
    return view;
  }

  private set(terminalId: string, view: TerminalView): void {
    this.views.delete(terminalId);
    this.views.set(terminalId, view);
    if (view.toolCallId !== undefined && this.agentTerminals.get(view.toolCallId) !== terminalId) {
      this.agentTerminals.set(view.toolCallId, terminalId);
      this.notifyToolCall(view.toolCallId);
    }
    for (const oldest of this.views.keys()) {
      if (this.views.size <= MAX_TERMINALS) break;
      const dropped = this.views.get(oldest);
      this.views.delete(oldest);
      this.notify(oldest);
      if (dropped?.toolCallId !== undefined && this.agentTerminals.get(dropped.toolCallId) === oldest) {
        this.agentTerminals.delete(dropped.toolCallId);
        this.notifyToolCall(dropped.toolCallId);
      }
    }
  }

  private notify(terminalId: string): void {
    const set = this.listeners.get(terminalId);
    if (set) for (const listener of [...set]) listener();
  }

  private notifyToolCall(toolCallId: string): void {
    const set = this.toolCallListeners.get(toolCallId);
    if (set) for (const listener of [...set]) listener();
  }
}

function listen(listeners: Map<string, Set<Listener>>, id: string, listener: Listener): () => void {
  let set = listeners.get(id);
  if (!set) {
    set = new Set();
    listeners.set(id, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && listeners.get(id) === set) listeners.delete(id);
  };
}
