// The commands agents run themselves and report in their tool calls' `_meta` (agentTerminalMeta.ts): their output
// in a byte ring like our own terminals' (the chat card reads it through the same poster and draws it with the same
// view), their exit, and how they stand when no exit came (the tool call ended or was cancelled; output that still
// comes after a cancel means the agent left the command running). The client never ran these commands: nothing
// here can kill one. Bounded: the newest `retainBytes` of each, at most MAX_AGENT_TERMINALS of them (finished ones
// are forgotten first), and a session's are forgotten when it ends. No `vscode` here.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { AgentTerminalReport, AgentTerminalState } from '../../shared/transcript/agentTerminalMeta';
import type { SessionKey } from '../../shared/sessionKey';
import type { TerminalChange, TerminalCommand, TerminalOutputSource, TerminalRecord } from './terminalBook';
import { TerminalOutput } from './terminalOutput';
import type { ExitStatus } from './terminalProcess';

export const MAX_AGENT_TERMINALS = 200;

const FINAL_STATUSES = new Set(['completed', 'failed']);

/** One command the agent runs: what it reported so far. */
export class AgentCommand implements TerminalCommand {
  readonly output: TerminalOutput;
  private status: ExitStatus | undefined;
  private readonly dataEmitter = new Emitter<void>();
  private readonly exitEmitter = new Emitter<ExitStatus>();
  readonly onData: Event<void> = this.dataEmitter.event;
  readonly onExit: Event<ExitStatus> = this.exitEmitter.event;
  private readonly exited: Promise<ExitStatus>;
  private resolveExited!: (status: ExitStatus) => void;

  constructor(retainBytes: number) {
    this.output = new TerminalOutput(retainBytes, retainBytes);
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
  }

  get exitStatus(): ExitStatus | undefined {
    return this.status;
  }

  get running(): boolean {
    return this.status === undefined;
  }

  append(text: string): void {
    if (text === '') return;
    this.output.write(Buffer.from(text, 'utf8'));
    this.dataEmitter.fire();
  }

  exit(status: ExitStatus): void {
    if (this.status) return;
    this.status = status;
    this.output.finish();
    this.resolveExited(status);
    this.exitEmitter.fire(status);
  }

  waitForExit(): Promise<ExitStatus> {
    return this.exited;
  }

  /** The agent's command is not the client's to stop: answers how it ended, once it has. */
  kill(): Promise<ExitStatus> {
    return this.status ? Promise.resolve(this.status) : this.exited;
  }

  dispose(): void {
    this.dataEmitter.dispose();
    this.exitEmitter.dispose();
  }
}

interface AgentRecord extends TerminalRecord {
  readonly process: AgentCommand;
  readonly agent: { toolCallId: string; state: AgentTerminalState };
  released: boolean;
  /** The tool call was cancelled while the command had not reported an exit. */
  cancelled?: boolean;
}

function key(sessionKey: SessionKey, terminalId: string): string {
  return `${sessionKey}\u0000${terminalId}`;
}

export class AgentTerminalBook implements TerminalOutputSource {
  /** Oldest first (a Map keeps insertion order). */
  private readonly records = new Map<string, AgentRecord>();
  private readonly changeEmitter = new Emitter<TerminalChange>();
  readonly onDidChange: Event<TerminalChange> = this.changeEmitter.event;

  constructor(private readonly retainBytes: number) {}

  get(sessionKey: SessionKey, terminalId: string): TerminalRecord | undefined {
    return this.records.get(key(sessionKey, terminalId));
  }

  ofSession(sessionKey: SessionKey): TerminalRecord[] {
    return [...this.records.values()].filter((record) => record.sessionKey === sessionKey);
  }

  /** The terminals of the session's tool call `toolCallId` whose state may still change. */
  openOf(sessionKey: SessionKey): { terminalId: string; toolCallId: string }[] {
    const open: { terminalId: string; toolCallId: string }[] = [];
    for (const record of this.records.values()) {
      if (record.sessionKey === sessionKey && record.process.running) open.push({ terminalId: record.terminalId, toolCallId: record.agent.toolCallId });
    }
    return open;
  }

  /**
   * What one update of tool call `toolCallId` (whose status is now `toolStatus`) reported about a terminal;
   * `background`: the call sends its command to the background (see toolStatus).
   */
  report(sessionKey: SessionKey, toolCallId: string, report: AgentTerminalReport, toolStatus: string | undefined, background = false): void {
    const record = this.records.get(key(sessionKey, report.terminalId)) ?? this.add(sessionKey, report.terminalId, toolCallId);
    const { process } = record;
    if (report.data !== '') {
      process.append(report.data);
      if (process.running && record.cancelled) this.setState(record, 'running-after-cancel');
    }
    if (report.exit) process.exit(report.exit);
    this.toolStatus(sessionKey, report.terminalId, toolStatus, background);
  }

  /**
   * The tool call that shows terminal `terminalId` has status `toolStatus` now. A call that completes while the
   * command it sent to the background (`background`) has not exited leaves it running there: its exit may still come.
   */
  toolStatus(sessionKey: SessionKey, terminalId: string, toolStatus: string | undefined, background = false): void {
    const record = this.records.get(key(sessionKey, terminalId));
    if (!record) return;
    if (!record.process.running) {
      this.finished(record);
      return;
    }
    if (toolStatus === 'cancelled') {
      record.cancelled = true;
      if (record.agent.state !== 'running-after-cancel') this.setState(record, 'cancelled');
    } else if (toolStatus === 'completed' && background) {
      this.setState(record, 'background');
    } else if (toolStatus !== undefined && FINAL_STATUSES.has(toolStatus)) {
      this.setState(record, 'ended');
      this.finished(record);
    } else if (toolStatus === 'pending' || toolStatus === 'in_progress') {
      record.cancelled = false;
      this.setState(record, 'running');
    }
  }

  /** The session ended: its terminals are forgotten. */
  sessionEnded(sessionKey: SessionKey): void {
    for (const [k, record] of this.records) if (record.sessionKey === sessionKey) this.forget(k, record);
  }

  dispose(): void {
    for (const [k, record] of this.records) this.forget(k, record);
    this.changeEmitter.dispose();
  }

  private add(sessionKey: SessionKey, terminalId: string, toolCallId: string): AgentRecord {
    const process = new AgentCommand(this.retainBytes);
    const record: AgentRecord = { sessionKey, terminalId, label: '', process, released: false, agent: { toolCallId, state: 'running' } };
    process.onData(() => this.changeEmitter.fire({ kind: 'output', record }));
    process.onExit(() => {
      this.finished(record);
      this.changeEmitter.fire({ kind: 'exited', record });
    });
    this.records.set(key(sessionKey, terminalId), record);
    this.changeEmitter.fire({ kind: 'created', record });
    this.trim();
    return record;
  }

  /** Nothing more is expected: live views keep it only while a tool call shows it (the poster's snapshot rule). */
  private finished(record: AgentRecord): void {
    record.released = true;
  }

  private setState(record: AgentRecord, state: AgentTerminalState): void {
    if (record.agent.state === state) return;
    record.agent.state = state;
    this.changeEmitter.fire({ kind: 'output', record });
  }

  private trim(): void {
    if (this.records.size <= MAX_AGENT_TERMINALS) return;
    for (const [k, record] of this.records) {
      if (this.records.size <= MAX_AGENT_TERMINALS) return;
      if (record.released) this.forget(k, record);
    }
    for (const [k, record] of this.records) {
      if (this.records.size <= MAX_AGENT_TERMINALS) return;
      this.forget(k, record);
    }
  }

  private forget(k: string, record: AgentRecord): void {
    this.records.delete(k);
    this.changeEmitter.fire({ kind: 'forgotten', record });
    record.process.dispose();
  }
}

/** The output of our own terminals and of the agents' commands, as one source for the chat's cards. */
export function mergedOutputSource(ours: TerminalOutputSource, agents: TerminalOutputSource): TerminalOutputSource & { dispose(): void } {
  const emitter = new Emitter<TerminalChange>();
  const subscriptions = [ours.onDidChange((change) => emitter.fire(change)), agents.onDidChange((change) => emitter.fire(change))];
  return {
    onDidChange: emitter.event,
    get: (sessionKey, terminalId) => ours.get(sessionKey, terminalId) ?? agents.get(sessionKey, terminalId),
    ofSession: (sessionKey) => [...ours.ofSession(sessionKey), ...agents.ofSession(sessionKey)],
    dispose: () => {
      subscriptions.forEach((subscription) => subscription.dispose());
      emitter.dispose();
    },
  };
}
