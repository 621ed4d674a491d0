// The files settings. acp.files.outsideRoots is read from user settings only (inspect().globalValue): a
// workspace must not be able to loosen it. acp.files.saveAfterWrite may differ per folder.
import * as vscode from 'vscode';
import { OutsideRootsPolicy, outsideRootsPolicyOf } from './consent';
import { SaveAfterWrite, saveAfterWriteOf } from './savePolicy';

export const OUTSIDE_ROOTS_SETTING = 'acp.files.outsideRoots';
export const SAVE_AFTER_WRITE_SETTING = 'acp.files.saveAfterWrite';

export function readOutsideRootsPolicy(): OutsideRootsPolicy {
  const inspected = vscode.workspace.getConfiguration('acp.files').inspect<unknown>('outsideRoots');
  return outsideRootsPolicyOf(inspected?.globalValue ?? 'ask');
}

export function readSaveAfterWrite(file: vscode.Uri): SaveAfterWrite {
  return saveAfterWriteOf(vscode.workspace.getConfiguration('acp.files', file).get<unknown>('saveAfterWrite'));
}
