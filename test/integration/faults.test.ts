// The fault matrix: a scripted agent that fails in every way we know of, in the real extension host. For each
// fault: the panel's agent status says what happened (with the agent's last stderr lines) and offers Restart
// (the header does for a failed agent), nothing hangs (every wait has a deadline), the agent and its child are
// gone (a FIFO they hold reaches end-of-file), open permission prompts close, terminals are released, and the
// user's file and unsaved buffer are untouched.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import type { AgentMessageEntry, NoticeEntry, SessionChange, ToolCallEntry } from '../../src/shared/transcript/model';
import {
  DEADLINE_MS,
  UserFilesGuard,
  processExists,
  scriptedEntry,
  untilAgentStatus,
  untilGone,
  useAgentEntry,
  watchedEntry,
} from './helpers/faultAgent';
import { ProcessWatch, watchProcess, within } from './helpers/realAgentProcess';
import { activateExtension, waitFor } from './helpers/scriptedAgent';

function agentText(session: Session): string {
  return session.state.entries
    .filter((e): e is AgentMessageEntry => e.kind === 'agent')
    .map((e) => e.content.map((block) => (block.type === 'text' ? block.text : '')).join(''))
    .join('');
}

function notices(session: Session): NoticeEntry[] {
  return session.state.entries.filter((e): e is NoticeEntry => e.kind === 'notice');
}

function toolCalls(session: Session, toolCallId: string): ToolCallEntry[] {
  return session.state.entries.filter((e): e is ToolCallEntry => e.kind === 'tool_call' && e.toolCallId === toolCallId);
}

function until(session: Session, what: string, predicate: () => boolean): Promise<unknown> {
  if (predicate()) return Promise.resolve();
  return within(waitFor<SessionChange>(session.onDidChange, predicate), DEADLINE_MS, `never saw ${what}`);
}

function scratchDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'acp-faults-'));
}

describe('fault matrix: a scripted agent that fails', function () {
  this.timeout(90_000);
  let api: AcpExtensionApi;
  const guard = new UserFilesGuard();
  const watches: ProcessWatch[] = [];
  const scratch: string[] = [];

  function watched(scenario: string, childHoldsPipes = true) {
    const agent = watchedEntry(scenario, childHoldsPipes);
    watches.push(agent.watch);
    return agent;
  }

  before(async () => {
    api = await activateExtension();
    await guard.setUp();
  });

  afterEach(() => {
    guard.check();
    watches.splice(0).forEach((watch) => watch.dispose());
    delete process.env.ACP_TEST_FIFO;
  });

  after(async () => {
    await guard.tearDown();
    scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  describe('the agent cannot be started', () => {
    it('a command that does not exist: the panel names it and says what to fix', async () => {
      await useAgentEntry(api, { ...scriptedEntry('hello'), command: '/nonexistent/folder/acp-agent', args: [] });
      await assert.rejects(api.sessions.newSession());
      const agent = await untilAgentStatus(api, 'failed');
      assert.match(agent.message ?? '', /'\/nonexistent\/folder\/acp-agent' does not exist; check the acp\.agents setting/);

      await useAgentEntry(api, { ...scriptedEntry('hello'), command: 'acp-agent-not-on-path', args: [] });
      await assert.rejects(api.sessions.newSession());
      assert.match((await untilAgentStatus(api, 'failed')).message ?? '', /'acp-agent-not-on-path' was not found on PATH; check the acp\.agents setting/);
    });

    it('a command that is not executable, or is a folder: the panel says so', async () => {
      const dir = scratchDir();
      scratch.push(dir);
      const file = path.join(dir, 'agent.sh');
      fs.writeFileSync(file, '#!/bin/sh\necho hi\n', { mode: 0o644 });
      await useAgentEntry(api, { ...scriptedEntry('hello'), command: file, args: [] });
      await assert.rejects(api.sessions.newSession());
      assert.match((await untilAgentStatus(api, 'failed')).message ?? '', /could not be run \(permission denied\): is it an executable file\? check the acp\.agents setting/);

      await useAgentEntry(api, { ...scriptedEntry('hello'), command: dir, args: [] });
      await assert.rejects(api.sessions.newSession());
      assert.match((await untilAgentStatus(api, 'failed')).message ?? '', /is a folder, not a program/);
    });

    it('exits during initialize: the exit code and its last stderr lines are shown; nothing is left running', async () => {
      const { entry, watch } = watched('fault-init-exit');
      await useAgentEntry(api, entry);
      await assert.rejects(api.sessions.newSession());
      const agent = await untilAgentStatus(api, 'failed');
      assert.match(agent.message ?? '', /exited with code 3/);
      assert.doesNotMatch(agent.message ?? '', /fatal/, 'a plain sentence first');
      assert.match(agent.details ?? '', /Last lines of its output \(stderr\):\n[^]*fatal: the model configuration could not be loaded/);
      await untilGone(watch, 'after exiting during initialize');
    });

    it('never answers initialize: it fails after the time limit (acp.agentStartTimeout), saying so, and is stopped', async () => {
      const config = vscode.workspace.getConfiguration('acp');
      await config.update('agentStartTimeout', 1, vscode.ConfigurationTarget.Global);
      try {
        const { entry, watch } = watched('fault-init-hang');
        await useAgentEntry(api, entry);
        const started = within(api.sessions.newSession(), DEADLINE_MS, 'starting an agent that never answers initialize hangs');
        await assert.rejects(started, /did not answer initialize within 1 second/);
        const agent = await untilAgentStatus(api, 'failed');
        assert.match(agent.message ?? '', /could not be started: it did not answer initialize within 1 second, so it was stopped\.[^]*raise the acp\.agentStartTimeout setting and Restart/);
        assert.match(agent.details ?? '', /Last lines of its output \(stderr\):\n[^]*loading the model index/);
        await untilGone(watch, 'after the initialize time limit');
      } finally {
        await config.update('agentStartTimeout', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    it('answers initialize with an error: the error and its stderr are shown; the agent is stopped', async () => {
      const { entry, watch } = watched('fault-init-error');
      await useAgentEntry(api, entry);
      await assert.rejects(api.sessions.newSession(), /model unavailable/);
      const agent = await untilAgentStatus(api, 'failed');
      assert.match(agent.message ?? '', /started but refused to initialize: internal: model unavailable\. See Details/);
      assert.match(agent.details ?? '', /^Error -32603: internal: model unavailable\n\nLast lines of its output \(stderr\):\n[^]*warning: no credentials found/);
      await untilGone(watch, 'after an initialize error');
    });
  });

  describe('the agent dies while working', () => {
    it('exits mid-stream: the turn ends, the partial answer stays, the exit and stderr tail are shown; Restart brings it back', async () => {
      const { entry, watch } = watched('fault-midstream');
      await useAgentEntry(api, entry);
      const session = await api.sessions.newSession();
      await within(api.sessions.prompt('answer me'), DEADLINE_MS, 'the prompt hangs after the agent died');

      assert.equal(session.ended, true);
      assert.equal(session.state.header.turn, 'idle');
      assert.equal(agentText(session), 'Here is the first half of the answer', 'all of the partial answer stays');
      const agent = await untilAgentStatus(api, 'failed');
      assert.match(agent.message ?? '', /stopped: it exited with code 1\. Restart it, or send a message to start it again\.$/);
      assert.match(agent.details ?? '', /Last lines of its output \(stderr\):\n[^]*panic: connection to the model lost\n {4}at stream/);
      const notice = notices(session).find((n) => n.severity === 'error');
      assert.equal(notice?.text, agent.message, 'the transcript says it, in the same words');
      assert.equal(notice?.detail, agent.details, 'with the stderr tail behind Details');
      assert.deepEqual(notice?.failure, { restart: true }, 'and offers Restart');
      await untilGone(watch, 'after exiting mid-stream');

      await api.sessions.restartAgent();
      assert.equal(api.sessions.agent?.status, 'ready', 'Restart starts the agent again');
    });

    it('writes a burst and exits at once: every chunk it wrote is in the transcript, before the failure notice', async () => {
      // Started directly (no child holds its pipes), so its output ends with its exit, as with most agents.
      await useAgentEntry(api, scriptedEntry('fault-last-words'));
      const session = await api.sessions.newSession();
      await within(api.sessions.prompt('answer me'), DEADLINE_MS, 'the prompt hangs after the agent died');

      const agent = await untilAgentStatus(api, 'failed');
      assert.match(agent.message ?? '', /stopped: it exited with code 1\./);
      const chunks = agentText(session).match(/#\d+/g) ?? [];
      assert.equal(chunks.length, 2000, 'every chunk reached the transcript');
      assert.equal(chunks.at(-1), '#1999', 'the last one too');
      const kinds = session.state.entries.map((entry) => entry.kind);
      assert.equal(kinds.lastIndexOf('agent') < kinds.lastIndexOf('notice'), true, 'the failure notice comes after the answer');
    });

    it('dies while a permission prompt is open: the prompt closes, the turn ends', async () => {
      const { entry, watch } = watched('fault-permission-crash');
      await useAgentEntry(api, entry);
      const session = await api.sessions.newSession();
      const turn = api.sessions.prompt('delete build');
      await until(session, 'the permission prompt', () => toolCalls(session, 'call_rm').some((t) => t.permission));
      const pid = api.sessions.agentPid;
      assert.ok(pid, 'the agent runs');
      process.kill(pid, 'SIGKILL');
      await within(turn, DEADLINE_MS, 'the prompt hangs after the agent was killed');

      assert.equal(toolCalls(session, 'call_rm')[0]?.permission, undefined, 'the permission prompt is closed');
      assert.equal(session.state.header.turn, 'idle');
      const agent = await untilAgentStatus(api, 'failed');
      assert.match(agent.message ?? '', /was killed by SIGKILL/);
      assert.match(agent.details ?? '', /asking for permission/);
      await untilGone(watch, 'after being killed with a prompt open');
      assert.equal(processExists(pid), false, `agent pid ${pid} is gone`);
    });

    it('dies while a terminal command runs: the command is killed and its terminal released', async () => {
      const { entry, watch } = watched('fault-terminal-crash');
      const command = watchProcess();
      watches.push(command);
      process.env.ACP_TEST_FIFO = /^3>'(.+)'$/.exec(command.redirect)?.[1];
      await useAgentEntry(api, entry);
      const session = await api.sessions.newSession();
      const turn = api.sessions.prompt('run the long job');
      await within(command.opened, DEADLINE_MS, 'the long command never started');
      const pid = api.sessions.agentPid;
      assert.ok(pid);
      process.kill(pid, 'SIGKILL');
      await within(turn, DEADLINE_MS, 'the prompt hangs after the agent was killed');

      await within(command.gone, DEADLINE_MS, 'the terminal command still runs after its agent died');
      await untilGone(watch, 'after being killed while a terminal ran');
      assert.equal(session.ended, true);
      const failed = await untilAgentStatus(api, 'failed');
      assert.match(failed.message ?? '', /was killed by SIGKILL/);
      assert.match(failed.details ?? '', /running a long command/);
    });

    it('closes stdout mid-turn and keeps running: the turn ends with a message naming it, the prompt closes, it is stopped', async () => {
      const { entry, watch } = watched('fault-stdout-close', false);
      await useAgentEntry(api, entry);
      const session = await api.sessions.newSession();
      const pid = api.sessions.agentPid;
      assert.ok(pid, 'the agent runs');
      const turn = api.sessions.prompt('clean up');
      await until(session, 'the permission prompt', () => toolCalls(session, 'call_rm').some((t) => t.permission));
      await within(turn, DEADLINE_MS, 'the turn never ends after the agent closed its stdout');

      assert.equal(session.state.header.turn, 'idle');
      assert.equal(session.ended, true);
      assert.equal(toolCalls(session, 'call_rm')[0]?.permission, undefined, 'the permission prompt is closed');
      assert.match(agentText(session), /^Starting the cleanup\.$/);
      const said = /^Fault \(fault-stdout-close\) closed its output \(stdout\) while still running, so nothing more can come from it\. It was stopped; Restart it to go on\./;
      const notice = notices(session).find((n) => n.severity === 'error');
      assert.match(notice?.text ?? '', said, 'the transcript says what happened');
      assert.match(notice?.detail ?? '', /warning: lost the output stream/, 'with its last stderr lines behind Details');
      const agent = await untilAgentStatus(api, 'failed');
      assert.match(agent.message ?? '', said);
      // It ignores the end of stdin: stopping it takes SIGTERM.
      await untilGone(watch, 'after closing its stdout');
      assert.equal(processExists(pid), false, `agent pid ${pid} is gone`);

      await api.sessions.restartAgent();
      assert.equal(api.sessions.agent?.status, 'ready', 'Restart starts the agent again');
    });

    it('hangs on shutdown (ignores end of stdin and SIGTERM): it is killed after the grace period', async () => {
      const { entry, watch } = watched('fault-hang-shutdown');
      await useAgentEntry(api, entry);
      const session = await api.sessions.newSession();
      await api.sessions.prompt('hello');
      assert.match(agentText(session), /still here/);
      const pid = api.sessions.agentPid;
      assert.ok(pid);

      // Choosing another agent stops this one: stdin closed, SIGTERM ignored, then SIGKILL.
      await within(useAgentEntry(api, scriptedEntry('hello')), DEADLINE_MS, 'stopping the hanging agent hangs');
      await untilGone(watch, 'a hanging agent after stop');
      assert.equal(processExists(pid), false, `agent pid ${pid} is gone`);
    });
  });

  describe('the agent writes what is not ACP', () => {
    it('garbage, split messages, invalid UTF-8, CRLF and a byte order mark: good messages count, bad lines are skipped', async () => {
      await useAgentEntry(api, scriptedEntry('fault-bad-stdout'));
      const session = await api.sessions.newSession();
      await within(api.sessions.prompt('go'), DEADLINE_MS, 'the turn hangs');
      assert.equal(agentText(session).replace(/[^<>a-z]/g, ''), '<one><two><three><four>');
      assert.equal(session.state.header.lastStopReason, 'end_turn');
      assert.equal(api.sessions.agent?.status, 'ready');
    });

    it('a line longer than the 64 MiB limit is dropped and reading carries on', async () => {
      const dir = scratchDir();
      scratch.push(dir);
      const file = path.join(dir, 'oversize.json');
      const mebibyte = 'x'.repeat(1024 * 1024);
      const scenario = {
        name: 'fault-oversize',
        turns: [{ steps: [{ say: '<before>' }, { raw: '{"jsonrpc":"2.0","method":"session/update","params":{"junk":"' }, { repeat: 65, steps: [{ raw: mebibyte }] }, { raw: '"}}\n' }, { say: '<after>' }] }],
      };
      fs.writeFileSync(file, JSON.stringify(scenario));
      await useAgentEntry(api, scriptedEntry(file));
      const session = await api.sessions.newSession();
      await within(api.sessions.prompt('go'), 60_000, 'the turn hangs after an oversize line');
      assert.equal(agentText(session), '<before><after>');
      assert.equal(session.state.header.lastStopReason, 'end_turn');
    });

    it('floods stderr: only the end is kept and shown, bounded', async () => {
      const dir = scratchDir();
      scratch.push(dir);
      const file = path.join(dir, 'flood.json');
      const scenario = {
        name: 'fault-stderr-flood',
        turns: [{ steps: [{ repeat: 20_000, steps: [{ stderr: 'flood line ${i}' }] }, { stderr: 'y'.repeat(300_000) }, { stderr: 'last words' }, { exit: 2 }] }],
      };
      fs.writeFileSync(file, JSON.stringify(scenario));
      const { entry, watch } = watched(file);
      await useAgentEntry(api, entry);
      await api.sessions.newSession();
      await within(api.sessions.prompt('flood'), DEADLINE_MS, 'the turn hangs after a stderr flood');
      const agent = await untilAgentStatus(api, 'failed');
      assert.match(agent.message ?? '', /exited with code 2/);
      const message = agent.details ?? '';
      assert.match(message, /flood line 19999\n(…y+\n)+last words\n.*exit 2 \(scripted\)$/);
      assert.doesNotMatch(message, /flood line 0\n/);
      assert.ok(message.length < 5_000, `the shown message is bounded (${message.length} characters)`);
      await untilGone(watch, 'after a stderr flood');
    });
  });

  describe('the agent breaks the protocol', () => {
    it('unknown methods and notifications, updates for unknown sessions, duplicate and out-of-order tool calls', async () => {
      await useAgentEntry(api, scriptedEntry('fault-protocol'));
      const session = await api.sessions.newSession();
      await within(api.sessions.prompt('go'), DEADLINE_MS, 'the turn hangs');
      // The scenario answers the prompt with an error unless x/unknownMethod was answered -32601.
      assert.equal(session.state.header.lastStopReason, 'end_turn', JSON.stringify(notices(session)));
      assert.match(agentText(session), /^survived; ghost permission answered \{"outcome":\{"outcome":"cancelled"\}\}$/);
      assert.doesNotMatch(agentText(session), /GHOST/);
      const late = toolCalls(session, 'call_late');
      assert.equal(late.length, 1, 'one card for a tool call whose update came first');
      assert.equal(late[0]?.status, 'completed');
      const dup = toolCalls(session, 'call_dup');
      assert.equal(dup.length, 1, 'one card for a duplicated tool call');
      assert.equal(dup[0]?.title, 'Duplicated tool (again)');
      assert.equal(dup[0]?.status, 'completed');
    });

    it('two requests with the same id: the first is answered as usual, the second with -32600, never silence', async () => {
      await useAgentEntry(api, scriptedEntry('fault-duplicate-ids'));
      const session = await api.sessions.newSession();
      await within(api.sessions.prompt('go'), DEADLINE_MS, 'the turn hangs: a request with a repeated id was never answered');
      const said = /^\{"duplicates": (.*)\}$/s.exec(agentText(session));
      assert.ok(said, `the agent reported its answers: ${agentText(session)}`);
      const answers = JSON.parse(said[1]!) as Array<{ id: string; result?: { content?: string }; error?: { code: number; message: string } }>;
      assert.equal(answers.length, 2, JSON.stringify(answers));
      assert.ok(answers.every((answer) => answer.id === 'dup-7'));
      const refused = answers.filter((answer) => answer.error);
      assert.deepEqual(refused.map((answer) => answer.error), [
        { code: -32600, message: 'duplicate request id "dup-7" while the first is unanswered' },
      ]);
      const read = answers.find((answer) => answer.result);
      assert.match(read?.result?.content ?? '', /^saved by the user\ntyped by the user, not saved\n/, 'the first request (user-notes.txt) kept its answer');
    });

    it('answers session/new with an error: the error is reported, the agent stays up', async () => {
      await useAgentEntry(api, scriptedEntry('fault-new-error'));
      await assert.rejects(api.sessions.newSession(), /could not open a session: internal: no workspace index\. Retry/);
      assert.equal(api.sessions.agent?.status, 'ready');
    });

    it('answers every prompt with an error: each turn ends with the error shown, the next prompt still goes through', async () => {
      await useAgentEntry(api, scriptedEntry('fault-prompt-error'));
      const session = await api.sessions.newSession();
      await api.sessions.prompt('first');
      await api.sessions.prompt('second');
      const errors = notices(session).filter((n) => n.severity === 'error');
      assert.equal(errors.length, 2);
      for (const notice of errors) {
        assert.match(notice.text, /^Fault \(fault-prompt-error\) could not answer: internal: upstream rate limit\. Retry, or Edit your message/);
        assert.match(notice.detail ?? '', /^Error -32603: internal: upstream rate limit/);
      }
      assert.equal(session.state.header.turn, 'idle');
      assert.equal(api.sessions.agent?.status, 'ready');
    });
  });

  it('restart budget: at most 4 restarts in 3 minutes, then it stops and explains', async () => {
    await useAgentEntry(api, scriptedEntry('fault-init-exit'));
    await assert.rejects(api.sessions.newSession());
    for (let restart = 1; restart <= 4; restart++) {
      await assert.rejects(api.sessions.restartAgent(), /exited with code 3/, `restart ${restart} is tried`);
    }
    await assert.rejects(api.sessions.restartAgent(), /restarted too often/);
    const agent = await untilAgentStatus(api, 'failed');
    assert.match(agent.message ?? '', /restarted too often in a short time[^]*try again in a few minutes/);
    assert.equal(api.sessions.agentPid, undefined, 'no agent process is left');
  });
});
