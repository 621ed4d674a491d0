// What the chat's links and buttons ask the host to open: web links (through VS Code, with its link protection),
// files at a line (workspace-relative paths resolved against the workspace folders), and text to copy. The
// webview's requests were validated by parseWebviewMessage; the link is classified again here.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { classifyLink } from '../shared/text/links';
import { describeError } from '../shared/text/errors';

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** An absolute path as it is; a relative one against the first workspace folder that has it (else the first). */
export async function resolveChatPath(filePath: string, roots: readonly string[]): Promise<vscode.Uri> {
  if (path.isAbsolute(filePath) || roots.length === 0) return vscode.Uri.file(path.resolve(filePath));
  for (const root of roots) {
    const candidate = vscode.Uri.file(path.resolve(root, filePath));
    if (await exists(candidate)) return candidate;
  }
  return vscode.Uri.file(path.resolve(roots[0], filePath));
}

/** Opens a file in an editor, with the (1-based) line revealed and selected when given. */
export async function openLocation(filePath: string, line: number | undefined, roots: readonly string[]): Promise<void> {
  const uri = await resolveChatPath(filePath, roots);
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(uri);
  } catch (error) {
    void vscode.window.showWarningMessage(`Cannot open ${filePath}: ${describeError(error)}`);
    return;
  }
  const options: vscode.TextDocumentShowOptions = { preview: true };
  if (line !== undefined && line > 0) {
    const at = Math.min(line - 1, Math.max(0, document.lineCount - 1));
    options.selection = new vscode.Range(at, 0, at, 0);
  }
  const editor = await vscode.window.showTextDocument(document, options);
  if (options.selection) editor.revealRange(options.selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

export async function openLink(href: string, roots: readonly string[]): Promise<void> {
  const target = classifyLink(href);
  if (!target) return;
  if (target.kind === 'external') {
    await vscode.env.openExternal(vscode.Uri.parse(target.uri, true));
    return;
  }
  await openLocation(target.path, target.line, roots);
}

export async function copyText(text: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
}
