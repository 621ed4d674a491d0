// The commands agents run themselves: kept per session from their `_meta` reports, streamed to the chat by the same
// poster as our terminals, with how they stand when no exit came, and bounded.
import * as assert from 'node:assert/strict';
import { Emitter } from 'vscode-jsonrpc/node';
import { AgentTerminalBook, MAX_AGENT_TERMINALS, mergedOutputSource } from '../../../../src/services/terminals/agentTerminals';
import { feedAgentTerminals, FedSession } from '../../../../src/services/terminals/agentTerminalFeed';
import { TerminalBook } from '../../../../src/services/terminals/terminalBook';
import { TerminalOutputPoster, terminalIdsOf } from '../../../../src/services/terminals/terminalPosts';
import type { SessionChange } from '../../../../src/shared/transcript/model';
import { applySessionUpdate, createSessionState, markTurnToolCallsCancelled, setTurnState } from '../../../../src/shared/transcript/reducer';
import type { SessionKey } from '../../../../src/shared/sessionKey';
import type { HostToWebview, TerminalOutputMessage } from '../../../../src/shared/protocol/webviewProtocol';
import { FRAME_MS } from '../../../../src/chat/view/patchCoalescer';
import { ManualScheduler } from '../../helpers/manualScheduler';
import { loadTrace } from '../../helpers/traceReplay';
import { NO_SECRETS } from './helpers';

function isRecordWith(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && key in value;
}

const KEY = 's1' as SessionKey;

/** A session as the feed sees it: a transcript fed by the reducer, its change events and its raw updates. */
class FakeSession implements FedSession {
  readonly key = KEY;
  readonly state = createSessionState('agent-session');
  private readonly changes = new Emitter<SessionChange>();
  readonly onDidChange = this.changes.event;
  private readonly listeners = new Set<(update: unknown) => void>();

  observeUpdates(listener: (update: unknown) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  update(update: Record<string, unknown>): void {
    this.changes.fire(applySessionUpdate(this.state, update, 0));
    for (const listener of this.listeners) listener(update);
  }

  cancel(): void {
    this.changes.fire(markTurnToolCallsCancelled(this.state));
  }
}

function setup() {
  const book = new AgentTerminalBook(64 * 1024);
  const session = new FakeSession();
  const sessions = { openSessions: [{ session }], onDidOpenSession: new Emitter<{ session: FakeSession }>().event, onDidCloseSession: new Emitter<{ session: FakeSession }>().event };
  const feed = feedAgentTerminals(sessions, book);
  const posted: HostToWebview[] = [];
  const scheduler = new ManualScheduler();
  const ours = new TerminalBook(64 * 1024);
  const source = mergedOutputSource(ours, book);
  const poster = new TerminalOutputPoster(source, (message) => posted.push(message), () => NO_SECRETS, scheduler);
  poster.follow(KEY);
  const outputs = (): TerminalOutputMessage[] => posted.filter((m): m is TerminalOutputMessage => m.type === 'terminalOutput');
  return { book, session, feed, poster, scheduler, outputs };
}

describe('agent terminals (_meta output)', () => {
  it('streams codex-style deltas to the chat through the terminal poster, then the exit', () => {
    const { session, scheduler, outputs } = setup();
    session.update({ sessionUpdate: 'tool_call', toolCallId: 'call_1', kind: 'execute', status: 'in_progress', content: [{ type: 'terminal', terminalId: 'call_1' }], _meta: { terminal_info: { terminal_id: 'call_1', cwd: '/w' } } });
    session.update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', _meta: { terminal_output_delta: { terminal_id: 'call_1', data: 'one\n' } } });
    session.update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', _meta: { terminal_output_delta: { terminal_id: 'call_1', data: 'two\n' } } });
    scheduler.advance(FRAME_MS);
    assert.equal(outputs().length, 1);
    assert.equal(outputs()[0].text, 'one\ntwo\n');
    assert.equal(outputs()[0].toolCallId, 'call_1', 'the view learns which tool call shows it');
    assert.equal(outputs()[0].exitStatus, undefined);
    session.update({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'completed', _meta: { terminal_exit: { terminal_id: 'call_1', exit_code: 0, signal: null } } });
    scheduler.advance(FRAME_MS);
    assert.deepEqual(outputs()[1].exitStatus, { exitCode: 0, signal: null });
  });

  it('a terminal reported under another id than any content item is still known by its tool call', () => {
    const { session, scheduler, outputs, poster } = setup();
    session.update({ sessionUpdate: 'tool_call', toolCallId: 'read_1', kind: 'read', status: 'in_progress' });
    session.update({ sessionUpdate: 'tool_call_update', toolCallId: 'read_1', _meta: { terminal_output_delta: { terminal_id: 'other', data: 'file text' } } });
    scheduler.advance(FRAME_MS);
    assert.equal(outputs()[0].terminalId, 'other');
    assert.equal(outputs()[0].toolCallId, 'read_1');
    session.update({ sessionUpdate: 'tool_call_update', toolCallId: 'read_1', status: 'completed' });
    // A view that attaches again gets it while its tool call is in the transcript.
    const views = poster.snapshot(terminalIdsOf(session.state.entries));
    assert.deepEqual(views.map((v) => [v.terminalId, v.text, v.agentState]), [['other', 'file text', 'ended']]);
  });

  it('a cancelled command whose output keeps coming is "running after cancel"; without more output it is "cancelled"', () => {
    const { session, scheduler, outputs } = setup();
    session.update({ sessionUpdate: 'tool_call', toolCallId: 'c', kind: 'execute', status: 'in_progress', _meta: { terminal_info: { terminal_id: 'c' } } });
    session.update({ sessionUpdate: 'tool_call', toolCallId: 'd', kind: 'execute', status: 'in_progress', _meta: { terminal_info: { terminal_id: 'd' } } });
    session.cancel();
    scheduler.advance(FRAME_MS);
    const states = () => new Map(outputs().filter((m) => m.agentState).map((m) => [m.terminalId, m.agentState]));
    assert.equal(states().get('c'), 'cancelled');
    session.update({ sessionUpdate: 'tool_call_update', toolCallId: 'c', _meta: { terminal_output_delta: { terminal_id: 'c', data: 'still here\n' } } });
    scheduler.advance(FRAME_MS);
    assert.equal(states().get('c'), 'running-after-cancel');
    assert.equal(states().get('d'), 'cancelled');
    session.update({ sessionUpdate: 'tool_call_update', toolCallId: 'c', _meta: { terminal_exit: { terminal_id: 'c', exit_code: null, signal: 'SIGINT' } } });
    scheduler.advance(FRAME_MS);
    assert.deepEqual(outputs().at(-1)?.exitStatus, { exitCode: null, signal: 'SIGINT' });
  });

  it('claude-agent-acp 0.101 (recorded): a command run in the background stays "background" after its call completes, until its exit without a code', () => {
    const { session, scheduler, outputs } = setup();
    const updates = loadTrace('claude-agent-acp-0.101-bash-background')
      .filter((record) => record.dir === 'a2c' && record.msg.method === 'session/update')
      .map((record) => (record.msg.params as { update: Record<string, unknown> }).update);
    const completed = updates.findIndex((update) => update.toolCallId === 'toolu_live' && update.status === 'completed');
    const exited = updates.findIndex((update) => isRecordWith(update._meta, 'terminal_exit'));
    assert.ok(completed > 0 && exited > completed, 'the trace completes the call, then exits its terminal');
    const last = () => outputs().filter((m) => m.terminalId === 'toolu_live').at(-1);
    updates.slice(0, completed + 1).forEach((update) => session.update(update));
    scheduler.advance(FRAME_MS);
    assert.match(last()?.text ?? '', /^Command running in background with ID: /);
    assert.equal(last()?.agentState, 'background', 'the call completed, the command runs on');
    assert.equal(last()?.exitStatus, undefined);
    updates.slice(completed + 1).forEach((update) => session.update(update));
    scheduler.advance(FRAME_MS);
    assert.deepEqual(last()?.exitStatus, { exitCode: null, signal: null }, 'it ended, with no exit code reported');
  });

  it('a completed call whose command was not sent to the background has ended, exit or not', () => {
    const { session, scheduler, outputs } = setup();
    session.update({ sessionUpdate: 'tool_call', toolCallId: 'b', kind: 'execute', status: 'pending', rawInput: { command: 'make', run_in_background: false }, _meta: { terminal_info: { terminal_id: 'b' } } });
    session.update({ sessionUpdate: 'tool_call_update', toolCallId: 'b', status: 'completed' });
    scheduler.advance(FRAME_MS);
    assert.equal(outputs().at(-1)?.agentState, 'ended');
  });

  it('an update without _meta terminal reports adds nothing; a turn state change is no output', () => {
    const { session, book, scheduler, outputs } = setup();
    session.update({ sessionUpdate: 'tool_call', toolCallId: 'x', kind: 'execute', status: 'in_progress', content: [{ type: 'terminal', terminalId: 'term-9' }] });
    setTurnState(session.state, 'running');
    scheduler.advance(FRAME_MS);
    assert.equal(book.ofSession(KEY).length, 0);
    assert.equal(outputs().length, 0);
  });

  it('keeps at most the newest output of each and at most MAX_AGENT_TERMINALS, finished ones forgotten first', () => {
    const book = new AgentTerminalBook(1024);
    book.report(KEY, 'running', { terminalId: 'running', info: true, data: '' }, 'in_progress');
    for (let i = 0; i < MAX_AGENT_TERMINALS + 5; i++) book.report(KEY, `t${i}`, { terminalId: `t${i}`, info: false, data: 'x'.repeat(4000), exit: { exitCode: 0, signal: null } }, 'completed');
    assert.equal(book.ofSession(KEY).length, MAX_AGENT_TERMINALS);
    assert.ok(book.get(KEY, 'running'), 'the running one is kept');
    assert.equal(book.get(KEY, 't0'), undefined, 'the oldest finished one went');
    const kept = book.get(KEY, `t${MAX_AGENT_TERMINALS + 4}`);
    assert.ok(kept && kept.process.output.readFrom(0, 1 << 20).text.length <= 1024);
    book.sessionEnded(KEY);
    assert.equal(book.ofSession(KEY).length, 0);
  });
});
