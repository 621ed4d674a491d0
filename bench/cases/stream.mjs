// Streaming in the real workbench, the product against a floor client the bench owns (bench/stream/floor-extension:
// a minimal ACP client whose webview only appends, its posts batched per frame), in the same run, rounds
// interleaved. Scenarios played by the same scripted agent (bench/stream/scenario.mjs): one message of 2,000 chunks
// at ~200/s; 300 tool call + update pairs at 50/s; a message streamed below a 10k-entry transcript; session/load
// of 2,000 turns (those four in one window per client and round); 20,000 chunks into one message as fast as the client reads (in a fresh window of its own).
import path from 'node:path';
import { productionExtension } from '../lib/productionBuild.mjs';
import { interleave } from '../lib/rounds.mjs';
import { floor, product } from '../stream/clients.mjs';
import { scenarioFigures } from '../stream/figures.mjs';
import { sizes as sizesFor, streamedCharacters } from '../stream/scenario.mjs';
import { runWindow } from '../stream/window.mjs';

export const name = 'stream';
export const title = 'Streaming in the real workbench against a floor client (append-only webview, posts batched per frame): 2,000 chunks at 200/s, a 20,000-chunk flood, 300 tool calls at 50/s, streaming below 10k entries, session/load of 2,000 turns';

export async function run({ rounds, quick, scratchDir, log }) {
  const sizes = sizesFor(quick);
  const productExtension = productionExtension(path.join(scratchDir, 'extension'));
  const floodTimeoutMs = quick ? 60_000 : 120_000;
  const timeoutMs = (kind) => {
    if (kind === 'flood') return floodTimeoutMs;
    if (kind === 'stream') return sizes.stream.chunks * sizes.stream.delayMs * 2 + 60_000;
    if (kind === 'tools') return sizes.tools.pairs * sizes.tools.delayMs * 2 + 60_000;
    if (kind === 'long') return sizes.long.chunks * sizes.long.delayMs * 2 + 120_000;
    return 120_000;
  };
  // BENCH_STREAM_KINDS=tools,load (say) measures only those scenarios: a shorter loop while working on one of them.
  const only = process.env.BENCH_STREAM_KINDS?.split(',').filter(Boolean);
  const wanted = (kinds) => (only ? kinds.filter((kind) => only.includes(kind)) : kinds);
  let windows = 0;
  const measure = (client) => async () => {
    const common = { client, productExtension, sizes, timeoutMs, log };
    const mainKinds = wanted(['stream', 'tools', 'long', 'load']);
    const main = mainKinds.length > 0 ? await runWindow({ ...common, dir: path.join(scratchDir, `window-${++windows}`), kinds: mainKinds }) : {};
    const flood = wanted(['flood']).length > 0 ? await runWindow({ ...common, dir: path.join(scratchDir, `window-${++windows}`), kinds: ['flood'] }) : {};
    return { ...main, ...flood };
  };
  const samples = await interleave({ floor: measure(floor), ours: measure(product) }, rounds, log);
  const streamed = streamedCharacters(sizes);
  return {
    figures: scenarioFigures(samples, { sizes, streamed, floodTimeoutMs, kinds: wanted(['stream', 'tools', 'long', 'load', 'flood']) }),
    notes: [
      `sizes: ${JSON.stringify(sizes)}; characters the agent streamed per scenario: ${JSON.stringify(streamed)}`,
      'each client runs in its own code-server and Chromium; the page\'s and the agent\'s Date.now() are the same clock',
    ],
    raw: samples,
  };
}
