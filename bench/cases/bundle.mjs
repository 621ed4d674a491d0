// Bundle sizes of a production build (minified, `node esbuild.mjs --production` into a scratch folder): the
// extension bundle has a budget of 1 MB; the webview's script and stylesheet, and the demo agent, are reported.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { valueFigure } from '../lib/figure.mjs';
import { buildProduction } from '../lib/productionBuild.mjs';

export const name = 'bundle';
export const title = 'Bundle sizes (production build, minified)';

const FILES = [
  ['extension.js', 'extension bundle dist/extension.js', 1024],
  ['webview.js', 'webview script dist/webview.js', undefined],
  ['webview.css', 'webview stylesheet dist/webview.css', undefined],
  ['demo-agent.js', 'demo agent dist/demo-agent.js', undefined],
];

export async function run({ scratchDir }) {
  const dist = buildProduction(path.join(scratchDir, 'build'));
  const figures = FILES.map(([file, label, budget]) => {
    const full = path.join(dist, file);
    const kib = statSync(full).size / 1024;
    const gzipKib = gzipSync(readFileSync(full)).length / 1024;
    return { ...valueFigure({ id: `bundle.${file}`, label, unit: 'KiB', samples: [kib], budget }), note: `${gzipKib.toFixed(1)} KiB gzipped` };
  });
  return { figures, notes: ['a size is the same every round: measured once'] };
}
