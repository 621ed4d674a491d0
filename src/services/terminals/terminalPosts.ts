// Streams the output of the followed session's terminals to the chat webview: at most one post per terminal per
// frame (~60/s), each with what arrived since the previous one; when more arrived than a card shows, only the
// newest part, marked `replace`. A (re)attaching view gets the current output of the terminals it can show in
// its snapshot (`snapshot()`), and deltas continue from there. What the view gets is masked (maskedTerminalText.ts):
// its text and the command line never show a secret; when a post completes a secret whose beginning the view already
// drew, the view's text is replaced by the newest output masked again (as a snapshot would give it). No `vscode` here.
import type { TranscriptEntry } from '../../shared/transcript/model';
import type { HostToWebview, TerminalOutputMessage, TerminalOutputView } from '../../shared/protocol/webviewProtocol';
import { FRAME_MS, FrameScheduler, timerScheduler } from '../../shared/frameScheduler';
import type { TerminalChange, TerminalOutputSource, TerminalRecord } from './terminalBook';
import type { SessionKey } from '../../shared/sessionKey';
import { maskText, type SecretRules } from '../../shared/text/secretText';
import { MaskedTerminalText } from './maskedTerminalText';

/** The most output one post (or a snapshot, per terminal) carries. */
export const MAX_POST_BYTES = 64 * 1024;

interface Cursor {
  /** Stream offset up to which the view has the output. */
  end: number;
  exitSent: boolean;
  /** The command line was sent (once per view). */
  commandSent?: boolean;
  /** The agent command's state last sent (agentTerminals.ts). */
  agentState?: string;
  /** How the text the view holds was masked (absent until the view has some). */
  mask?: MaskedTerminalText;
}

/** What a view gets of a read: its text masked, and whether it replaces the view's text. */
interface ShownRead {
  text: string;
  skipped: number;
  replace: boolean;
}

/**
 * The terminal ids that tool call contents of `entries` refer to, and their tool call ids (an agent's command reports
 * under it), those of the subagents' threads among them included.
 */
export function terminalIdsOf(entries: readonly TranscriptEntry[], ids = new Set<string>()): Set<string> {
  for (const entry of entries) {
    if (entry.kind === 'subagent') terminalIdsOf(entry.entries, ids);
    if (entry.kind !== 'tool_call') continue;
    if (typeof entry.toolCallId === 'string') ids.add(entry.toolCallId);
    for (const item of entry.content) {
      const id = (item as { terminalId?: unknown }).terminalId;
      if (item.type === 'terminal' && typeof id === 'string') ids.add(id);
    }
  }
  return ids;
}

/** A tool call names the terminal (ours), or the agent reported its command under the tool call's id (`_meta`). */
function isReferenced(record: TerminalRecord, referenced: ReadonlySet<string>): boolean {
  return referenced.has(record.terminalId) || (record.agent !== undefined && referenced.has(record.agent.toolCallId));
}

export class TerminalOutputPoster {
  private sessionKey: SessionKey | undefined;
  private readonly cursors = new Map<string, Cursor>();
  private readonly dirty = new Map<string, TerminalRecord>();
  private cancelScheduled: (() => void) | undefined;
  private lastFlush = -Infinity;
  private readonly subscription: { dispose(): void } | undefined;

  constructor(
    private readonly source: TerminalOutputSource | undefined,
    private readonly post: (message: HostToWebview) => void,
    /** The chat's secret rules (the same as its entries'). */
    private readonly secretRules: () => SecretRules,
    private readonly scheduler: FrameScheduler = timerScheduler,
  ) {
    this.subscription = source?.onDidChange((change) => this.changed(change));
  }

  /** Follow another session's terminals (or none); what is pending for the previous one is dropped. */
  follow(sessionKey: SessionKey | undefined): void {
    if (sessionKey === this.sessionKey) return;
    this.reset();
    this.sessionKey = sessionKey;
  }

  /**
   * The output a (re)attaching view starts from: terminals of the followed session that `referenced` names or that
   * are still live (a tool call may name them soon). Later posts continue from here.
   */
  snapshot(referenced: ReadonlySet<string>): TerminalOutputView[] {
    this.reset();
    const sessionKey = this.sessionKey;
    if (!sessionKey || !this.source) return [];
    const views: TerminalOutputView[] = [];
    for (const record of this.source.ofSession(sessionKey)) {
      if (!isReferenced(record, referenced) && record.released) continue;
      const cursor: Cursor = { end: 0, exitSent: false };
      this.cursors.set(record.terminalId, cursor);
      views.push(this.view(record, cursor, this.readNext(record, cursor)));
    }
    return views;
  }

  /** Posts the current output of terminals `referenced` names that the view does not have yet (older entries it loaded). */
  postReferenced(referenced: ReadonlySet<string>): void {
    const sessionKey = this.sessionKey;
    if (!sessionKey || !this.source) return;
    for (const record of this.source.ofSession(sessionKey)) {
      const { terminalId } = record;
      if (!isReferenced(record, referenced) || this.cursors.has(terminalId)) continue;
      const cursor: Cursor = { end: 0, exitSent: false };
      this.cursors.set(terminalId, cursor);
      this.post({ type: 'terminalOutput', sessionKey, ...this.view(record, cursor, this.readNext(record, cursor)), replace: true });
    }
  }

  /** Posts everything pending now. */
  flush(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = undefined;
    const sessionKey = this.sessionKey;
    if (!sessionKey || this.dirty.size === 0) return;
    this.lastFlush = this.scheduler.now();
    const records = [...this.dirty.values()];
    this.dirty.clear();
    for (const record of records) {
      let cursor = this.cursors.get(record.terminalId);
      if (!cursor) {
        cursor = { end: 0, exitSent: false };
        this.cursors.set(record.terminalId, cursor);
      }
      const exitBefore = cursor.exitSent;
      const read = this.readNext(record, cursor);
      const view = this.view(record, cursor, read);
      if (!read.replace && view.text === '' && exitBefore === cursor.exitSent && view.command === undefined && view.agentState === undefined) continue;
      const message: TerminalOutputMessage = { type: 'terminalOutput', sessionKey, ...view };
      if (read.replace) message.replace = true;
      this.post(message);
    }
  }

  dispose(): void {
    this.reset();
    this.subscription?.dispose();
  }

  private reset(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = undefined;
    this.dirty.clear();
    this.cursors.clear();
  }

  private changed(change: TerminalChange): void {
    const { record, kind } = change;
    if (record.sessionKey !== this.sessionKey) return;
    if (kind === 'forgotten') {
      this.dirty.delete(record.terminalId);
      this.cursors.delete(record.terminalId);
      return;
    }
    if (kind === 'released') return;
    this.dirty.set(record.terminalId, record);
    if (!this.cancelScheduled) {
      const wait = Math.max(0, this.lastFlush + FRAME_MS - this.scheduler.now());
      this.cancelScheduled = this.scheduler.schedule(() => this.flush(), wait);
    }
  }

  /**
   * What arrived since the cursor, masked for the view: appended to what it has, or (a first read, skipped output, a
   * secret completed whose beginning the view drew, other secret rules) replacing it.
   */
  private readNext(record: TerminalRecord, cursor: Cursor): ShownRead {
    const output = record.process.output;
    const read = output.readFrom(cursor.end, MAX_POST_BYTES);
    cursor.end = read.end;
    const rules = this.secretRules();
    const { mask } = cursor;
    if (mask && read.skipped === 0) {
      const appended = mask.rules === rules ? mask.append(read.text) : undefined;
      if (appended !== undefined) return { text: appended, skipped: 0, replace: false };
      // What the view drew must change: it gets the newest output again, masked whole, as a snapshot would.
      const again = output.readFrom(0, MAX_POST_BYTES);
      cursor.end = again.end;
      return { text: this.restart(cursor, rules, again.text), skipped: again.skipped, replace: true };
    }
    // The view's text becomes this read (its first, or the newest part of a flood): the mask starts over on it.
    return { text: this.restart(cursor, rules, read.text), skipped: read.skipped, replace: read.skipped > 0 };
  }

  /** The view's text becomes `shown`: its masked text, and the cursor's mask starts over on it. */
  private restart(cursor: Cursor, rules: SecretRules, shown: string): string {
    const { mask, text } = MaskedTerminalText.start(rules, shown);
    cursor.mask = mask;
    return text;
  }

  private view(record: TerminalRecord, cursor: Cursor, { text, skipped }: ShownRead): TerminalOutputView {
    const view: TerminalOutputView = { terminalId: record.terminalId, text };
    if (!cursor.commandSent) {
      cursor.commandSent = true;
      view.command = maskText(record.label, this.secretRules());
      if (record.agent) view.toolCallId = record.agent.toolCallId;
    }
    if (record.agent && record.agent.state !== cursor.agentState) {
      cursor.agentState = record.agent.state;
      view.agentState = record.agent.state;
    }
    if (skipped > 0) view.truncated = true;
    const exitStatus = record.process.exitStatus;
    if (exitStatus && !cursor.exitSent) {
      cursor.exitSent = true;
      view.exitStatus = { exitCode: exitStatus.exitCode, signal: exitStatus.signal };
    }
    return view;
  }
}
