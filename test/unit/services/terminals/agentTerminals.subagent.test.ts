// A subagent's commands (its `_meta` terminal reports, as codex-acp 2.6 sends them under the child's session id) are
// kept as its session's, streamed to the chat like the parent's, and follow the child's cards (a cancel of the child).
import * as assert from 'node:assert/strict';
import { Emitter } from 'vscode-jsonrpc/node';
import { AgentTerminalBook, mergedOutputSource } from '../../../../src/services/terminals/agentTerminals';
import { feedAgentTerminals, FedSession } from '../../../../src/services/terminals/agentTerminalFeed';
import { TerminalBook } from '../../../../src/services/terminals/terminalBook';
import { TerminalOutputPoster, terminalIdsOf } from '../../../../src/services/terminals/terminalPosts';
import type { SessionChange } from '../../../../src/shared/transcript/model';
import { applySessionUpdate, createSessionState, markTurnToolCallsCancelled } from '../../../../src/shared/transcript/reducer';
import type { SessionKey } from '../../../../src/shared/sessionKey';
import { applyInSubagent } from '../../../../src/shared/transcript/subagents';
import type { HostToWebview, TerminalOutputMessage } from '../../../../src/shared/protocol/webviewProtocol';
import { FRAME_MS } from '../../../../src/chat/view/patchCoalescer';
import { ManualScheduler } from '../../helpers/manualScheduler';
import { NO_SECRETS } from './helpers';

const KEY = 'parent-key' as SessionKey;
const CHILD = 'parent:subagent:child';

/** A session with one subagent, as the feed sees it: the child's updates go to its thread, as the session routes them. */
class ParentSession implements FedSession {
  readonly key = KEY;
  readonly state = createSessionState('parent');
  private readonly changes = new Emitter<SessionChange>();
  readonly onDidChange = this.changes.event;
  private readonly listeners = new Set<(update: unknown, childSessionId?: string) => void>();

  constructor() {
    this.changes.fire(applySessionUpdate(this.state, { sessionUpdate: 'subagent_update', sessionId: CHILD, description: 'Sleep a while', state: { state: 'running' } }, 0));
  }

  observeUpdates(listener: (update: unknown, childSessionId?: string) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  childUpdate(update: Record<string, unknown>): void {
    const change = applyInSubagent(this.state, CHILD, (child) => applySessionUpdate(child, update, 0));
    assert.ok(change, 'the child is known');
    this.changes.fire(change);
    for (const listener of this.listeners) listener(update, CHILD);
  }

  cancelChild(): void {
    const change = applyInSubagent(this.state, CHILD, (child) => markTurnToolCallsCancelled(child));
    assert.ok(change);
    this.changes.fire(change);
  }
}

function setup() {
  const book = new AgentTerminalBook(64 * 1024);
  const session = new ParentSession();
  const sessions = { openSessions: [{ session }], onDidOpenSession: new Emitter<{ session: ParentSession }>().event, onDidCloseSession: new Emitter<{ session: ParentSession }>().event };
  feedAgentTerminals(sessions, book);
  const posted: HostToWebview[] = [];
  const scheduler = new ManualScheduler();
  const poster = new TerminalOutputPoster(mergedOutputSource(new TerminalBook(64 * 1024), book), (message) => posted.push(message), () => NO_SECRETS, scheduler);
  poster.follow(KEY);
  const outputs = (): TerminalOutputMessage[] => posted.filter((m): m is TerminalOutputMessage => m.type === 'terminalOutput');
  return { book, session, poster, scheduler, outputs };
}

const started = { sessionUpdate: 'tool_call', toolCallId: 'call_child', kind: 'execute', status: 'in_progress', content: [{ type: 'terminal', terminalId: 'call_child' }], _meta: { terminal_info: { terminal_id: 'call_child' } } };

function delta(data: string): Record<string, unknown> {
  return { sessionUpdate: 'tool_call_update', toolCallId: 'call_child', _meta: { terminal_output_delta: { terminal_id: 'call_child', data } } };
}

describe("agent terminals of a subagent's commands", () => {
  it("streams the child's command output to the parent's view, named by the child's tool call, then its exit", () => {
    const { session, scheduler, outputs, book } = setup();
    session.childUpdate(started);
    session.childUpdate(delta('one\n'));
    scheduler.advance(FRAME_MS);
    assert.deepEqual(outputs().map((m) => [m.terminalId, m.text, m.toolCallId]), [['call_child', 'one\n', 'call_child']]);
    assert.equal(book.get(KEY, 'call_child')?.agent?.state, 'running');
    session.childUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'call_child', status: 'completed', _meta: { terminal_exit: { terminal_id: 'call_child', exit_code: 0, signal: null } } });
    scheduler.advance(FRAME_MS);
    assert.deepEqual(outputs().at(-1)?.exitStatus, { exitCode: 0, signal: null });
  });

  it("a cancel of the child marks its running command cancelled; output after it is 'running after cancel'", () => {
    const { session, scheduler, outputs } = setup();
    session.childUpdate(started);
    session.cancelChild();
    scheduler.advance(FRAME_MS);
    const states = (): (string | undefined)[] => outputs().filter((m) => m.agentState).map((m) => m.agentState);
    assert.deepEqual(states(), ['cancelled']);
    session.childUpdate(delta('still here\n'));
    scheduler.advance(FRAME_MS);
    assert.deepEqual(states(), ['cancelled', 'running-after-cancel']);
  });

  it("a view that attaches again gets the child's command output: the thread's tool calls are referenced", () => {
    const { session, poster } = setup();
    session.childUpdate(started);
    session.childUpdate(delta('one\n'));
    session.childUpdate({ sessionUpdate: 'tool_call_update', toolCallId: 'call_child', status: 'completed', _meta: { terminal_exit: { terminal_id: 'call_child', exit_code: 0, signal: null } } });
    const referenced = terminalIdsOf(session.state.entries);
    assert.ok(referenced.has('call_child'), `the thread's terminal is referenced: ${[...referenced].join(', ')}`);
    assert.deepEqual(poster.snapshot(referenced).map((view) => [view.terminalId, view.text]), [['call_child', 'one\n']]);
  });
});
