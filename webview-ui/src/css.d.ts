// esbuild bundles CSS imported for its side effect into dist/webview.css; this tells TypeScript such imports exist.
declare module '*.css';
