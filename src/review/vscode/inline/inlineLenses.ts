// Keep and Undo above each of the agent's hunks in an editor under inline review (CodeLenses), running the review's
// own acp.keepHunk and acp.undoHunk on that hunk; a third lens says where the change is and what it did.
import * as vscode from 'vscode';
import { lensesOf, type InlineLens } from '../../inline/inlinePresentation';
import type { InlineFile, InlineReview } from './inlineReview';

const COMMANDS = { keep: 'acp.keepHunk', undo: 'acp.undoHunk', none: '' } as const;

export interface ShownLens {
  line: number;
  title: string;
  command: vscode.Command;
}

export function lensCommands(inline: InlineReview, model: InlineFile): ShownLens[] {
  return lensesOf(model.hunks).map((lens: InlineLens) => {
    const hunk = model.hunks[lens.index];
    const command: vscode.Command = { title: lens.title, tooltip: lens.tooltip, command: COMMANDS[lens.action] };
    if (lens.action !== 'none') command.arguments = [inline.hunkNode(model, hunk)];
    return { line: lens.line, title: lens.title, command };
  });
}

export class InlineLenses implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly inline: InlineReview) {
    this.onDidChangeCodeLenses = inline.onDidUpdate;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const model = this.inline.fileOf(document);
    if (!model) return [];
    return lensCommands(this.inline, model).map((lens) => new vscode.CodeLens(new vscode.Range(lens.line, 0, lens.line, 0), lens.command));
  }
}
