// Every terminal the agents created, per session: the live ones, and released ones whose output the chat still
// shows (tool call cards keep showing a terminal after release). Fires a change for new output, exit and release,
// so live views (the chat card, the VS Code terminal) can follow. Bounded: a released terminal keeps only the tail
// live views read, at most MAX_RETAINED_RELEASED of them are kept, and those of an ended session only until
// another session ends. No `vscode` here.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { TerminalOutput } from './terminalOutput';
import type { ExitStatus } from './terminalProcess';
import type { SessionKey } from '../../shared/sessionKey';
import type { AgentTerminalState } from '../../shared/transcript/agentTerminalMeta';

/** What the book needs of a command (TerminalProcess is the real one). */
export interface TerminalCommand {
  readonly output: TerminalOutput;
  readonly exitStatus: ExitStatus | undefined;
  readonly running: boolean;
  /** New output is in `output`. */
  readonly onData: Event<void>;
  readonly onExit: Event<ExitStatus>;
  waitForExit(): Promise<ExitStatus>;
  kill(): Promise<ExitStatus>;
}

export interface TerminalRecord {
  readonly sessionKey: SessionKey;
  readonly terminalId: string;
  /** The command as typed (shell line, or program and arguments). */
  readonly label: string;
  readonly process: TerminalCommand;
  /** Released by the agent (or with its session): the id is no longer valid for terminal/* requests. */
  readonly released: boolean;
  /** A command the agent runs itself and reports in a tool call's `_meta` (agentTerminals.ts); absent for ours. */
  readonly agent?: AgentRun;
}

/** What the chat knows of a command the agent runs itself: the tool call that shows it, and how it stands. */
export interface AgentRun {
  readonly toolCallId: string;
  readonly state: AgentTerminalState;
}

export type TerminalChangeKind = 'created' | 'output' | 'exited' | 'released' | 'forgotten';

export interface TerminalChange {
  readonly kind: TerminalChangeKind;
  readonly record: TerminalRecord;
}

/** What live views need from the book. */
export interface TerminalOutputSource {
  readonly onDidChange: Event<TerminalChange>;
  get(sessionKey: SessionKey, terminalId: string): TerminalRecord | undefined;
  ofSession(sessionKey: SessionKey): readonly TerminalRecord[];
}

const MAX_RETAINED_RELEASED = 200;

interface MutableRecord extends TerminalRecord {
  released: boolean;
  subscriptions: { dispose(): void }[];
}

function key(sessionKey: SessionKey, terminalId: string): string {
  return `${sessionKey}\u0000${terminalId}`;
}

export class TerminalBook implements TerminalOutputSource {
  private readonly records = new Map<string, MutableRecord>();
  /** Released records, oldest first (a Map keeps insertion order). */
  private readonly releasedOrder = new Map<string, MutableRecord>();
  private lastEndedSession: string | undefined;
  private readonly changeEmitter = new Emitter<TerminalChange>();
  readonly onDidChange: Event<TerminalChange> = this.changeEmitter.event;

  constructor(private readonly retainBytes: number) {}

  add(sessionKey: SessionKey, terminalId: string, label: string, process: TerminalCommand): TerminalRecord {
    const record: MutableRecord = { sessionKey, terminalId, label, process, released: false, subscriptions: [] };
    record.subscriptions.push(
      process.onData(() => this.changeEmitter.fire({ kind: 'output', record })),
      process.onExit(() => {
        if (record.released) process.output.shrink(this.retainBytes);
        this.changeEmitter.fire({ kind: 'exited', record });
      }),
    );
    this.records.set(key(sessionKey, terminalId), record);
    this.changeEmitter.fire({ kind: 'created', record });
    return record;
  }

  get(sessionKey: SessionKey, terminalId: string): TerminalRecord | undefined {
    return this.records.get(key(sessionKey, terminalId));
  }

  ofSession(sessionKey: SessionKey): TerminalRecord[] {
    return [...this.records.values()].filter((record) => record.sessionKey === sessionKey);
  }

  all(): TerminalRecord[] {
    return [...this.records.values()];
  }

  /** The id is no longer valid; the output stays for live views (the tail of it, once the command is over). */
  markReleased(record: TerminalRecord): void {
    const mutable = this.records.get(key(record.sessionKey, record.terminalId));
    if (!mutable || mutable.released) return;
    mutable.released = true;
    if (!mutable.process.running) mutable.process.output.shrink(this.retainBytes);
    this.releasedOrder.set(key(record.sessionKey, record.terminalId), mutable);
    this.changeEmitter.fire({ kind: 'released', record: mutable });
    for (const [oldest, old] of this.releasedOrder) {
      if (this.releasedOrder.size <= MAX_RETAINED_RELEASED) break;
      this.forget(oldest, old);
    }
  }

  /** A session ended (all its terminals are released): forget the terminals of the session that ended before it. */
  sessionEnded(sessionKey: SessionKey): void {
    const previous = this.lastEndedSession;
    this.lastEndedSession = sessionKey;
    if (previous === undefined || previous === sessionKey) return;
    for (const [k, record] of this.records) {
      if (record.sessionKey === previous && record.released) this.forget(k, record);
    }
  }

  dispose(): void {
    for (const [k, record] of this.records) this.forget(k, record);
    this.changeEmitter.dispose();
  }

  private forget(k: string, record: MutableRecord): void {
    this.records.delete(k);
    this.releasedOrder.delete(k);
    record.subscriptions.forEach((s) => s.dispose());
    this.changeEmitter.fire({ kind: 'forgotten', record });
  }
}
