// A minimal client on the official TypeScript SDK (@agentclientprotocol/sdk 2.x, `client()` app API): its
// ndJsonStream over the generator's stdio, a session/update handler that only counts. No state is kept, so this is
// the SDK's transport and validation cost alone.
import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { client, ndJsonStream } from '@agentclientprotocol/sdk';

export async function open({ command, args }) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let updates = 0;
  const app = client({ name: 'bench-sdk-client' }).onNotification('session/update', () => {
    updates++;
  });
  const connection = app.connect(ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout)));
  const agent = connection.agent;
  await agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  let sessionId;
  return {
    async prepare() {
      ({ sessionId } = await agent.request('session/new', { cwd: process.cwd(), mcpServers: [] }));
    },
    async burst() {
      const before = updates;
      await agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'flood' }] });
      // Notification handlers may still be queued behind the response: let them run.
      await new Promise((resolve) => setImmediate(resolve));
      return updates - before;
    },
    describe: () => ({}),
    async close() {
      connection.close();
      child.stdin.end();
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}
