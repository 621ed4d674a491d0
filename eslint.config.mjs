// ESLint (flat config): the import boundaries between the layers, and no floating promises.
// Run by `npm run lint` (part of `npm test`). The tools live in tools/lint (see its package.json for why).
//
// The layers as the code has them (a folder imports only folders below it; `npm run lint:cycles` keeps the
// folder graph free of cycles):
//
//   src/extension.ts, src/clientServices.ts        wiring: create everything, register with VS Code
//   src/webview, src/commands                      the chat view's host side, the command palette
//   src/review, src/history, src/composer,         features built on sessions
//     src/output, src/auth/vscode, src/policy/vscode
//   src/session                                    sessions, their prompts, permissions, elicitations
//   src/policy, src/editor/*                       permission rules; files, terminals, diffs the agent uses
//   src/auth, src/config                           agent definitions, settings, auth methods
//   src/acp                                        the agent process and the JSON-RPC connection
//   src/shared                                     pure: types of the protocol and of the webview messages,
//                                                  narrowing, text and diff logic (no vscode, no node)
//
//   webview-ui/src                                 the chat webview (browser): imports only src/shared
//   src/demo                                       the scripted agent (its own program): imports only src/shared
//
// Imports that still run up this order (no folder cycle results; the cycle check keeps it so): type imports of
// session types by editor/follow (session/session, session/sessionManager) and by policy (session/permissionGate).
// They go when the session's seam settles (issue 15: a registry, the agent pool, the chat's shown session).
//
// Boundaries use eslint-plugin-import's `no-restricted-paths`: it compares resolved files with folder zones, so a
// rule holds however deep the importing file sits and however the relative path is spelled (plain
// `no-restricted-imports` only sees the specifier text: `../session/x` from one depth, `../../session/x` from
// another). Packages are kept out of the pure parts with `no-restricted-imports` and `no-nodejs-modules`.
import { createRequire } from 'node:module';

// The lint tools are installed in tools/lint, not in the root node_modules: resolve them from there.
const requireTool = createRequire(new URL('./tools/lint/package.json', import.meta.url));
const tseslint = requireTool('typescript-eslint');
const importPlugin = requireTool('eslint-plugin-import');

/** src/shared may import these packages (pure: no node, no vscode inside them); anything else from npm is refused. */
const sharedPackages = ['diff', 're2js', '@agentclientprotocol/sdk'];
/** The webview may import these besides (browser code). */
const webviewPackages = [...sharedPackages, 'preact', 'markdown-it', 'highlight.js', '@vscode/codicons'];

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** no-restricted-imports options: relative imports and the given packages (and their subpaths) only. */
function onlyPackages(packages, message) {
  const allowed = packages.map((name) => `${escapeRegex(name)}(/|$)`).join('|');
  return ['error', { patterns: [{ regex: `^(?!\\.\\.?/|${allowed})`, message }] }];
}

const hostFolders = ['./src'];

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'tools/**', 'media/**', '.test-artifacts/**', '.cache/**', '**/*.mjs', '**/*.cjs', '**/*.js'],
  },
  {
    files: ['src/**/*.ts', 'webview-ui/src/**/*.{ts,tsx}', 'test/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json', '.css'] } },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: hostFolders,
              except: ['./shared'],
              message: 'src/shared is pure and imports only src/shared.',
            },
            {
              target: './webview-ui',
              from: hostFolders,
              except: ['./shared'],
              message: 'The webview imports nothing of the extension host but src/shared.',
            },
            {
              target: './src/demo',
              from: hostFolders,
              except: ['./demo', './shared'],
              message: 'The demo agent is a program of its own: it imports only src/shared.',
            },
            {
              target: ['./src/*.ts', './src/!(demo)/**/*'],
              from: ['./src/demo'],
              except: [],
              message: 'The extension does not import the demo agent (it runs it as a process).',
            },
            {
              target: './src/acp',
              from: hostFolders,
              except: ['./acp', './shared'],
              message: 'src/acp is the lowest host layer: it imports only src/shared.',
            },
            {
              target: './src/session',
              from: [
                './src/chat',
                './src/review',
                './src/policy',
                './src/webview',
                './src/history',
                './src/commands',
                './src/extension.ts',
                './src/clientServices.ts',
              ],
              message: 'src/session is below chat, review, policy, webview, history and commands: it does not import them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'import/no-nodejs-modules': 'error',
      'no-restricted-imports': onlyPackages(sharedPackages, 'src/shared is pure: no vscode, no node, no package that needs them.'),
    },
  },
  {
    files: ['webview-ui/src/**/*.{ts,tsx}'],
    rules: {
      'import/no-nodejs-modules': 'error',
      'no-restricted-imports': onlyPackages(webviewPackages, 'The webview runs in a browser: no vscode, no node.'),
    },
  },
);
