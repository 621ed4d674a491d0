// The extension stays asleep until its chat view is opened, and its manifest contributes the chat UI.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'acp-client-dev.acp-client';

function ourExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not loaded in this extension host (is extensionDevelopmentPath the repo root?)`);
  return extension;
}

/** Checks `condition` on every turn of a 25 ms timer until it holds or `timeoutMs` passes. */
async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('activation', () => {
  it('is not active before its view is opened', () => {
    assert.equal(ourExtension().isActive, false, 'the extension activated before anything asked for it');
  });

  it('activates when the ACP view container is opened', async () => {
    const extension = ourExtension();
    await vscode.commands.executeCommand('workbench.view.extension.acp');
    await until(() => extension.isActive, 10_000, `${EXTENSION_ID} is active`);
    assert.equal(extension.isActive, true);
  });

  // The window that runs these tests (extensionTestsPath) activates the extension in ExtensionMode.Test, the only
  // mode in which it hands out its internal API; other windows get nothing (test/e2e/extension-exports.e2e.mjs).
  it('hands its test API to the tests, whose window runs it in ExtensionMode.Test', () => {
    const exports: unknown = ourExtension().exports;
    assert.ok(typeof exports === 'object' && exports !== null, `the extension's exports are ${String(exports)}, not the test API`);
    const sessions: unknown = (exports as { sessions?: unknown }).sessions;
    assert.equal(typeof (sessions as { prompt?: unknown } | undefined)?.prompt, 'function', 'the test API has no sessions.prompt');
  });

  it('gets the generated focus command for its chat view', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('acp.chat.focus'), 'VS Code did not generate acp.chat.focus for the contributed view');
    await vscode.commands.executeCommand('acp.chat.focus');
  });
});

describe('manifest contributions', () => {
  interface Contributes {
    viewsContainers?: { activitybar?: { id: string; title: string }[] };
    views?: Record<string, { id: string; type?: string }[]>;
    commands?: { command: string; title: string }[];
    configuration?: { properties?: Record<string, unknown> };
  }
  const contributes = (): Contributes => (ourExtension().packageJSON as { contributes: Contributes }).contributes;

  it('contributes the ACP activity bar container with a chat webview view', () => {
    const containers = contributes().viewsContainers?.activitybar ?? [];
    assert.ok(containers.some((c) => c.id === 'acp'), 'no activity bar container with id "acp"');
    const views = contributes().views?.acp ?? [];
    assert.deepEqual(views.find((v) => v.id === 'acp.chat')?.type, 'webview', 'no webview view "acp.chat" in the "acp" container');
  });

  it('contributes the chat commands and the agent settings', () => {
    const commands = (contributes().commands ?? []).map((c) => c.command);
    for (const command of ['acp.focusChat', 'acp.newSession', 'acp.cancelTurn']) {
      assert.ok(commands.includes(command), `command ${command} is not contributed`);
    }
    const settings = Object.keys(contributes().configuration?.properties ?? {});
    for (const setting of ['acp.agents', 'acp.defaultAgent']) {
      assert.ok(settings.includes(setting), `setting ${setting} is not contributed`);
    }
  });
});
