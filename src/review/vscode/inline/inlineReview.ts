// Inline review in the editor: every visible editor of a file the agent changed in the current session (and nobody
// kept or undid yet) shows the agent's hunks where they are now, after the user's own edits: added lines
// highlighted, the changed characters of rewritten lines, the removed text as a note, marks in the overview ruler.
// The active editor's review sets the `acp.review.inlinePending` context key (keybindings, editor title actions)
// and a status bar item. The hunks come from the review's diff (ReviewDiffs), placed by inline/inlineHunks.ts.
import * as vscode from 'vscode';
import { caseKey } from '../../../services/files/pathKeys';
import { HunkMismatchError, type DiffHunk } from '../../../shared/diff';
import type { PendingFile } from '../../changeLedger';
import { inlineHunks, type InlineHunk } from '../../inline/inlineHunks';
import { decorationsOf, statusTextOf, type InlineDecorations } from '../../inline/inlinePresentation';
import type { ReviewDiffs } from '../../reviewDiff';
import type { HunkNode } from '../changesTree';
import type { ReviewService } from '../reviewService';

export const INLINE_PENDING_CONTEXT = 'acp.review.inlinePending';

/** A file under inline review as one document shows it now. */
export interface InlineFile {
  file: PendingFile;
  hunks: InlineHunk[];
}

interface Cached {
  version: number;
  current: string;
  hunks: readonly DiffHunk[];
  model: InlineFile;
}

const STATUS_COMMANDS = ['acp.review.previousHunk', 'acp.review.nextHunk', 'acp.review.previousFile', 'acp.review.nextFile', 'acp.review.keepFile', 'acp.review.undoFile'];

function decorationTypes() {
  const removedNote: vscode.ThemableDecorationAttachmentRenderOptions = {
    margin: '0 0 0 2em',
    backgroundColor: new vscode.ThemeColor('diffEditor.removedTextBackground'),
    fontStyle: 'italic',
  };
  return {
    added: vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
    }),
    changedText: vscode.window.createTextEditorDecorationType({ backgroundColor: new vscode.ThemeColor('diffEditor.insertedTextBackground') }),
    removedInline: vscode.window.createTextEditorDecorationType({ after: removedNote }),
    /** A line just below removed lines: a bar across its top marks where they were. */
    removedAbove: vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      borderStyle: 'solid',
      borderWidth: '2px 0 0 0',
      borderColor: new vscode.ThemeColor('editorGutter.deletedBackground'),
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
      after: removedNote,
    }),
  };
}

function removedHover(lines: readonly string[], languageId: string): vscode.MarkdownString {
  const hover = new vscode.MarkdownString(`**Removed by the agent** (${lines.length} line${lines.length === 1 ? '' : 's'}):`);
  hover.appendCodeblock(lines.join('\n'), languageId);
  return hover;
}

export class InlineReview implements vscode.Disposable {
  private readonly cache = new Map<string, Cached>();
  /** What each document's editors were last given, by document URI (tests read it). */
  private readonly shown = new Map<string, InlineDecorations>();
  private readonly types = decorationTypes();
  private readonly status = vscode.window.createStatusBarItem('acp.review.inline', vscode.StatusBarAlignment.Left, 50);
  private pendingContext = false;
  private readonly updateEmitter = new vscode.EventEmitter<void>();
  /** Fires after the editors, the status bar and the context key were updated (CodeLenses ask again). */
  readonly onDidUpdate = this.updateEmitter.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly review: ReviewService,
    private readonly diffs: ReviewDiffs,
  ) {
    this.status.name = 'ACP Agent Changes';
    this.status.command = 'acp.review.nextHunk';
    this.subscriptions = [
      review.onDidChange(() => this.refresh()),
      diffs.onDidComputeLater(() => this.refresh()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.refresh()),
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (event.textEditor === vscode.window.activeTextEditor) this.updateStatus();
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (this.cache.has(event.document.uri.toString()) || this.review.ledger?.get(event.document.uri.fsPath)) this.refresh();
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.cache.delete(document.uri.toString())),
    ];
    this.refresh();
  }

  /** The document's file under review, with its hunks placed in the document as it is now; undefined when none. */
  fileOf(document: vscode.TextDocument): InlineFile | undefined {
    const key = document.uri.toString();
    const file = document.uri.scheme === 'file' ? this.review.ledger?.get(document.uri.fsPath) : undefined;
    const diff = file && typeof file.current === 'string' ? this.diffs.get(file.path, file.baseline, file.current) : undefined;
    if (!file || typeof file.current !== 'string' || !diff?.hunks || diff.hunks.length === 0) {
      this.cache.delete(key);
      return undefined;
    }
    const cached = this.cache.get(key);
    if (cached && cached.version === document.version && cached.current === file.current && cached.hunks === diff.hunks) return cached.model;
    let hunks: InlineHunk[];
    try {
      hunks = inlineHunks(file.current, document.getText(), diff.hunks, document.lineCount);
    } catch (error) {
      // The review's diff is of an earlier text of the agent's: the next ledger change brings the right one.
      if (error instanceof HunkMismatchError) return undefined;
      throw error;
    }
    const model: InlineFile = { file, hunks };
    this.cache.set(key, { version: document.version, current: file.current, hunks: diff.hunks, model });
    return model;
  }

  /** A hunk as the review's Keep and Undo take it (the session's review, against the baseline). */
  hunkNode(model: InlineFile, hunk: InlineHunk): HunkNode {
    return { type: 'hunk', parent: { type: 'file', file: model.file, before: model.file.baseline, scope: 'session' }, hunk: hunk.hunk };
  }

  /** Files of the current session with changes to review that are still there, by path. */
  reviewFiles(): string[] {
    const files = (this.review.ledger?.pending() ?? []).filter((file) => file.current !== null).map((file) => file.path);
    return files.sort((a, b) => a.localeCompare(b));
  }

  /** What the document's editors show (tests): undefined when nothing. */
  shownIn(uri: vscode.Uri): InlineDecorations | undefined {
    return this.shown.get(uri.toString());
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => subscription.dispose());
    Object.values(this.types).forEach((type) => type.dispose());
    this.status.dispose();
    this.updateEmitter.dispose();
  }

  private refresh(): void {
    const seen = new Set<string>();
    for (const editor of vscode.window.visibleTextEditors) {
      const key = editor.document.uri.toString();
      seen.add(key);
      this.decorate(editor, this.fileOf(editor.document));
    }
    for (const key of [...this.shown.keys()]) if (!seen.has(key)) this.shown.delete(key);
    this.updateStatus();
    this.updateEmitter.fire();
  }

  private decorate(editor: vscode.TextEditor, model: InlineFile | undefined): void {
    const { document } = editor;
    const shown = model ? decorationsOf(model.hunks, document.lineCount) : { addedLines: [], changedText: [], removed: [] };
    const lineEnd = (line: number): vscode.Range => {
      const end = document.lineAt(line).range.end;
      return new vscode.Range(end, end);
    };
    const note = (line: number, text: string, full: readonly string[]): vscode.DecorationOptions => ({
      range: lineEnd(line),
      hoverMessage: removedHover(full, document.languageId),
      renderOptions: { after: { contentText: text } },
    });
    editor.setDecorations(this.types.added, shown.addedLines.map((line) => document.lineAt(line).range));
    editor.setDecorations(this.types.changedText, shown.changedText.map((span) => new vscode.Range(span.line, span.start, span.line, span.end)));
    editor.setDecorations(this.types.removedInline, shown.removed.filter((r) => r.edge === 'inline').map((r) => note(r.line, r.text, r.full)));
    editor.setDecorations(this.types.removedAbove, shown.removed.filter((r) => r.edge === 'above').map((r) => note(r.line, r.text, r.full)));
    if (model) this.shown.set(document.uri.toString(), shown);
    else this.shown.delete(document.uri.toString());
  }

  private updateStatus(): void {
    const editor = vscode.window.activeTextEditor;
    const model = editor && this.fileOf(editor.document);
    const files = this.reviewFiles().map(caseKey);
    const index = editor ? files.indexOf(caseKey(editor.document.uri.fsPath)) : -1;
    const text = model && editor ? statusTextOf(model.hunks, editor.selection.active.line, { index: Math.max(0, index), count: files.length }) : undefined;
    const pending = text !== undefined;
    if (pending !== this.pendingContext) {
      this.pendingContext = pending;
      void vscode.commands.executeCommand('setContext', INLINE_PENDING_CONTEXT, pending);
    }
    if (!text) return this.status.hide();
    this.status.text = text.text;
    this.status.accessibilityInformation = { label: text.label, role: 'button' };
    const tooltip = new vscode.MarkdownString(
      `${text.label.replace(/ Select.*$/, '')}\n\n` +
        '[$(arrow-up) Previous](command:acp.review.previousHunk) · [$(arrow-down) Next](command:acp.review.nextHunk) · ' +
        '[Previous File](command:acp.review.previousFile) · [Next File](command:acp.review.nextFile)\n\n' +
        '[$(check-all) Keep All in File](command:acp.review.keepFile) · [$(discard) Undo All in File](command:acp.review.undoFile)',
      true,
    );
    tooltip.isTrusted = { enabledCommands: STATUS_COMMANDS };
    this.status.tooltip = tooltip;
    this.status.show();
  }
}
