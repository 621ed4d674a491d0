// The brief highlight on a followed line: a whole-line background in the contributed theme colour
// `acp.followHighlightBackground` (by default the editor's find-match highlight), gone after FOLLOW_HIGHLIGHT_MS.
import * as vscode from 'vscode';
import { Clock, realClock } from './latestOnly';

export const FOLLOW_HIGHLIGHT_MS = 1500;
export const FOLLOW_HIGHLIGHT_COLOR = 'acp.followHighlightBackground';

export interface HighlightedLine {
  uri: vscode.Uri;
  /** 0-based. */
  line: number;
}

export class FollowHighlight implements vscode.Disposable {
  private readonly decoration = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor(FOLLOW_HIGHLIGHT_COLOR),
    overviewRulerColor: new vscode.ThemeColor(FOLLOW_HIGHLIGHT_COLOR),
    overviewRulerLane: vscode.OverviewRulerLane.Center,
    isWholeLine: true,
  });
  private current: { editor: vscode.TextEditor; line: number; cancel: () => void } | undefined;

  constructor(private readonly clock: Clock = realClock) {}

  /** The line highlighted now, if any. */
  get highlighted(): HighlightedLine | undefined {
    return this.current && { uri: this.current.editor.document.uri, line: this.current.line };
  }

  flash(editor: vscode.TextEditor, line: number): void {
    this.clear();
    editor.setDecorations(this.decoration, [new vscode.Range(line, 0, line, 0)]);
    this.current = { editor, line, cancel: this.clock.schedule(() => this.clear(), FOLLOW_HIGHLIGHT_MS) };
  }

  clear(): void {
    if (!this.current) return;
    this.current.cancel();
    this.current.editor.setDecorations(this.decoration, []);
    this.current = undefined;
  }

  dispose(): void {
    this.clear();
    this.decoration.dispose();
  }
}
