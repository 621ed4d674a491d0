// Two real vscode-jsonrpc connections (a "client" and an "agent") joined by in-memory NDJSON pipes, with every
// raw line on the wire recorded, for the cancellation tests.
import { PassThrough } from 'node:stream';
import { MessageConnection, NullLogger, createMessageConnection } from 'vscode-jsonrpc/node';
import { acpCancellationStrategy } from '../../../src/acp/cancellation';
import { NdjsonMessageReader, NdjsonMessageWriter } from '../../../src/acp/ndjson';

export type WireObject = Record<string, unknown>;

/** A line as an object; a line that is not a JSON object is kept as `{ raw }`. */
function parseLine(text: string): WireObject {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as WireObject;
  } catch {
    // kept raw below
  }
  return { raw: text };
}

/** The raw lines that went through one pipe, parsed, with a way to wait for a line. */
export class WireLog {
  readonly lines: WireObject[] = [];
  private readonly waiters: Array<{ match: (line: WireObject) => boolean; resolve: (line: WireObject) => void }> = [];
  private pending = '';

  constructor(stream: PassThrough) {
    stream.on('data', (chunk: Buffer) => {
      this.pending += chunk.toString('utf8');
      let newline: number;
      while ((newline = this.pending.indexOf('\n')) !== -1) {
        const text = this.pending.slice(0, newline);
        this.pending = this.pending.slice(newline + 1);
        this.add(parseLine(text));
      }
    });
  }

  /** Resolves with the first line (seen or still to come) that matches. */
  next(match: (line: WireObject) => boolean): Promise<WireObject> {
    const seen = this.lines.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<WireObject>((resolve) => this.waiters.push({ match, resolve }));
  }

  responsesTo(id: number | string): WireObject[] {
    return this.lines.filter((line) => line.id === id && line.method === undefined);
  }

  private add(line: WireObject): void {
    this.lines.push(line);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (waiter.match(line)) {
        this.waiters.splice(i, 1);
        waiter.resolve(line);
      }
    }
  }
}

export interface Wire {
  client: MessageConnection;
  agent: MessageConnection;
  /** What the client wrote (the agent's stdin). */
  toAgent: WireLog;
  /** What the agent wrote (the client's input). */
  toClient: WireLog;
  /** Raw access to the client's input, to play a scripted agent. */
  clientInput: PassThrough;
  dispose(): void;
}

export function connectPair(): Wire {
  const toAgentStream = new PassThrough();
  const toClientStream = new PassThrough();
  const toAgent = new WireLog(toAgentStream);
  const toClient = new WireLog(toClientStream);
  const options = { cancellationStrategy: acpCancellationStrategy };
  const client = createMessageConnection(
    new NdjsonMessageReader(toClientStream),
    new NdjsonMessageWriter(toAgentStream),
    NullLogger,
    options,
  );
  const agent = createMessageConnection(
    new NdjsonMessageReader(toAgentStream),
    new NdjsonMessageWriter(toClientStream),
    NullLogger,
    options,
  );
  return {
    client,
    agent,
    toAgent,
    toClient,
    clientInput: toClientStream,
    dispose: () => {
      client.dispose();
      agent.dispose();
      toAgentStream.end();
      toClientStream.end();
    },
  };
}
