// The clients a flood case compares, each as a function that runs one fresh measurement: floor, ours and the SDK
// client through measure.mjs (a process each), acpx through its CLI.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNodeJson } from '../lib/child.mjs';
import { ensureAcpx, measureAcpx } from '../peers/acpx.mjs';

const measureScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'measure.mjs');

function measureArgs(client, { mix, mixOptions, bursts = 1, warmup = 0 }) {
  const args = ['--client', client, '--mix', mix, '--bursts', String(bursts), '--warmup', String(warmup)];
  for (const [key, value] of Object.entries(mixOptions)) args.push(`--${key}`, String(value));
  return args;
}

/**
 * @param {string[]} clients any of floor, ours, sdk, acpx
 * @param {{ mix: string, mixOptions: object, bursts?: number, warmup?: number, expected: number, lastText?: string }} flood
 * @returns {{ variants: Record<string, () => Promise<object>>, unavailable: Record<string, string> }}
 */
export function floodVariants(clients, flood) {
  const variants = {};
  const unavailable = {};
  for (const client of clients) {
    if (client === 'acpx') {
      try {
        ensureAcpx();
      } catch (error) {
        unavailable.acpx = error.message;
        continue;
      }
      variants.acpx = () => measureAcpx(flood.mix, flood.mixOptions, flood.expected, flood.lastText);
    } else {
      variants[client] = async () => {
        const sample = await runNodeJson(measureScript, measureArgs(client, flood));
        const expected = flood.expected * (flood.bursts ?? 1);
        if (sample.updates !== expected) throw new Error(`${client} received ${sample.updates} updates, expected ${expected}`);
        return sample;
      };
    }
  }
  return { variants, unavailable };
}

/** CPU microseconds per update of one sample. */
export const cpuPerUpdate = (sample) => (sample.cpuMs * 1000) / sample.updates;
