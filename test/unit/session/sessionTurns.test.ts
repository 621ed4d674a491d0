// A session's prompt turns on their own (SessionTurns), against a transport the test answers: the observers around
// a turn, a stop asked for before the prompt went out, a sign-in the agent asks for, a turn given up on, and what
// each settles. What Session does with them (permissions, subagents, parts) is in session.test.ts.
import * as assert from 'node:assert/strict';
import { ResponseError } from 'vscode-jsonrpc/node';
import { AUTH_REQUIRED_CODE } from '../../../src/acp/authMethods';
import type { PromptRequest, PromptResponse } from '../../../src/shared/acp';
import type { NoticeEntry } from '../../../src/shared/transcript/model';
import { addNotice, createSessionState } from '../../../src/shared/transcript/reducer';
import { SessionTurns, TurnTransport } from '../../../src/session/sessionTurns';

/** A transport whose prompt answers the test gives. */
class AnsweredTransport implements TurnTransport {
  readonly prompts: PromptRequest[] = [];
  readonly cancels: string[] = [];
  private settle: { resolve(response: PromptResponse): void; reject(error: unknown): void } | undefined;
  prompt(params: PromptRequest): Promise<PromptResponse> {
    this.prompts.push(params);
    return new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }
  cancel(sessionId: string): Promise<void> {
    this.cancels.push(sessionId);
    return Promise.resolve();
  }
  answer(stopReason: string): void {
    this.settle?.resolve({ stopReason } as PromptResponse);
  }
  fail(error: unknown): void {
    this.settle?.reject(error);
  }
}

function setUp() {
  const state = createSessionState('s1');
  const transport = new AnsweredTransport();
  const settled = { permissions: 0, elicitations: 0 };
  const logged: string[] = [];
  const turns = new SessionTurns({
    state,
    transport: () => transport,
    permissions: { cancelAll: () => settled.permissions++ },
    elicitations: { cancelAll: () => settled.elicitations++ },
    emit: () => undefined,
    notice: (severity, text, detail, failure) => addNotice(state, severity, text, detail, failure),
    log: (line) => logged.push(line),
    now: () => 0,
  });
  const notices = (): NoticeEntry[] => state.entries.filter((entry): entry is NoticeEntry => entry.kind === 'notice');
  return { state, transport, settled, logged, turns, notices };
}

const hello = [{ type: 'text' as const, text: 'hello' }];

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Resolves once `check` holds, looking again after each pending callback has run. */
function until(check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = (): void => (check() ? resolve() : void setImmediate(look));
    look();
  });
}

describe('a session\'s prompt turns', () => {
  it('tell the observers before the prompt goes out and after the turn ends; an observer that fails is logged, the turn goes on', async () => {
    const { state, transport, logged, turns } = setUp();
    const ready = gate();
    const told: string[] = [];
    turns.observe({ willPrompt: () => (told.push('will prompt'), ready.opened), didEndTurn: () => told.push('ended') });
    const failing = turns.observe({
      willPrompt: () => Promise.reject(new Error('no checkpoint')),
      didEndTurn: () => {
        throw new Error('no review');
      },
    });
    let shown = false;
    const turn = turns.run(hello, () => (shown = true));
    assert.equal(shown, true, 'the message is shown before anything is awaited');
    assert.equal(state.header.turn, 'running');
    assert.deepEqual(told, ['will prompt']);
    await Promise.resolve();
    assert.equal(transport.prompts.length, 0, 'session/prompt waits for the observers');
    ready.open();
    await until(() => transport.prompts.length === 1);
    transport.answer('end_turn');
    await turn;
    assert.deepEqual(told, ['will prompt', 'ended']);
    assert.deepEqual(logged, ['A turn observer failed before the prompt: no checkpoint', 'A turn observer failed: no review']);
    failing.dispose();
    const next = turns.run(hello);
    await until(() => transport.prompts.length === 2);
    transport.answer('end_turn');
    await next;
    assert.equal(logged.length, 2, 'a disposed observer is not told');
  });

  it('a stop asked for while the observers are told: the prompt never goes out and the turn ends cancelled', async () => {
    const { state, transport, settled, turns, notices } = setUp();
    const ready = gate();
    turns.observe({ willPrompt: () => ready.opened });
    const turn = turns.run(hello);
    await turns.cancel();
    assert.equal(turns.stopping, true);
    assert.deepEqual(settled, { permissions: 1, elicitations: 1 }, 'a cancel settles the open requests');
    ready.open();
    await turn;
    assert.equal(transport.prompts.length, 0);
    assert.equal(state.header.turn, 'idle');
    assert.equal(state.header.lastStopReason, 'cancelled');
    assert.equal(turns.stopping, false);
    assert.deepEqual(notices(), [], 'nothing to say: the user stopped it');
  });

  it('a prompt refused with auth_required: the chat asks to sign in and onDidRequireAuth carries the error', async () => {
    const { transport, turns, notices } = setUp();
    const required: unknown[] = [];
    turns.onDidRequireAuth((error) => required.push(error));
    const turn = turns.run(hello);
    await until(() => transport.prompts.length === 1);
    const refusal = new ResponseError(AUTH_REQUIRED_CODE, 'Authentication required');
    transport.fail(refusal);
    await turn;
    assert.deepEqual(required, [refusal]);
    assert.deepEqual(
      notices().map((notice) => [notice.severity, notice.text, notice.failure]),
      [['error', 'The agent needs you to sign in before it goes on.', undefined]],
      'no Retry: signing in comes first',
    );
  });

  it('a failed prompt is put in the words its owner chose, with Retry and Edit on the message', async () => {
    const { state, transport, turns, notices } = setUp();
    turns.reportFailuresWith((step, error) => ({ summary: `Agent X failed at ${step}: ${(error as Error).message}`, details: 'its stderr' }));
    const turn = turns.run(hello);
    await until(() => transport.prompts.length === 1);
    transport.fail(new Error('overloaded'));
    await turn;
    assert.deepEqual(
      notices().map((notice) => [notice.text, notice.detail, notice.failure]),
      [['Agent X failed at prompt: overloaded', 'its stderr', { promptEntryId: state.entries[0].id }]],
    );
  });

  it('interrupted (the session ended under it): the turn ends at once, cancelled only when asked to stop or told so; its late answer changes nothing', async () => {
    for (const [asked, told, expected] of [
      [false, false, undefined],
      [true, false, 'cancelled'],
      [false, true, 'cancelled'],
    ] as const) {
      const { state, transport, settled, turns, notices } = setUp();
      const turn = turns.run(hello);
      await until(() => transport.prompts.length === 1);
      if (asked) await turns.cancel();
      turns.interrupt(told);
      assert.equal(state.header.turn, 'idle');
      assert.equal(state.header.lastStopReason, expected);
      assert.equal(settled.permissions, asked ? 2 : 1, 'the end of a turn settles its permission requests');
      transport.answer('max_tokens');
      await turn;
      assert.equal(state.header.lastStopReason, expected, 'the late answer is not the stop reason');
      assert.deepEqual(notices(), [], 'nor is it said');
    }
    const { turns } = setUp();
    turns.interrupt(true);
    assert.equal(turns.busy, false, 'no turn: nothing to end');
  });

  it('a turn the agent does not stop: marked overdue once, while it is stopping; the mark goes with the turn', async () => {
    const { transport, turns, notices } = setUp();
    turns.noteStopOverdue('not stopping');
    assert.equal(turns.stopOverdue, false, 'not while nothing is stopping');
    const turn = turns.run(hello);
    await until(() => transport.prompts.length === 1);
    await turns.cancel();
    turns.noteStopOverdue('not stopping');
    turns.noteStopOverdue('not stopping');
    assert.equal(turns.stopOverdue, true);
    assert.deepEqual(notices().map((notice) => [notice.severity, notice.text, notice.failure]), [['warning', 'not stopping', { restart: true }]]);
    transport.answer('cancelled');
    await turn;
    assert.equal(turns.stopOverdue, false);
    const next = turns.run(hello);
    await until(() => transport.prompts.length === 2);
    await turns.cancel();
    assert.equal(turns.stopOverdue, false, 'the next turn gets its own grace');
    turns.noteStopOverdue('not stopping');
    assert.equal(notices().filter((notice) => notice.text === 'not stopping').length, 2);
    transport.answer('cancelled');
    await next;
  });
});
