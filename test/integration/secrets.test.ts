// Secrets of an agent entry (every env value, whatever its name; the values of --api-key / --token=... flags in its
// args) never show in the traffic log, the agent's log, the failure message or the transcript export, even when
// the agent repeats them in its messages, tool calls and stderr. The logs are read from the files VS Code writes
// its output channels to.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { NoticeEntry } from '../../src/shared/transcript/model';
import { DEADLINE_MS, scriptedEntry, untilAgentStatus, useAgentEntry } from './helpers/faultAgent';
import { within } from './helpers/realAgentProcess';
import { activateExtension } from './helpers/scriptedAgent';

// Shapes no token pattern knows, under names and flags only the entry rule covers.
const ENV_VALUE = 'plainenv-Q7x9w2';
const FLAG_KEY = 'flagkey-Z4m8p1';
const FLAG_TOKEN = 'flagtok-K3j6n5';
const SECRETS = [ENV_VALUE, FLAG_KEY, FLAG_TOKEN];

/** The scripted agent behind `sh`, which passes its flags on to the agent as ACP_ECHO_ARGS. */
function secretEntry(): ReturnType<typeof scriptedEntry> {
  const scripted = scriptedEntry('secrets-echo');
  const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
  const script = `export ACP_ECHO_ARGS="$*"; echo "wrapper started with $*" >&2; exec ${[scripted.command, ...scripted.args].map(quote).join(' ')}`;
  return {
    ...scripted,
    command: '/bin/sh',
    args: ['-c', script, 'acp-agent', '--api-key', FLAG_KEY, `--token=${FLAG_TOKEN}`],
    env: { ELECTRON_RUN_AS_NODE: '1', MY_PLAIN_SETTING: ENV_VALUE },
  };
}

/**
 * The text of the output channel files whose names contain `name`: plain channels are written under
 * output_logging_* beside this extension's log folder, log channels in that folder.
 */
function channelText(api: AcpExtensionApi, name: string): string {
  const exthostDir = path.dirname(api.logUri.fsPath);
  const folders = [api.logUri.fsPath, ...readdir(exthostDir).filter((entry) => entry.startsWith('output_logging_')).map((entry) => path.join(exthostDir, entry))];
  let text = '';
  for (const folder of folders) {
    for (const file of readdir(folder).filter((entry) => entry.includes(name))) text += fs.readFileSync(path.join(folder, file), 'utf8');
  }
  return text;
}

function readdir(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch {
    return [];
  }
}

/** Resolves with the channel's text once it contains `marker` (VS Code writes channel files a little after). */
async function untilChannelHas(api: AcpExtensionApi, name: string, marker: string | RegExp): Promise<string> {
  const has = (text: string): boolean => (typeof marker === 'string' ? text.includes(marker) : marker.test(text));
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const text = channelText(api, name);
    if (has(text)) return text;
    if (Date.now() > deadline) {
      const files = [api.logUri.fsPath, path.dirname(api.logUri.fsPath)].map((folder) => `${folder}: ${readdir(folder).join(', ')}`);
      throw new Error(`the "${name}" log never showed ${String(marker)}; files: ${files.join('; ')}; it has:\n${text.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function assertNoSecret(text: string, where: string): void {
  for (const secret of SECRETS) assert.ok(!text.includes(secret), `${where} shows the secret ${secret}:\n${text}`);
}

describe('secrets of an agent entry are masked', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;
  let scratch: string;

  before(async () => {
    api = await activateExtension();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-secrets-'));
    await vscode.workspace.getConfiguration('acp').update('trafficLog.enabled', true, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    fs.rmSync(scratch, { recursive: true, force: true });
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('trafficLog.enabled', undefined, vscode.ConfigurationTarget.Global);
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('in the traffic log, the agent log, the transcript export and the failure message', async () => {
    await useAgentEntry(api, secretEntry());
    const session = await api.sessions.newSession();
    await within(api.sessions.prompt('echo'), DEADLINE_MS, 'the echo turn hangs');
    const said = session.state.entries.map((entry) => JSON.stringify(entry)).join('\n');
    assert.ok(SECRETS.every((secret) => said.includes(secret)), 'the agent did repeat every secret (else this test proves nothing)');

    const exported = vscode.Uri.file(path.join(scratch, 'transcript.md'));
    await vscode.commands.executeCommand('acp.exportTranscript', exported);
    const markdown = fs.readFileSync(exported.fsPath, 'utf8');
    assert.match(markdown, /message: setting \[masked\], flags --api-key \[masked\] --token=\[masked\]/);
    assertNoSecret(markdown, 'the transcript export');

    await within(api.sessions.prompt('crash'), DEADLINE_MS, 'the prompt hangs after the agent died');
    const agent = await untilAgentStatus(api, 'failed');
    assert.match(agent.message ?? '', /exited with code 3/);
    assert.match(agent.details ?? '', /dying: setting \[masked\]/);
    assertNoSecret(agent.message ?? '', 'the failure message');
    assertNoSecret(agent.details ?? '', 'the failure details');
    const notices = session.state.entries.filter((e): e is NoticeEntry => e.kind === 'notice');
    assertNoSecret(JSON.stringify(notices), 'the notice in the chat');

    const traffic = await untilChannelHas(api, 'ACP Traffic', /message: setting \[masked\][^\n]*\n[^]*"stopReason":"end_turn"/);
    assertNoSecret(traffic, 'the traffic log');
    const agentLog = await untilChannelHas(api, 'ACP Agent Fault (secrets-echo)', 'dying: setting [masked]');
    assert.match(agentLog, /wrapper started with --api-key \[masked\] --token=\[masked\]/);
    assertNoSecret(agentLog, 'the agent log');
  });
});
