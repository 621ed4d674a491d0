// Log lines of the scripted agent go to stderr, one line each, so the client can show them in its agent log.
// stdout carries the protocol only.

export interface Log {
  info(message: string): void;
  warn(message: string): void;
  /** A line written as it is (the `stderr` step). */
  raw(line: string): void;
}

export function stderrLog(prefix = 'scripted-agent'): Log {
  const write = (level: string, message: string): void => {
    process.stderr.write(`[${prefix}] ${level}${message}\n`);
  };
  return {
    info: (message) => write('', message),
    warn: (message) => write('warning: ', message),
    raw: (line) => process.stderr.write(line.endsWith('\n') ? line : `${line}\n`),
  };
}

/** A log that keeps nothing (for embedding the engine where stderr is not wanted). */
export const silentLog: Log = { info: () => undefined, warn: () => undefined, raw: () => undefined };
