// Loaded by the workbench as `extensionTestsPath` inside the real extension host (see ../cases/worktree-apply.mjs):
// the window is open on the main repository; `apply-bench.json` beside it names the thread's worktree, the floor's
// copy of the main tree and the thread's diff. Per round, in a rotating order: the product's Apply
// (`acp.applyThread` with a folder in the thread's worktree, timed from the command's start until its promise
// settles) and `git apply` of the diff in the floor's copy (timed until git exits). After each, the tree is checked
// to be the thread's (a tree of it written with a temporary index) and set back to the base (not timed); each
// variant starts with the disk synced (as a user's tree is: its files were written long ago; unsynced, git's
// unlink-and-create of each file is twice as fast as on files already on disk) and the host idle. One
// warm-up round. Logs progress lines and, at the end, one tagged JSON line { rounds, floor: [ms], apply: [ms] }.
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

/**
 * Resolves once the extension host is idle again: no file event in the repository for `quietMs` and its event loop
 * on time (a 10 ms timer late by less than 5 ms) for as long. Gives when its event loop was last busy (a timer
 * late; file events are VS Code's watcher's, which a `git apply` in the window's folder would cause as well). A variant's reset of 1,000 files makes VS Code's watcher deliver events for a while, and
 * what a variant leaves for later (the review's diffs of what Apply wrote, its ledger saved) runs after its promise:
 * the next variant is not timed while the host is busy with either, and the busy time is reported.
 */
function idle(state, quietMs = 300, maxMs = 30_000) {
  const started = performance.now();
  let lastBusy = started;
  return new Promise((resolve) => {
    const tick = (asked) => {
      const now = performance.now();
      if (now - asked > 15) lastBusy = now;
      if (Math.min(now - lastBusy, now - state.lastEvent) >= quietMs || now - started >= maxMs) resolve(lastBusy);
      else {
        const at = performance.now();
        setTimeout(() => tick(at), 10);
      }
    };
    setTimeout(() => tick(started), 10);
  });
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
    apply: async () => {
      const started = performance.now();
      await vscode.commands.executeCommand('acp.applyThread', vscode.Uri.file(thread.path));
      const ms = performance.now() - started;
      return { ms, folder: repository };
    },
  };
  const samples = { floor: [], apply: [], floorBusy: [], applyBusy: [] };
  const events = { lastEvent: performance.now() };
  const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(repository), '**'));
  const seen = () => (events.lastEvent = performance.now());
  watcher.onDidChange(seen);
  watcher.onDidCreate(seen);
  watcher.onDidDelete(seen);
  for (let round = -1; round < rounds; round++) {
    const names = Object.keys(variants);
    const order = names.map((_, index) => names[(index + round + 1) % names.length]);
    for (const name of order) {
      // What the last variant and its reset wrote goes to the disk first: a variant is not timed against the
      // writeback of another's 2,000 file writes (git's own unlink-and-create of each file waits on it most).
      execFileSync('sync');
      await idle(events);
      const started = performance.now();
      const { ms, folder } = await variants[name]();
      // Until the host is idle again, before the tree is checked (what the variant left for later runs now).
      const busy = (await idle(events)) - started;
      const tree = treeOf(folder);
      if (tree !== threadTree) {
        const differences = git(folder, ['diff', '--name-status', '--no-renames', threadTree, tree]).split('\n');
        throw new Error(`after ${name} the tree of ${folder} is not the thread's: ${differences.length} files differ (${differences.slice(0, 5).join(', ')})`);
      }
      reset(folder);
      if (round >= 0) {
        samples[name].push(ms);
        samples[`${name}Busy`].push(Math.max(ms, busy));
      }
    }
    console.log(`${TAG}progress ${JSON.stringify({ round: round + 1, rounds, floor: samples.floor.at(-1), apply: samples.apply.at(-1), floorBusy: samples.floorBusy.at(-1), applyBusy: samples.applyBusy.at(-1) })}`);
  }
  watcher.dispose();
  console.log(`${TAG}${JSON.stringify({ rounds, ...samples })}`);
};
