// No secret case is kept in any file the extension writes. A scripted agent started with secrets of every kind (its
// entry's env value under a plain name, the values of its --api-key / --token= flags, an API key typed in to sign in,
// the MCP servers' header and secret env values) repeats them, with well-known token shapes (sk-…, ghp_…, Bearer …),
// in a thought, a plan, a tool call's title and content, a permission request, a message streamed in small pieces
// and a message past the transcript's cap; the user's prompt carries a token too. Then every file under the
// extension's storage folders (workspace storage, global storage), its logs and its spill folder is read: none holds
// a secret, and the files that must be there are there (and show [masked], so the secrets did reach them masked).
// (The open sessions' file is written once the history has restored a window's sessions: read when it is there.)
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import { DEADLINE_MS, scriptedEntry, useAgentEntry } from './helpers/faultAgent';
import { workspaceRoot } from './helpers/files';
import { within } from './helpers/realAgentProcess';
import { answerPermissions } from './helpers/realAgentSession';
import { activateExtension, waitFor } from './helpers/scriptedAgent';

const ENV_VALUE = 'plainenv-Q7x9w2';
const FLAG_KEY = 'flagkey-Z4m8p1';
const FLAG_TOKEN = 'flagtok-K3j6n5';
const SIGNIN_KEY = 'signin-U1i3o5';
const MCP_HEADER = 'mcphdr-R5t8y3';
const MCP_ENV = 'mcpenv-W2e4r6';
const GHP = 'ghp_0123456789abcdefghijABCD';
/** What must never be kept: the known values, and the secret part of each token shape. */
const NEEDLES = [ENV_VALUE, FLAG_KEY, FLAG_TOKEN, SIGNIN_KEY, MCP_HEADER, MCP_ENV, 'AbCdEfGhIjKlMnOpQrStUv', '0123456789abcdefghijABCD', 'eyJhbGciOiJIUzI1NiJ9'];
const NOTE = 'secrets-stored-note.txt';

/** The scripted agent behind `sh`, which passes its flags on to the agent as ACP_ECHO_ARGS. */
function secretEntry(): ReturnType<typeof scriptedEntry> {
  const scripted = scriptedEntry('secrets-store');
  const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
  const script = `export ACP_ECHO_ARGS="$*"; exec ${[scripted.command, ...scripted.args].map(quote).join(' ')}`;
  return {
    ...scripted,
    command: '/bin/sh',
    args: ['-c', script, 'acp-agent', '--api-key', FLAG_KEY, `--token=${FLAG_TOKEN}`],
    env: { ELECTRON_RUN_AS_NODE: '1', MY_PLAIN_SETTING: ENV_VALUE },
  };
}

/** Every file under `folder` (none when it does not exist). */
function filesUnder(folder: string): string[] {
  let names: fs.Dirent[];
  try {
    names = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  return names.flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(file) : entry.isFile() ? [file] : [];
  });
}

/**
 * The files the extension writes: its workspace and global storage (with the state databases beside them, where
 * VS Code keeps the extension's workspace and global state when it keeps them on this machine), its log folder, the
 * files of its output channels, and its spill folder.
 */
function filesWritten(api: AcpExtensionApi): string[] {
  const storage = api.storageUri?.fsPath;
  const global = api.globalStorageUri.fsPath;
  const logs = api.logUri.fsPath;
  const exthostLogs = path.dirname(logs);
  const channels = filesUnder(exthostLogs).filter((file) => /output_logging_/.test(file) && /ACP/.test(path.basename(file)));
  const states = [storage, global].flatMap((folder) => (folder ? filesUnder(path.dirname(folder)).filter((file) => /state\.vscdb/.test(path.basename(file))) : []));
  return [
    ...(storage ? filesUnder(storage) : []),
    ...filesUnder(global),
    ...states,
    ...filesUnder(logs),
    ...channels,
    ...filesUnder(path.join(os.tmpdir(), `acp-client-spill-${process.pid}`)),
  ];
}

describe('secrets are masked in every file the extension writes', function () {
  this.timeout(90_000);
  let api: AcpExtensionApi;

  before(async () => {
    api = await activateExtension();
    await vscode.workspace.getConfiguration('acp').update(
      'mcpServers',
      [
        { name: 'secret-http', type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { 'X-Api-Key': MCP_HEADER } },
        { name: 'secret-stdio', command: '/bin/true', env: { SERVICE_TOKEN: MCP_ENV } },
      ],
      vscode.ConfigurationTarget.Global,
    );
  });

  after(async () => {
    const note = path.join(workspaceRoot(), NOTE);
    if (fs.existsSync(note)) await vscode.commands.executeCommand('acp.keepFile', note);
    fs.rmSync(note, { force: true });
    await vscode.commands.executeCommand('acp.logOut').then(undefined, () => undefined);
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('mcpServers', undefined, vscode.ConfigurationTarget.Global);
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('the local copy of the conversation, the history, the review, the logs and the spill files hold none', async () => {
    assert.ok(api.storageUri?.scheme === 'file', 'the extension has a workspace storage folder on this machine');
    await useAgentEntry(api, secretEntry());
    await assert.rejects(api.sessions.newSession(), /needs you to sign in/);
    const answering = api.auth.useUserInterface({
      askEnvVar: () => Promise.resolve(SIGNIN_KEY),
      runLoginTerminal: () => Promise.reject(new Error('no terminal expected')),
    });
    try {
      await api.auth.signIn(api.sessions.sideBar, 'api-key');
    } finally {
      answering.dispose();
    }
    const session = api.sessions.session;
    assert.ok(session, 'signing in started a session');

    const saved = waitFor(api.history.transcripts.onDidSave, (copy) => copy.sessionId === session.sessionId);
    const reviewSaved = waitFor(api.review.service.onDidSave, () => api.review.service.allPending().some((change) => change.file.path.endsWith(NOTE)));
    const permissions = answerPermissions(session);
    await within(api.sessions.prompt(`echo all ${GHP}`), DEADLINE_MS * 2, 'the echo turn hangs');
    permissions.dispose();
    const calls = session.state.entries.flatMap((entry) => (entry.kind === 'tool_call' ? [`${entry.title.slice(0, 20)}: ${entry.status} ${JSON.stringify(entry.decidedBy ?? null)}`] : []));
    assert.equal(permissions.asked.length, 1, `the agent asked for permission once (tool calls: ${calls.join('; ')})`);

    const said = JSON.stringify(session.state);
    const missing = NEEDLES.filter((needle) => !said.includes(needle));
    assert.deepEqual(missing, [], 'the agent repeated every secret (else this test proves nothing)');
    await within(saved, DEADLINE_MS, 'the local copy of the conversation was never saved');
    await within(reviewSaved, DEADLINE_MS, 'the review never saved its ledgers');
    const cut = session.state.entries.find((entry) => entry.kind === 'agent' && entry.cut);
    assert.ok(cut, 'the long message was cut at the cap');
    const spilled = await session.fullMessageFile(cut.id);
    assert.ok(spilled, 'the cut message went to a spill file');

    const files = filesWritten(api);
    const storage = api.storageUri.fsPath;
    const expected = [
      // This session's copy: earlier tests of the suite keep copies of theirs in the same folder.
      { what: 'the local copy of the conversation', file: files.find((file) => file.startsWith(path.join(storage, 'transcripts')) && fs.readFileSync(file, 'utf8').includes(JSON.stringify(session.sessionId))) },
      { what: 'the session history', file: path.join(storage, 'session-records.json') },
      { what: 'the review (checkpoints)', file: path.join(storage, 'review-ledgers.json') },
      { what: 'the spilled message', file: spilled },
    ];
    for (const { what, file } of expected) {
      assert.ok(file && files.includes(file) && fs.statSync(file).size > 0, `${what} was written (${file ?? 'no file'})`);
      assert.ok(fs.readFileSync(file, 'utf8').includes('[masked]'), `${what} shows [masked] where the secrets were`);
    }
    const found: string[] = [];
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      for (const needle of NEEDLES) if (bytes.includes(needle)) found.push(`${file}: ${needle}`);
    }
    assert.deepEqual(found, [], `secrets in ${files.length} files the extension wrote`);
  });
});
