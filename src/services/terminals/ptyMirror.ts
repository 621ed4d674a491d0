// A read-only VS Code pseudoterminal showing one command's output live. Writes are coalesced per frame and
// bounded (a flood shows its newest part, with a note of what was skipped). Typed keys are ignored except Ctrl+C,
// which kills the command; closing the terminal kills it too (the agent still gets the output and exit status).
import * as vscode from 'vscode';
import { FRAME_MS } from '../../shared/frameScheduler';
import { exitLine, skippedLine, toTerminalLineBreaks } from './ptyText';
import type { TerminalRecord } from './terminalBook';

/** The most output written to the terminal per frame (xterm.js slows down far below a flood's rate). */
const MAX_FRAME_BYTES = 32 * 1024;
const CTRL_C = '\x03';

export class PtyMirror implements vscode.Pseudoterminal, vscode.Disposable {
  private readonly writeEmitter = new vscode.EventEmitter<string>();
  private readonly closeEmitter = new vscode.EventEmitter<void>();
  private readonly nameEmitter = new vscode.EventEmitter<string>();
  readonly onDidWrite = this.writeEmitter.event;
  readonly onDidClose = this.closeEmitter.event;
  readonly onDidChangeName = this.nameEmitter.event;

  private opened = false;
  private closed = false;
  private end = 0;
  private exitShown = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly subscriptions: { dispose(): void }[];

  constructor(private readonly record: TerminalRecord) {
    const { process } = record;
    this.subscriptions = [process.onData(() => this.schedule()), process.onExit(() => this.schedule())];
  }

  open(): void {
    this.opened = true;
    this.flush();
  }

  /** The user closed the terminal. */
  close(): void {
    this.closed = true;
    if (this.record.process.running) this.record.process.kill().catch(() => undefined);
    this.stop();
  }

  handleInput(data: string): void {
    if (!data.includes(CTRL_C) || !this.record.process.running) return;
    this.writeEmitter.fire('^C');
    this.record.process.kill().catch(() => undefined);
  }

  rename(name: string): void {
    this.nameEmitter.fire(name);
  }

  dispose(): void {
    this.stop();
    if (!this.closed) this.closeEmitter.fire();
    this.writeEmitter.dispose();
    this.closeEmitter.dispose();
    this.nameEmitter.dispose();
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.subscriptions.forEach((s) => s.dispose());
    this.subscriptions.length = 0;
  }

  private schedule(): void {
    if (!this.opened || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, FRAME_MS);
  }

  private flush(): void {
    if (!this.opened || this.closed) return;
    const { process } = this.record;
    const read = process.output.readFrom(this.end, MAX_FRAME_BYTES);
    this.end = read.end;
    let text = read.skipped > 0 ? skippedLine(read.skipped) : '';
    text += toTerminalLineBreaks(read.text);
    const status = process.exitStatus;
    if (status && !this.exitShown) {
      // Output may still come from what the command left behind; the exit line goes after what is here now.
      this.exitShown = true;
      text += exitLine(status);
    }
    if (text) this.writeEmitter.fire(text);
    // More than an unfinished character is waiting: a flood, shown frame by frame.
    if (process.output.written - this.end > 3) this.schedule();
  }
}
