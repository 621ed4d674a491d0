// A command whose output and exit the test drives by hand (a real TerminalOutput; no process), for live-view tests.
import { Emitter } from 'vscode-jsonrpc/node';
import type { TerminalCommand } from '../../../../src/services/terminals/terminalBook';
import { TerminalOutput } from '../../../../src/services/terminals/terminalOutput';
import type { ExitStatus } from '../../../../src/services/terminals/terminalProcess';

export class ScriptedCommand implements TerminalCommand {
  readonly output: TerminalOutput;
  exitStatus: ExitStatus | undefined;
  private readonly dataEmitter = new Emitter<void>();
  private readonly exitEmitter = new Emitter<ExitStatus>();
  readonly onData = this.dataEmitter.event;
  readonly onExit = this.exitEmitter.event;
  private resolveExit!: (status: ExitStatus) => void;
  private readonly exited = new Promise<ExitStatus>((resolve) => (this.resolveExit = resolve));

  constructor(limit = 1024, retain = 64 * 1024) {
    this.output = new TerminalOutput(limit, retain);
  }

  get running(): boolean {
    return this.exitStatus === undefined;
  }

  print(text: string | Buffer): void {
    this.output.write(typeof text === 'string' ? Buffer.from(text) : text);
    this.dataEmitter.fire();
  }

  exit(status: ExitStatus): void {
    this.output.finish();
    this.exitStatus = status;
    this.resolveExit(status);
    this.exitEmitter.fire(status);
  }

  waitForExit(): Promise<ExitStatus> {
    return this.exited;
  }

  kill(): Promise<ExitStatus> {
    if (this.running) this.exit({ exitCode: null, signal: 'SIGTERM' });
    return this.exited;
  }
}
