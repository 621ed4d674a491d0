import * as assert from 'node:assert/strict';
import { Emitter } from 'vscode-jsonrpc/node';
import type { PromptParts } from '../../../src/shared/protocol/composerProtocol';
import type { SessionChange, SessionHeader } from '../../../src/shared/transcript/model';
import { PromptQueue } from '../../../src/session/promptQueue';
import { PromptingSession, SessionPrompts } from '../../../src/session/sessionPrompts';

const parts = (text: string): PromptParts => ({ text, mentions: [], images: [] });

/** A session whose turns the test ends: each sent prompt starts a turn and waits for `finish`. */
class FakeSession implements PromptingSession {
  ended = false;
  readonly state: { header: Pick<SessionHeader, 'turn' | 'lastStopReason'> } = { header: { turn: 'idle' } };
  private readonly emitter = new Emitter<SessionChange>();
  readonly onDidChange = this.emitter.event;
  sent: string[] = [];
  fail: Error | undefined;
  private ends: (() => void)[] = [];

  get busy(): boolean {
    return this.state.header.turn !== 'idle';
  }

  setTurn(turn: 'idle' | 'running', stopReason?: string): void {
    this.state.header.turn = turn;
    if (turn === 'idle') this.state.header.lastStopReason = stopReason;
    this.emitter.fire({ entries: [], header: true });
  }

  /** What SessionPrompts calls: builds (a tick), then the turn runs until `finish`. */
  readonly send = async (prompt: PromptParts): Promise<void> => {
    await flush();
    if (this.fail) throw this.fail;
    this.sent.push(prompt.text);
    this.setTurn('running');
    await new Promise<void>((resolve) => this.ends.push(resolve));
  };

  /** Ends the running turn with this stop reason and lets the queue react. */
  async finish(stopReason: string | undefined): Promise<void> {
    this.setTurn('idle', stopReason);
    this.ends.shift()?.();
    await flush();
  }
}

/** Lets every pending promise callback run (a macrotask comes after all microtasks). */
function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe('prompt queue', () => {
  it('adds, removes, shifts in order, and summarizes for the view', () => {
    const queue = new PromptQueue();
    const views: number[] = [];
    queue.onDidChange((view) => views.push(view.items.length));
    const first = queue.add({ text: 'one', mentions: [{ uri: 'file:///a', label: 'a' }], images: [] });
    queue.add(parts('x'.repeat(400)));
    assert.deepEqual(queue.view().items[0], { id: first.id, text: 'one', mentions: 1, images: 0 });
    assert.equal(queue.view().items[1].text.length, 301, 'long text is cut for the view');
    assert.ok(queue.remove(first.id));
    assert.ok(!queue.remove(first.id));
    assert.equal(queue.shift()?.parts.text.length, 400);
    assert.equal(queue.shift(), undefined);
    assert.deepEqual(views, [1, 2, 1, 0]);
  });
});

describe("a session's prompts", () => {
  let session: FakeSession;
  let errors: unknown[];
  let prompts: SessionPrompts;

  beforeEach(() => {
    session = new FakeSession();
    errors = [];
    prompts = new SessionPrompts(session, session.send, (error) => errors.push(error));
  });

  afterEach(() => prompts.dispose());

  it('sends at once when the agent is free, and queues while it works; the queue drains in order as turns end', async () => {
    const first = prompts.submit(parts('one'));
    await flush();
    await prompts.submit(parts('two'));
    await prompts.submit(parts('three'));
    assert.deepEqual(session.sent, ['one']);
    assert.deepEqual(prompts.queue.view().items.map((i) => i.text), ['two', 'three']);

    await session.finish('end_turn');
    await first;
    await flush();
    assert.deepEqual(session.sent, ['one', 'two']);
    await session.finish('end_turn');
    await flush();
    assert.deepEqual(session.sent, ['one', 'two', 'three']);
    await session.finish('end_turn');
    assert.equal(prompts.queue.length, 0);
    assert.deepEqual(errors, []);
  });

  it('a prompt sent while the first is still being built (not yet a turn) is queued behind it', async () => {
    const first = prompts.submit(parts('one'));
    await prompts.submit(parts('two'));
    assert.equal(prompts.queue.length, 1);
    await flush();
    assert.deepEqual(session.sent, ['one']);
    await session.finish('end_turn');
    await first;
    await flush();
    assert.deepEqual(session.sent, ['one', 'two']);
  });

  it('pauses after a cancelled turn; removing or resuming is up to the user', async () => {
    void prompts.submit(parts('one'));
    await flush();
    await prompts.submit(parts('two'));
    await prompts.submit(parts('three'));
    await session.finish('cancelled');
    assert.deepEqual(session.sent, ['one']);
    assert.equal(prompts.queue.paused, true);

    const removed = prompts.queue.view().items[0].id;
    assert.ok(prompts.remove(removed));
    prompts.resume();
    await flush();
    assert.deepEqual(session.sent, ['one', 'three']);
    assert.equal(prompts.queue.paused, false);
  });

  it('pauses after a failed turn, and reports a queued prompt that could not be sent', async () => {
    void prompts.submit(parts('one'));
    await flush();
    await prompts.submit(parts('two'));
    await session.finish(undefined);
    assert.equal(prompts.queue.paused, true, 'an error ends the turn without a stop reason');

    prompts.resume();
    await flush();
    assert.deepEqual(session.sent, ['one', 'two']);
    await prompts.submit(parts('three'));
    session.fail = new Error('agent gone');
    await session.finish('end_turn');
    await flush();
    assert.equal(errors.length, 1, 'the queued prompt that failed is reported');
    assert.equal(prompts.queue.length, 0);
  });

  it('while paused, a new message goes straight out when the agent is free', async () => {
    void prompts.submit(parts('one'));
    await flush();
    await prompts.submit(parts('two'));
    await session.finish('cancelled');
    void prompts.submit(parts('direct'));
    await flush();
    assert.deepEqual(session.sent, ['one', 'direct']);
    assert.equal(prompts.queue.length, 1);
  });

  it('drains after a turn someone else started', async () => {
    session.setTurn('running');
    await prompts.submit(parts('later'));
    assert.equal(prompts.queue.length, 1);
    session.setTurn('idle', 'end_turn');
    await flush();
    assert.deepEqual(session.sent, ['later']);
  });

  it("another session's queue is its own: one session waiting does not hold back the other", async () => {
    const other = new FakeSession();
    const otherPrompts = new SessionPrompts(other, other.send, (error) => errors.push(error));
    try {
      void prompts.submit(parts('one'));
      await flush();
      await prompts.submit(parts('waits'));
      void otherPrompts.submit(parts('at once'));
      await flush();
      assert.deepEqual(other.sent, ['at once']);
      assert.equal(prompts.queue.length, 1);
      assert.equal(otherPrompts.queue.length, 0);
      await session.finish('end_turn');
      await flush();
      assert.deepEqual(session.sent, ['one', 'waits']);
    } finally {
      otherPrompts.dispose();
    }
  });
});
