// The floor's ACP client: newline-delimited JSON-RPC over the agent's stdio, no library. It sends requests, hands
// every session/update to `onUpdate`, and answers whatever the agent asks with "method not found" (the floor offers
// no client capabilities).
const { spawn } = require('node:child_process');

class FloorAgent {
  /**
   * @param {{ command: string, args?: string[] }} agent
   * @param {string} cwd
   * @param {(update: object, sessionId: string) => void} onUpdate
   */
  constructor(agent, cwd, onUpdate) {
    this.onUpdate = onUpdate;
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = '';
    this.process = spawn(agent.command, agent.args ?? [], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stdout.setEncoding('utf8');
    this.process.stdout.on('data', (text) => this.read(text));
    this.process.stderr.on('data', () => undefined);
    this.process.on('exit', (code, signal) => {
      for (const { reject } of this.pending.values()) reject(new Error(`the agent exited (${code ?? signal})`));
      this.pending.clear();
    });
    this.process.stdin.on('error', () => undefined);
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  write(message) {
    this.process.stdin.write(`${JSON.stringify(message)}\n`);
  }

  read(text) {
    this.buffer += text;
    let start = 0;
    for (let end = this.buffer.indexOf('\n', start); end !== -1; end = this.buffer.indexOf('\n', start)) {
      const line = this.buffer.slice(start, end);
      start = end + 1;
      if (line.trim() === '') continue;
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        continue;
      }
      this.dispatch(message);
    }
    this.buffer = this.buffer.slice(start);
  }

  dispatch(message) {
    if (message === null || typeof message !== 'object') return;
    if (typeof message.method === 'string') {
      if (message.id !== undefined) {
        this.write({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `${message.method} is not offered by this client` } });
      } else if (message.method === 'session/update' && message.params && typeof message.params.update === 'object') {
        this.onUpdate(message.params.update, message.params.sessionId);
      }
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error.message ?? 'error'));
    else waiting.resolve(message.result);
  }

  dispose() {
    this.process.stdin.end();
    this.process.kill();
  }
}

module.exports = { FloorAgent };
