// Follow the agent: while `acp.followAgent` is on, the files the agent's tool calls name (their `locations`) open
// and the line is revealed and briefly highlighted — debounced to the latest of a burst, never taking focus
// (preserveFocus), in a preview tab, and never in place of the editor the user is typing in (see followColumn).
// Only paths inside the session's roots (symlinks followed) are opened.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Session } from '../../session/session';
import type { ActiveSurface } from '../../session/surfaceSessions';
import { checkPathAccess } from '../../services/files/pathAccess';
import { chooseFollowColumn } from './followColumn';
import { FollowHighlight, HighlightedLine } from './followHighlight';
import { FOLLOW_SETTING, isFollowing } from './followSetting';
import { FollowTarget, LocationWatch } from './followTarget';
import { Clock, LatestOnly, realClock } from './latestOnly';
import { describeError } from '../../shared/text/errors';

export const FOLLOW_TIMING = { quietMs: 200, maxWaitMs: 1000 };
/** Keyboard activity in the active editor this recent means the user is typing there. */
export const TYPING_WINDOW_MS = 2000;

/** What became of a location the debounce let through. */
export type FollowOutcome =
  | { target: FollowTarget; shown: HighlightedLine }
  | { target: FollowTarget; skipped: 'off' | 'outsideRoots' | 'unreadable' };

interface PendingFollow {
  target: FollowTarget;
  session: Session;
}

export class FollowAgent implements vscode.Disposable {
  private readonly followedEmitter = new vscode.EventEmitter<FollowOutcome>();
  /** A location was shown, or skipped (for tests and anyone who wants to know). */
  readonly onDidFollow: vscode.Event<FollowOutcome> = this.followedEmitter.event;
  private readonly highlight: FollowHighlight;
  private readonly debounce: LatestOnly<PendingFollow>;
  private watch = new LocationWatch();
  private sessionSubscription: vscode.Disposable | undefined;
  private followColumn: vscode.ViewColumn | undefined;
  private lastKeyboardAt = Number.NEGATIVE_INFINITY;
  private showing: Promise<void> = Promise.resolve();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    surfaces: ActiveSurface,
    private readonly log: (line: string) => void,
    private readonly clock: Clock = realClock,
  ) {
    this.highlight = new FollowHighlight(clock);
    this.debounce = new LatestOnly(FOLLOW_TIMING, (pending) => this.queueShow(pending), clock);
    const sessionChanged = surfaces.onDidChangeSession((session) => this.observe(session));
    this.observe(surfaces.current().session);
    this.disposables.push(
      { dispose: () => sessionChanged.dispose() },
      this.highlight,
      this.followedEmitter,
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (event.kind === vscode.TextEditorSelectionChangeKind.Keyboard && event.textEditor === vscode.window.activeTextEditor) {
          this.lastKeyboardAt = this.clock.now();
        }
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(FOLLOW_SETTING) && !isFollowing()) this.debounce.cancel();
      }),
    );
  }

  /** The location waiting for the debounce, if any. */
  get pending(): FollowTarget | undefined {
    return this.debounce.pending?.target;
  }

  get onDidClearHighlight(): vscode.Event<HighlightedLine> {
    return this.highlight.onDidClear;
  }

  get highlighted(): HighlightedLine | undefined {
    return this.highlight.highlighted;
  }

  /** Resolves once the locations handed over so far have been shown (or skipped). */
  idle(): Promise<void> {
    return this.showing;
  }

  dispose(): void {
    this.debounce.cancel();
    this.sessionSubscription?.dispose();
    this.disposables.forEach((d) => d.dispose());
  }

  private observe(session: Session | undefined): void {
    this.sessionSubscription?.dispose();
    this.sessionSubscription = undefined;
    this.debounce.cancel();
    this.watch = new LocationWatch();
    if (!session) return;
    const subscription = session.onDidChange((change) => {
      // Locations are recorded as seen even while off, so turning it on does not replay the past.
      const target = this.watch.next(session.state, change);
      if (target && isFollowing()) this.debounce.push({ target, session });
    });
    this.sessionSubscription = { dispose: () => subscription.dispose() };
  }

  private queueShow(pending: PendingFollow): void {
    this.showing = this.showing.then(() => this.show(pending)).catch((error: unknown) => {
      this.log(`Following ${pending.target.path} failed: ${describeError(error)}`);
    });
  }

  private async show({ target, session }: PendingFollow): Promise<void> {
    const skip = (skipped: 'off' | 'outsideRoots' | 'unreadable'): void => this.followedEmitter.fire({ target, skipped });
    if (!isFollowing()) return skip('off');
    const file = path.resolve(session.scope.cwd, target.path);
    const access = await checkPathAccess(file, session.scope.roots);
    if (!access.insideRoots) return skip('outsideRoots');
    let document: vscode.TextDocument;
    try {
      document = await vscode.workspace.openTextDocument(vscode.Uri.file(access.path));
    } catch {
      return skip('unreadable'); // Not there (yet), or not text: nothing to show.
    }
    const editor = await this.editorFor(document);
    const line = Math.min(Math.max(0, (target.line ?? 1) - 1), Math.max(0, document.lineCount - 1));
    this.highlight.flash(editor.editor, line);
    if (editor.scroll) editor.editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    this.followedEmitter.fire({ target, shown: { uri: document.uri, line } });
  }

  private async editorFor(document: vscode.TextDocument): Promise<{ editor: vscode.TextEditor; scroll: boolean }> {
    const active = vscode.window.activeTextEditor;
    const visible = vscode.window.visibleTextEditors.filter((e) => e.document === document);
    const shown = visible.find((e) => e.viewColumn === this.followColumn) ?? visible.find((e) => e !== active) ?? visible[0];
    const followColumnOpen = vscode.window.tabGroups.all.some((group) => group.viewColumn === this.followColumn);
    const placement = chooseFollowColumn({
      targetVisibleIn: shown?.viewColumn,
      activeColumn: active?.viewColumn,
      followColumn: followColumnOpen ? this.followColumn : undefined,
      userTypingInActive: this.clock.now() - this.lastKeyboardAt < TYPING_WINDOW_MS,
    });
    if (placement.kind === 'column' && shown && shown.viewColumn === placement.column) return { editor: shown, scroll: placement.scroll };
    const viewColumn =
      placement.kind === 'column' ? placement.column : placement.kind === 'beside' ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    const editor = await vscode.window.showTextDocument(document, { viewColumn, preserveFocus: true, preview: true });
    if (editor !== active) this.followColumn = editor.viewColumn;
    return { editor, scroll: placement.kind === 'column' ? placement.scroll : true };
  }
}
