// What the files service asks and tells the user: consent for files outside the roots (modal), and the
// notice that a write replaced changes the agent had not seen (with "Compare"). Swappable, so integration
// tests can answer (see FilesApi.useUserInterface).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ConsentAnswer, ConsentPrompt, ConsentRequest } from './consent';

export interface ConflictNotice {
  /** The file written. */
  path: string;
  /** The user's text just before the write (read-only, `acp-snapshot:`). */
  snapshot: vscode.Uri;
  /** The document, now holding the agent's text. */
  document: vscode.Uri;
}

export interface FilesUserInterface extends ConsentPrompt {
  /** Tells the user about a conflict; resolves true when they chose to compare. */
  conflict(notice: ConflictNotice): Promise<boolean>;
}

const ALLOW = 'Allow for this session';
const DENY = 'Deny';
const COMPARE = 'Compare';

async function ask(request: ConsentRequest): Promise<ConsentAnswer> {
  const verb = request.kind === 'read' ? 'read' : 'write to';
  const leads = request.realPath === request.path ? '' : ` (it leads to ${request.realPath})`;
  const answer = await vscode.window.showWarningMessage(
    `The agent wants to ${verb} ${request.path}${leads}, which is outside the workspace folders.`,
    {
      modal: true,
      detail:
        `"${ALLOW}" lets the agent of this session ${verb} files outside the workspace folders until the session ends. ` +
        'The setting acp.files.outsideRoots (ask, allow, deny) changes the default.',
    },
    ALLOW,
    DENY,
  );
  if (answer === ALLOW) return 'allow';
  return answer === DENY ? 'deny' : undefined;
}

async function conflict(notice: ConflictNotice): Promise<boolean> {
  const answer = await vscode.window.showWarningMessage(
    `The agent wrote ${path.basename(notice.path)} over changes it had not seen. Your text from just before is kept: compare to bring it back.`,
    COMPARE,
  );
  return answer === COMPARE;
}

export const vscodeFilesUserInterface: FilesUserInterface = { ask, conflict };

/** Opens VS Code's diff editor: the user's text before the write on the left, the file on the right. */
export async function openConflictCompare(notice: ConflictNotice): Promise<void> {
  const name = path.basename(notice.path);
  await vscode.commands.executeCommand('vscode.diff', notice.snapshot, notice.document, `${name}: your text ↔ agent's write`);
}
