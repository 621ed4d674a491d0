// The set-up the files integration suites share: the extension API, a test user interface plugged in for each
// test (and taken out after it), settings and editors reset, and helpers to run scripted-agent turns.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { WriteRecord } from '../../../src/services/files/writeRecord';
import type { AcpExtensionApi } from '../../../src/extension';
import type { Session } from '../../../src/session/session';
import { closeEverything, TestUserInterface } from './files';
import { activateExtension, useScriptedAgent } from './scriptedAgent';
import { useTestUserInterface } from './userInterface';

export interface FilesSuite {
  readonly api: AcpExtensionApi;
  /** This test's user interface (fresh for every test). */
  readonly ui: TestUserInterface;
  /** A new session on the scripted agent playing `scenario`. */
  sessionWith(scenario: string): Promise<Session>;
  /** One prompt turn that must end normally. */
  turn(session: Session, text: string): Promise<void>;
  /** The session's last write in this test (as the files service told it). */
  lastWrite(session: Session): WriteRecord;
  /** The session's writes in this test. */
  writes(session: Session): WriteRecord[];
  setting(name: 'outsideRoots' | 'saveAfterWrite', value: string): Thenable<void>;
}

/** Registers the hooks; call inside a `describe`. */
export function useFilesSuite(): FilesSuite {
  let api: AcpExtensionApi | undefined;
  let writes: WriteRecord[] = [];
  let listening: { dispose(): void } | undefined;
  const need = (): AcpExtensionApi => {
    assert.ok(api, 'the extension is activated in before()');
    return api;
  };

  let autoSave: unknown;
  before(async () => {
    api = await activateExtension();
    // The web workbench (code-server) auto-saves dirty documents after a second by default; these tests check
    // what stays unsaved, so auto save is off while they run.
    const files = vscode.workspace.getConfiguration('files');
    autoSave = files.inspect('autoSave')?.globalValue;
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });

  const ui = useTestUserInterface(() => need().files, () => new TestUserInterface());
  beforeEach(() => {
    writes = [];
    listening = need().files.onDidWrite((write) => writes.push(write));
  });

  afterEach(async () => {
    listening?.dispose();
    await closeEverything();
    const files = vscode.workspace.getConfiguration('acp.files');
    await files.update('outsideRoots', undefined, vscode.ConfigurationTarget.Global);
    await files.update('saveAfterWrite', undefined, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', autoSave, vscode.ConfigurationTarget.Global);
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  return {
    get api() {
      return need();
    },
    get ui() {
      return ui.current;
    },
    async sessionWith(scenario) {
      await useScriptedAgent(need(), scenario);
      await vscode.commands.executeCommand('acp.newSession');
      const session = need().sessions.session;
      assert.ok(session, 'acp.newSession created a session');
      return session;
    },
    async turn(session, text) {
      await need().sessions.prompt(text);
      assert.equal(session.state.header.lastStopReason, 'end_turn', `the turn for ${text} did not end normally`);
    },
    lastWrite(session) {
      const entries = writes.filter((write) => write.sessionKey === session.key);
      assert.ok(entries.length > 0, 'the files service told of the write');
      return entries[entries.length - 1];
    },
    writes(session) {
      return writes.filter((write) => write.sessionKey === session.key);
    },
    setting(name, value) {
      return vscode.workspace.getConfiguration('acp.files').update(name, value, vscode.ConfigurationTarget.Global);
    },
  };
}
