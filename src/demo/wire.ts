// JSON-RPC 2.0 over newline-delimited JSON (one object per `\n`-terminated line), the ACP stdio transport,
// written on plain node streams. Incoming requests are handled concurrently (a prompt turn awaits while
// cancels and responses keep flowing); outgoing requests resolve with their result or reject with RpcError.
import * as readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { isObject, Json, JsonObject } from './json';
import type { Log } from './log';
import { describeError } from '../shared/text/errors';

export type RpcId = number | string;

export interface RpcRequest {
  id: RpcId;
  method: string;
  params: Json | undefined;
}

export interface RpcNotification {
  method: string;
  params: Json | undefined;
}

export const ErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** An error response, received from the peer or to be sent to it. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Json,
  ) {
    super(message);
  }
}

export interface WireHandlers {
  request(request: RpcRequest): Promise<Json>;
  notification(notification: RpcNotification): void;
  /** The input ended (the client closed our stdin). */
  closed(): void;
}

/** One request of a batch: `id` is fresh unless given; `cancel` sends `$/cancel_request` for it right after it. */
export interface BatchRequest {
  method: string;
  params?: Json;
  id?: RpcId;
  cancel?: boolean;
}

/** What the steps use to talk to the client. */
export interface Peer {
  request(method: string, params?: Json): Promise<Json>;
  /**
   * Writes the requests (and their cancels) in one write, so the client reads them together; resolves with every
   * response (`{id, result}` or `{id, error}`) in arrival order once each request has one. Requests sharing an id
   * take its responses in the order they come.
   */
  batch(requests: readonly BatchRequest[]): Promise<JsonObject[]>;
  notify(method: string, params?: Json): void;
  writeRaw(data: string | Buffer): void;
  /** Resolves when the output has room again (backpressure for floods). */
  drained(): Promise<void>;
  /** Resolves when everything written so far has been handed to the OS. */
  flush(): Promise<void>;
}

interface Pending {
  method: string;
  resolve(result: Json): void;
  reject(error: RpcError): void;
}

export class Wire implements Peer {
  private nextId = 0;
  /** Per id, the requests waiting for a response, oldest first (ids are unique unless a batch repeats one). */
  private readonly pending = new Map<RpcId, Pending[]>();
  private waitingForDrain: Promise<void> | undefined;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly log: Log,
  ) {}

  start(handlers: WireHandlers): void {
    this.output.on('error', (error: Error) => this.log.warn(`stdout: ${error.message}`));
    const lines = readline.createInterface({ input: this.input, crlfDelay: Infinity });
    lines.on('line', (line) => this.receive(line, handlers));
    lines.on('close', () => handlers.closed());
  }

  request(method: string, params?: Json): Promise<Json> {
    const id = this.nextId++;
    return new Promise<Json>((resolve, reject) => {
      this.await(id, { method, resolve, reject });
      this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    });
  }

  batch(requests: readonly BatchRequest[]): Promise<JsonObject[]> {
    const responses: JsonObject[] = [];
    let lines = '';
    const answered = requests.map(({ method, params, id: given, cancel }) => {
      const id = given ?? this.nextId++;
      const message: JsonObject = params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
      lines += `${JSON.stringify(message)}\n`;
      if (cancel) lines += `${JSON.stringify({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: id } })}\n`;
      return new Promise<void>((resolve) =>
        this.await(id, {
          method,
          resolve: (result) => {
            responses.push({ id, result });
            resolve();
          },
          reject: (error) => {
            const body: JsonObject = { code: error.code, message: error.message };
            if (error.data !== undefined) body.data = error.data;
            responses.push({ id, error: body });
            resolve();
          },
        }),
      );
    });
    this.track(this.output.write(lines));
    return Promise.all(answered).then(() => responses);
  }

  notify(method: string, params?: Json): void {
    this.send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  writeRaw(data: string | Buffer): void {
    this.track(this.output.write(data));
  }

  drained(): Promise<void> {
    return this.waitingForDrain ?? Promise.resolve();
  }

  flush(): Promise<void> {
    return new Promise((resolve) => this.output.write('', () => resolve()));
  }

  private send(message: JsonObject): void {
    this.track(this.output.write(`${JSON.stringify(message)}\n`));
  }

  private track(accepted: boolean): void {
    if (accepted || this.waitingForDrain) return;
    this.waitingForDrain = new Promise((resolve) =>
      this.output.once('drain', () => {
        this.waitingForDrain = undefined;
        resolve();
      }),
    );
  }

  private await(id: RpcId, pending: Pending): void {
    const queue = this.pending.get(id);
    if (queue) queue.push(pending);
    else this.pending.set(id, [pending]);
  }

  private respond(id: RpcId | null, result: Json): void {
    this.send({ jsonrpc: '2.0', id, result });
  }

  private respondError(id: RpcId | null, error: RpcError): void {
    const body: JsonObject = { code: error.code, message: error.message };
    if (error.data !== undefined) body.data = error.data;
    this.send({ jsonrpc: '2.0', id, error: body });
  }

  private receive(line: string, handlers: WireHandlers): void {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.log.warn(`unparsable input line (${line.length} chars) ignored`);
      this.respondError(null, new RpcError(ErrorCodes.parseError, 'Parse error'));
      return;
    }
    if (!isObject(message)) {
      this.respondError(null, new RpcError(ErrorCodes.invalidRequest, 'Invalid Request: not an object'));
      return;
    }
    const id = message.id;
    const validId = typeof id === 'number' || typeof id === 'string';
    if (typeof message.method === 'string') {
      if (validId) this.dispatchRequest({ id, method: message.method, params: message.params }, handlers);
      else handlers.notification({ method: message.method, params: message.params });
    } else if (validId && ('result' in message || 'error' in message)) {
      this.settle(id, message);
    } else {
      this.log.warn('input message is neither a request, a notification nor a response');
      this.respondError(validId ? id : null, new RpcError(ErrorCodes.invalidRequest, 'Invalid Request'));
    }
  }

  private dispatchRequest(request: RpcRequest, handlers: WireHandlers): void {
    handlers.request(request).then(
      (result) => this.respond(request.id, result),
      (error: unknown) => {
        if (error instanceof RpcError) this.respondError(request.id, error);
        else {
          const message = describeError(error);
          this.log.warn(`${request.method} failed: ${message}`);
          this.respondError(request.id, new RpcError(ErrorCodes.internalError, message));
        }
      },
    );
  }

  private settle(id: RpcId, message: JsonObject): void {
    const queue = this.pending.get(id);
    const pending = queue?.shift();
    if (!pending) {
      this.log.warn(`response to unknown request id ${JSON.stringify(id)} ignored`);
      return;
    }
    if (queue!.length === 0) this.pending.delete(id);
    const error = message.error;
    if (error === undefined || error === null) {
      pending.resolve(message.result ?? null);
      return;
    }
    const code = isObject(error) && typeof error.code === 'number' ? error.code : ErrorCodes.internalError;
    const text = isObject(error) && typeof error.message === 'string' ? error.message : 'error without a message';
    const data = isObject(error) ? error.data : undefined;
    pending.reject(new RpcError(code, text, data));
  }
}
