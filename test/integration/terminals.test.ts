// terminal/* served to a scripted agent inside the real extension host: a command line runs in the session's folder
// and its output comes back, a VS Code terminal mirrors it, release invalidates the id; a long command released
// while the agent waits for it; a background command killed; the end of a session (new session, agent exit)
// leaves no process behind. Processes are watched through a FIFO their grandchild holds (see watchProcess): its
// reader sees end-of-file exactly when they are gone, so nothing here polls.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { AgentMessageEntry, NoticeEntry, SessionChange, ToolCallEntry } from '../../src/shared/transcript/model';
import { ProcessWatch, watchProcess, within } from './helpers/realAgentProcess';
import { activateExtension, useScriptedAgent, waitFor } from './helpers/scriptedAgent';
import { untilTerminal } from './helpers/terminals';

/** A deadline that turns a hang into a readable failure (not a sleep). */
const DEADLINE_MS = 15_000;

function agentMessages(session: Session): string[] {
  return session.state.entries
    .filter((e): e is AgentMessageEntry => e.kind === 'agent')
    .map((e) => e.content.map((block) => (block.type === 'text' ? block.text : '')).join(''));
}

/** The JSON object of the agent message that has `key` (the scenarios report the answers they got that way). */
function reported(session: Session, key: string): Record<string, unknown> {
  const text = agentMessages(session).find((t) => t.startsWith('{') && t.includes(`"${key}"`));
  assert.ok(text, `an agent message reporting "${key}": ${JSON.stringify(agentMessages(session))}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Resolves once an agent message reports `key` (it may come outside a turn). */
function untilReported(session: Session, key: string): Promise<Record<string, unknown>> {
  const has = (): boolean => agentMessages(session).some((t) => t.startsWith('{') && t.includes(`"${key}"`) && t.trim().endsWith('}'));
  const ready = has() ? Promise.resolve() : waitFor<SessionChange>(session.onDidChange, has).then(() => undefined);
  return within(ready, DEADLINE_MS, `no agent message reported "${key}"`).then(() => reported(session, key));
}

/** Resolves with the next VS Code terminal opened from now on that satisfies the predicate. */
function nextTerminal(predicate: (terminal: vscode.Terminal) => boolean): Promise<vscode.Terminal> {
  return waitFor(vscode.window.onDidOpenTerminal, predicate);
}

/** Watches the processes a scenario command starts: they hold the FIFO named by $ACP_TEST_FIFO (inherited from this host). */
function watchCommand(): ProcessWatch {
  const watch = watchProcess();
  const fifo = /^3>'(.+)'$/.exec(watch.redirect)?.[1];
  if (!fifo) throw new Error(`unexpected FIFO redirect ${watch.redirect}`);
  process.env.ACP_TEST_FIFO = fifo;
  return watch;
}

/** Live processes (not zombies) whose command line contains `marker`. */
function processesWith(marker: string): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      const zombie = /^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (!zombie && cmdline.includes(marker)) found.push(`${pid} ${cmdline}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

interface Answer {
  id: number | string;
  result?: { terminalId?: string };
  error?: { code: number; message: string };
}

async function newSession(): Promise<Session> {
  await vscode.commands.executeCommand('acp.newSession');
  const session = (await activateExtension()).sessions.session;
  assert.ok(session, 'acp.newSession created a session');
  return session;
}

describe('terminals: terminal/* for a scripted agent', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;
  let watch: ProcessWatch | undefined;

  before(async () => {
    api = await activateExtension();
  });

  afterEach(() => {
    watch?.dispose();
    watch = undefined;
    delete process.env.ACP_TEST_FIFO;
  });

  after(async () => {
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it('runs a command line in the session folder: output via terminal/output, a VS Code terminal, release invalidates the id', async () => {
    await useScriptedAgent(api, 'terminals-basic');
    const session = await newSession();
    // The command's VS Code terminal opens when a tool call shows it, under the tool call's title.
    const mirrored = untilTerminal((t) => t.name === 'ACP: Run echo');
    await api.sessions.prompt('run it');

    const answers = reported(session, 'created');
    assert.deepEqual(answers.created, { terminalId: 'term-1' });
    assert.deepEqual(answers.exit, { exitCode: 0, signal: null });
    assert.deepEqual(answers.out, { output: `HELLO-FROM-TERMINAL\n${session.scope.cwd}\n`, truncated: false, exitStatus: { exitCode: 0, signal: null } });
    assert.deepEqual(answers.released, {});
    assert.equal((answers.afterRelease as { error: { code: number } }).error.code, -32002, 'the id is invalid after release');
    assert.deepEqual(answers.releasedAgain, {}, 'a second release succeeds');
    assert.deepEqual(answers.createdArgs, { terminalId: 'term-2' });
    assert.equal((answers.argsOut as { output: string }).output, 'a b; echo injected $HOME\n', 'args are passed without a shell');
    assert.equal((answers.relativeCwd as { error: { code: number } }).error.code, -32602);
    await within(mirrored, DEADLINE_MS, () => `no VS Code terminal mirrors the command; terminals: ${JSON.stringify(vscode.window.terminals.map((t) => t.name))}`);
    const tool = session.state.entries.find((e): e is ToolCallEntry => e.kind === 'tool_call' && e.toolCallId === 'call_term');
    assert.deepEqual(tool?.content, [{ type: 'terminal', terminalId: 'term-1' }]);
    assert.equal(session.state.header.lastStopReason, 'end_turn');
  });

  it('releases a long command while the agent waits for it: the wait settles with the kill, the process is gone', async () => {
    await useScriptedAgent(api, 'terminals-release-waiting');
    watch = watchCommand();
    const session = await newSession();
    await within(watch.opened, DEADLINE_MS, 'the long command never started (terminal/create after session/new)');
    // The agent's wait_for_exit goes out right after this message; a release sent before it would make the wait fail.
    await untilReported(session, 'waiting');
    await api.sessions.prompt('release it');

    assert.deepEqual(reported(session, 'released').released, {});
    const waited = await untilReported(session, 'waited');
    assert.deepEqual(waited.waited, { exitCode: null, signal: 'SIGTERM' }, 'the pending wait_for_exit settled with the exit status after the kill');
    await within(watch.gone, DEADLINE_MS, 'the command (or its grandchild) still runs after terminal/release');
  });

  it('kills a background command: the id stays valid (output, exit status), nothing is left running', async () => {
    await useScriptedAgent(api, 'terminals-kill');
    watch = watchCommand();
    const session = await newSession();
    await api.sessions.prompt('start');
    await within(watch.opened, DEADLINE_MS, 'the background command never started');
    await api.sessions.prompt('kill');

    const answers = reported(session, 'killed');
    assert.deepEqual(answers.killed, {});
    assert.equal((answers.before as { exitStatus?: unknown }).exitStatus, undefined, 'running before the kill');
    assert.deepEqual(answers.after, { output: 'bg-started\n', truncated: false, exitStatus: { exitCode: null, signal: 'SIGTERM' } });
    assert.deepEqual(answers.exit, { exitCode: null, signal: 'SIGTERM' });
    await within(watch.gone, DEADLINE_MS, 'the background command (or its grandchild) still runs after terminal/kill');
  });

  it('Ctrl+C in the VS Code terminal that mirrors a command kills it', async () => {
    await useScriptedAgent(api, 'terminals-kill');
    watch = watchCommand();
    await newSession();
    const opened = nextTerminal((t) => t.name === 'ACP: Background job');
    await api.sessions.prompt('start');
    const terminal = await within(opened, DEADLINE_MS, () => `no VS Code terminal mirrors the command: ${JSON.stringify(vscode.window.terminals.map((t) => t.name))}`);
    await within(watch.opened, DEADLINE_MS, 'the background command never started');
    terminal.sendText('\x03', false);
    await within(watch.gone, DEADLINE_MS, 'Ctrl+C in the terminal did not end the command');
  });

  it('ends the commands of a session that is closed, and of a session whose agent exits', async () => {
    await useScriptedAgent(api, 'terminals-session-end');
    watch = watchCommand();
    await newSession();
    const first = api.sessions.currentKey;
    assert.ok(first);
    await api.sessions.prompt('start');
    await within(watch.opened, DEADLINE_MS, 'the command never started');
    const second = await newSession();
    assert.ok(api.sessions.openSessions.some((open) => open.key === first), 'the first session stays open behind the new one');
    await api.sessions.close(first);
    await within(watch.gone, DEADLINE_MS, 'the command of the closed session still runs');
    watch.dispose();

    watch = watchCommand();
    await api.sessions.prompt('start');
    await within(watch.opened, DEADLINE_MS, 'the command never started in the second session');
    await api.sessions.prompt('exit');
    assert.ok(second.ended, 'the session ended with its agent');
    await within(watch.gone, DEADLINE_MS, 'the command still runs after its agent exited');
  });

  describe('guards', () => {
    afterEach(async () => {
      await vscode.workspace.getConfiguration('acp').update('terminals.maxPerSession', undefined, vscode.ConfigurationTarget.Global);
      const key = api.sessions.currentKey;
      if (key) await api.sessions.close(key);
    });

    it('a terminal/create the agent cancels before it is answered answers -32800 and leaves no process', async () => {
      await useScriptedAgent(api, 'terminals-guards');
      const session = await newSession();
      await api.sessions.prompt('cancel');
      const { cancelledCreate } = (await untilReported(session, 'cancelledCreate')) as { cancelledCreate: Answer[] };
      // Had the command started, it would run now: it is spawned before terminal/create is answered.
      assert.deepEqual(processesWith('300.4242'), [], 'the cancelled command runs');
      assert.equal(cancelledCreate.length, 1);
      assert.equal(cancelledCreate[0]?.error?.code, -32800, JSON.stringify(cancelledCreate));
    });

    it('caps the live terminals of a session (acp.terminals.maxPerSession): past it a clear error and a line in the chat', async () => {
      await vscode.workspace.getConfiguration('acp').update('terminals.maxPerSession', 2, vscode.ConfigurationTarget.Global);
      await useScriptedAgent(api, 'terminals-guards');
      const session = await newSession();
      await api.sessions.prompt('fill');
      const { created } = (await untilReported(session, 'created')) as { created: Answer[] };
      assert.deepEqual(created.filter((answer) => answer.result).map((answer) => answer.result?.terminalId).sort(), ['term-1', 'term-2']);
      const refused = created.filter((answer) => answer.error);
      assert.equal(refused.length, 1, JSON.stringify(created));
      assert.match(refused[0]!.error!.message, /^Too many terminals: this session already has 2 that are not released/);
      assert.deepEqual(processesWith('300.6363'), [], 'the refused command runs');
      assert.equal(processesWith('300.5151').length + processesWith('300.5252').length >= 2, true, 'the two accepted commands run');
      const notices = session.state.entries.filter((e): e is NoticeEntry => e.kind === 'notice').map((e) => e.text);
      assert.ok(
        notices.some((text) => /more than 2 terminals at once, so `sleep 300\.6363` was not run.*acp\.terminals\.maxPerSession/.test(text)),
        JSON.stringify(notices),
      );

      await api.sessions.prompt('release');
      const { afterRelease } = (await untilReported(session, 'afterRelease')) as { afterRelease: { terminalId?: string } };
      assert.equal(afterRelease.terminalId, 'term-3', 'a released terminal no longer counts');
    });
  });
});
