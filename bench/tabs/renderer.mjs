#!/usr/bin/env node
// What two streaming chats cost one Chromium renderer, without the workbench: one or two chat documents side by side
// (same-origin iframes, so they share the page's main thread as chat webviews share the workbench renderer in
// code-server), each sent the `tabs` case's stream (2,000 chunks, one every 5 ms, stamped with the time they were
// written) batched into one post per animation frame, for each client: the floor's page (the stream case's floor
// extension, bench/stream/floor-extension/page.js) and our chat (dist/webview.js and .css, the product's own
// messages as packed for the view). Prints per round the main thread's busy share (CDP TaskDuration) and each
// document's write → DOM latency (p50, p99), and the median ratios two/one: the `tabs` budget (p50 ≤ 1.5×) asked of
// the page alone. Not a figure of the benchmark: a tool to look with (the workbench's own relay of every post, which
// runs on the same thread in code-server, is not in it).
//
// usage: node bench/tabs/renderer.mjs [--rounds N] [--clients floor,ours]   (after `npm run build` and compile-tests)
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { launchChromium } from '../../test/harness/chromium.mjs';
import { compiled, distDir, benchDir } from '../lib/paths.mjs';
import { median, percentile } from '../lib/stats.mjs';

const require = createRequire(import.meta.url);
const { pageHtml } = require(path.join(benchDir, 'stream', 'floor-extension', 'page.js'));
const { packForView } = require(compiled('shared/protocol/entryWire'));

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(option('--rounds', '3'));
const clients = option('--clients', 'floor,ours').split(',');
const CHUNKS = 2_000;
const DELAY_MS = 5;

/** The webview API our chat and the floor's page ask for: posts to the host are kept, nothing else. */
const VSCODE_API = '<script>window.__posted=[];window.acquireVsCodeApi=()=>({postMessage:(m)=>window.__posted.push(m),getState:()=>undefined,setState:()=>{}});</script>';
/** Records when each stamp "@@<i>:<written>@@" is first in the document, as write → DOM ms (same clock). */
const PROBE = `<script>window.__latency={};new MutationObserver((records)=>{const now=Date.now();for(const record of records){const text=record.type==='characterData'?record.target.data:[...record.addedNodes].map((n)=>n.textContent).join('');for(const m of text.matchAll(/@@(\\d+):(\\d+)@@/g))if(!(m[1] in window.__latency))window.__latency[m[1]]=now-Number(m[2]);}}).observe(document,{subtree:true,childList:true,characterData:true});</script>`;

const documents = {
  floor: () => pageHtml().replace('<head>', `<head>${VSCODE_API}${PROBE}`),
  ours: () => `<!DOCTYPE html><html><head>${VSCODE_API}${PROBE}<link rel="stylesheet" href="/webview.css"></head><body class="vscode-dark"><div id="root"></div><script type="module" src="/webview.js"></script></body></html>`,
};

/** Our chat's first message: a session whose last entry is the agent message the stream appends to. */
function ourSnapshot() {
  const header = { turn: 'running', plan: [], availableCommands: [], availableModes: [], configOptions: [], turnStartedAt: Date.now() };
  const entries = [
    { kind: 'user', id: 'u1', rev: 1, content: [{ type: 'text', text: 'go' }] },
    { kind: 'agent', id: 'a1', rev: 1, content: [{ type: 'text', text: 'Streaming, turn 1:\n' }] },
  ];
  return packForView({ type: 'snapshot', agent: { id: 'bench', name: 'Benchmark agent', status: 'ready' }, session: { sessionKey: 'k1', header, entries, totalEntries: 2 } });
}

function serve() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    const name = url.pathname.slice(1);
    if (url.pathname === '/') {
      const frames = Array.from({ length: Number(url.searchParams.get('n')) }, () => `<iframe src="/${url.searchParams.get('client')}" style="width:300px;height:750px;border:0"></iframe>`);
      response.setHeader('content-type', 'text/html');
      response.end(`<!DOCTYPE html><html><body style="margin:0;display:flex">${frames.join('')}</body></html>`);
    } else if (documents[name]) {
      response.setHeader('content-type', 'text/html');
      response.end(documents[name]());
    } else if (name === 'webview.js' || name === 'webview.css' || /^codicon-[\w-]+\.ttf$/.test(name)) {
      response.setHeader('content-type', name.endsWith('.js') ? 'text/javascript' : name.endsWith('.css') ? 'text/css' : 'font/ttf');
      response.end(readFileSync(path.join(distDir, name)));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** One run: `n` documents of `client` streamed at once; the busy share of the thread and each document's latencies. */
async function measure(browser, origin, client, n) {
  const page = await browser.newPage({ viewport: { width: 320 * n, height: 760 } });
  try {
    await page.goto(`${origin}/?n=${n}&client=${client}`);
    await page.waitForFunction((count) => {
      const frames = [...document.querySelectorAll('iframe')];
      return frames.length === count && frames.every((frame) => frame.contentWindow.__posted?.some((m) => m.type === 'ready'));
    }, n);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    const busyBefore = await taskSeconds();
    const startedAt = Date.now();
    const latencies = await page.evaluate(
      async ({ client, snapshot, chunks, delayMs }) => {
        const frames = [...document.querySelectorAll('iframe')].map((frame) => frame.contentWindow);
        if (snapshot) {
          for (const frame of frames) frame.postMessage(snapshot, '*');
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        // The agent: a worker (a thread of its own, as the agent is a process of its own) stamps each chunk as it writes it.
        const agent = `let i = 0; const timer = setInterval(() => { postMessage(' @@' + i + ':' + Date.now() + '@@'); if (++i === ${chunks}) { clearInterval(timer); postMessage(null); } }, ${delayMs});`;
        const worker = new Worker(URL.createObjectURL(new Blob([agent])));
        let pending = '';
        let ended = false;
        let rev = 1;
        worker.onmessage = (event) => {
          if (event.data === null) ended = true;
          else pending += event.data;
        };
        // The host: what came since the last frame, in one post per document (our chat: a packed delta appending it).
        await new Promise((resolve) => {
          const frame = () => {
            if (pending) {
              const text = pending;
              pending = '';
              const post = client === 'floor' ? [{ k: 't', m: 's', r: 'agent', x: text }] : { type: 'entries', sessionKey: 'k1', deltas: [{ id: 'a1', rev: [rev, rev + 1], append: text }] };
              rev++;
              for (const target of frames) target.postMessage(post, '*');
            }
            if (ended && !pending) setTimeout(resolve, 300);
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
        worker.terminate();
        return frames.map((frame) => Object.values(frame.__latency));
      },
      { client, snapshot: client === 'ours' ? ourSnapshot() : undefined, chunks: CHUNKS, delayMs: DELAY_MS },
    );
    const busyMs = ((await taskSeconds()) - busyBefore) * 1000;
    const wallMs = Date.now() - startedAt;
    for (const seen of latencies) if (seen.length !== CHUNKS) throw new Error(`${client}: ${seen.length} of ${CHUNKS} stamps reached a document`);
    return { busyShare: busyMs / wallMs, p50: latencies.map((l) => percentile(l, 50)), p99: latencies.map((l) => percentile(l, 99)) };
  } finally {
    await page.close();
  }
}

const server = await serve();
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();
const ratios = Object.fromEntries(clients.map((client) => [client, { p50: [], p99: [], one: [], two: [] }]));
try {
  for (let round = 1; round <= rounds; round++) {
    for (const client of round % 2 ? clients : [...clients].reverse()) {
      const one = await measure(browser, origin, client, 1);
      const two = await measure(browser, origin, client, 2);
      const r = ratios[client];
      r.p50.push(Math.max(...two.p50) / one.p50[0]);
      r.p99.push(Math.max(...two.p99) / one.p99[0]);
      r.one.push(one.busyShare);
      r.two.push(two.busyShare);
      const pct = (share) => `${Math.round(share * 100)}%`;
      console.log(`round ${round} ${client}: one ${pct(one.busyShare)} busy, p50 ${one.p50[0]} p99 ${one.p99[0]} ms; two ${pct(two.busyShare)} busy, p50 ${two.p50.join('/')} p99 ${two.p99.join('/')} ms`);
    }
  }
  for (const [client, r] of Object.entries(ratios)) {
    console.log(`${client}: median busy one ${Math.round(median(r.one) * 100)}%, two ${Math.round(median(r.two) * 100)}%; two/one (worse of the two documents) p50 ${median(r.p50).toFixed(2)}×, p99 ${median(r.p99).toFixed(2)}×`);
  }
} finally {
  await browser.close();
  server.close();
}
