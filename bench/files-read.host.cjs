// Loaded by the workbench as `extensionTestsPath` inside the real extension host (see files-read.mjs): times
// fs/read_text_file through the files service's own handler on real TextDocuments, against the floor
// "getText() + JSON.stringify" measured in the same rounds, and logs one tagged JSON line with the samples.
// It reaches the files service through the extension's test API, which activate() returns only in
// ExtensionMode.Test: VS Code gives the extension under development that mode because this file is loaded as
// `extensionTestsPath` (in any other window the extension's exports are undefined).
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const vscode = require('vscode');

const TAG = '[acp-bench files-read]';
const EXTENSION_ID = 'acp-client-dev.acp-client';
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

function time(work) {
  const started = performance.now();
  const result = work();
  return result instanceof Promise ? result.then((value) => ({ ms: performance.now() - started, value })) : { ms: performance.now() - started, value: result };
}

exports.run = async function run() {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  if (!api) throw new Error(`${EXTENSION_ID} gave no test API: it does not run in ExtensionMode.Test here`);
  const root = vscode.workspace.workspaceFolders[0].uri.fsPath;
  // A files part of a session of the bench's own, called as a session calls it.
  const part = api.files && api.files.createPart({ sessionKey: 'bench', sessionId: 'bench', cwd: root, roots: [root] });
  const read = part && part.handlers['fs/read_text_file'];
  if (!read) throw new Error('the extension API has no files part');
  const rounds = Number(process.env.ACP_BENCH_ROUNDS || 15);
  const warmup = 3;
  const results = { rounds, cases: [] };

  for (const [label, name] of [['whole, LF', 'big-lf.txt'], ['whole, CRLF', 'big-crlf.txt']]) {
    const file = path.join(root, name);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const subject = [];
    const floor = [];
    let lengthOk = true;
    for (let round = 0; round < warmup + rounds; round++) {
      // Alternate the order so neither side always runs on a warmer heap.
      const runFloor = () => time(() => JSON.stringify({ content: document.getText() }).length);
      const runOurs = () => time(async () => JSON.stringify(await read({ sessionId: 'bench', path: file }, token)).length);
      const first = round % 2 === 0 ? runFloor() : await runOurs();
      const second = round % 2 === 0 ? await runOurs() : runFloor();
      const [f, o] = round % 2 === 0 ? [first, second] : [second, first];
      if (round >= warmup) {
        floor.push(f.ms);
        subject.push(o.ms);
      }
      if (label === 'whole, LF' && o.value !== f.value) lengthOk = false;
    }
    results.cases.push({ label, chars: document.getText().length, lines: document.lineCount, subject, floor, lengthOk });
  }

  const lf = path.join(root, 'big-lf.txt');
  const windows = [];
  for (let round = 0; round < warmup + rounds; round++) {
    const line = 1 + ((round * 7919) % 100_000);
    const { ms, value } = await time(() => read({ sessionId: 'bench', path: lf, line, limit: 100 }, token));
    if (round >= warmup) windows.push(ms);
    if (value.content.split('\n').length !== 101 && line + 100 <= 100_000) throw new Error(`a 100-line window had ${value.content.split('\n').length - 1} lines`);
  }
  results.cases.push({ label: 'line/limit 100 lines, open document', subject: windows });

  const disk = path.join(root, 'big-disk.txt');
  const fromDisk = [];
  for (let round = 0; round < warmup + rounds; round++) {
    const { ms } = await time(async () => JSON.stringify(await read({ sessionId: 'bench', path: disk }, token)).length);
    if (round >= warmup) fromDisk.push(ms);
  }
  if (vscode.workspace.textDocuments.some((d) => d.uri.fsPath === disk)) throw new Error('the disk file was opened as a document');
  results.cases.push({ label: 'whole, not open (from disk)', subject: fromDisk });

  console.log(`${TAG} ${JSON.stringify(results)}`);
};
