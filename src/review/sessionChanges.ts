// One session's side of change tracking: its ledger, whether its agent is at work (a turn runs, or ended less
// than a grace period ago: file events arrive late), which files its roots hold, and the writes it made through
// fs/write_text_file.
// No `vscode` here.
import { sep } from 'node:path';
import type { Baselines } from './baselines';
import { ChangeLedger, type KeyOf } from './changeLedger';
import type { PromptAnchor } from './checkpointLinks';

export interface SessionChangesDeps {
  keyOf: KeyOf;
  snapshot: Pick<Baselines, 'set'>;
  /** The folders of the open session of this conversation (none while no session of it is open). */
  roots?(): readonly string[];
  /** The tool call of this session that most likely changed the file. */
  attribute(file: string): string | undefined;
  now(): number;
  /** How long after a turn ends disk changes still count as the agent's (ms). */
  graceMs: number;
}

export interface FsWrite {
  path: string;
  before: string | null;
  after: string;
  saved: boolean;
}

export class SessionChanges {
  readonly ledger: ChangeLedger;
  private running = false;
  private startedAt = Number.NEGATIVE_INFINITY;
  private endedAt = Number.NEGATIVE_INFINITY;

  constructor(
    /** The conversation these changes belong to (the agent and its session id). */
    readonly conversation: string,
    private readonly deps: SessionChangesDeps,
  ) {
    this.ledger = new ChangeLedger(deps.keyOf);
  }

  turnStarted(prompt: string, anchor?: PromptAnchor): void {
    this.running = true;
    this.startedAt = this.deps.now();
    this.ledger.startTurn(prompt, this.startedAt, anchor);
  }

  turnEnded(): void {
    if (!this.running) return;
    this.running = false;
    this.endedAt = this.deps.now();
  }

  /** True while disk changes count as this session's agent's. */
  get agentActive(): boolean {
    return this.running || this.deps.now() - this.endedAt <= this.deps.graceMs;
  }

  /** When the latest turn started (to pick the session most likely at work). */
  get lastStart(): number {
    return this.startedAt;
  }

  /** Whether `file` is under one of the session's roots (paths as the watchers give them: no realpath). */
  holds(file: string): boolean {
    const key = this.deps.keyOf(file);
    return (this.deps.roots?.() ?? []).some((root) => {
      const prefix = this.deps.keyOf(root).replace(/[\\/]+$/, '');
      return key === prefix || key.startsWith(prefix + sep);
    });
  }

  fsWrite(write: FsWrite): void {
    this.ledger.record({ path: write.path, before: write.before, after: write.after, source: 'fs', toolCallId: this.deps.attribute(write.path), time: this.deps.now() });
    if (write.saved) this.deps.snapshot.set(write.path, write.after);
  }

  /** A change on disk; `beforeObject` names the git object that holds `before`, when a baseline tree gave it. */
  diskChange(file: string, before: string | null | undefined, after: string | null, beforeObject?: string): void {
    this.ledger.record({ path: file, before, after, ...(beforeObject ? { beforeObject } : {}), source: 'disk', toolCallId: this.deps.attribute(file), time: this.deps.now() });
  }

  dispose(): void {
    this.ledger.dispose();
  }
}
