// dependency-cruiser: no import cycle between folders (`npm run lint:cycles`, part of `npm run lint`).
// A folder is each directory of src/ and webview-ui/src/ (src/services/files, src/review/vscode/inline, ...);
// type-only imports count too, since a layer that needs another's types depends on it all the same.
// Cycles between files inside one folder are allowed here. The layer order itself is in eslint.config.mjs.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment: 'A folder imports from a folder that imports it back (possibly through other folders). Move the shared part down a layer.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.test.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|out|dist|tools)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
