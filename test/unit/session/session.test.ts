import * as assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import type { PromptRequest, PromptResponse, RequestPermissionResponse } from '../../../src/shared/acp';
import type { ToolCallEntry } from '../../../src/shared/transcript/model';
import { Session, SessionTransport } from '../../../src/session/session';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { SessionPart } from '../../../src/acp/clientRequests';

/** A transport whose prompt answers are resolved by the test. */
class ScriptedTransport implements SessionTransport {
  prompts: PromptRequest[] = [];
  cancels: string[] = [];
  private answer: ((r: PromptResponse) => void) | undefined;
  private fail: ((e: Error) => void) | undefined;
  prompt(params: PromptRequest): Promise<PromptResponse> {
    this.prompts.push(params);
    return new Promise((resolve, reject) => {
      this.answer = resolve;
      this.fail = reject;
    });
  }
  cancel(sessionId: string): Promise<void> {
    this.cancels.push(sessionId);
    return Promise.resolve();
  }
  respond(response: PromptResponse): void {
    this.answer?.(response);
  }
  reject(error: Error): void {
    this.fail?.(error);
  }
}

const scope = { sessionKey: 's1' as SessionKey, sessionId: 's1', cwd: '/work', roots: ['/work'] };

const options = [
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];

function permissionParams(toolCallId: string) {
  return { sessionId: 's1', toolCall: { toolCallId, title: 'Edit file', kind: 'edit', status: 'pending' }, options };
}

/** Resolves once the tool call waits for the user's answer (the policy is consulted first, asynchronously). */
function permissionShown(session: Session, id: string): Promise<void> {
  const shown = (): boolean => session.state.entries.some((e) => e.kind === 'tool_call' && e.toolCallId === id && e.permission);
  if (shown()) return Promise.resolve();
  return new Promise((resolve) => {
    const subscription = session.onDidChange(() => {
      if (!shown()) return;
      subscription.dispose();
      resolve();
    });
  });
}

function toolCall(session: Session, id: string): ToolCallEntry {
  const entry = session.state.entries.find((e) => e.kind === 'tool_call' && e.toolCallId === id);
  assert.ok(entry && entry.kind === 'tool_call', `tool call ${id} exists`);
  return entry;
}

describe('session', () => {
  it('runs a turn: user message, streamed updates, stop reason', async () => {
    const transport = new ScriptedTransport();
    const session = new Session(scope, () => transport);
    const turn = session.prompt([{ type: 'text', text: 'hi' }]);
    assert.equal(session.state.header.turn, 'running');
    assert.deepEqual(transport.prompts[0], { sessionId: 's1', prompt: [{ type: 'text', text: 'hi' }] });
    session.sessionUpdate({ sessionId: 's1', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hel' } } });
    session.sessionUpdate({ sessionId: 's1', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'lo' } } });
    transport.respond({ stopReason: 'end_turn' });
    await turn;
    const kinds = session.state.entries.map((e) => e.kind);
    assert.deepEqual(kinds, ['user', 'agent']);
    const agent = session.state.entries[1];
    assert.ok(agent.kind === 'agent' && agent.content[0].type === 'text' && agent.content[0].text === 'Hello');
    assert.equal(session.state.header.turn, 'idle');
    assert.equal(session.state.header.lastStopReason, 'end_turn');
  });

  it('refuses a second prompt while a turn runs', async () => {
    const transport = new ScriptedTransport();
    const session = new Session(scope, () => transport);
    const turn = session.prompt([{ type: 'text', text: 'one' }]);
    await assert.rejects(session.prompt([{ type: 'text', text: 'two' }]), /still working/);
    transport.respond({ stopReason: 'end_turn' });
    await turn;
  });

  it('shows a permission request inline and answers with the chosen option', async () => {
    const transport = new ScriptedTransport();
    const session = new Session(scope, () => transport);
    void session.prompt([{ type: 'text', text: 'edit' }]);
    const answer = session.requestPermission(permissionParams('t1'), new CancellationTokenSource().token);
    await permissionShown(session, 't1');
    const pending = toolCall(session, 't1').permission;
    assert.ok(pending, 'the tool call awaits permission');
    assert.deepEqual(pending.options.map((o) => o.optionId), ['yes', 'no']);
    assert.equal(session.choosePermission(pending.requestKey, 'bogus'), false, 'an option the agent did not offer is refused');
    assert.equal(session.choosePermission(pending.requestKey, 'no'), true);
    assert.deepEqual(await answer, { outcome: { outcome: 'selected', optionId: 'no' } });
    assert.equal(toolCall(session, 't1').permission, undefined);
    assert.equal(session.choosePermission(pending.requestKey, 'yes'), false, 'a settled request cannot be answered twice');
  });

  it('cancel: answers pending permissions cancelled, sends session/cancel, marks unfinished tool calls cancelled', async () => {
    const transport = new ScriptedTransport();
    const session = new Session(scope, () => transport);
    const turn = session.prompt([{ type: 'text', text: 'go' }]);
    session.sessionUpdate({ sessionId: 's1', update: { sessionUpdate: 'tool_call', toolCallId: 'run', title: 'Run', status: 'in_progress' } });
    const answer = session.requestPermission(permissionParams('t2'), new CancellationTokenSource().token);
    await permissionShown(session, 't2');
    await session.cancel();
    assert.deepEqual(await answer, { outcome: { outcome: 'cancelled' } });
    assert.deepEqual(transport.cancels, ['s1']);
    assert.equal(session.state.header.turn, 'cancelling');
    // An update after cancel is still applied.
    session.sessionUpdate({ sessionId: 's1', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'stopping' } } });
    transport.respond({ stopReason: 'cancelled' });
    await turn;
    assert.equal(toolCall(session, 'run').status, 'cancelled');
    assert.equal(toolCall(session, 't2').status, 'cancelled');
    assert.ok(session.state.entries.some((e) => e.kind === 'agent'));
    assert.equal(session.state.header.lastStopReason, 'cancelled');
    const last = session.state.entries[session.state.entries.length - 1];
    assert.ok(last.kind === 'notice' && last.text === 'Cancelled.');
  });

  it('answers a permission request that arrives after cancel with cancelled at once', async () => {
    const transport = new ScriptedTransport();
    const session = new Session(scope, () => transport);
    void session.prompt([{ type: 'text', text: 'go' }]);
    await session.cancel();
    const answer: RequestPermissionResponse = await session.requestPermission(permissionParams('late'), new CancellationTokenSource().token);
    assert.deepEqual(answer, { outcome: { outcome: 'cancelled' } });
  });

  it('rejects a malformed permission request with invalid params', async () => {
    const session = new Session(scope, () => new ScriptedTransport());
    await assert.rejects(session.requestPermission({ sessionId: 's1', toolCall: {}, options: [] }, new CancellationTokenSource().token), (e: unknown) => (e as { code?: number }).code === -32602);
  });

  it('shows an agent error as an error notice and ends the turn', async () => {
    const transport = new ScriptedTransport();
    const session = new Session(scope, () => transport);
    const turn = session.prompt([{ type: 'text', text: 'x' }]);
    transport.reject(new Error('rate limited'));
    await turn;
    const last = session.state.entries[session.state.entries.length - 1];
    assert.ok(last.kind === 'notice' && last.severity === 'error', 'an error notice');
    assert.equal(last.text, 'The agent could not answer: rate limited. Retry, or Edit your message and send it again.');
    assert.deepEqual(last.failure, { promptEntryId: session.state.entries[0].id }, 'Retry and Edit name the message that failed');
    assert.equal(session.state.header.turn, 'idle');
  });

  it('when the agent is lost: open requests settle, the turn ends once, the user is told', async () => {
    const transport = new ScriptedTransport();
    const session = new Session(scope, () => transport);
    const turn = session.prompt([{ type: 'text', text: 'x' }]);
    const answer = session.requestPermission(permissionParams('t3'), new CancellationTokenSource().token);
    session.agentLost('The agent exited with code 1.');
    assert.deepEqual(await answer, { outcome: { outcome: 'cancelled' } });
    transport.reject(new Error('connection disposed'));
    await turn;
    const notices = session.state.entries.filter((e) => e.kind === 'notice');
    assert.deepEqual(notices.map((n) => n.kind === 'notice' && n.text), ['The agent exited with code 1.']);
    assert.equal(session.ended, true);
    assert.equal(session.state.header.turn, 'idle');
  });
});

describe('session client services', () => {
  it('routes fs/* and terminal/* requests to its parts, -32601 when not offered; disposing it disposes every part', async () => {
    const seen: unknown[] = [];
    const ended: string[] = [];
    let held = 2;
    const files: SessionPart = {
      handlers: {
        'fs/read_text_file': (params) => {
          seen.push(params);
          return Promise.resolve({ content: 'text' });
        },
      },
      held: () => held,
      dispose: () => {
        ended.push('files');
        held = 0;
        return Promise.resolve();
      },
    };
    const other: SessionPart = { handlers: {}, held: () => 1, dispose: () => (ended.push('other'), Promise.reject(new Error('broken'))) };
    const session = new Session(scope, () => new ScriptedTransport(), [files, other]);
    assert.equal(session.held(), 3, 'what its parts hold, counted together');
    const token = new CancellationTokenSource().token;
    assert.deepEqual(await session.handleRequest('fs/read_text_file', { sessionId: 's1', path: '/work/a' }, token), { content: 'text' });
    assert.deepEqual(seen, [{ sessionId: 's1', path: '/work/a' }]);
    await assert.rejects(session.handleRequest('terminal/create', { sessionId: 's1' }, token), (e: unknown) => (e as { code?: number }).code === -32601);
    await session.dispose();
    assert.deepEqual(ended, ['files', 'other'], 'ending the session disposes every part (a failing one does not stop the others)');
    await session.dispose();
    assert.deepEqual(ended, ['files', 'other'], 'each part is disposed once');
  });
});

describe('parts attached to a session', () => {
  function countingPart() {
    let holding = true;
    let disposed = 0;
    const part: SessionPart = {
      handlers: {},
      held: () => (holding ? 1 : 0),
      dispose: async () => {
        disposed++;
        holding = false;
      },
    };
    return { part, disposed: () => disposed };
  }

  it('are counted while the session lives, released by its disposal (not by the loss of its agent), and released at once when attached late', async () => {
    const session = new Session(scope, () => new ScriptedTransport());
    const review = countingPart();
    session.attach(review.part);
    assert.equal(session.held(), 1);
    session.agentLost('The agent stopped.');
    assert.equal(review.disposed(), 0, 'an ended session still shows its pending changes');
    await session.dispose();
    assert.equal(review.disposed(), 1);
    assert.equal(session.held(), 0);
    const late = countingPart();
    session.attach(late.part);
    await Promise.resolve();
    assert.equal(late.disposed(), 1, 'a part attached to a disposed session is released at once');
  });
});
