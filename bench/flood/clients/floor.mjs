// The floor: the least a client can do with the flood. `readline` splits the generator's stdout into lines and
// each line goes through JSON.parse; updates are counted, responses settle their request. Nothing else.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export async function open({ command, args }) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const pending = new Map();
  let nextId = 1;
  let updates = 0;
  const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
  lines.on('line', (text) => {
    const message = JSON.parse(text);
    if (message.method === 'session/update') updates++;
    else if (message.method !== undefined && message.id !== undefined) {
      // A request from the agent: answered at once (no services here), as a client without fs would.
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'not offered' } })}\n`);
    } else if (message.id !== undefined) pending.get(message.id)?.(message);
  });
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, (message) => {
        pending.delete(id);
        resolve(message.result);
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });

  await request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  let sessionId;
  return {
    async prepare() {
      ({ sessionId } = await request('session/new', { cwd: process.cwd(), mcpServers: [] }));
    },
    async burst() {
      const before = updates;
      await request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'flood' }] });
      return updates - before;
    },
    describe: () => ({}),
    async close() {
      child.stdin.end();
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}
