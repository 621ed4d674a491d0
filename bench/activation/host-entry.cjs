// Loaded by the workbench as `extensionTestsPath` inside the real extension host: activates the one extension
// under development (ours, or the empty floor extension) and logs how long `extension.activate()` took, which
// covers loading its bundle and running its activate(). The runner reads the tagged line from the page.
// Being `extensionTestsPath` makes this window run the extension in ExtensionMode.Test, where our activate() also
// builds its test API (a few objects over what it wired; a user's window skips that), so the figure errs high.
const vscode = require('vscode');
const { performance } = require('node:perf_hooks');

const TAG = '[acp-bench activation]';

exports.run = async function run() {
  const candidates = vscode.extensions.all.filter((extension) => extension.packageJSON.isUnderDevelopment === true);
  if (candidates.length !== 1) throw new Error(`expected one extension under development, found ${candidates.map((e) => e.id).join(', ') || 'none'}`);
  const extension = candidates[0];
  const wasActive = extension.isActive;
  const started = performance.now();
  await extension.activate();
  const activateMs = performance.now() - started;
  console.log(`${TAG} ${JSON.stringify({ id: extension.id, activateMs, wasActive })}`);
};
