// The extension's own notes (sessions, files, review, history, auth) go to the "ACP" log output channel, where users
// read them (Output view), not to the extension host's console. The log is read from the file VS Code writes the
// channel to, in this extension's log folder.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AcpExtensionApi } from '../../src/extension';
import type { AgentMessageEntry } from '../../src/shared/transcript/model';
import { activateExtension, useScriptedAgent } from './helpers/scriptedAgent';

const GIVE_UP_MS = 20_000;

/** The text of the "ACP" channel's file (log channels are written to `<logUri>/<name>.log`). */
function acpLogText(api: AcpExtensionApi): string {
  const file = path.join(api.logUri.fsPath, 'ACP.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** Resolves with the log once it contains `marker`; VS Code writes the file a little after the line is logged. */
function untilLogHas(api: AcpExtensionApi, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + GIVE_UP_MS;
    const folder = api.logUri.fsPath;
    fs.mkdirSync(folder, { recursive: true });
    const check = (): boolean => {
      const text = acpLogText(api);
      if (text.includes(marker)) {
        watcher.close();
        clearTimeout(timer);
        resolve(text);
        return true;
      }
      return false;
    };
    const watcher = fs.watch(folder, () => void check());
    const timer = setTimeout(() => {
      watcher.close();
      if (!check()) reject(new Error(`the ACP log never showed ${marker}; files in ${folder}: ${fs.readdirSync(folder).join(', ')}; it has:\n${acpLogText(api).slice(-2000)}`));
    }, deadline - Date.now());
    check();
  });
}

describe('the extension log', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;

  before(async () => {
    api = await activateExtension();
  });

  it('an unknown session update is noted in the "ACP" log channel, and the turn goes on', async () => {
    await useScriptedAgent(api, 'unknown-update');
    const session = await api.sessions.newSession();
    await api.sessions.prompt('sparkle please');
    const said = session.state.entries.filter((e): e is AgentMessageEntry => e.kind === 'agent');
    assert.deepEqual(said.map((e) => e.content.map((b) => (b.type === 'text' ? b.text : '')).join('')), ['Still here.']);
    const log = await untilLogHas(api, 'Ignored unknown session update "_acme/sparkle"');
    assert.match(log, /\[warning\]|\[info\]/, 'a log channel line, with its level');
  });
});
