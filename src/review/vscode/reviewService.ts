// Change tracking for every session: one workspace snapshot and watcher, one ledger per session fed by the files
// service's writes (fs/write_text_file) and by disk changes while its agent is at work; turns are checkpoints.
import * as vscode from 'vscode';
import type { OnDidWrite } from '../../editor/files/writeRecord';
import { caseKey } from '../../editor/files/pathKeys';
import type { ContentBlock } from '../../shared/acp';
import type { Session } from '../../session/session';
import type { SessionManager } from '../../session/sessionManager';
import { toolCallFor } from '../attribution';
import type { ChangeLedger } from '../changeLedger';
import { DiskChanges } from '../diskChanges';
import { SessionChanges } from '../sessionChanges';
import { WorkspaceSnapshot } from '../workspaceSnapshot';
import { currentText, setFileText } from './fileText';
import { watchWorkspace, type WorkspaceWatch } from './workspaceWatch';

/** How long after a turn ends a disk change still counts as the agent's. */
const GRACE_MS = 3000;
/** How long a prompt waits for the first workspace scan before it goes anyway. */
const SCAN_WAIT_MS = 3000;

export function promptLabel(content: readonly ContentBlock[]): string {
  const text = content.map((block) => (block.type === 'text' ? block.text : block.type === 'resource_link' ? `@${block.name}` : '')).join(' ');
  return text.trim() || '(prompt)';
}

export class ReviewService implements vscode.Disposable {
  readonly snapshot = new WorkspaceSnapshot(caseKey);
  readonly disk: DiskChanges;
  private readonly bySession = new Map<string, SessionChanges>();
  private readonly watch: WorkspaceWatch;
  private readonly disposables: vscode.Disposable[] = [];
  /**
   * What ties the review to a live Session object (its turn observer, the transcript used for attribution), released
   * when the manager drops the session: the ledger of its changes stays, the session's transcript is not kept alive.
   */
  private readonly liveSessions = new Map<string, vscode.Disposable>();
  /** The transcript of each live session, for attributing a change to the tool call that made it. */
  private readonly liveStates = new Map<string, () => Session['state'] | undefined>();
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** The current session's pending changes or checkpoints changed, or the current session did. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(
    private readonly manager: SessionManager,
    onDidWrite: OnDidWrite,
    log: (line: string) => void,
  ) {
    this.disk = new DiskChanges(this.snapshot, caseKey, log);
    this.watch = watchWorkspace(this.snapshot, this.disk, log);
    this.disposables.push(
      this.watch,
      this.changeEmitter,
      // Every open session's changes are recorded (a session behind the shown one works on); the view shows the
      // shown session's.
      manager.onDidOpenSession((open) => this.track(open.session)),
      manager.onDidCloseSession((open) => this.release(open.session.sessionId)),
      manager.onDidChangeSession(() => this.changeEmitter.fire()),
      onDidWrite((write) => this.bySession.get(write.sessionId)?.fsWrite(write)),
    );
    manager.openSessions.forEach((open) => this.track(open.session));
  }

  /** The current session's ledger. */
  get ledger(): ChangeLedger | undefined {
    const id = this.manager.session?.sessionId;
    return id === undefined ? undefined : this.bySession.get(id)?.ledger;
  }

  ledgerOf(sessionId: string): ChangeLedger | undefined {
    return this.bySession.get(sessionId)?.ledger;
  }

  /** Resolves when the first scan and the file events received so far are handled. */
  async settled(): Promise<void> {
    await this.watch.scanned;
    await this.disk.settled();
  }

  /**
   * Puts a file to `text` as the client (not the agent) and tells the current ledger what the agent's text is now:
   * `text` itself unless given (an undone hunk: the agent's text without it, the file keeps the user's edits too).
   */
  async setText(file: string, text: string | null, agentText: string | null = text): Promise<void> {
    const ledger = this.ledger;
    await setFileText(file, text, (written) => this.disk.ownWrite(file, written));
    ledger?.setCurrent(file, agentText);
  }

  currentText(file: string): Promise<string | null> {
    return currentText(file);
  }

  dispose(): void {
    this.liveSessions.forEach((d) => d.dispose());
    this.disposables.forEach((d) => d.dispose());
    this.bySession.forEach((changes) => changes.dispose());
  }

  /** The session closed: its ledger stays, its transcript is not kept alive. */
  private release(sessionId: string): void {
    this.liveSessions.get(sessionId)?.dispose();
    this.liveSessions.delete(sessionId);
  }

  private track(session: Session): void {
    const sessionId = session.sessionId;
    if (this.liveSessions.has(sessionId)) return;
    const changes = this.bySession.get(sessionId) ?? this.changesFor(sessionId);
    // Closures here share one context: every reference to the session is dropped on release. A session brought back
    // later (same id, a new Session) is tracked again on the same ledger.
    let state: Session['state'] | undefined = session.state;
    this.liveStates.set(sessionId, () => state);
    let turns: vscode.Disposable | undefined = session.observeTurns({
      willPrompt: async (content) => {
        await Promise.race([this.watch.scanned, new Promise((resolve) => setTimeout(resolve, SCAN_WAIT_MS))]);
        await this.disk.settled();
        changes.turnStarted(promptLabel(content));
      },
      didEndTurn: () => changes.turnEnded(),
    });
    this.liveSessions.set(sessionId, {
      dispose: () => {
        turns?.dispose();
        turns = undefined;
        state = undefined;
        this.liveStates.delete(sessionId);
      },
    });
  }

  private changesFor(sessionId: string): SessionChanges {
    const changes = new SessionChanges(sessionId, {
      keyOf: caseKey,
      snapshot: this.snapshot,
      attribute: (file) => {
        const state = this.liveStates.get(sessionId)?.();
        return state ? toolCallFor(state, file, caseKey) : undefined;
      },
      now: Date.now,
      graceMs: GRACE_MS,
    });
    this.bySession.set(sessionId, changes);
    this.disposables.push(
      this.disk.track(changes),
      changes.ledger.onDidChange(() => {
        if (this.manager.session?.sessionId === sessionId) this.changeEmitter.fire();
      }),
    );
    return changes;
  }
}
