// How to start the flood generator for a mix: the same node binary and arguments for every client.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const generatorScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'generator.mjs');

/** `{ command, args }` for a mix and its options (e.g. `{ chunks: 200000, tools: 20000 }`). */
export function generatorCommand(mix, options = {}) {
  const args = [generatorScript, '--mix', mix];
  for (const [key, value] of Object.entries(options)) args.push(`--${key}`, String(value));
  return { command: process.execPath, args };
}
