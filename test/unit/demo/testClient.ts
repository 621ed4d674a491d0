// A tiny ACP client for the scripted-agent tests: spawns `node out/src/demo/main.js`, speaks NDJSON, answers
// the agent's requests with per-method handlers, records everything, and lets a test wait for a message.
// Independent of the extension's client code on purpose.
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';

export type Msg = Record<string, unknown> & { id?: number | string; method?: string; params?: unknown; result?: unknown; error?: unknown };
export type Params = Record<string, unknown>;
export type Handler = (params: Params) => unknown;

const root = path.resolve(__dirname, '..', '..', '..', '..');
export const agentEntry = path.join(root, 'out', 'src', 'demo', 'main.js');
export const scenarioDir = path.join(root, 'test', 'fixtures', 'scenarios');
export const scenarioFile = (name: string): string => path.join(scenarioDir, name);

interface Waiter {
  test(message: Msg): boolean;
  resolve(message: Msg): void;
  reject(error: Error): void;
}

export class TestClient {
  readonly received: Msg[] = [];
  /** Requests the agent made, in order. */
  readonly agentRequests: Msg[] = [];
  stderr = '';
  /** Errors thrown by handlers (failed assertions inside them); see assertNoFailures. */
  readonly failures: unknown[] = [];
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly handlers = new Map<string, Handler>();
  private waiters: Waiter[] = [];
  private nextId = 100;
  private done = false;

  constructor(args: string[], env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(process.execPath, [agentEntry, ...args], { env: { ...process.env, ...env }, stdio: 'pipe' });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    readline.createInterface({ input: this.child.stdout }).on('line', (line) => this.receive(line));
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => {
        this.done = true;
        for (const waiter of this.waiters.splice(0)) waiter.reject(new Error(`agent exited (${code ?? signal}) while waiting; stderr:\n${this.stderr}`));
        resolve({ code, signal });
      }),
    );
  }

  static scenario(name: string, extraArgs: string[] = []): TestClient {
    return new TestClient(['--scenario', scenarioFile(name), '--pace', '0', ...extraArgs]);
  }

  handle(method: string, handler: Handler): this {
    this.handlers.set(method, handler);
    return this;
  }

  send(message: Msg): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  }

  writeLine(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  notify(method: string, params: Params): void {
    this.send({ method, params });
  }

  /** Sends a request and resolves with the whole response message (result or error). */
  request(method: string, params: Params): Promise<Msg> {
    const id = this.nextId++;
    const answer = this.waitFor((message) => message.id === id && message.method === undefined, `answer to ${method}`);
    this.send({ id, method, params });
    return answer;
  }

  /** The first message (already received or still to come) that passes `test`. */
  waitFor(test: (message: Msg) => boolean, what = 'a message'): Promise<Msg> {
    const seen = this.received.find(test);
    if (seen) return Promise.resolve(seen);
    if (this.done) return Promise.reject(new Error(`agent already exited, no ${what}; stderr:\n${this.stderr}`));
    return new Promise((resolve, reject) => this.waiters.push({ test, resolve, reject }));
  }

  /** initialize + session/new; resolves with the sessionId. */
  async start(clientCapabilities: Params, cwd: string): Promise<{ sessionId: string; init: Msg }> {
    const init = await this.request('initialize', { protocolVersion: 1, clientCapabilities, clientInfo: { name: 'test-client', version: '0' } });
    const created = await this.request('session/new', { cwd, mcpServers: [] });
    return { sessionId: (created.result as { sessionId: string }).sessionId, init };
  }

  prompt(sessionId: string, text: string): Promise<Msg> {
    return this.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
  }

  /** The `update` objects of every session/update so far. */
  updates(): Params[] {
    return this.received.filter((message) => message.method === 'session/update').map((message) => (message.params as { update: Params }).update);
  }

  /** The text of the chunks of one kind (agent_message_chunk by default), joined. */
  text(kind = 'agent_message_chunk'): string {
    return this.updates()
      .filter((update) => update.sessionUpdate === kind)
      .map((update) => (update.content as { text: string }).text)
      .join('');
  }

  /** Rethrows the first error a handler threw (an assertion about the agent's request). */
  assertNoFailures(): void {
    if (this.failures.length > 0) throw this.failures[0];
  }

  async close(): Promise<void> {
    if (this.done) return;
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill(), 2000);
    await this.exited;
    clearTimeout(timer);
  }

  private receive(line: string): void {
    let message: Msg;
    try {
      message = JSON.parse(line) as Msg;
    } catch {
      message = { unparsable: line };
    }
    this.received.push(message);
    if (message.method !== undefined && message.id !== undefined) this.answer(message);
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) {
      if (waiter.test(message)) waiter.resolve(message);
      else this.waiters.push(waiter);
    }
  }

  private answer(message: Msg): void {
    this.agentRequests.push(message);
    const handler = this.handlers.get(message.method ?? '');
    if (!handler) {
      this.send({ id: message.id, error: { code: -32601, message: `test client has no handler for ${message.method}` } });
      return;
    }
    Promise.resolve()
      .then(() => handler((message.params ?? {}) as Params))
      .then(
        (result) => this.send({ id: message.id, result: result === undefined ? null : result }),
        (error: unknown) => {
          this.failures.push(error);
          this.send({ id: message.id, error: { code: -32603, message: String(error) } });
        },
      );
  }
}
