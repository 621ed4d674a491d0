// What agents changed in the workspace during one session, whichever way they changed it (fs/write_text_file or
// directly on disk): per file, the text before the agent's first unreviewed change (the review baseline) and the
// text the agent left; per turn (a checkpoint: every user prompt), the text each file had before that turn first
// changed it. Keep moves a baseline forward, Undo moves the text back; both are decided here, applied by the glue.
// No `vscode` here.
import { Emitter, Event } from 'vscode-jsonrpc/node';
import type { PromptAnchor } from './checkpointLinks';

/** A file's text: a string, `null` when the file does not exist, `undefined` when nobody recorded it. */
export type Content = string | null | undefined;

export type ChangeSource = 'fs' | 'disk';

export interface AgentChange {
  /** Absolute, normalised. */
  path: string;
  /** The text just before the change; `undefined` when it was not snapshotted (then the change cannot be undone). */
  before: Content;
  /** The git object that holds `before` (`<tree>:<path>`), when a baseline tree gave it: kept across a reload instead of the text. */
  beforeObject?: string;
  after: string | null;
  source: ChangeSource;
  /** The tool call whose locations or diffs name the file, when one does. */
  toolCallId?: string;
  /** Epoch ms. */
  time: number;
}

export type ChangeStatus = 'created' | 'modified' | 'deleted';

/** A file with agent changes not yet kept or undone. */
export interface PendingFile {
  path: string;
  /** Text before the agent's first unreviewed change. */
  baseline: Content;
  /** Text the agent left (the latest change), as far as the ledger knows. */
  current: string | null;
  status: ChangeStatus;
  toolCallIds: readonly string[];
  /** Checkpoints (turn numbers) whose turn changed this file. */
  turns: readonly number[];
  /** The baseline was not kept across a window reload (over the size limit): the file can be kept, not undone. */
  notKept?: boolean;
}

export interface Checkpoint {
  /** 1 for the session's first prompt, and so on. */
  turn: number;
  /** A short label: the start of the prompt. */
  label: string;
  time: number;
  /** Which user message of the conversation the prompt was (checkpointLinks.ts), when known. */
  anchor?: PromptAnchor;
}

/** What one file goes back to when a checkpoint is restored. */
export interface RestoreTarget {
  path: string;
  text: Content;
  /** The git object that holds `text`, when a baseline tree gave it. */
  object?: string;
}

interface TrackedFile {
  path: string;
  baseline: Content;
  /** The git object that holds `baseline`, when a baseline tree gave it. */
  baselineObject?: string;
  current: string | null;
  toolCallIds: string[];
  turns: number[];
  notKept?: boolean;
}

interface TurnRecord extends Checkpoint {
  /** Per file key: the text before this turn first changed it. */
  before: Map<string, RestoreTarget>;
}

export type KeyOf = (path: string) => string;

export function statusOf(baseline: Content, current: string | null): ChangeStatus {
  if (current === null) return 'deleted';
  return baseline === null ? 'created' : 'modified';
}

export class ChangeLedger {
  private readonly files = new Map<string, TrackedFile>();
  private readonly turnRecords: TurnRecord[] = [];
  private readonly changeEmitter = new Emitter<void>();
  /** Fires after any change of the pending files or checkpoints. */
  readonly onDidChange: Event<void> = this.changeEmitter.event;

  constructor(private readonly keyOf: KeyOf = (path) => path) {}

  /** A user prompt: a new checkpoint; changes recorded from now on belong to its turn. */
  startTurn(label: string, time: number, anchor?: PromptAnchor): Checkpoint {
    const record: TurnRecord = { turn: this.turnRecords.length + 1, label: oneLine(label), time, ...(anchor ? { anchor } : {}), before: new Map() };
    this.turnRecords.push(record);
    this.changeEmitter.fire();
    return checkpointOf(record);
  }

  get checkpoints(): Checkpoint[] {
    return this.turnRecords.map(checkpointOf);
  }

  /** The latest turn, or undefined before the first prompt. */
  get lastTurn(): number | undefined {
    return this.turnRecords.at(-1)?.turn;
  }

  /** Records an agent's change. A change that ends where the review baseline is leaves nothing to review. */
  record(change: AgentChange): void {
    const key = this.keyOf(change.path);
    const turn = this.turnRecords.at(-1);
    // A change that leaves the text as it was (a late second event of an earlier change) is no change of this turn.
    const object = change.beforeObject ? { object: change.beforeObject } : {};
    if (turn && !turn.before.has(key) && change.before !== change.after) turn.before.set(key, { path: change.path, text: change.before, ...object });
    let file = this.files.get(key);
    if (!file) {
      if (change.before === change.after) return;
      file = { path: change.path, baseline: change.before, ...(change.beforeObject ? { baselineObject: change.beforeObject } : {}), current: change.after, toolCallIds: [], turns: [] };
      this.files.set(key, file);
    }
    file.current = change.after;
    if (change.toolCallId && !file.toolCallIds.includes(change.toolCallId)) file.toolCallIds.push(change.toolCallId);
    if (turn && !file.turns.includes(turn.turn)) file.turns.push(turn.turn);
    if (file.baseline === file.current) this.files.delete(key);
    this.changeEmitter.fire();
  }

  /** Files with changes to review; with `turn`, only those that turn changed. */
  pending(turn?: number): PendingFile[] {
    const files = [...this.files.values()].filter((file) => turn === undefined || file.turns.includes(turn));
    return files.map((file) => ({
      path: file.path,
      baseline: file.baseline,
      current: file.current,
      status: statusOf(file.baseline, file.current),
      toolCallIds: file.toolCallIds.slice(),
      turns: file.turns.slice(),
      ...(file.notKept ? { notKept: true } : {}),
    }));
  }

  get(path: string): PendingFile | undefined {
    return this.pending().find((file) => this.keyOf(file.path) === this.keyOf(path));
  }

  /** The text a turn's review compares against: the file before that turn first changed it. */
  beforeTurn(turn: number, path: string): Content {
    return this.turnRecords[turn - 1]?.before.get(this.keyOf(path))?.text;
  }

  /** Keep: the agent's text becomes the baseline; the file leaves the review. */
  keep(path: string): void {
    if (this.files.delete(this.keyOf(path))) this.changeEmitter.fire();
  }

  /** Keep one part: the baseline becomes `baseline` (the old baseline with that part applied). */
  setBaseline(path: string, baseline: Content): void {
    const file = this.files.get(this.keyOf(path));
    if (!file) return;
    file.baseline = baseline;
    delete file.baselineObject;
    if (file.baseline === file.current) this.files.delete(this.keyOf(path));
    this.changeEmitter.fire();
  }

  /**
   * The file's text moved without the agent (an Undo, a checkpoint restore): the ledger follows it, and a file
   * back at its baseline leaves the review.
   */
  setCurrent(path: string, text: string | null): void {
    const key = this.keyOf(path);
    const file = this.files.get(key);
    if (!file) return;
    file.current = text;
    // Back at the text it had before a turn: that turn's changes to it are gone.
    file.turns = file.turns.filter((turn) => this.beforeTurn(turn, path) !== text);
    if (file.baseline === text) this.files.delete(key);
    this.changeEmitter.fire();
  }

  /** What restoring `turn`'s checkpoint sets each file to: its text before the first change of that turn or later. */
  restoreTargets(turn: number): RestoreTarget[] {
    const targets = new Map<string, RestoreTarget>();
    for (const record of this.turnRecords.slice(Math.max(0, turn - 1))) {
      for (const [key, target] of record.before) if (!targets.has(key)) targets.set(key, target);
    }
    return [...targets.values()];
  }

  /** Whether a text of the ledger is one a git baseline tree holds (that tree must stay reachable). */
  namesObjects(): boolean {
    for (const file of this.files.values()) if (file.baselineObject) return true;
    return this.turnRecords.some((record) => [...record.before.values()].some((target) => target.object !== undefined));
  }

  /** Everything the ledger holds, as plain data (to keep it across a window reload; see ledgerData.ts). */
  toData(): LedgerData {
    return {
      files: [...this.files.values()].map((file) => ({ ...file, toolCallIds: file.toolCallIds.slice(), turns: file.turns.slice() })),
      turns: this.turnRecords.map((record) => ({ ...checkpointOf(record), before: [...record.before.values()].map((target) => ({ ...target })) })),
    };
  }

  /** Takes back what `toData` gave (an empty ledger only: a window reload's restore). */
  load(data: LedgerData): void {
    if (this.files.size > 0 || this.turnRecords.length > 0) return;
    for (const file of data.files) this.files.set(this.keyOf(file.path), { ...file, toolCallIds: file.toolCallIds.slice(), turns: file.turns.slice() });
    for (const turn of data.turns) {
      this.turnRecords.push({ turn: this.turnRecords.length + 1, label: turn.label, time: turn.time, ...(turn.anchor ? { anchor: { ...turn.anchor } } : {}), before: new Map(turn.before.map((target) => [this.keyOf(target.path), { ...target }])) });
    }
    this.changeEmitter.fire();
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}

/** A ledger as plain data. A text that was not recorded is `undefined` (left out in JSON). */
export interface LedgerData {
  files: { path: string; baseline: Content; baselineObject?: string; current: string | null; toolCallIds: string[]; turns: number[]; notKept?: boolean }[];
  turns: (Checkpoint & { before: RestoreTarget[] })[];
}

function checkpointOf(record: TurnRecord): Checkpoint {
  return { turn: record.turn, label: record.label, time: record.time, ...(record.anchor ? { anchor: { ...record.anchor } } : {}) };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
