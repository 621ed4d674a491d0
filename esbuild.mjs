// Builds the two bundles: the extension (node, cjs, `vscode` external) and the chat webview (browser, esm + css),
// plus the demo agent that ships inside the extension and the diff worker thread (src/editor/diff/backgroundDiff.ts).
// `--watch` rebuilds on change, `--production` minifies.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'info',
  legalComments: 'none',
};

const builds = [
  {
    ...common,
    entryPoints: { extension: 'src/extension.ts', 'demo-agent': 'src/demo/main.ts', 'diff-worker': 'src/editor/diff/diffWorker.ts' },
    outdir: 'dist',
    tsconfig: 'tsconfig.host.json',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  },
  {
    ...common,
    entryPoints: { webview: 'webview-ui/src/main.tsx' },
    outdir: 'dist',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    loader: { '.ttf': 'file' },
  },
];

if (watch) {
  for (const options of builds) {
    const context = await esbuild.context(options);
    await context.watch();
  }
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
