// A session's place, inside a real VS Code with a scripted agent: a session started in a folder that is no workspace
// folder (`acp.newSession` given that folder) works there as in its own workspace: it reads and writes there and
// runs its terminals there without a consent prompt, its roots and additionalDirectories are its own, and the
// @-mention search looks there; a session of the workspace is not given that folder (asked, as for any outside file).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { searchFiles } from '../../src/composer/fileSearch';
import type { Session } from '../../src/session/session';
import { agentJson, agentText, lastToolCall, toolCallText, workspaceRoot } from './helpers/files';
import { useFilesSuite } from './helpers/filesSuite';
import { useScriptedAgent } from './helpers/scriptedAgent';

interface Where {
  cwd: string;
  additionalDirectories: string[];
}

interface TerminalOutput {
  output: string;
  exitStatus?: { exitCode?: number | null };
}

describe('place: a session whose folder is not a workspace folder', function () {
  this.timeout(60_000);
  const suite = useFilesSuite();
  let elsewhere: string;

  before(() => {
    elsewhere = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-place-')));
    fs.writeFileSync(path.join(elsewhere, 'place-read.txt'), 'read in its place\n');
  });

  after(() => fs.rmSync(elsewhere, { recursive: true, force: true }));

  async function sessionIn(folder: vscode.Uri | undefined): Promise<Session> {
    await useScriptedAgent(suite.api, 'place');
    await vscode.commands.executeCommand('acp.newSession', ...(folder ? [folder] : []));
    const session = suite.api.sessions.session;
    assert.ok(session, 'acp.newSession started a session');
    return session;
  }

  it('reads, writes and runs a terminal in its folder without asking; its roots and additionalDirectories are its own', async () => {
    const session = await sessionIn(vscode.Uri.file(elsewhere));
    assert.equal(session.scope.cwd, elsewhere);
    assert.deepEqual(session.scope.roots, [elsewhere], 'its folder alone: not the workspace folders');

    await suite.turn(session, 'where');
    assert.deepEqual(agentJson<Where>(session), { cwd: elsewhere, additionalDirectories: [] }, 'the agent was given no workspace folder');

    await suite.turn(session, 'read');
    const read = lastToolCall(session);
    assert.equal(read.status, 'completed', toolCallText(read));
    assert.match(toolCallText(read), /read in its place/);

    await suite.turn(session, 'write');
    assert.equal(agentText(session), 'written');
    const written = path.join(elsewhere, 'place-written.txt');
    assert.equal(suite.lastWrite(session).path, written);
    assert.equal(fs.readFileSync(written, 'utf8'), 'written in its place\n', 'saved to disk');

    await suite.turn(session, 'run');
    const run = agentJson<TerminalOutput>(session);
    assert.equal(run.output.trim(), elsewhere, 'a terminal created without a cwd runs in the session folder');
    assert.equal(run.exitStatus?.exitCode, 0);

    assert.deepEqual(suite.ui.asked, [], 'no consent prompt');
  });

  it('a mention of a file in its folder goes with the file text; to a workspace session, as a link alone', async () => {
    const uri = vscode.Uri.file(path.join(elsewhere, 'place-read.txt')).toString();
    const mention = { type: 'prompt' as const, text: 'look at @place-read.txt', mentions: [{ uri, label: 'place-read.txt' }] };
    const there = await sessionIn(vscode.Uri.file(elsewhere));
    await suite.api.composer.prompt({ ...mention, sessionKey: there.key });
    assert.equal(agentText(there), `Received: look at @place-read.txt\nresource ${uri}\nread in its place\n`);

    const here = await sessionIn(undefined);
    await suite.api.composer.prompt({ ...mention, sessionKey: here.key });
    assert.equal(agentText(here), `Received: look at @place-read.txt\n${uri}`, 'outside its roots: not read');
  });

  it('the @-mention search looks in the session roots: its folder, not the workspace', async () => {
    const token = new vscode.CancellationTokenSource().token;
    const there = await searchFiles('place-read', [elsewhere], token);
    assert.deepEqual(
      there.map((hit) => [hit.path, vscode.Uri.parse(hit.uri).fsPath]),
      [['place-read.txt', path.join(elsewhere, 'place-read.txt')]],
    );
    assert.deepEqual(await searchFiles('place-read', [workspaceRoot()], token), [], 'the workspace does not hold it');
  });

  it('a session in the workspace folder is not given the other folder: reading there asks, and a denial refuses', async () => {
    const session = await sessionIn(undefined);
    assert.equal(session.scope.cwd, workspaceRoot());
    assert.deepEqual(session.scope.roots, vscode.workspace.workspaceFolders?.map((folder) => folder.uri.fsPath));
    suite.ui.answers = ['deny'];
    const outsideFile = path.join(elsewhere, 'place-read.txt');
    await suite.turn(session, outsideFile);
    const call = lastToolCall(session);
    assert.equal(call.status, 'failed');
    assert.match(toolCallText(call), /outside the folders of this session/);
    assert.deepEqual(suite.ui.asked.map((question) => [question.kind, question.path]), [['read', outsideFile]]);
  });
});
