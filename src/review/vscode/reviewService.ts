// Change tracking for every session: baselines (git trees taken when a turn starts, else a bounded snapshot), a
// watcher per root in use, one ledger per session fed by the files service's writes (fs/write_text_file) and by disk
// changes while its agent is at work; turns are checkpoints.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OnDidWrite } from '../../services/files/writeRecord';
import { caseKey } from '../../services/files/pathKeys';
import type { ContentBlock } from '../../shared/acp';
import type { Session } from '../../session/session';
import type { OpenSession, SessionRegistry } from '../../session/sessionRegistry';
import type { ActiveSurface } from '../../session/surfaceSessions';
import type { SessionKey } from '../../shared/sessionKey';
import { toolCallFor } from '../attribution';
import { anchorOfLastPrompt } from '../checkpointLinks';
import type { ChangeLedger, PendingFile } from '../changeLedger';
import { packReview, unpackReview } from '../ledgerData';
import { DiskChanges } from '../diskChanges';
import { GitBaselines } from '../git/gitBaselines';
import { SessionChanges } from '../sessionChanges';
import { readStoredObjects } from '../storedObjects';
import { DEFAULT_SNAPSHOT_LIMITS, WorkspaceSnapshot } from '../workspaceSnapshot';
import { currentText, setFileText } from './fileText';
import { RootWatches } from './rootWatches';
import { workspaceFilter } from './workspaceFilter';

/** How long after a turn ends a disk change still counts as the agent's. */
const GRACE_MS = 3000;
/** How long a prompt waits for the scan of its folders (outside git) before it goes anyway. */
const SCAN_WAIT_MS = 3000;
/** Ledger changes within this time are saved together. */
const SAVE_DELAY_MS = 100;

/** Where the ledgers are kept across a window reload (a file in the workspace storage). */
export interface ReviewStore {
  get(): unknown;
  set(value: unknown): void;
}

/** A file with changes to review, with the conversation whose agent made them. */
export interface PendingChange {
  file: PendingFile;
  ledger: ChangeLedger;
  /** The conversation of the session the chat shows (false: an earlier or another session's). */
  shown: boolean;
}

export function promptLabel(content: readonly ContentBlock[]): string {
  const text = content.map((block) => (block.type === 'text' ? block.text : block.type === 'resource_link' ? `@${block.name}` : '')).join(' ');
  return text.trim() || '(prompt)';
}

/**
 * A conversation's identity across the Session objects that show it: the agent and the agent's own session id. A
 * session brought back (loaded after a crash or a reload) has a new SessionKey but is the same conversation, and its
 * pending changes stay reviewable; two agents that both call a session "1" are two conversations.
 */
function conversationOf(open: OpenSession): string {
  return conversationId(open.agent.definition.id, open.session.sessionId);
}

function conversationId(agentId: string, sessionId: string): string {
  return `${agentId}\u0000${sessionId}`;
}

/** The ref this window's baseline trees are kept by in each repository (one per workspace, the same after a reload). */
function baselineRef(): string {
  const workspace = vscode.workspace.workspaceFile?.toString() ?? (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.toString()).join('\n');
  return `refs/acp/baselines/${createHash('sha256').update(workspace).digest('hex').slice(0, 16)}`;
}

export class ReviewService implements vscode.Disposable {
  /** Texts seen: outside git the scan of the roots in use, in a repository only what changed since the turn's tree. */
  readonly snapshot = new WorkspaceSnapshot(caseKey);
  readonly baselines: GitBaselines;
  readonly disk: DiskChanges;
  /** The watchers of the roots in use. */
  readonly watches: RootWatches;
  /** Settles when the ledgers kept from the last window are read back. */
  readonly loaded: Promise<void>;
  /** The changes of each conversation (see conversationOf), kept after its sessions close, until kept or undone. */
  private readonly byConversation = new Map<string, SessionChanges>();
  private readonly disposables: vscode.Disposable[] = [];
  /**
   * What ties the review to an open session (its turn observer, its transcript for attribution, its conversation),
   * by session key, released when the session closes: the ledger of its changes stays, the transcript is not kept.
   */
  private readonly live = new Map<
    SessionKey,
    {
      changes: SessionChanges;
      state: () => Session['state'] | undefined;
      roots: () => readonly string[];
      markUndone(toolCallIds: readonly string[]): void;
      release(): void;
    }
  >();
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** The current session's pending changes or checkpoints changed, or the current session did. */
  readonly onDidChange = this.changeEmitter.event;
  private readonly anyEmitter = new vscode.EventEmitter<void>();
  /** Any conversation's pending changes changed (the chat's "files changed" strip lists them all). */
  readonly onDidChangeAny = this.anyEmitter.event;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly saveEmitter = new vscode.EventEmitter<void>();
  /** The ledgers were written to the store (tests wait for it). */
  readonly onDidSave = this.saveEmitter.event;

  constructor(
    sessions: SessionRegistry,
    private readonly surfaces: ActiveSurface,
    onDidWrite: OnDidWrite,
    private readonly log: (line: string) => void,
    private readonly store?: ReviewStore,
  ) {
    // Only real changes are reviewed: never git's own files, never ignored ones (files.exclude outside git).
    const filter = workspaceFilter(log);
    this.baselines = new GitBaselines(this.snapshot, {
      repositories: filter.repositories,
      ref: baselineRef(),
      keepsEarlier: () => [...this.byConversation.values()].some((changes) => changes.ledger.namesObjects()),
      maxFileBytes: DEFAULT_SNAPSHOT_LIMITS.maxFileBytes,
      log,
    });
    this.disk = new DiskChanges(this.baselines, caseKey, log, filter.filter);
    this.watches = new RootWatches(this.disk, this.baselines, filter, log);
    this.disposables.push(
      filter,
      this.watches,
      this.baselines,
      this.changeEmitter,
      this.anyEmitter,
      this.saveEmitter,
      // Every open session's changes are recorded (a session behind the shown one works on); the view shows the
      // shown session's.
      sessions.onDidOpenSession((open) => this.track(open)),
      surfaces.onDidChangeSession(() => this.changeEmitter.fire()),
      onDidWrite((write) => this.live.get(write.sessionKey)?.changes.fsWrite(write)),
    );
    // What was left to review when the window went away (with its baselines, as far as they could be kept; those a git
    // tree holds are read back from it).
    this.loaded = this.loadStored();
    sessions.openSessions.forEach((open) => this.track(open));
  }

  /**
   * Every file with changes to review, of every conversation, by path; a file two conversations changed is listed
   * once, with the shown session's change (else the one `ledgerFor` picks).
   */
  allPending(): PendingChange[] {
    const shownLedger = this.ledger;
    const byFile = new Map<string, PendingChange>();
    for (const changes of this.byConversation.values()) {
      const shown = changes.ledger === shownLedger;
      for (const file of changes.ledger.pending()) {
        const key = caseKey(file.path);
        if (!byFile.has(key) || shown) byFile.set(key, { file, ledger: changes.ledger, shown });
      }
    }
    return [...byFile.values()].sort((a, b) => Number(b.shown) - Number(a.shown) || a.file.path.localeCompare(b.file.path));
  }

  /**
   * The folder is gone (a worktree thread was discarded): its files' changes are nobody's to review any more, in any
   * conversation (their checkpoints stay for the files elsewhere).
   */
  forgetUnder(folder: string): void {
    const inside = caseKey(folder.replace(/[\\/]+$/, '') + path.sep);
    for (const changes of this.byConversation.values()) {
      for (const file of changes.ledger.pending()) if (caseKey(file.path).startsWith(inside)) changes.ledger.keep(file.path);
    }
  }

  /** Every conversation's ledger that holds a pending change of the file. */
  ledgersOf(file: string): ChangeLedger[] {
    return [...this.byConversation.values()].map((changes) => changes.ledger).filter((ledger) => ledger.get(file) !== undefined);
  }

  /** The ledger that holds a file's pending change: the shown session's when it does, else the other one's. */
  ledgerFor(file: string): ChangeLedger | undefined {
    if (this.ledger?.get(file)) return this.ledger;
    return this.ledgersOf(file)[0];
  }

  /** The current session's ledger. */
  get ledger(): ChangeLedger | undefined {
    const key = this.surfaces.current().currentKey;
    return key === undefined ? undefined : this.live.get(key)?.changes.ledger;
  }

  /** An open session's ledger. */
  ledgerOf(sessionKey: SessionKey): ChangeLedger | undefined {
    return this.live.get(sessionKey)?.changes.ledger;
  }

  /**
   * The ledger of an open session's conversation, else of `conversation` (made when new): for the changes the client
   * makes on a conversation's behalf (Apply of a worktree thread brings the thread's work into the main tree).
   */
  ledgerOfConversation(sessionKey: SessionKey | undefined, conversation: string): ChangeLedger {
    const live = sessionKey === undefined ? undefined : this.live.get(sessionKey);
    return (live?.changes ?? this.byConversation.get(conversation) ?? this.changesFor(conversation)).ledger;
  }

  /** How many files of a conversation (an agent's session id) wait for review, its sessions open or closed. */
  pendingCountOf(agentId: string, sessionId: string): number {
    return this.byConversation.get(conversationId(agentId, sessionId))?.ledger.pending().length ?? 0;
  }

  /** Whether the review still holds on to an open session (its turn observer and transcript); false once it closed. */
  holds(sessionKey: SessionKey): boolean {
    return this.live.has(sessionKey);
  }

  /** Resolves when the stored ledgers are read, the scans started so far are done and the file events received so far are handled. */
  async settled(): Promise<void> {
    await this.loaded;
    await this.watches.scanned();
    await this.disk.settled();
  }

  /**
   * Puts a file to `text` as the client (not the agent) and tells the current ledger what the agent's text is now:
   * `text` itself unless given (an undone hunk: the agent's text without it, the file keeps the user's edits too).
   */
  async setText(file: string, text: string | null, agentText: string | null = text, ledger = this.ledgerFor(file) ?? this.ledger): Promise<void> {
    await setFileText(file, text, (written) => this.disk.ownWrite(file, written));
    ledger?.setCurrent(file, agentText);
  }

  /** The changes of these tool calls were undone: the open sessions of the conversation that ledger is of say so on their cards. */
  markUndone(ledger: ChangeLedger | undefined, toolCallIds: readonly string[]): void {
    if (!ledger || toolCallIds.length === 0) return;
    for (const part of this.live.values()) if (part.changes.ledger === ledger) part.markUndone(toolCallIds);
  }

  currentText(file: string): Promise<string | null> {
    return currentText(file);
  }

  dispose(): void {
    if (this.saveTimer !== undefined) {
      clearTimeout(this.saveTimer);
      this.save();
    }
    this.live.forEach((part) => part.release());
    this.disposables.forEach((d) => d.dispose());
    this.byConversation.forEach((changes) => changes.dispose());
  }

  /** The session was disposed: its ledger stays, its transcript is not kept alive. */
  private release(sessionKey: SessionKey): void {
    this.live.get(sessionKey)?.release();
    this.live.delete(sessionKey);
  }

  private track(open: OpenSession): void {
    if (this.live.has(open.key)) return;
    const conversation = conversationOf(open);
    const changes = this.byConversation.get(conversation) ?? this.changesFor(conversation);
    // Closures here share one context: every reference to the session is dropped on release. A session brought back
    // later (a new Session of the same conversation) is tracked again on the same ledger.
    let state: Session['state'] | undefined = open.session.state;
    let session: Session | undefined = open.session;
    // The session's folders are watched while it is open.
    const roots = open.session.scope.roots;
    let uses: vscode.Disposable | undefined = vscode.Disposable.from(...roots.map((root) => this.watches.use(root)));
    let turns: vscode.Disposable | undefined = open.session.observeTurns({
      willPrompt: async (content) => {
        await Promise.race([this.watches.scanned(), new Promise((resolve) => setTimeout(resolve, SCAN_WAIT_MS))]);
        await this.disk.settled();
        // The files as they are before the agent's turn: a git tree of each repository in use.
        await this.baselines.capture(roots);
        // Which user message this prompt is, so the chat can put "Restore checkpoint" on it (also on a later copy).
        changes.turnStarted(promptLabel(content), state ? anchorOfLastPrompt(state.entries) : undefined);
      },
      didEndTurn: () => changes.turnEnded(),
    });
    this.live.set(open.key, {
      changes,
      state: () => state,
      roots: () => (session ? roots : []),
      markUndone: (toolCallIds) => session?.markUndone(toolCallIds),
      release: () => {
        turns?.dispose();
        turns = undefined;
        uses?.dispose();
        uses = undefined;
        state = undefined;
        session = undefined;
      },
    });
    // The hold is one of the session's parts: released when the session is disposed, with everything else it holds.
    const key = open.key;
    open.session.attach({ handlers: {}, held: () => (this.live.has(key) ? 1 : 0), dispose: async () => this.release(key) });
  }

  /** The transcript of the open session of this conversation, for attributing a change to its tool call. */
  private stateOf(conversation: string): Session['state'] | undefined {
    for (const part of this.live.values()) {
      const state = part.changes === this.byConversation.get(conversation) ? part.state() : undefined;
      if (state) return state;
    }
    return undefined;
  }

  /** The roots of the open sessions of this conversation, for crediting a change on disk by its path. */
  private rootsOf(conversation: string): string[] {
    const changes = this.byConversation.get(conversation);
    return [...this.live.values()].filter((part) => part.changes === changes).flatMap((part) => part.roots());
  }

  private async loadStored(): Promise<void> {
    for (const stored of unpackReview(this.store?.get())) {
      const ledger = await readStoredObjects(stored.ledger, (file, object) => this.baselines.textOf(file, object));
      // A session of this conversation may have been tracked meanwhile: its ledger takes the stored one only while empty.
      (this.byConversation.get(stored.conversation) ?? this.changesFor(stored.conversation)).ledger.load(ledger);
    }
  }

  private changesFor(conversation: string): SessionChanges {
    const changes = new SessionChanges(conversation, {
      keyOf: caseKey,
      snapshot: this.baselines,
      roots: () => this.rootsOf(conversation),
      attribute: (file) => {
        const state = this.stateOf(conversation);
        return state ? toolCallFor(state, file, caseKey) : undefined;
      },
      now: Date.now,
      graceMs: GRACE_MS,
    });
    this.byConversation.set(conversation, changes);
    this.disposables.push(
      this.disk.track(changes),
      changes.ledger.onDidChange(() => {
        this.anyEmitter.fire();
        this.saveSoon();
        const shown = this.surfaces.current().currentKey;
        if (shown !== undefined && this.live.get(shown)?.changes === changes) this.changeEmitter.fire();
      }),
    );
    return changes;
  }

  private saveSoon(): void {
    if (!this.store || this.saveTimer !== undefined) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, SAVE_DELAY_MS);
  }

  /** Keeps the conversations that have changes to review (their checkpoints with them), within the size limit. */
  private save(): void {
    const conversations = [...this.byConversation.entries()]
      .filter(([, changes]) => changes.ledger.pending().length > 0)
      .map(([conversation, changes]) => ({ conversation, ledger: changes.ledger.toData() }));
    const { stored, dropped } = packReview(conversations);
    if (dropped.length > 0) this.log(`Over the size limit, the earlier text of ${dropped.length} file(s) is not kept across a reload: ${dropped.join(', ')}`);
    this.store?.set(stored);
    this.saveEmitter.fire();
  }
}
