// The extension host's V8 heap, read through its inspector: Node opens the inspector of a running process on
// SIGUSR1 (127.0.0.1:9229); the bench connects over the Chrome DevTools Protocol, collects garbage, and reads
// Runtime.getHeapUsage. The process is not restarted or instrumented otherwise; an inspector nobody is attached to
// costs nothing while the other figures are taken.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// playwright-core carries the `ws` client the bench already depends on.
const { ws: WebSocket } = require('playwright-core/lib/utilsBundle');

const INSPECTOR = 'http://127.0.0.1:9229';

async function inspectorTarget(deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      const targets = await (await fetch(`${INSPECTOR}/json/list`)).json();
      if (targets.length === 1) return targets[0].webSocketDebuggerUrl;
      throw new Error(`${targets.length} inspector targets on 9229`);
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`the extension host's inspector did not open: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Opens the inspector of `pid` and connects; `used()` resolves with the heap's used bytes after a full GC. */
export async function connectHeap(pid) {
  // Someone else's inspector on 9229 would be read instead of ours: refuse.
  const busy = await fetch(`${INSPECTOR}/json/list`).then(() => true, () => false);
  if (busy) throw new Error('127.0.0.1:9229 is already taken by another inspector');
  process.kill(pid, 'SIGUSR1');
  const socket = new WebSocket(await inspectorTarget(10_000));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 0;
  const pending = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`${message.error.message}`));
    else waiting.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send('HeapProfiler.enable');
  return {
    async used() {
      await send('HeapProfiler.collectGarbage');
      const { usedSize } = await send('Runtime.getHeapUsage');
      return usedSize;
    },
    async close() {
      await send('HeapProfiler.disable').catch(() => {});
      socket.close();
    },
  };
}
