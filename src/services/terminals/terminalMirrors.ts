// One VS Code terminal per agent command, in the terminal list, named after the tool call that shows it (opened when
// a tool call first refers to the command's terminal; a command no tool call shows gets its terminal, named after the
// command, when the agent releases it: until then a tool call may still show it, even after a quick command ended,
// as agents send the tool call update before they release). Revealed when the
// `acp.terminals.reveal` setting says so (by default it is not: the chat card shows the output). Finished terminals
// stay for the user to look at, at most MAX_FINISHED of them (the oldest are closed first).
import * as vscode from 'vscode';
import { PtyMirror } from './ptyMirror';
import { terminalName } from './ptyText';
import type { TerminalChange, TerminalOutputSource, TerminalRecord } from './terminalBook';

const MAX_FINISHED = 10;

export type RevealSetting = 'never' | 'always';

export function readRevealSetting(): RevealSetting {
  const value = vscode.workspace.getConfiguration('acp').get<string>('terminals.reveal', 'never');
  return value === 'always' ? 'always' : 'never';
}

interface Mirrored {
  terminal: vscode.Terminal;
  mirror: PtyMirror;
}

export class TerminalMirrors implements vscode.Disposable {
  private readonly mirrored = new Map<TerminalRecord, Mirrored>();
  /** Finished (released and exited) records, oldest first. */
  private readonly finished = new Set<TerminalRecord>();
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Records whose terminal was open and got closed (by the user or to keep the list short): never reopened. */
  private readonly closedRecords = new WeakSet<TerminalRecord>();

  constructor(source: TerminalOutputSource) {
    this.subscriptions.push(source.onDidChange((change) => this.changed(change)));
    this.subscriptions.push(vscode.window.onDidCloseTerminal((terminal) => this.closedByUser(terminal)));
  }

  /** Opens the terminal for `record` (once), named `title` (the tool call's) or else after the command. */
  open(record: TerminalRecord, title?: string): void {
    if (this.mirrored.has(record) || this.closedRecords.has(record)) return;
    const mirror = new PtyMirror(record);
    const terminal = vscode.window.createTerminal({
      name: terminalName(title && title.trim() !== '' ? title : record.label),
      pty: mirror,
      iconPath: new vscode.ThemeIcon('terminal'),
      isTransient: true,
    });
    this.mirrored.set(record, { terminal, mirror });
    if (readRevealSetting() === 'always') terminal.show(true);
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    for (const record of [...this.mirrored.keys()]) this.close(record);
  }

  private changed({ kind, record }: TerminalChange): void {
    if (kind === 'forgotten') {
      this.close(record);
      return;
    }
    if (kind === 'released' && !this.mirrored.has(record)) this.open(record);
    if ((kind === 'released' || kind === 'exited') && record.released && !record.process.running && this.mirrored.has(record)) {
      this.finished.add(record);
      for (const oldest of this.finished) {
        if (this.finished.size <= MAX_FINISHED) break;
        this.close(oldest);
      }
    }
  }

  private closedByUser(terminal: vscode.Terminal): void {
    for (const [record, mirrored] of this.mirrored) {
      if (mirrored.terminal !== terminal) continue;
      this.mirrored.delete(record);
      this.finished.delete(record);
      this.closedRecords.add(record);
      mirrored.mirror.dispose();
      return;
    }
  }

  private close(record: TerminalRecord): void {
    const mirrored = this.mirrored.get(record);
    this.finished.delete(record);
    if (!mirrored) return;
    this.closedRecords.add(record);
    this.mirrored.delete(record);
    mirrored.mirror.dispose();
    mirrored.terminal.dispose();
  }
}
