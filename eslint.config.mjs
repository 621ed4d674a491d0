// ESLint (flat config): the import boundaries between the layers, and no floating promises.
// Run by `npm run lint` (part of `npm test`), after a self test (tools/lint/selftest.mjs) showing every rule still
// catches what it is for. The tools live in tools/lint (see its package.json for why).
//
// What each folder may import, as the rules below hold it (each also imports itself; `npm run lint:cycles` keeps
// the whole folder graph free of cycles, zoned or not):
//
//   src/shared       nothing else: pure types and logic of the protocol, the model and the webview messages
//                    (no vscode, no node, only the packages in `sharedPackages`)
//   src/acp          src/shared; no vscode: the agent process, the JSON-RPC connection, the client's features
//                    as agents see them (capabilities, requests)
//   src/config       src/shared: agent definitions, presets and settings (its settings readers use vscode)
//   src/git          nothing else; no vscode: git run without a shell, a tree of a working tree
//   src/session      src/acp, src/config, src/shared; no vscode: sessions, their prompts, permissions and
//                    elicitations, the registry and the agent pool
//   src/history      src/session, src/shared: session history, the local transcripts
//   src/services     src/acp, src/shared: what the client serves agents per session, files (on text documents) and
//                    terminals (pseudoterminals)
//   src/review       src/editor, src/git, src/services, src/session, src/shared: the changes agents made,
//                    checkpoints, the inline review
//   src/auth         src/acp, src/config, src/session, src/shared: signing in to agents
//   src/threads      src/history, src/session, src/shared: the Threads view (open and recent sessions, their state)
//   src/worktrees    src/git, src/session, src/shared: worktree threads (a thread's worktree and branch, Apply,
//                    Commit, Discard)
//   src/demo         src/shared: the scripted agent, a program of its own that the extension only runs
//   src/chat/view    no vscode: one chat view over the host its webview gives it (the hosts are in src/chat)
//   webview-ui/src   src/shared: the chat webview (browser; no vscode, no node)
//
// src/auth, src/history, src/policy, src/review, src/threads and src/worktrees keep their VS Code glue in a `vscode/` folder: the rest of each
// imports neither vscode nor that glue. Not zoned (the cycle check alone holds them): src/editor (diffs,
// following the agent and plan files, on src/services and src/session), src/policy (permission rules, on
// src/services and src/session), src/composer, src/output, and the layers that put it all
// together: src/chat, src/commands, src/testApi, src/wiring, src/clientServices.ts, src/extension.ts.
//
// Boundaries use eslint-plugin-import's `no-restricted-paths`: it compares resolved files with folder zones, so a
// rule holds however deep the importing file sits and however the relative path is spelled (plain
// `no-restricted-imports` only sees the specifier text: `../session/x` from one depth, `../../session/x` from
// another). Packages are kept out with `no-restricted-imports` and `no-nodejs-modules`.
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

/** Folders whose VS Code glue lives in their own `vscode/` folder: the rest of each imports no vscode. */
const featuresWithGlue = ['auth', 'history', 'policy', 'review', 'threads', 'worktrees'];

/** no-restricted-imports options that refuse the vscode package. */
const noVscode = (message) => ['error', { paths: [{ name: 'vscode', message }] }];

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
              target: './src/config',
              from: hostFolders,
              except: ['./config', './shared'],
              message: 'src/config (agent definitions and settings) imports only src/shared.',
            },
            {
              target: './src/session',
              from: hostFolders,
              except: ['./session', './acp', './config', './shared'],
              message: 'src/session imports only src/acp, src/config and src/shared: the features, the chat and the wiring are built on it.',
            },
            {
              target: './src/history',
              from: hostFolders,
              except: ['./history', './session', './shared'],
              message: 'src/history imports only src/session and src/shared.',
            },
            {
              target: './src/git',
              from: hostFolders,
              except: ['./git'],
              message: 'src/git (running git, trees of working trees) imports nothing else of the extension.',
            },
            {
              target: './src/services',
              from: hostFolders,
              except: ['./services', './acp', './shared'],
              message: 'src/services (files and terminals served to agents) imports only src/acp and src/shared.',
            },
            {
              target: './src/review',
              from: hostFolders,
              except: ['./review', './editor', './git', './services', './session', './shared'],
              message: 'src/review imports only src/editor, src/git, src/services, src/session and src/shared.',
            },
            {
              target: './src/auth',
              from: hostFolders,
              except: ['./auth', './acp', './config', './session', './shared'],
              message: 'src/auth imports only src/acp, src/config, src/session and src/shared.',
            },
            {
              target: './src/threads',
              from: hostFolders,
              except: ['./threads', './history', './session', './shared'],
              message: 'src/threads imports only src/history, src/session and src/shared: the chat, the review and the wiring hand it what it needs.',
            },
            {
              target: './src/worktrees',
              from: hostFolders,
              except: ['./worktrees', './git', './session', './shared'],
              message: 'src/worktrees imports only src/git, src/session and src/shared: the chat, the review and the wiring hand it what it needs.',
            },
            ...featuresWithGlue.map((feature) => ({
              target: [`./src/${feature}/*.ts`, `./src/${feature}/!(vscode)/**/*`],
              from: [`./src/${feature}/vscode`],
              message: `The VS Code glue of src/${feature} (its vscode/ folder) is built on the rest of it, not the other way round.`,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/acp/**/*.ts', 'src/git/**/*.ts', 'src/session/**/*.ts'],
    rules: {
      'no-restricted-imports': noVscode('src/acp, src/git and src/session run without VS Code (unit tests run them in plain node): take what they need through an interface the wiring fills.'),
    },
  },
  {
    files: ['src/chat/view/**/*.ts'],
    rules: {
      'no-restricted-imports': noVscode('The chat view gets what it needs of its webview through ChatViewHost (unit tests drive it with a fake host): the hosts in src/chat import vscode.'),
    },
  },
  {
    files: featuresWithGlue.map((feature) => `src/${feature}/**/*.ts`),
    ignores: featuresWithGlue.map((feature) => `src/${feature}/vscode/**`),
    rules: {
      'no-restricted-imports': noVscode('Only the vscode/ folder of a feature imports vscode: the rest of it is plain logic.'),
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
