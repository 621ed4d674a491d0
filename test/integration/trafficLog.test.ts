// The traffic log is off by default; the command turns it on (and off) through the user setting.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension } from './helpers/scriptedAgent';

describe('ACP traffic log', () => {
  after(async () => {
    await vscode.workspace.getConfiguration('acp').update('trafficLog.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it('is off by default and toggled by "ACP: Toggle Traffic Log"', async () => {
    await activateExtension();
    const enabled = () => vscode.workspace.getConfiguration('acp').get<boolean>('trafficLog.enabled');
    assert.equal(enabled(), false);
    await vscode.commands.executeCommand('acp.toggleTrafficLog');
    assert.equal(enabled(), true);
    await vscode.commands.executeCommand('acp.toggleTrafficLog');
    assert.equal(enabled(), false);
  });
});
