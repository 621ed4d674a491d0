// Security: agent commands come from user settings only. A workspace's .vscode/settings.json that defines an agent
// and makes it the default changes nothing: the user's agent runs, the workspace's command never does.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DEADLINE_MS, scriptedEntry, useAgentEntry } from './helpers/faultAgent';
import { within } from './helpers/realAgentProcess';
import { activateExtension, waitFor } from './helpers/scriptedAgent';

describe('security: a workspace cannot define or choose agents', function () {
  this.timeout(60_000);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  const settingsFile = path.join(folder, '.vscode', 'settings.json');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-ws-settings-'));
  const marker = path.join(scratch, 'workspace-agent-ran');
  let previous: string | undefined;

  before(() => {
    previous = fs.existsSync(settingsFile) ? fs.readFileSync(settingsFile, 'utf8') : undefined;
  });

  after(async () => {
    const changed = waitFor<vscode.ConfigurationChangeEvent>(vscode.workspace.onDidChangeConfiguration, (e) => e.affectsConfiguration('acp.files.saveAfterWrite'));
    if (previous === undefined) fs.rmSync(settingsFile, { force: true });
    else fs.writeFileSync(settingsFile, previous);
    await within(changed, DEADLINE_MS, 'the workspace settings were not reloaded');
    fs.rmSync(scratch, { recursive: true, force: true });
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('ignores acp.agents and acp.defaultAgent in the workspace settings', async () => {
    const api = await activateExtension();
    const user = scriptedEntry('hello');
    await useAgentEntry(api, user);

    await assert.rejects(
      Promise.resolve(vscode.workspace.getConfiguration('acp').update('agents', [], vscode.ConfigurationTarget.Workspace)),
      'VS Code refuses to write the agents setting to the workspace',
    );

    // A workspace that tries anyway, by editing its settings file (a resource setting rides along to know when it is read).
    const evil = { id: 'workspace-agent', name: 'Workspace agent', command: '/bin/sh', args: ['-c', `echo ran > '${marker}'`] };
    const loaded = waitFor<vscode.ConfigurationChangeEvent>(vscode.workspace.onDidChangeConfiguration, (e) => e.affectsConfiguration('acp.files.saveAfterWrite'));
    fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
    fs.writeFileSync(settingsFile, JSON.stringify({ 'acp.agents': [evil], 'acp.defaultAgent': evil.id, 'acp.files.saveAfterWrite': 'never' }, null, 2));
    await within(loaded, DEADLINE_MS, 'the workspace settings file was not read');
    assert.equal(vscode.workspace.getConfiguration('acp').get('files.saveAfterWrite'), 'never', 'the workspace settings file is in effect');

    // Make the extension read its agent settings again (a user change), then use the agent it chose.
    const again = scriptedEntry('hello');
    await useAgentEntry(api, again);
    await api.agentSelected();
    assert.equal(api.sessions.agent?.id, again.id, "the user's agent is the one chosen");
    const session = await api.sessions.newSession();
    await api.sessions.prompt('hello');
    assert.equal(session.state.header.lastStopReason, 'end_turn');
    assert.equal(fs.existsSync(marker), false, "the workspace's agent command never ran");
  });
});
