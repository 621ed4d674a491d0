// Plugs inline review into the editor: the decorations and status bar (InlineReview), the CodeLenses and the
// commands; and a read-only view of it for the integration tests.
import * as vscode from 'vscode';
import type { ReviewDiffs } from '../../reviewDiff';
import type { ReviewActions } from '../reviewActions';
import type { ReviewService } from '../reviewService';
import type { InlineHunkState } from '../../inline/inlineHunks';
import type { InlineDecorations } from '../../inline/inlinePresentation';
import { InlineCommands } from './inlineCommands';
import { InlineLenses, lensCommands, type ShownLens } from './inlineLenses';
import { InlineReview } from './inlineReview';
import { describeError } from '../../../shared/text/errors';

/** What an editor shows of a file under inline review (0-based lines). */
export interface InlineState {
  hunks: { index: number; state: InlineHunkState; from: number; to: number }[];
  /** Undefined when no visible editor shows the document. */
  decorations: InlineDecorations | undefined;
  lenses: ShownLens[];
}

export interface InlineReviewApi {
  /** The inline review of an open document; undefined when it has no change under review. */
  stateOf(uri: vscode.Uri): InlineState | undefined;
  /** Fires after editors, lenses and the status bar were updated. */
  readonly onDidUpdate: vscode.Event<void>;
  /** Opens a file at its first change under review (what "Review inline" in the chat does); false when none. */
  open(file: string): Promise<boolean>;
}

export function registerInlineReview(
  service: ReviewService,
  diffs: ReviewDiffs,
  actions: ReviewActions,
  report: (message: string) => void,
): { api: InlineReviewApi; disposables: vscode.Disposable[] } {
  const inline = new InlineReview(service, diffs);
  const commands = new InlineCommands(inline, actions);
  const run = (action: () => unknown) => async (): Promise<void> => {
    try {
      await action();
    } catch (error) {
      report(describeError(error));
    }
  };
  const disposables: vscode.Disposable[] = [
    inline,
    vscode.languages.registerCodeLensProvider({ scheme: 'file' }, new InlineLenses(inline)),
    vscode.commands.registerCommand('acp.review.nextHunk', run(() => commands.stepHunk(1))),
    vscode.commands.registerCommand('acp.review.previousHunk', run(() => commands.stepHunk(-1))),
    vscode.commands.registerCommand('acp.review.nextFile', run(() => commands.stepFile(1))),
    vscode.commands.registerCommand('acp.review.previousFile', run(() => commands.stepFile(-1))),
    vscode.commands.registerCommand('acp.review.keepHunkAtCursor', run(() => commands.atCursor('keep'))),
    vscode.commands.registerCommand('acp.review.undoHunkAtCursor', run(() => commands.atCursor('undo'))),
    vscode.commands.registerCommand('acp.review.keepFile', run(() => commands.keepFile())),
    vscode.commands.registerCommand('acp.review.undoFile', run(() => commands.undoFile())),
    vscode.commands.registerCommand('acp.review.openInline', (file?: unknown) =>
      run(async () => {
        if (typeof file !== 'string') throw new Error('Review Inline needs a file.');
        await commands.open(file);
      })(),
    ),
  ];
  const api: InlineReviewApi = {
    onDidUpdate: inline.onDidUpdate,
    open: (file) => commands.open(file),
    stateOf(uri) {
      const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri.toString());
      const model = document && inline.fileOf(document);
      if (!model) return undefined;
      return {
        hunks: model.hunks.map(({ index, state, from, to }) => ({ index, state, from, to })),
        decorations: inline.shownIn(uri),
        lenses: lensCommands(inline, model),
      };
    },
  };
  return { api, disposables };
}
