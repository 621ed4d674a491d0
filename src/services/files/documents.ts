// Open text documents: finding the one for a path, and reading it (whole, or a window of lines through
// ranges, so a read of 50 lines of a huge document does not copy the whole text).
import * as vscode from 'vscode';
import type { Eol } from './eol';
import { toLf } from './eol';
import { lineWindow } from './lineSlice';
import { caseKey } from './pathKeys';

/** The open (not closed) document of a file on disk, if any. */
export function findOpenDocument(file: string): vscode.TextDocument | undefined {
  const key = caseKey(file);
  return vscode.workspace.textDocuments.find((document) => !document.isClosed && document.uri.scheme === 'file' && caseKey(document.uri.fsPath) === key);
}

export function documentEol(document: vscode.TextDocument): Eol {
  return document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
}

export interface DocumentRead {
  /** "\n" line endings. */
  text: string;
  /** True when `text` is the whole document. */
  whole: boolean;
}

export function readDocument(document: vscode.TextDocument, line: number | undefined, limit: number | undefined): DocumentRead {
  const crlf = documentEol(document) === '\r\n';
  if (line === undefined && limit === undefined) {
    const text = document.getText();
    return { text: crlf ? toLf(text) : text, whole: true };
  }
  const window = lineWindow(document.lineCount, line, limit);
  if (!window) return { text: '', whole: false };
  const last = document.lineCount - 1;
  const end = window.endLine > last ? document.lineAt(last).range.end : new vscode.Position(window.endLine, 0);
  const text = document.getText(new vscode.Range(new vscode.Position(window.startLine, 0), end));
  return { text: crlf ? toLf(text) : text, whole: window.startLine === 0 && window.endLine > last };
}
