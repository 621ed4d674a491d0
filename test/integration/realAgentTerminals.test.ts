// claude-code-acp running commands through the client's terminal/* methods (its mcp__acp__Bash, BashOutput and
// KillShell tools): output comes back, a command past its timeout is released and gone, a background command is
// killed and gone. Pending (with the reason in the title) while the client does not advertise `terminal`.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import { type FakeAnthropic, callTool, say, toolResultFor, toolResults } from '../fixtures/fake-anthropic';
import { skipWithout } from '../harness/skips';
import { RealAgent, newSession, probeOfferedTools, assertOffered, startFakeAnthropic, useRealAgent, realAgentMissing } from './helpers/realAgent';
import { ProcessWatch, watchProcess, within } from './helpers/realAgentProcess';
import { answerPermissions, assertScriptPlayed, toolCall, toolResult } from './helpers/realAgentSession';
import { workspaceFolder } from './helpers/realAgentWorkspace';
import { activateExtension } from './helpers/scriptedAgent';
import { untilTerminal } from './helpers/terminals';

/** How long a process may take to go after the agent let its terminal go (a deadline for a readable failure). */
const GONE_WITHIN_MS = 15_000;

describe('a real agent (claude-code-acp) with a fake model: commands through the client (terminal/*)', function () {
  this.timeout(90_000);
  let api: AcpExtensionApi;
  let fake: FakeAnthropic;
  let agent: RealAgent;
  let offered: string[] = [];
  let watch: ProcessWatch | undefined;

  before(async function () {
    skipWithout(this, realAgentMissing());
    api = await activateExtension();
    fake = await startFakeAnthropic();
    agent = await useRealAgent(api, fake);
    offered = await probeOfferedTools(api, fake);
  });

  beforeEach(() => fake.reset());

  afterEach(() => {
    watch?.dispose();
    watch = undefined;
  });

  after(async () => {
    await agent?.dispose();
    await fake?.close();
  });

  it("runs a command in the session's folder: its output reaches the model, the tool call shows the terminal", async function () {
    assertOffered(offered, ['mcp__acp__Bash']);
    const session = await newSession(api);
    const bashId = 'toolu_fake_bash_sum';
    fake.script(
      callTool('mcp__acp__Bash', { command: 'echo "sum=$((6*7))"; pwd', timeout: 30_000, description: 'Print a sum and the folder' }, { id: bashId }),
      (request) => say(`The command printed: ${toolResults(request)[0]?.text}`),
    );
    const permissions = answerPermissions(session);
    await api.sessions.prompt('Add six times seven in the shell');
    permissions.dispose();

    assertScriptPlayed(fake);
    assert.deepEqual(permissions.problems, []);
    assert.ok(permissions.asked.includes(bashId), 'the command asked for permission and was allowed');
    const result = toolResult(fake, session, bashId);
    assert.equal(result.isError, false, result.text);
    assert.match(result.text, /Exited with code 0/);
    assert.match(result.text, /sum=42/, 'the shell ran the command line');
    assert.ok(result.text.includes(workspaceFolder()), `the command ran in the session's folder: ${result.text}`);
    const entry = toolCall(session, bashId);
    assert.equal(entry.status, 'completed');
    const terminal = entry.content.find((c) => c.type === 'terminal' && 'terminalId' in c && typeof c.terminalId === 'string');
    assert.ok(terminal, `the tool call shows the client's terminal: ${JSON.stringify(entry.content)}`);
    await within(
      untilTerminal((t) => t.name === `ACP: ${entry.title}`),
      10_000,
      () => `no VS Code terminal named after the tool call "${entry.title}"; terminals: ${JSON.stringify(vscode.window.terminals.map((t) => t.name))}`,
    );
  });

  it('releases a command that outlives its timeout while the agent waits for it: the process is gone', async function () {
    assertOffered(offered, ['mcp__acp__Bash']);
    const running = watchProcess();
    watch = running;
    const session = await newSession(api);
    const bashId = 'toolu_fake_bash_timeout';
    fake.script(
      callTool('mcp__acp__Bash', { command: `echo started; sleep 60 ${running.redirect}`, timeout: 1_500, description: 'Sleep past the timeout' }, { id: bashId }),
      say('It timed out.'),
    );
    const permissions = answerPermissions(session);
    await api.sessions.prompt('Run something slow');
    permissions.dispose();

    assertScriptPlayed(fake);
    assert.deepEqual(permissions.problems, []);
    const result = toolResult(fake, session, bashId);
    assert.equal(result.isError, false, result.text);
    assert.match(result.text, /Timed out/);
    assert.match(result.text, /started/, 'the output before the timeout came back');
    await within(running.gone, GONE_WITHIN_MS, 'the command still runs after the agent released its terminal (terminal/release must kill it)');
    assert.equal(session.state.header.lastStopReason, 'end_turn');
  });

  it('kills a background command (KillShell) after peeking at its output (BashOutput): no process is left', async function () {
    assertOffered(offered, ['mcp__acp__Bash', 'mcp__acp__BashOutput', 'mcp__acp__KillShell']);
    const running = watchProcess();
    watch = running;
    const session = await newSession(api);
    const bashId = 'toolu_fake_bash_background';
    const outputId = 'toolu_fake_bash_output';
    const killId = 'toolu_fake_kill_shell';
    let shellId = '';
    fake.script(
      callTool('mcp__acp__Bash', {
        command: `echo bg-started; sleep 60 ${running.redirect}`,
        timeout: 60_000,
        run_in_background: true,
        description: 'Background sleeper',
      }, { id: bashId }),
      async (request) => {
        const started = toolResultFor(request, bashId)?.text ?? '';
        shellId = /with id: (\S+)/.exec(started)?.[1] ?? '';
        if (!shellId) throw new Error(`the background command reported no id: ${started}`);
        // Its echo has run once it holds the FIFO.
        await within(running.opened, GONE_WITHIN_MS, 'the background command never started');
        return callTool('mcp__acp__BashOutput', { task_id: shellId, block: false, timeout: 1_000 }, { id: outputId });
      },
      () => callTool('mcp__acp__KillShell', { shell_id: shellId }, { id: killId }),
      say('Stopped it.'),
    );
    const permissions = answerPermissions(session);
    await api.sessions.prompt('Start a background job, look at it, stop it');
    permissions.dispose();

    assertScriptPlayed(fake);
    assert.deepEqual(permissions.problems, []);
    const started = toolResult(fake, session, bashId);
    assert.match(started.text, /Command started in background with id: /);
    const output = toolResult(fake, session, outputId);
    assert.equal(output.isError, false, output.text);
    assert.match(output.text, /bg-started/);
    const killed = toolResult(fake, session, killId);
    assert.equal(killed.isError, false, killed.text);
    assert.match(killed.text, /Command killed successfully/);
    await within(running.gone, GONE_WITHIN_MS, 'the background command still runs after KillShell (terminal/kill must end it)');
    assert.equal(toolCall(session, killId).status, 'completed');
    assert.equal(session.state.header.lastStopReason, 'end_turn');
  });
});
