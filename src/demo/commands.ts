// Running a command for the `run` step: in the client's terminal (terminal/create, wait_for_exit, output,
// release) when it offered terminals, else as a child process here, without a shell. A cancel kills it.
import { spawn } from 'node:child_process';
import { needSession, StepContext } from './context';
import { isObject, Json, JsonObject, stringAt } from './json';
import { describeError } from '../shared/text/errors';

export interface CommandSpec {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  outputByteLimit: number;
}

export type CommandResult =
  | { kind: 'exited'; exitCode: number | null; signal: string | null; output: string; truncated: boolean; terminalId?: string }
  | { kind: 'failed'; message: string; terminalId?: string }
  | { kind: 'cancelled'; terminalId?: string };

/** Called once the client's terminal exists, so the tool call can show it while the command runs. */
export type OnTerminal = (terminalId: string) => void;

function numberOrNull(value: Json | undefined): number | null {
  return typeof value === 'number' ? value : null;
}

export async function runInClientTerminal(ctx: StepContext, spec: CommandSpec, onTerminal: OnTerminal): Promise<CommandResult> {
  const sessionId = needSession(ctx).id;
  let terminalId: string | undefined;
  try {
    const created = await ctx.peer.request('terminal/create', {
      sessionId,
      command: spec.command,
      args: spec.args,
      env: Object.entries(spec.env).map(([name, value]) => ({ name, value })),
      cwd: spec.cwd,
      outputByteLimit: spec.outputByteLimit,
    });
    terminalId = stringAt(created, 'terminalId');
    if (terminalId === undefined) throw new Error('terminal/create answered without a "terminalId"');
    const ids: JsonObject = { sessionId, terminalId };
    onTerminal(terminalId);
    const exit = await ctx.gate.race(ctx.peer.request('terminal/wait_for_exit', ids));
    if (exit === undefined) {
      await ctx.peer.request('terminal/kill', ids).catch((error: unknown) => ctx.log.warn(`terminal/kill: ${describeError(error)}`));
      return { kind: 'cancelled', terminalId };
    }
    const output = await ctx.peer.request('terminal/output', ids);
    return {
      kind: 'exited',
      exitCode: numberOrNull(isObject(exit) ? exit.exitCode : undefined),
      signal: stringAt(exit, 'signal') ?? null,
      output: stringAt(output, 'output') ?? '',
      truncated: isObject(output) && output.truncated === true,
      terminalId,
    };
  } catch (error) {
    return { kind: 'failed', message: describeError(error), terminalId };
  } finally {
    if (terminalId !== undefined) {
      const ids: JsonObject = { sessionId, terminalId };
      await ctx.peer.request('terminal/release', ids).catch((error: unknown) => ctx.log.warn(`terminal/release: ${describeError(error)}`));
    }
  }
}

/** Keeps the last `limit` bytes of what it is given. */
class Tail {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > this.limit && this.chunks.length > 0) {
      const extra = this.size - this.limit;
      const first = this.chunks[0];
      this.truncated = true;
      if (first.length <= extra) {
        this.chunks.shift();
        this.size -= first.length;
      } else {
        this.chunks[0] = first.subarray(extra);
        this.size -= extra;
      }
    }
  }

  text(): string {
    // A cut in the middle of a UTF-8 sequence becomes U+FFFD at the start; good enough for a report.
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

export async function runHere(ctx: StepContext, spec: CommandSpec): Promise<CommandResult> {
  const tail = new Tail(spec.outputByteLimit);
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    shell: false,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  child.stdout.on('data', (chunk: Buffer) => tail.add(chunk));
  child.stderr.on('data', (chunk: Buffer) => tail.add(chunk));
  const done = new Promise<CommandResult>((resolve) => {
    child.on('error', (error) => resolve({ kind: 'failed', message: error.message }));
    child.on('close', (exitCode, signal) =>
      resolve({ kind: 'exited', exitCode, signal, output: tail.text(), truncated: tail.truncated }),
    );
  });
  const result = await ctx.gate.race(done);
  if (result !== undefined) return result;
  child.kill();
  return { kind: 'cancelled' };
}
