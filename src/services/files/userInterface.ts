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

const ALLOW_ONCE = 'Allow once';
const DENY = 'Deny';
const COMPARE = 'Compare';

/** The button that grants the folder for the session: "Allow reads in /home/me/notes for this session". */
function sessionGrantButton(request: ConsentRequest): string {
  return `Allow ${request.kind === 'read' ? 'reads' : 'writes'} in ${request.folder} for this session`;
}

async function ask(request: ConsentRequest): Promise<ConsentAnswer> {
  const verb = request.kind === 'read' ? 'read' : 'write to';
  const leads = request.realPath === request.path ? '' : ` (it leads to ${request.realPath})`;
  const secret = request.secret;
  const allow = secret ? ALLOW_ONCE : sessionGrantButton(request);
  const answer = await vscode.window.showWarningMessage(
    secret
      ? `The agent wants to ${verb} ${request.path}${leads}, where ${secret.what} are kept (${secret.place}).`
      : `The agent wants to ${verb} ${request.path}${leads}, which is outside the folders of this session.`,
    {
      modal: true,
      detail: secret
        ? `Places where secrets are kept are asked about every time, whatever you allowed before in this session. "${ALLOW_ONCE}" lets the agent ${verb} this file now, once.`
        : `"${allow}" lets the agent of this session ${verb} files in ${request.folder} and the folders below it until the session ends; ` +
          'places where secrets are kept (such as ~/.ssh or .env files) are still asked about every time. ' +
          'The setting acp.files.outsideRoots (ask, allow, deny) changes the default for files outside the folders of a session.',
    },
    allow,
    DENY,
  );
  if (answer === allow) return 'allow';
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
