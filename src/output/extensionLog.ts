// The extension's own log, where users can read it: one log output channel named "ACP" (Output view, and the
// window's log folder), with secrets masked. Each part gets a `log(line)` function that names the part.
import * as vscode from 'vscode';

export const EXTENSION_LOG_NAME = 'ACP';

export type LogLevel = 'trace' | 'info' | 'warn' | 'error';

/** One line to the log. */
export type LogLine = (line: string) => void;

export interface ExtensionLog extends vscode.Disposable {
  /** The log function of a part ("history", "files"...; none for the extension itself), at `level`. */
  of(part?: string, level?: LogLevel): LogLine;
}

export function createExtensionLog(mask: (text: string) => string): ExtensionLog {
  const channel = vscode.window.createOutputChannel(EXTENSION_LOG_NAME, { log: true });
  return {
    of: (part, level = 'info') => {
      const prefix = part ? `[${part}] ` : '';
      return (line) => channel[level](mask(`${prefix}${line}`));
    },
    dispose: () => channel.dispose(),
  };
}
