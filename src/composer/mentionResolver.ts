// Turns the composer's mentions into ResolvedMentions: the file's (or the lines') current text, from the open
// document when there is one (so unsaved edits count), else from disk. Text is read only when it will be sent
// (embedded context, or the lines of a selection), only for files in the roots of the session the prompt goes to or
// open in an editor (the user's own choice), only up to a size, and never for binary files.
import * as vscode from 'vscode';
import type { PromptCapabilities } from '../shared/acp';
import type { LineRange, MentionRef } from '../shared/protocol/composerProtocol';
import type { ResolvedMention } from '../session/promptContent';
import { checkPathAccess } from '../services/files/pathAccess';

/** Bigger files go as links. */
export const MAX_EMBEDDED_BYTES = 512 * 1024;

function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === key);
}

function linesOf(text: string, range: LineRange | undefined): string {
  if (!range) return text;
  const lines = text.split(/\r?\n/);
  return lines.slice(range.start - 1, range.end).join('\n');
}

async function readText(uri: vscode.Uri, range: LineRange | undefined, roots: readonly string[]): Promise<string | undefined> {
  const document = openDocument(uri);
  if (document) {
    if (!range) return document.getText().length > MAX_EMBEDDED_BYTES ? undefined : document.getText();
    const last = Math.min(range.end, document.lineCount) - 1;
    if (range.start - 1 > last) return '';
    return document.getText(new vscode.Range(range.start - 1, 0, last, document.lineAt(last).text.length));
  }
  try {
    if (!(await checkPathAccess(uri.fsPath, roots)).insideRoots) return undefined;
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type !== vscode.FileType.File || (!range && stat.size > MAX_EMBEDDED_BYTES)) return undefined;
    const bytes = await vscode.workspace.fs.readFile(uri);
    if (bytes.includes(0)) return undefined;
    const text = new TextDecoder('utf-8').decode(bytes);
    const chosen = linesOf(text, range);
    return chosen.length > MAX_EMBEDDED_BYTES ? undefined : chosen;
  } catch {
    return undefined;
  }
}

/** The mentions of a prompt to a session with these roots. */
export async function resolveMentions(mentions: readonly MentionRef[], caps: PromptCapabilities, roots: readonly string[]): Promise<ResolvedMention[]> {
  return Promise.all(
    mentions.map(async (mention): Promise<ResolvedMention> => {
      const uri = vscode.Uri.parse(mention.uri, true);
      const resolved: ResolvedMention = { uri: uri.toString(), label: mention.label };
      if (mention.range) resolved.range = mention.range;
      if (uri.scheme !== 'file' || (!caps.embeddedContext && !mention.range)) return resolved;
      const text = await readText(uri, mention.range, roots);
      if (text !== undefined) resolved.text = text;
      return resolved;
    }),
  );
}
