#!/usr/bin/env node
// Checks that the lint still catches what it is there for, so that a change of resolver, parser or config cannot
// turn a check into a no-op unnoticed (an import the resolver cannot follow is silently allowed): ESLint on small
// pieces of code that break each boundary (and on some that keep it), dependency-cruiser on two folders that
// import each other (test/fixtures/lint-cycle). Run by `npm run lint` before the real lint.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** [file the code pretends to be in, code, the rules that must report (none: the code keeps every boundary)] */
const cases = [
  ['src/shared/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;", ['no-restricted-imports']],
  ['src/shared/probe.ts', "import { spawn } from 'node:child_process';\nexport const s = spawn;", ['import/no-nodejs-modules', 'no-restricted-imports']],
  ['src/shared/probe.ts', "import { MessageConnection } from 'vscode-jsonrpc/node';\nexport type C = MessageConnection;", ['no-restricted-imports']],
  ['src/shared/probe.ts', "import type { Session } from '../session/session';\nexport type S = Session;", ['import/no-restricted-paths']],
  ['src/shared/diff/probe.ts', "import type { Session } from '../../session/session';\nexport type S = Session;", ['import/no-restricted-paths']],
  ['src/shared/probe.ts', "import { diffLines } from 'diff';\nimport { isRecord } from './text/narrow';\nexport const d = [diffLines, isRecord];", []],
  ['webview-ui/src/probe.ts', "import type { Session } from '../../src/session/session';\nexport type S = Session;", ['import/no-restricted-paths']],
  ['webview-ui/src/logic/probe.ts', "import * as path from 'node:path';\nexport const p = path;", ['import/no-nodejs-modules', 'no-restricted-imports']],
  ['webview-ui/src/logic/probe.ts', "import { isRecord } from '../../../src/shared/text/narrow';\nimport { h } from 'preact';\nexport const r = [isRecord, h];", []],
  ['src/acp/probe.ts', "import type { Session } from '../session/session';\nexport type S = Session;", ['import/no-restricted-paths']],
  ['src/acp/probe.ts', "import type { AgentDefinition } from '../config/agentDefinitions';\nexport type A = AgentDefinition;", ['import/no-restricted-paths']],
  ['src/acp/probe.ts', "import { isRecord } from '../shared/text/narrow';\nexport const r = isRecord;", []],
  ['src/session/probe.ts', "import type { ChangeLedger } from '../review/changeLedger';\nexport type L = ChangeLedger;", ['import/no-restricted-paths']],
  ['src/session/probe.ts', "import type { AuditLog } from '../policy/auditLog';\nexport type L = AuditLog;", ['import/no-restricted-paths']],
  ['src/session/probe.ts', "import { activate } from '../extension';\nexport const a = activate;", ['import/no-restricted-paths']],
  ['src/session/probe.ts', "import { describeRpcError } from '../acp/errors';\nexport const d = describeRpcError;", []],
  ['src/demo/probe.ts', "import { describeRpcError } from '../acp/errors';\nexport const d = describeRpcError;", ['import/no-restricted-paths']],
  ['src/demo/probe.ts', "import { describeError } from '../shared/text/errors';\nexport const d = describeError;", []],
  ['src/review/probe.ts', "import '../demo/main';", ['import/no-restricted-paths']],
  ['src/git/probe.ts', "import type { Session } from '../session/session';\nexport type S = Session;", ['import/no-restricted-paths']],
  ['src/git/probe.ts', "import type * as vscode from 'vscode';\nexport type U = vscode.Uri;", ['no-restricted-imports']],
  ['src/review/probe.ts', "import { runGit } from '../git/gitCommand';\nexport const r = runGit;", []],
  ['src/worktrees/probe.ts', "import type { ChangeLedger } from '../review/changeLedger';\nexport type L = ChangeLedger;", ['import/no-restricted-paths']],
  ['src/worktrees/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;", ['no-restricted-imports']],
  // No vscode below the features: src/acp and src/session (type imports too).
  ['src/acp/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;", ['no-restricted-imports']],
  ['src/session/probe.ts', "import type * as vscode from 'vscode';\nexport type U = vscode.Uri;", ['no-restricted-imports']],
  ['src/session/probe.ts', "import { KeyedQueue } from '../services/files/keyedQueue';\nexport const q = KeyedQueue;", ['import/no-restricted-paths']],
  // The services agents use sit on the wire only: no session, no feature.
  ['src/services/probe.ts', "import type { Session } from '../session/session';\nexport type S = Session;", ['import/no-restricted-paths']],
  ['src/services/probe.ts', "import type { ChangeLedger } from '../review/changeLedger';\nexport type L = ChangeLedger;", ['import/no-restricted-paths']],
  ['src/services/probe.ts', "import { describeRpcError } from '../acp/errors';\nexport const d = describeRpcError;", []],
  ['src/session/probe.ts', "import type { AgentDefinition } from '../config/agentDefinitions';\nexport type A = AgentDefinition;", []],
  // The chat view runs without VS Code; its hosts beside it use it.
  ['src/chat/view/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;", ['no-restricted-imports']],
  ['src/chat/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;", []],
  // src/config: only src/shared (and vscode, for the settings).
  ['src/config/probe.ts', "import type { Session } from '../session/session';\nexport type S = Session;", ['import/no-restricted-paths']],
  ['src/config/probe.ts', "import * as vscode from 'vscode';\nimport { isRecord } from '../shared/text/narrow';\nexport const c = [vscode, isRecord];", []],
  // src/history: only src/session and src/shared; its glue in vscode/.
  ['src/history/probe.ts', "import type { ChangeLedger } from '../review/changeLedger';\nexport type L = ChangeLedger;", ['import/no-restricted-paths']],
  ['src/history/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;", ['no-restricted-imports']],
  ['src/history/probe.ts', "import type { SessionHistory } from './vscode/sessionHistory';\nexport type H = SessionHistory;", ['import/no-restricted-paths']],
  ['src/history/vscode/probe.ts', "import * as vscode from 'vscode';\nimport type { SessionRegistry } from '../../session/sessionRegistry';\nimport * as records from '../sessionRecords';\nexport type R = SessionRegistry;\nexport const v = [vscode, records];", []],
  // src/review: only src/editor, src/session and src/shared; its glue in vscode/.
  ['src/review/probe.ts', "import type { ChatController } from '../chat/chatController';\nexport type C = ChatController;", ['import/no-restricted-paths']],
  ['src/review/probe.ts', "import { KeyedQueue } from '../services/files/keyedQueue';\nexport const q = KeyedQueue;", []],
  ['src/review/inline/probe.ts', "import type { ReviewService } from '../vscode/reviewService';\nexport type R = ReviewService;", ['import/no-restricted-paths']],
  ['src/review/inline/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;", ['no-restricted-imports']],
  // src/auth: only src/acp, src/config, src/session and src/shared.
  ['src/auth/vscode/probe.ts', "import type { ChatSurface } from '../../chat/chatSurface';\nexport type S = ChatSurface;", ['import/no-restricted-paths']],
  ['src/auth/vscode/probe.ts', "import * as vscode from 'vscode';\nimport * as methods from '../../acp/authMethods';\nexport const a = [vscode, methods];", []],
  ['src/policy/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;", ['no-restricted-imports']],
  // src/threads: only src/history, src/session and src/shared; its glue in vscode/.
  ['src/threads/probe.ts', "import * as vscode from 'vscode';\nexport const v = vscode;", ['no-restricted-imports']],
  ['src/threads/vscode/probe.ts', "import type { ReviewService } from '../../review/vscode/reviewService';\nexport type R = ReviewService;", ['import/no-restricted-paths']],
  ['src/threads/probe.ts', "import type { ThreadsTree } from './vscode/threadsTree';\nexport type T = ThreadsTree;", ['import/no-restricted-paths']],
  ['src/threads/vscode/probe.ts', "import * as vscode from 'vscode';\nimport { inRoots } from '../../history/historyBrowser';\nimport type { Session } from '../../session/session';\nexport type S = Session;\nexport const v = [vscode, inRoots];", []],
];

const failures = [];
const expectRules = (label, messages, expected) => {
  const got = [...new Set(messages.map((m) => m.ruleId ?? `parse error: ${m.message}`))].sort();
  const want = [...expected].sort();
  if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${label}: expected [${want.join(', ')}], got [${got.join(', ')}]`);
};

// Untyped: the probe files do not exist, so no TypeScript project has them.
const untyped = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
});
for (const [file, code, expected] of cases) {
  const [result] = await untyped.lintText(code, { filePath: path.join(root, file) });
  expectRules(`${file}: ${code.split('\n')[0]}`, result.messages, expected);
}

// Typed: a real file of the project, with other text.
const typed = new ESLint({ cwd: root });
const floating = 'async function later(): Promise<void> {}\nexport function now(): void {\n  later();\n}\n';
const [typedResult] = await typed.lintText(floating, { filePath: path.join(root, 'src/shared/text/errors.ts') });
expectRules('a promise neither awaited nor voided', typedResult.messages, ['@typescript-eslint/no-floating-promises']);

const depcruise = path.join(root, 'tools', 'lint', 'node_modules', '.bin', 'depcruise');
const cycle = spawnSync(depcruise, ['--config', '.dependency-cruiser.cjs', 'test/fixtures/lint-cycle'], { cwd: root, encoding: 'utf8' });
if (cycle.status === 0 || !/no-folder-cycle/.test(cycle.stdout)) {
  failures.push(`dependency-cruiser did not report the folder cycle of test/fixtures/lint-cycle (exit ${cycle.status}):\n${cycle.stdout}${cycle.stderr}`);
}

if (failures.length > 0) {
  console.error(`The lint's self test failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(`lint self test: ${cases.length + 2} checks passed`);
