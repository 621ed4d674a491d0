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
  private readonly clearedEmitter = new vscode.EventEmitter<HighlightedLine>();
  /** A highlight went away (its time was up, or another replaced it). */
  readonly onDidClear: vscode.Event<HighlightedLine> = this.clearedEmitter.event;

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
    const current = this.current;
    if (!current) return;
    current.cancel();
    current.editor.setDecorations(this.decoration, []);
    this.current = undefined;
    this.clearedEmitter.fire({ uri: current.editor.document.uri, line: current.line });
  }

  dispose(): void {
    this.clear();
    this.decoration.dispose();
    this.clearedEmitter.dispose();
  }
}
