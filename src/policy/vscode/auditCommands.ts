// The permission log in VS Code: kept in the global state (so it outlives a reload), shown as a Markdown
// document, exported as JSON or Markdown to a file the user picks (or that a caller names).
import * as vscode from 'vscode';
import { AuditEntry, auditJson, AuditLog, auditMarkdown } from '../auditLog';

const STORAGE_KEY = 'acp.permissionAudit';

/** `mask` hides secrets in what is kept: a tool call's title can be a command line with a token in it. */
export function createAuditLog(context: vscode.ExtensionContext, mask: (text: string) => string = (text) => text): AuditLog {
  return new AuditLog({
    load: () => context.globalState.get<unknown>(STORAGE_KEY),
    save: (entries: readonly AuditEntry[]) => void context.globalState.update(STORAGE_KEY, entries.map((entry) => maskedEntry(entry, mask))),
  });
}

function maskedEntry(entry: AuditEntry, mask: (text: string) => string): AuditEntry {
  return {
    ...entry,
    toolCall: { ...entry.toolCall, title: mask(entry.toolCall.title) },
    ...(entry.subagent === undefined ? {} : { subagent: mask(entry.subagent) }),
    ...(entry.option ? { option: { ...entry.option, name: mask(entry.option.name) } } : {}),
  };
}

export async function showAuditLog(audit: AuditLog, mask: (text: string) => string = (text) => text): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: mask(auditMarkdown(audit.all())) });
  return vscode.window.showTextDocument(document, { preview: false });
}

/** Writes the log to `target` (JSON when it ends in .json, else Markdown); asks where when no target is given. */
export async function exportAuditLog(
  audit: AuditLog,
  target?: vscode.Uri,
  mask: (text: string) => string = (text) => text,
): Promise<vscode.Uri | undefined> {
  const where =
    target ??
    (await vscode.window.showSaveDialog({
      title: 'Export the ACP permission log',
      saveLabel: 'Export',
      defaultUri: vscode.workspace.workspaceFolders?.[0] ? vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, 'acp-permissions.md') : undefined,
      filters: { Markdown: ['md'], JSON: ['json'] },
    }));
  if (!where) return undefined;
  // Secrets are masked in the text as written (JSON string escapes included, see shared/text/secrets.ts).
  const text = mask(where.path.toLowerCase().endsWith('.json') ? auditJson(audit.all()) : auditMarkdown(audit.all()));
  await vscode.workspace.fs.writeFile(where, new TextEncoder().encode(text));
  return where;
}
