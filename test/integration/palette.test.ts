// The ACP palette commands in the real extension host with scripted agents. Quick picks are answered the way a
// user does it, with the workbench's own quick input commands once the pick is on screen; the file dialog and the
// save dialog are not driven here: those commands are given what the explorer menu or a caller passes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { MentionRef } from '../../src/shared/protocol/composerProtocol';
import type { AgentMessageEntry } from '../../src/shared/transcript/model';
import { activateExtension, repoRoot, useScriptedAgent, waitFor } from './helpers/scriptedAgent';

function workspaceUri(...segments: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run with a workspace folder');
  return vscode.Uri.joinPath(folder.uri, ...segments);
}

function lastAgentText(session: Session): string {
  const agent = session.state.entries.filter((e): e is AgentMessageEntry => e.kind === 'agent').pop();
  return agent?.content.map((block) => (block.type === 'text' ? block.text : '')).join('') ?? '';
}

describe('ACP palette commands', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;

  /** Runs a command that shows a pick, and answers it with a workbench quick input command once it is shown. */
  async function answerPick<T>(command: string, move: 'quickInput.first' | 'quickInput.last'): Promise<T> {
    const shown = waitFor(api.picks.onDidShow, (id) => id === command);
    const result = vscode.commands.executeCommand<T>(command);
    await shown;
    await vscode.commands.executeCommand(move);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    return result;
  }

  before(async () => {
    api = await activateExtension();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('Switch Agent: the picked agent is the one in use, the default in user settings changes only when asked', async () => {
    await useScriptedAgent(api, 'hello');
    const inUse = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === 'demo');
    await answerPick('acp.switchAgent', 'quickInput.first');
    await inUse;
    assert.equal(api.sessions.agent?.id, 'demo');
    assert.equal(vscode.workspace.getConfiguration('acp').inspect('defaultAgent')?.globalValue, 'scripted-hello');

    const back = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === 'scripted-hello');
    await vscode.commands.executeCommand('acp.switchAgent', 'scripted-hello');
    await back;
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('acp.switchAgent', 'no-such-agent')), /no agent "no-such-agent"/);
    await vscode.commands.executeCommand('acp.makeDefaultAgent', 'demo');
    assert.equal(vscode.workspace.getConfiguration('acp').inspect('defaultAgent')?.globalValue, 'demo');
    const reset = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === 'scripted-hello');
    await vscode.commands.executeCommand('acp.makeDefaultAgent', 'scripted-hello');
    await reset;
  });

  it('Switch Agent offers the popular agents not configured yet: a picked preset is added to user settings and used', async () => {
    await useScriptedAgent(api, 'hello');
    const inUse = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === 'opencode');
    const shown = waitFor(api.picks.onDidShow, (id) => id === 'acp.switchAgent');
    const result = vscode.commands.executeCommand('acp.switchAgent');
    await shown;
    // The last preset, just above "Add agent…" (the agent in use is the default: no "Make … the default agent").
    await vscode.commands.executeCommand('quickInput.last');
    await vscode.commands.executeCommand('quickInput.previous');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await result;
    const config = vscode.workspace.getConfiguration('acp');
    assert.deepEqual(config.inspect<unknown[]>('agents')?.globalValue?.at(-1), { id: 'opencode', name: 'OpenCode', command: 'opencode', args: ['acp'] });
    assert.equal(config.inspect('defaultAgent')?.globalValue, 'scripted-hello');
    await inUse;
    assert.equal(api.sessions.agent?.name, 'OpenCode');
  });

  it('Switch Mode: the picked value of the mode config option is set on the agent', async () => {
    await useScriptedAgent(api, 'composer-config');
    const session = await api.sessions.newSession();
    const mode = () => session.state.header.configOptions.find((o) => o.id === 'mode')?.currentValue;
    assert.equal(mode(), 'ask');
    assert.equal(await answerPick<string>('acp.switchMode', 'quickInput.last'), 'code');
    assert.equal(mode(), 'code');
    await vscode.commands.executeCommand('acp.switchMode', 'ask');
    assert.equal(mode(), 'ask');
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('acp.switchMode', 'nope')), /not one of this agent's modes/);
  });

  it('Send Selection to Agent sends the selected lines as a prompt right away; Export Transcript writes it as Markdown', async () => {
    await useScriptedAgent(api, 'composer');
    const session = await api.sessions.newSession();
    const file = workspaceUri('hello.js');
    const editor = await vscode.window.showTextDocument(file);
    editor.selection = new vscode.Selection(1, 0, 2, 5);
    assert.equal(await vscode.commands.executeCommand('acp.sendSelectionToAgent'), true);
    assert.equal(lastAgentText(session), `Received: @hello.js#L2-L3\n${file.toString()}#L2-L3\nhello.js#L2-L3:\n\`\`\`\nfunction greet(name) {\n  return \`Hello, \${name}!\`;\n\`\`\``);

    const target = workspaceUri('exported-transcript.md');
    const written = await vscode.commands.executeCommand<vscode.Uri>('acp.exportTranscript', target);
    assert.equal(written?.toString(), target.toString());
    const markdown = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
    await vscode.workspace.fs.delete(target);
    assert.ok(markdown.startsWith(`# ACP session\n\nAgent: Scripted (composer) · Session: \`${session.sessionId}\` · Exported: `), markdown);
    assert.ok(markdown.includes(`## User\n\n@hello.js#L2-L3\n\n[hello.js#L2-L3](<${file.toString()}#L2-L3>)`), markdown);
    assert.ok(markdown.includes('## Agent\n\nReceived: @hello.js#L2-L3'), markdown);
  });

  it('Add File to Prompt adds the files the explorer passes as mentions', async () => {
    const a = workspaceUri('hello.js');
    const b = workspaceUri('README.md');
    const mentions = await vscode.commands.executeCommand<MentionRef[]>('acp.addFileToPrompt', a, [a, b]);
    assert.deepEqual(mentions, [
      { uri: a.toString(), label: 'hello.js' },
      { uri: b.toString(), label: 'README.md' },
    ]);
  });

  // The defaults of this platform (Linux, in a browser): the mac bindings are not checked here.
  it('the keybindings do not clash with VS Code default keybindings', async () => {
    const manifest = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(`${repoRoot()}/package.json`))));
    const ours: { key: string; command: string }[] = manifest.contributes.keybindings;
    const defaults = await vscode.workspace.openTextDocument(vscode.Uri.parse('vscode://defaultsettings/keybindings.json'));
    const taken = new Map<string, string>();
    for (const match of defaults.getText().matchAll(/"key":\s*"([^"]+)",\s*"command":\s*"([^"]+)"/g)) {
      if (!match[2].startsWith('acp.')) taken.set(match[1], match[2]);
    }
    assert.ok(taken.size > 100, `the default keybindings were read (${taken.size})`);
    const clashes = ours.flatMap((binding) => {
      const first = binding.key.split(' ')[0];
      return [...taken].filter(([key]) => key === binding.key || key.split(' ')[0] === first).map(([key, command]) => `${binding.command}: ${key} is ${command}`);
    });
    assert.deepEqual(clashes, []);
  });
});
