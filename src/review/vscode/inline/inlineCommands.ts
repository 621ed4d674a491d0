// The keyboard side of inline review: step to the next or previous change in the file and to the next or previous
// file under review, Keep or Undo the change at the cursor (then on to the next one), Keep All or Undo All for the
// file, and open a file at its first change (the chat card's "Review inline").
import * as vscode from 'vscode';
import { caseKey } from '../../../services/files/pathKeys';
import { hunkAtLine, stepFile, stepHunk } from '../../inline/inlineHunks';
import type { ReviewActions } from '../reviewActions';
import type { InlineReview } from './inlineReview';

function moveTo(editor: vscode.TextEditor, line: number): void {
  const at = new vscode.Position(line, 0);
  editor.selection = new vscode.Selection(at, at);
  editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

export class InlineCommands {
  constructor(
    private readonly inline: InlineReview,
    private readonly actions: ReviewActions,
  ) {}

  /** Opens the file and puts the cursor on its first change under review; false when it has none. */
  async open(file: string): Promise<boolean> {
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: false });
    const model = this.inline.fileOf(editor.document);
    const first = model && stepHunk(model.hunks, -1, 1);
    if (first) moveTo(editor, first.anchor);
    return first !== undefined;
  }

  async stepHunk(direction: 1 | -1): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const model = editor && this.inline.fileOf(editor.document);
    const target = model && stepHunk(model.hunks, editor.selection.active.line, direction);
    if (!editor || !target) return this.stepFile(direction);
    moveTo(editor, target.anchor);
  }

  async stepFile(direction: 1 | -1): Promise<void> {
    const files = this.inline.reviewFiles();
    const active = vscode.window.activeTextEditor?.document.uri;
    const current = active?.scheme === 'file' ? files.find((file) => caseKey(file) === caseKey(active.fsPath)) : undefined;
    const target = stepFile(files, current, direction);
    if (!target) throw new Error('The agent has no changes left to review in this session.');
    if (!(await this.open(target))) throw new Error(`The changes to ${vscode.workspace.asRelativePath(target)} cannot be shown one by one (its earlier text was not recorded, or it is too large): review it in Agent Changes.`);
  }

  /** Keep or Undo the change at the cursor, then go on to the next one in the file. */
  async atCursor(action: 'keep' | 'undo'): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const model = editor && this.inline.fileOf(editor.document);
    const line = editor?.selection.active.line ?? 0;
    const hunk = model && hunkAtLine(model.hunks, line);
    if (!editor || !model || !hunk) throw new Error('There is no change of the agent at the cursor: go to one with ACP: Next Change.');
    const node = this.inline.hunkNode(model, hunk);
    if (action === 'keep') this.actions.keepHunk(node);
    else await this.actions.undoHunk(node);
    const after = this.inline.fileOf(editor.document);
    const next = after && (hunkAtLine(after.hunks, line) ?? stepHunk(after.hunks, line, 1));
    if (next) moveTo(editor, next.anchor);
  }

  keepFile(): void {
    this.actions.keep(vscode.window.activeTextEditor?.document.uri);
  }

  undoFile(): Promise<void> {
    return this.actions.undo(vscode.window.activeTextEditor?.document.uri);
  }
}
