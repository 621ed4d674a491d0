// Waiting for VS Code terminals in integration tests.
import * as vscode from 'vscode';

/** Resolves with the first VS Code terminal (open already, or opened later) that satisfies the predicate. */
export function untilTerminal(predicate: (terminal: vscode.Terminal) => boolean): Promise<vscode.Terminal> {
  const open = vscode.window.terminals.find(predicate);
  if (open) return Promise.resolve(open);
  return new Promise((resolve) => {
    const subscription = vscode.window.onDidOpenTerminal((terminal) => {
      if (!predicate(terminal)) return;
      subscription.dispose();
      resolve(terminal);
    });
  });
}
