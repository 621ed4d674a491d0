// A fake agent at the byte level, over in-memory streams: the test reads what the client wrote, line by line,
// and writes raw lines back. Nothing of the client's framing is used on this side.
import { PassThrough } from 'node:stream';

export interface WireMessage {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

export class WireAgent {
  /** What the client reads (agent → client). */
  readonly toClient = new PassThrough();
  /** What the client writes (client → agent). */
  readonly fromClient = new PassThrough();
  readonly received: WireMessage[] = [];
  private buffer = '';
  private waiters: { predicate: (m: WireMessage) => boolean; resolve: (m: WireMessage) => void }[] = [];

  constructor() {
    this.fromClient.setEncoding('utf8');
    this.fromClient.on('data', (chunk: string) => {
      this.buffer += chunk;
      let newline: number;
      while ((newline = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        const message = JSON.parse(line) as WireMessage;
        this.received.push(message);
        this.waiters = this.waiters.filter((w) => {
          if (!w.predicate(message)) return true;
          w.resolve(message);
          return false;
        });
      }
    });
  }

  send(message: Omit<WireMessage, 'jsonrpc'>): void {
    this.toClient.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  }

  /** The first message (already received or still to come) that matches. */
  next(predicate: (m: WireMessage) => boolean): Promise<WireMessage> {
    const seen = this.received.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ predicate, resolve }));
  }

  request(method: string): Promise<WireMessage> {
    return this.next((m) => m.method === method && m.id !== undefined);
  }

  responseTo(id: number | string): Promise<WireMessage> {
    return this.next((m) => m.id === id && m.method === undefined);
  }
}
