// Agents for the fault matrix: the scripted agent playing a scenario file (a fixture or one written by the test),
// optionally wrapped so that it and a child of its own (standing in for an MCP server) hold a FIFO the test reads:
// end-of-file on it means the agent and everything it started are gone (see realAgentProcess.ts). Also: waiting
// for an agent status, and a guard that the user's files and unsaved buffers come through a fault untouched.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../../src/extension';
import type { AgentStatus } from '../../../src/shared/agentStatus';
import type { AgentSummary } from '../../../src/shared/protocol/webviewProtocol';
import { ProcessWatch, watchProcess, within } from './realAgentProcess';
import { repoRoot, scenarioPath, waitFor } from './scriptedAgent';

export const DEADLINE_MS = 20_000;

export interface AgentEntry {
  id: string;
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

let counter = 0;

/** The scripted agent playing `scenario` (a fixture name, or an absolute path to a scenario file). */
export function scriptedEntry(scenario: string): AgentEntry {
  const file = path.isAbsolute(scenario) ? scenario : scenarioPath(scenario);
  return {
    id: `fault-${++counter}`,
    name: `Fault (${path.basename(file, '.json')})`,
    command: process.execPath,
    args: [path.join(repoRoot(), 'dist', 'demo-agent.js'), '--scenario', file],
    env: { ELECTRON_RUN_AS_NODE: '1' },
  };
}

/**
 * The scripted agent started through `sh`, which opens the FIFO on fd 3 (inherited by everything below it), starts
 * a `sleep` child that outlives nothing on its own, and then becomes the agent (exec: same pid, same group).
 * The child shares the agent's stdio pipes unless `childHoldsPipes` is false (then the agent's own end of stdout
 * is the only one, so closing it ends the client's stream).
 */
export function watchedEntry(scenario: string, childHoldsPipes = true): { entry: AgentEntry; watch: ProcessWatch } {
  const watch = watchProcess();
  const fifo = /^3>'(.+)'$/.exec(watch.redirect)?.[1];
  if (!fifo) throw new Error(`unexpected FIFO redirect ${watch.redirect}`);
  const scripted = scriptedEntry(scenario);
  const entry: AgentEntry = {
    ...scripted,
    command: '/bin/sh',
    args: ['-c', `exec 3<>"$1"; shift; sleep 300 ${childHoldsPipes ? '' : '</dev/null >/dev/null 2>&1 '}& exec "$@"`, 'acp-agent', fifo, scripted.command, ...scripted.args],
  };
  return { entry, watch };
}

/** Makes `entry` the only configured agent and the default (user settings), and waits until the extension uses it. */
export async function useAgentEntry(api: AcpExtensionApi, entry: AgentEntry): Promise<void> {
  const config = vscode.workspace.getConfiguration('acp');
  const selected = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === entry.id);
  await config.update('agents', [entry], vscode.ConfigurationTarget.Global);
  await config.update('defaultAgent', entry.id, vscode.ConfigurationTarget.Global);
  if (api.sessions.agent?.id !== entry.id) await within(selected, DEADLINE_MS, `agent ${entry.id} was not selected`);
  await api.agentSelected();
}

/** Resolves with the agent summary once it has `status` (now or later). */
export function untilAgentStatus(api: AcpExtensionApi, status: AgentStatus): Promise<AgentSummary> {
  const now = api.sessions.agent;
  if (now?.status === status) return Promise.resolve(now);
  return within(
    waitFor(api.sessions.onDidChangeAgent, (agent) => agent.status === status),
    DEADLINE_MS,
    () => `the agent never became ${status} (it is ${JSON.stringify(api.sessions.agent)})`,
  );
}

/** Resolves once every process of the watched agent is gone. */
export function untilGone(watch: ProcessWatch, what: string): Promise<void> {
  return within(watch.gone, DEADLINE_MS, `${what}: a process of the agent (or its child) is still running`);
}

/** True while a process with this id exists (a zombie counts as gone). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** A file of the user's with unsaved changes in its editor: a fault must not touch the buffer or the disk. */
export class UserFilesGuard {
  private static readonly DISK_TEXT = 'saved by the user\n';
  private static readonly UNSAVED = 'typed by the user, not saved\n';
  private document: vscode.TextDocument | undefined;
  private readonly file: string;

  constructor() {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    if (!folder) throw new Error('the integration workspace has no folder');
    this.file = path.join(folder, 'user-notes.txt');
  }

  async setUp(): Promise<void> {
    fs.writeFileSync(this.file, UserFilesGuard.DISK_TEXT);
    this.document = await vscode.workspace.openTextDocument(this.file);
    const editor = await vscode.window.showTextDocument(this.document, { preview: false });
    await editor.edit((edit) => edit.insert(new vscode.Position(1, 0), UserFilesGuard.UNSAVED));
  }

  check(): void {
    const document = this.document;
    assert.ok(document, 'setUp() first');
    assert.equal(document.getText(), UserFilesGuard.DISK_TEXT + UserFilesGuard.UNSAVED, "the user's unsaved buffer changed");
    assert.equal(document.isDirty, true, "the user's unsaved changes were saved or dropped");
    assert.equal(fs.readFileSync(this.file, 'utf8'), UserFilesGuard.DISK_TEXT, "the user's file on disk changed");
  }

  async tearDown(): Promise<void> {
    if (this.document) {
      await vscode.window.showTextDocument(this.document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    fs.rmSync(this.file, { force: true });
  }
}
