// Commands a scripted agent runs itself and reports in tool call `_meta` (claude-agent-acp's and codex-acp's forms),
// inside a real VS Code: the client advertises the opt-in, the output and exit reach what the chat's cards read
// (the same source as our terminals'), an agent that behaves as for a client without the opt-in is shown as well,
// and a cancelled command the agent leaves running is known as such.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AcpExtensionApi } from '../../src/extension';
import type { TerminalRecord } from '../../src/services/terminals/terminalBook';
import type { Session } from '../../src/session/session';
import type { AgentMessageEntry, ToolCallEntry } from '../../src/shared/transcript/model';
import { within } from './helpers/realAgentProcess';
import { activateExtension, useScriptedAgent, waitFor } from './helpers/scriptedAgent';

const DEADLINE_MS = 15_000;

function lastSaid(session: Session): string {
  const messages = session.state.entries.filter((e): e is AgentMessageEntry => e.kind === 'agent');
  return messages.at(-1)?.content.map((block) => (block.type === 'text' ? block.text : '')).join('') ?? '';
}

function toolCall(session: Session, toolCallId: string): ToolCallEntry | undefined {
  return session.state.entries.find((e): e is ToolCallEntry => e.kind === 'tool_call' && e.toolCallId === toolCallId);
}

function textOf(record: TerminalRecord): string {
  return record.process.output.readFrom(0, 1 << 20).text;
}

/** Resolves with the agent command `terminalId` of the session once `done` holds for it (checked on each change). */
function untilRecord(api: AcpExtensionApi, session: Session, terminalId: string, done: (record: TerminalRecord) => boolean, what: string): Promise<TerminalRecord> {
  const check = (): TerminalRecord | undefined => {
    const record = api.terminalOutputs.get(session.key, terminalId);
    return record && done(record) ? record : undefined;
  };
  const now = check();
  if (now) return Promise.resolve(now);
  const found = waitFor(api.terminalOutputs.onDidChange, () => check() !== undefined).then(() => check() as TerminalRecord);
  return within(found, DEADLINE_MS, () => `${what}; the record: ${JSON.stringify(api.terminalOutputs.get(session.key, terminalId) && textOf(api.terminalOutputs.get(session.key, terminalId) as TerminalRecord))}`);
}

describe('agent terminals: output of commands the agent runs itself (_meta)', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;
  let session: Session;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-agent-terminal-'));

  before(async () => {
    api = await activateExtension();
    await useScriptedAgent(api, 'agent-terminal-output');
    await vscode.commands.executeCommand('acp.newSession');
    const shown = api.sessions.session;
    assert.ok(shown, 'a session');
    session = shown;
  });

  after(async () => {
    fs.rmSync(scratch, { recursive: true, force: true });
    const config = vscode.workspace.getConfiguration('acp');
    await config.update('agents', undefined, vscode.ConfigurationTarget.Global);
    await config.update('defaultAgent', undefined, vscode.ConfigurationTarget.Global);
  });

  it("advertised: claude-agent-acp's terminal_output and terminal_exit reach the card's terminal", async () => {
    await api.sessions.prompt('claude');
    assert.equal(lastSaid(session), 'opt-in true', 'the client sent clientCapabilities._meta.terminal_output: true');
    const record = await untilRecord(api, session, 'toolu_bash', (r) => !r.process.running, 'no exit for toolu_bash');
    assert.equal(textOf(record), 'one\ntwo\n');
    assert.deepEqual(record.process.exitStatus, { exitCode: 0, signal: null });
    assert.equal(record.agent?.toolCallId, 'toolu_bash');
    assert.deepEqual(toolCall(session, 'toolu_bash')?.content, [{ type: 'terminal', terminalId: 'toolu_bash' }], 'the card names a terminal the client never created');
  });

  it("advertised: codex-acp's streamed output and exit code, next to its raw output", async () => {
    await api.sessions.prompt('codex');
    const record = await untilRecord(api, session, 'call_codex', (r) => !r.process.running, 'no exit for call_codex');
    assert.equal(textOf(record), 'three\n');
    assert.deepEqual(record.process.exitStatus, { exitCode: 1, signal: null });
    assert.equal(toolCall(session, 'call_codex')?.status, 'failed');
  });

  it('not advertised: codex-style terminal_output_delta is shown all the same', async () => {
    await api.sessions.prompt('codex no opt-in');
    const record = await untilRecord(api, session, 'call_delta', (r) => !r.process.running, 'no exit for call_delta');
    assert.equal(textOf(record), 'gamma\ndelta\n');
    assert.deepEqual(record.process.exitStatus, { exitCode: 2, signal: null });
  });

  it('not advertised: claude-style output in content is the card content, no terminal is made up', async () => {
    await api.sessions.prompt('claude no opt-in');
    assert.equal(api.terminalOutputs.get(session.key, 'toolu_plain'), undefined);
    const call = toolCall(session, 'toolu_plain');
    assert.equal(call?.status, 'completed');
    assert.match(JSON.stringify(call?.content), /alpha\\nbeta/);
  });

  it('streams while the tool call is still in progress, and the exit follows', async () => {
    const release = path.join(scratch, 'release-wait');
    const turn = api.sessions.prompt(`wait ${release}`);
    const live = await untilRecord(api, session, 'call_wait', (r) => textOf(r).includes('first line'), 'the first line never came');
    assert.equal(toolCall(session, 'call_wait')?.status, 'in_progress', 'the output is there before the command ends');
    assert.equal(live.process.running, true);
    fs.writeFileSync(release, '');
    await turn;
    const ended = await untilRecord(api, session, 'call_wait', (r) => !r.process.running, 'no exit for call_wait');
    assert.equal(textOf(ended), 'first line\nsecond line\n');
    assert.deepEqual(ended.process.exitStatus, { exitCode: 3, signal: null });
  });

  it('a cancelled command whose output keeps coming is known to run on after the cancel', async () => {
    const release = path.join(scratch, 'release-left');
    const turn = api.sessions.prompt(`left running ${release}`);
    await untilRecord(api, session, 'call_left', (r) => textOf(r).includes('started'), 'the command never started');
    await api.sessions.cancel(session.key);
    await turn;
    assert.equal(toolCall(session, 'call_left')?.status, 'cancelled');
    assert.equal(api.terminalOutputs.get(session.key, 'call_left')?.agent?.state, 'cancelled', 'no output after the cancel yet');
    fs.writeFileSync(release, '');
    const after = await untilRecord(api, session, 'call_left', (r) => r.agent?.state === 'running-after-cancel', 'never marked as running after the cancel');
    assert.match(textOf(after), /after the cancel/);
  });
});
