// "Restore checkpoint" on the chat's user messages, in a real VS Code with scripted agents: which messages have one,
// the plan (the files it changes) before anything is written, the restore marked in the transcript with Undo Restore,
// and the link from a message to its checkpoint when the conversation is loaded again (replayed with new entry ids).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Session } from '../../src/session/session';
import type { NoticeEntry, TranscriptEntry } from '../../src/shared/transcript/model';
import { scratchFile } from './helpers/files';
import { useFilesSuite } from './helpers/filesSuite';
import { within } from './helpers/realAgentProcess';
import { TestReviewUserInterface, pendingFile, untilReview, untilSnapshotKnows } from './helpers/review';
import { repoRoot, scenarioPath, waitFor } from './helpers/scriptedAgent';
import { useTestUserInterface } from './helpers/userInterface';

const DEADLINE_MS = 20_000;

function users(session: Session): TranscriptEntry[] {
  return session.state.entries.filter((entry) => entry.kind === 'user');
}

function lastNotice(session: Session): NoticeEntry {
  const notice = session.state.entries.at(-1);
  assert.ok(notice?.kind === 'notice', `the transcript ends with a notice, not ${JSON.stringify(notice)}`);
  return notice;
}

describe('checkpoints: Restore checkpoint on user messages', function () {
  this.timeout(60_000);
  const suite = useFilesSuite();
  useTestUserInterface(() => suite.api.review, () => new TestReviewUserInterface());

  async function existing(name: string, text: string): Promise<string> {
    const file = scratchFile(name, text);
    await untilSnapshotKnows(suite.api, file, text);
    return file;
  }

  it('each prompt that changed files has one; the plan lists the files, the restore is marked in the transcript, Undo Restore puts them back', async () => {
    const checkpoints = suite.api.review.checkpoints;
    const a = await existing('cp-one.disk.txt', 'beta one\n');
    const b = path.join(path.dirname(a), 'cp-two.new.txt');
    const session = await suite.sessionWith('review');
    await suite.turn(session, a);
    // The agent's disk change is seen before the next prompt (else it would count as the next turn's).
    await untilReview(suite.api, () => pendingFile(suite.api, a));
    await suite.turn(session, b);
    await untilReview(suite.api, () => pendingFile(suite.api, b));

    const [first, second] = users(session);
    const links = checkpoints.message(suite.api.sessions.currentKey);
    assert.ok(links?.type === 'checkpoints' && links.sessionKey === session.key);
    assert.deepEqual(
      links.links.map((link) => [link.entryId, link.turn, link.files]),
      [
        [first.id, 1, 2],
        [second.id, 2, 1],
      ],
    );

    const plan = await checkpoints.plan(session.key, first.id);
    assert.deepEqual(plan.files.map((file) => [file.name, file.action]).sort(), [
      ['cp-one.disk.txt', 'restore'],
      ['cp-two.new.txt', 'delete'],
    ]);
    assert.equal(fs.readFileSync(a, 'utf8'), 'BETA one\n', 'the plan writes nothing');

    await checkpoints.handle({ type: 'restoreCheckpoint', sessionKey: session.key, entryId: first.id });
    assert.equal(fs.readFileSync(a, 'utf8'), 'beta one\n');
    assert.equal(fs.existsSync(b), false, 'the file the agent created after it is gone');
    const rewind = lastNotice(session);
    assert.match(rewind.text, /^Checkpoint restored: 2 files are back as before ".*cp-one\.disk\.txt"/);
    assert.match(rewind.detail ?? '', /cp-two\.new\.txt: deleted \(the agent created it\)/);
    assert.ok(rewind.rewind && !rewind.rewind.closed, 'Undo Restore is offered');

    await checkpoints.handle({ type: 'undoRestore', sessionKey: session.key, entryId: rewind.id });
    assert.equal(fs.readFileSync(a, 'utf8'), 'BETA one\n');
    assert.equal(fs.readFileSync(b, 'utf8'), 'made by the agent\n');
    const undone = session.state.entries.find((entry) => entry.id === rewind.id);
    assert.ok(undone?.kind === 'notice' && undone.rewind?.undone === true && undone.rewind.closed === true, 'the marker says the restore was undone');
    assert.match(undone.text, /Restore undone/);
    await assert.rejects(checkpoints.handle({ type: 'undoRestore', sessionKey: session.key, entryId: rewind.id }), /Only the latest checkpoint restore/);
  });

  it('a conversation loaded again (replayed, with new entry ids) keeps its checkpoints on its user messages', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-checkpoints-'));
    const api = suite.api;
    try {
      const id = 'checkpoints-load';
      const config = vscode.workspace.getConfiguration('acp');
      const selected = waitFor(api.sessions.onDidChangeAgent, (agent) => agent.id === id);
      await config.update(
        'agents',
        [
          {
            id,
            name: 'Scripted (checkpoints-load)',
            command: process.execPath,
            args: [path.join(repoRoot(), 'dist', 'demo-agent.js'), '--scenario', scenarioPath(id)],
            env: { ELECTRON_RUN_AS_NODE: '1', ACP_DEMO_STORE: path.join(dir, 'store.json') },
          },
        ],
        vscode.ConfigurationTarget.Global,
      );
      await config.update('defaultAgent', id, vscode.ConfigurationTarget.Global);
      if (api.sessions.agent?.id !== id) await within(selected, DEADLINE_MS, `${id} was not selected`);
      await api.agentSelected();

      const file = await existing('cp-load.disk.txt', 'beta two\n');
      const first = await api.sessions.newSession();
      await api.sessions.prompt(file);
      await untilReview(api, () => pendingFile(api, file));
      const sessionId = first.sessionId;
      await api.sessions.close(api.sessions.currentKey!);

      await api.history.open(id, sessionId);
      const loaded = api.sessions.session;
      assert.ok(loaded && loaded.sessionId === sessionId && loaded !== first, 'the conversation is loaded in a new session');
      const [replayed] = users(loaded);
      assert.ok(replayed, 'the prompt was replayed');
      const links = api.review.checkpoints.message(api.sessions.currentKey);
      assert.deepEqual(
        links?.links.map((link) => [link.entryId, link.turn]),
        [[replayed.id, 1]],
        'the replayed message has the checkpoint',
      );
      await api.review.checkpoints.handle({ type: 'restoreCheckpoint', sessionKey: loaded.key, entryId: replayed.id });
      assert.equal(fs.readFileSync(file, 'utf8'), 'beta two\n');
      assert.match(lastNotice(loaded).text, /^Checkpoint restored: 1 file is back/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the read-only local copy of a conversation whose agent cannot load keeps its checkpoints (opened from the history)", async () => {
    const api = suite.api;
    const file = await existing('cp-copy.disk.txt', 'beta three\n');
    const session = await suite.sessionWith('review');
    await suite.turn(session, file);
    await untilReview(api, () => pendingFile(api, file));
    const agentId = api.sessions.agent?.id;
    assert.ok(agentId);
    await api.sessions.close(session.key);
    await api.history.open(agentId, session.sessionId);
    const copy = api.sessions.session;
    assert.ok(copy && copy !== session && copy.sessionId === session.sessionId && copy.ended, 'the read-only copy is shown');
    const [message] = users(copy);
    assert.deepEqual(api.review.checkpoints.message(api.sessions.currentKey)?.links.map((link) => [link.entryId, link.turn]), [[message.id, 1]]);
    await api.review.checkpoints.handle({ type: 'restoreCheckpoint', sessionKey: copy.key, entryId: message.id });
    assert.equal(fs.readFileSync(file, 'utf8'), 'beta three\n');
  });
});
