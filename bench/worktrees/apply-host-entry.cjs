// Loaded by the workbench as `extensionTestsPath` inside the real extension host (see ../cases/worktree-apply.mjs):
// the window is open on the main repository; `apply-bench.json` beside it names the thread's worktree, the floor's
// copy of the main tree and the thread's diff. Per round, in a rotating order: the product's Apply
// (`acp.applyThread` with a folder in the thread's worktree, timed from the command's start until its promise
// settles), `git apply` of the diff in the floor's copy (timed until git exits), and VS Code's part alone (one
// workspace edit of the same file operations with the thread's bytes read beforehand, timed around applyEdit). After each, the tree is checked
// to be the thread's (a tree of it written with a temporary index) and set back to the base (not timed). One
// warm-up round. Logs progress lines and, at the end, one tagged JSON line { rounds, floor: [ms], edit: [ms], apply: [ms] }.
const { execFile, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const vscode = require('vscode');

const TAG = '[acp-bench worktree-apply]';
const EXTENSION_ID = 'acp-client-dev.acp-client';

function git(cwd, args, env = {}) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 }).trim();
}

/** The tree of `folder`'s working tree as it is (tracked and untracked files), written with a temporary index. */
function treeOf(folder) {
  const index = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-bench-index-')), 'index');
  try {
    git(folder, ['add', '-A'], { GIT_INDEX_FILE: index });
    return git(folder, ['write-tree'], { GIT_INDEX_FILE: index });
  } finally {
    fs.rmSync(path.dirname(index), { recursive: true, force: true });
  }
}

/** Back to the base: tracked files as committed, the thread's new files gone. */
function reset(folder) {
  git(folder, ['reset', '-q', '--hard']);
  git(folder, ['clean', '-q', '-f', '-d']);
}

function gitApply(folder, patch) {
  return new Promise((resolve, reject) =>
    execFile('git', ['apply', patch], { cwd: folder }, (error, _stdout, stderr) => (error ? reject(new Error(`git apply failed: ${stderr}`)) : resolve())),
  );
}

exports.run = async function run() {
  const repository = vscode.workspace.workspaceFolders[0].uri.fsPath;
  const config = JSON.parse(fs.readFileSync(path.join(repository, '..', 'apply-bench.json'), 'utf8'));
  const { thread, floorCopy, patch, threadTree, rounds } = config;
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  if (!api) throw new Error(`${EXTENSION_ID} gave no test API: it does not run in ExtensionMode.Test here`);
  await api.worktrees.tidied;
  // The thread's record, as "ACP: New Thread in Worktree" writes it.
  await api.worktrees.book.add(thread);
  const variants = {
    floor: async () => {
      const started = performance.now();
      await gitApply(floorCopy, patch);
      const ms = performance.now() - started;
      return { ms, folder: floorCopy };
    },
    // VS Code's part alone: one workspace edit of the same file operations (the thread's bytes read beforehand).
    edit: async () => {
      const edit = new vscode.WorkspaceEdit();
      for (const line of git(repository, ['diff', '--name-status', '--no-renames', '-z', thread.base, threadTree]).split('\0').reduce((pairs, field, at, fields) => (at % 2 === 0 && field ? [...pairs, [field, fields[at + 1]]] : pairs), [])) {
        const [status, name] = line;
        const uri = vscode.Uri.file(path.join(repository, name));
        if (status === 'D') edit.deleteFile(uri, { ignoreIfNotExists: true });
        else edit.createFile(uri, { overwrite: true, contents: fs.readFileSync(path.join(thread.path, name)) });
      }
      const started = performance.now();
      if (!(await vscode.workspace.applyEdit(edit, { isRefactoring: false }))) throw new Error('VS Code did not apply the edit');
      const ms = performance.now() - started;
      return { ms, folder: repository };
    },
    apply: async () => {
      const started = performance.now();
      await vscode.commands.executeCommand('acp.applyThread', vscode.Uri.file(thread.path));
      const ms = performance.now() - started;
      return { ms, folder: repository };
    },
  };
  const samples = { floor: [], edit: [], apply: [] };
  for (let round = -1; round < rounds; round++) {
    const names = Object.keys(variants);
    const order = names.map((_, index) => names[(index + round + 1) % names.length]);
    for (const name of order) {
      const { ms, folder } = await variants[name]();
      const tree = treeOf(folder);
      if (tree !== threadTree) {
        const differences = git(folder, ['diff', '--name-status', '--no-renames', threadTree, tree]).split('\n');
        throw new Error(`after ${name} the tree of ${folder} is not the thread's: ${differences.length} files differ (${differences.slice(0, 5).join(', ')})`);
      }
      reset(folder);
      if (round >= 0) samples[name].push(ms);
    }
    console.log(`${TAG}progress ${JSON.stringify({ round: round + 1, rounds, floor: samples.floor.at(-1), edit: samples.edit.at(-1), apply: samples.apply.at(-1) })}`);
  }
  console.log(`${TAG}${JSON.stringify({ rounds, ...samples })}`);
};
