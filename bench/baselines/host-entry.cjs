// Loaded by the workbench as `extensionTestsPath` inside the real extension host (see ../cases/workspace-memory.mjs):
// activates the extension, opens a session on the scripted agent (no prompt: no agent has run yet) and waits until
// the review has settled (the scan of a folder outside git is done), then logs one tagged JSON line with the extension
// host's memory after garbage collection, at activation and with the session open.
const path = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');
const vscode = require('vscode');

const TAG = '[acp-bench workspace-memory]';
const EXTENSION_ID = 'acp-client-dev.acp-client';
const repoRoot = path.resolve(__dirname, '..', '..');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

function memory() {
  gc();
  gc();
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, external, arrayBuffers, rss };
}

function next(event, predicate) {
  return new Promise((resolve) => {
    const subscription = event((value) => {
      if (!predicate(value)) return;
      subscription.dispose();
      resolve(value);
    });
  });
}

exports.run = async function run() {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  if (!api) throw new Error(`${EXTENSION_ID} gave no test API: it does not run in ExtensionMode.Test here`);
  await api.review.service.settled();
  const activated = memory();
  const id = 'scripted-hello';
  const selected = next(api.sessions.onDidChangeAgent, (agent) => agent.id === id);
  const config = vscode.workspace.getConfiguration('acp');
  await config.update(
    'agents',
    [{ id, name: 'Scripted (hello)', command: process.execPath, args: [path.join(repoRoot, 'dist', 'demo-agent.js'), '--scenario', path.join(repoRoot, 'test', 'fixtures', 'scenarios', 'hello.json')], env: { ELECTRON_RUN_AS_NODE: '1' } }],
    vscode.ConfigurationTarget.Global,
  );
  await config.update('defaultAgent', id, vscode.ConfigurationTarget.Global);
  if (api.sessions.agent?.id !== id) await selected;
  await api.agentSelected();
  await vscode.commands.executeCommand('acp.newSession');
  await api.review.service.settled();
  const sessionOpen = memory();
  const snapshotFiles = api.review.service.snapshot.size;
  console.log(`${TAG}${JSON.stringify({ activated, sessionOpen, snapshotFiles })}`);
};
