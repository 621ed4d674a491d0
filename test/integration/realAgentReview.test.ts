// The current Claude adapter (claude-agent-acp) edits files itself: its Claude Code runs the built-in Read, Edit,
// Write and Bash tools and writes straight to disk, never through fs/write_text_file. Its model is the suite's fake
// Anthropic endpoint. What it changed must still show in Review changes (the change ledger), attributed to its
// tool calls, and Undo All must put every file back exactly.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { ToolCallEntry } from '../../src/shared/transcript/model';
import { type FakeAnthropic, callTool, say } from '../fixtures/fake-anthropic';
import { skipWithout } from '../harness/skips';
import { CLAUDE_AGENT_ACP, RealAgent, newSession, startFakeAnthropic, useRealAgent, realAgentMissing } from './helpers/realAgent';
import { within } from './helpers/realAgentProcess';
import { answerPermissions, assertScriptPlayed, toolCall, toolResult } from './helpers/realAgentSession';
import { scratchFolder } from './helpers/realAgentWorkspace';
import { TestReviewUserInterface, pendingFile, untilReview, untilSnapshotKnows } from './helpers/review';
import { activateExtension } from './helpers/scriptedAgent';
import { useTestUserInterface } from './helpers/userInterface';

describe('a real agent (claude-agent-acp) with a fake model: its own disk edits in Review changes', function () {
  // The agent takes a few seconds to start, and its Claude Code a few more per session.
  this.timeout(120_000);
  let api: AcpExtensionApi;
  let fake: FakeAnthropic;
  let agent: RealAgent;
  let dir: string;

  before(async function () {
    skipWithout(this, realAgentMissing(CLAUDE_AGENT_ACP));
    api = await activateExtension();
    fake = await startFakeAnthropic();
    agent = await useRealAgent(api, fake, CLAUDE_AGENT_ACP);
    dir = scratchFolder('real-agent-review');
  });

  beforeEach(() => fake.reset());
  const ui = useTestUserInterface(() => api.review, () => new TestReviewUserInterface());

  after(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await agent?.dispose();
    await fake?.close();
  });

  /** A file the user had before the turn (the workspace snapshot has seen it). */
  async function existing(name: string, text: string): Promise<string> {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    await untilSnapshotKnows(api, file, text);
    return file;
  }

  it('Edit, Write and Bash rm, done on disk by the agent itself (no fs/write_text_file), are pending in the ledger; Undo All restores them', async () => {
    const editedFile = await existing('edited.txt', 'alpha\nbeta\ngamma\n');
    const doomedFile = await existing('doomed.txt', 'delete me\n');
    const createdFile = path.join(dir, 'created.txt');
    const createdText = 'made by claude-agent-acp\nsecond line\n';

    const session = await within(newSession(api), 60_000, 'claude-agent-acp made no session');
    const ids = { read: 'toolu_fake_cla_read', edit: 'toolu_fake_cla_edit', write: 'toolu_fake_cla_write', rm: 'toolu_fake_cla_rm' };
    fake.script(
      // Claude Code refuses to edit a file it has not read in this session.
      callTool('Read', { file_path: editedFile }, { say: 'Reading it first.', id: ids.read }),
      callTool('Edit', { file_path: editedFile, old_string: 'beta', new_string: 'BETA edited by the agent' }, { id: ids.edit }),
      callTool('Write', { file_path: createdFile, content: createdText }, { id: ids.write }),
      callTool('Bash', { command: `rm '${doomedFile}'`, description: 'Delete doomed.txt' }, { id: ids.rm }),
      say('Edited, created and deleted.'),
    );
    const fsWrites: string[] = [];
    const watchingWrites = api.files.onDidWrite((write) => fsWrites.push(write.path));
    const permissions = answerPermissions(session);
    await within(api.sessions.prompt('Shout beta in edited.txt, create created.txt, delete doomed.txt'), 60_000, () =>
      `the turn did not end; the fake was asked ${fake.requests.length} time(s), problems: ${fake.problems.join('; ') || 'none'}, permissions asked: ${permissions.asked.join(', ') || 'none'}`);
    permissions.dispose();
    watchingWrites.dispose();

    assertScriptPlayed(fake);
    assert.deepEqual(permissions.problems, []);
    const offered = fake.conversation(session.sessionId)[0]?.messages?.tools ?? [];
    for (const tool of ['Read', 'Edit', 'Write', 'Bash']) assert.ok(offered.includes(tool), `the agent offers its built-in ${tool} (offered: ${offered.join(', ')})`);
    for (const id of Object.values(ids)) {
      const result = toolResult(fake, session, id);
      assert.equal(result.isError, false, `${id}: ${result.text}`);
      assert.equal(toolCall(session, id).status, 'completed', id);
    }
    assert.deepEqual(fsWrites, [], 'the agent wrote on disk itself, never through fs/write_text_file');
    assert.equal(fs.readFileSync(editedFile, 'utf8'), 'alpha\nBETA edited by the agent\ngamma\n');
    assert.equal(fs.readFileSync(createdFile, 'utf8'), createdText);
    assert.equal(fs.existsSync(doomedFile), false);

    const files = [editedFile, createdFile, doomedFile];
    await untilReview(api, () => files.every((file) => pendingFile(api, file)), 'the edited, created and deleted files in the ledger');
    await api.review.service.settled();
    const edited = pendingFile(api, editedFile);
    assert.deepEqual(
      edited && { status: edited.status, baseline: edited.baseline, current: edited.current },
      { status: 'modified', baseline: 'alpha\nbeta\ngamma\n', current: 'alpha\nBETA edited by the agent\ngamma\n' },
    );
    const created = pendingFile(api, createdFile);
    assert.deepEqual(created && { status: created.status, baseline: created.baseline, current: created.current }, { status: 'created', baseline: null, current: createdText });
    const deleted = pendingFile(api, doomedFile);
    assert.deepEqual(deleted && { status: deleted.status, baseline: deleted.baseline, current: deleted.current }, { status: 'deleted', baseline: 'delete me\n', current: null });
    assert.deepEqual(edited?.toolCallIds, [ids.edit], 'the edit is attributed to the Edit tool call');
    assert.deepEqual(created?.toolCallIds, [ids.write], 'the new file is attributed to the Write tool call');
    // The Bash tool call names no file (no locations, no diff), so the deletion is attributed to no tool call.
    const transcriptIds = session.state.entries.filter((e): e is ToolCallEntry => e.kind === 'tool_call').map((e) => e.toolCallId);
    for (const id of [...(edited?.toolCallIds ?? []), ...(created?.toolCallIds ?? []), ...(deleted?.toolCallIds ?? [])]) {
      assert.ok(transcriptIds.includes(id), `${id} is a tool call in the transcript`);
    }
    assert.deepEqual(
      api.review.service.ledger?.pending().map((file) => file.path).sort(),
      files.slice().sort(),
      "nothing else is pending (Claude Code's Edit writes a temp file and renames it over the real one)",
    );

    await vscode.commands.executeCommand('acp.undoAll');
    assert.deepEqual(ui.current.errors, []);
    assert.deepEqual(ui.current.userEditQuestions, [], 'no file had changed since the agent left it');
    assert.equal(fs.readFileSync(editedFile, 'utf8'), 'alpha\nbeta\ngamma\n');
    assert.equal(fs.existsSync(createdFile), false, 'the created file is gone');
    assert.equal(fs.readFileSync(doomedFile, 'utf8'), 'delete me\n', 'the deleted file is back');
    assert.deepEqual(api.review.service.ledger?.pending(), []);
  });
});
