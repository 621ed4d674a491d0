// A real published agent (claude-agent-acp, its model the suite's fake Anthropic endpoint) in a worktree thread: it
// edits a file of its worktree with its own tools; the main working tree changes only when the user applies the thread.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import { type FakeAnthropic, callTool, say } from '../fixtures/fake-anthropic';
import { skipWithout } from '../harness/skips';
import { git, repository } from '../unit/helpers/gitRepository';
import { CLAUDE_AGENT_ACP, RealAgent, startFakeAnthropic, useRealAgent, realAgentMissing } from './helpers/realAgent';
import { within } from './helpers/realAgentProcess';
import { answerPermissions, assertScriptPlayed } from './helpers/realAgentSession';
import { activateExtension, waitFor } from './helpers/scriptedAgent';

describe('a real agent (claude-agent-acp) with a fake model in a worktree thread', function () {
  this.timeout(180_000);
  let api: AcpExtensionApi;
  let fake: FakeAnthropic;
  let agent: RealAgent;
  let parent: string;

  before(async function () {
    skipWithout(this, realAgentMissing(CLAUDE_AGENT_ACP));
    api = await activateExtension();
    fake = await startFakeAnthropic();
    agent = await useRealAgent(api, fake, CLAUDE_AGENT_ACP);
    parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-realwt-')));
  });

  after(async () => {
    for (const thread of api?.worktrees.book.all() ?? []) await api.worktrees.book.remove(thread.path);
    if (parent) fs.rmSync(parent, { recursive: true, force: true });
    await agent?.dispose();
    await fake?.close();
  });

  it('edits in its own worktree; the user applies it to the main working tree', async () => {
    const repo = repository(path.join(parent, 'repo'), { 'notes.txt': 'alpha\nbeta\ngamma\n' });

    const shown = waitFor(api.picks.onDidShow, (id) => id === 'acp.newThreadInWorktree.agent');
    const made = vscode.commands.executeCommand('acp.newThreadInWorktree', vscode.Uri.file(repo));
    await shown;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await within(Promise.resolve(made), 90_000, 'the thread’s session did not start');
    const session = api.sessions.session;
    assert.ok(session, 'the thread’s session is on screen');
    const worktree = session.scope.cwd;
    assert.equal(path.dirname(worktree), path.join(parent, 'repo.worktrees'));
    const inWorktree = path.join(worktree, 'notes.txt');

    fake.script(
      callTool('Read', { file_path: inWorktree }, { say: 'Reading it first.', id: 'toolu_fake_wt_read' }),
      callTool('Edit', { file_path: inWorktree, old_string: 'beta', new_string: 'BETA from the worktree' }, { id: 'toolu_fake_wt_edit' }),
      say('Edited in the worktree.'),
    );
    const permissions = answerPermissions(session);
    await within(api.sessions.prompt('Shout beta in notes.txt'), 60_000, () => `the turn did not end; problems: ${fake.problems.join('; ') || 'none'}`);
    permissions.dispose();
    assertScriptPlayed(fake);
    assert.deepEqual(permissions.problems, []);
    assert.equal(fs.readFileSync(inWorktree, 'utf8'), 'alpha\nBETA from the worktree\ngamma\n');
    assert.equal(git(repo, 'status', '--porcelain'), '', 'the main tree is untouched until Apply');

    await api.worktrees.commands.apply();
    assert.equal(fs.readFileSync(path.join(repo, 'notes.txt'), 'utf8'), 'alpha\nBETA from the worktree\ngamma\n', 'applied to the main working tree');

    api.worktrees.commands.questions = { commitMessage: async () => undefined, confirm: async () => true, afterApply: async () => false };
    await vscode.commands.executeCommand('acp.discardThread');
    assert.equal(fs.existsSync(worktree), false);
  });
});
