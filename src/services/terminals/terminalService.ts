// The terminal/* feature: create (answers at once), output, wait_for_exit, kill, release, served by a part per session
// (terminalsPart.ts). No `vscode` here: the VS Code terminal that mirrors each command follows the terminal book's changes.
//
// Ids are `term-<n>`, numbered per session; a request names a terminal of its own session only.
// Release kills the command (and what it left behind), settles pending waits with the exit status, and invalidates
// the id (-32002 afterwards); a second release answers success. A session's end releases all its terminals.
// A session holds at most `maxPerSession` live (not released) terminals: past it, terminal/create fails with an
// error that says so (shown in the chat too). A terminal/create the agent cancelled before it was answered starts
// nothing (or is released at once) and answers -32800, so no command runs that the agent does not know about.
import type { GroupGuard } from '../../acp/processWatchdog';
import type { ClientFeature, ClientServiceMethod, SessionScope } from '../../acp/clientRequests';
import type { HostEnvironment } from './launch';
import { TerminalBook } from './terminalBook';
import { TerminalLimits, TerminalsPart, TerminalsShared } from './terminalsPart';

export type { TerminalLimits, TerminalOutputResponse } from './terminalsPart';

export const DEFAULT_TERMINAL_LIMITS: TerminalLimits = {
  defaultOutputByteLimit: 1024 * 1024,
  maxOutputByteLimit: 64 * 1024 * 1024,
  displayBytes: 64 * 1024,
};

/** Live (not released) terminals one session may hold unless the setting says otherwise. */
export const DEFAULT_MAX_TERMINALS_PER_SESSION = 16;

export interface TerminalServiceOptions {
  host?: HostEnvironment;
  limits?: Partial<TerminalLimits>;
  /** Asked at each terminal/create (a setting may change); default DEFAULT_MAX_TERMINALS_PER_SESSION. */
  maxPerSession?: () => number;
  /** Ends the commands' process groups should the host die first (the host's watchdog). */
  guard?: GroupGuard;
}

const TERMINAL_METHODS: readonly ClientServiceMethod[] = ['terminal/create', 'terminal/output', 'terminal/wait_for_exit', 'terminal/kill', 'terminal/release'];

export class TerminalService implements ClientFeature {
  readonly methods = TERMINAL_METHODS;
  readonly book: TerminalBook;
  private readonly shared: TerminalsShared;

  constructor(options: TerminalServiceOptions = {}) {
    const limits = { ...DEFAULT_TERMINAL_LIMITS, ...options.limits };
    this.book = new TerminalBook(limits.displayBytes);
    this.shared = {
      book: this.book,
      limits,
      host: options.host ?? { platform: process.platform, env: process.env },
      guard: options.guard,
      maxPerSession: options.maxPerSession ?? (() => DEFAULT_MAX_TERMINALS_PER_SESSION),
    };
  }

  /** A session's terminals part: its terminals, released when it is disposed. */
  createPart(scope: SessionScope): TerminalsPart {
    return new TerminalsPart(scope, this.shared);
  }

  /** The extension is going away: every command still running (and its group) gets SIGTERM, then SIGKILL. */
  dispose(): void {
    void this.stopAll();
    this.book.dispose();
  }

  /** Kills every command still running (and its group); resolves once they have exited. */
  async stopAll(): Promise<void> {
    const running = this.book.all().filter((record) => !record.released || record.process.running);
    await Promise.all(running.map((record) => record.process.kill().catch(() => undefined)));
  }
}
