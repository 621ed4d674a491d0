import * as assert from 'node:assert/strict';
import { Emitter } from 'vscode-jsonrpc/node';
import type { ContentBlock, PromptCapabilities } from '../../../src/shared/acp';
import type { PromptParts } from '../../../src/shared/composerProtocol';
import type { SessionChange, SessionHeader } from '../../../src/shared/model';
import { DispatchSession, DispatchTarget, PromptDispatcher } from '../../../src/session/promptDispatcher';
import { PromptQueue } from '../../../src/session/promptQueue';
import type { PromptBuilder } from '../../../src/session/sessionManager';

const parts = (text: string): PromptParts => ({ text, mentions: [], images: [] });

class FakeSession implements DispatchSession {
  ended = false;
  readonly state: { header: Pick<SessionHeader, 'turn' | 'lastStopReason'> } = { header: { turn: 'idle' } };
  private readonly emitter = new Emitter<SessionChange>();
  readonly onDidChange = this.emitter.event;
  get busy(): boolean {
    return this.state.header.turn !== 'idle';
  }
  setTurn(turn: 'idle' | 'running', stopReason?: string): void {
    this.state.header.turn = turn;
    if (turn === 'idle') this.state.header.lastStopReason = stopReason;
    this.emitter.fire({ entries: [], header: true });
  }
}

/** A manager whose turns the test ends: each prompt() starts a turn and waits for `finish`. */
class FakeTarget implements DispatchTarget {
  session: FakeSession | undefined = new FakeSession();
  readonly sessionEmitter = new Emitter<FakeSession | undefined>();
  readonly onDidChangeSession = this.sessionEmitter.event;
  sent: ContentBlock[][] = [];
  capabilities: PromptCapabilities = { image: false };
  fail: Error | undefined;
  private ends: (() => void)[] = [];

  async prompt(build: PromptBuilder): Promise<void> {
    if (this.fail) throw this.fail;
    if (!this.session || this.session.ended) {
      // Like the manager: a session is made first (that takes a while), then it replaces the old one.
      await flush();
      this.session = new FakeSession();
      this.sessionEmitter.fire(this.session);
    }
    const session = this.session;
    const blocks = await build(this.capabilities);
    this.sent.push(blocks);
    session.setTurn('running');
    await new Promise<void>((resolve) => this.ends.push(resolve));
  }

  /** Ends the running turn with this stop reason and lets the dispatcher react. */
  async finish(stopReason: string | undefined): Promise<void> {
    this.session?.setTurn('idle', stopReason);
    this.ends.shift()?.();
    await flush();
  }

  texts(): string[] {
    return this.sent.map((blocks) => blocks.map((b) => (b.type === 'text' ? b.text : b.type)).join(' '));
  }
}

/** Lets every pending promise callback run (a macrotask comes after all microtasks). */
function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const resolver = async (p: PromptParts): Promise<ContentBlock[]> => [{ type: 'text', text: p.text }];

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

describe('prompt dispatcher', () => {
  let target: FakeTarget;
  let errors: unknown[];
  let dispatcher: PromptDispatcher;

  beforeEach(() => {
    target = new FakeTarget();
    errors = [];
    dispatcher = new PromptDispatcher(target, resolver, (error) => errors.push(error));
  });

  afterEach(() => dispatcher.dispose());

  it('sends at once when the agent is free, and queues while it works; the queue drains in order as turns end', async () => {
    const first = dispatcher.submit(parts('one'));
    await flush();
    await dispatcher.submit(parts('two'));
    await dispatcher.submit(parts('three'));
    assert.deepEqual(target.texts(), ['one']);
    assert.deepEqual(dispatcher.queue.view().items.map((i) => i.text), ['two', 'three']);

    await target.finish('end_turn');
    await first;
    assert.deepEqual(target.texts(), ['one', 'two']);
    await target.finish('end_turn');
    assert.deepEqual(target.texts(), ['one', 'two', 'three']);
    await target.finish('end_turn');
    assert.equal(dispatcher.queue.length, 0);
    assert.deepEqual(errors, []);
  });

  for (const before of ['no session', 'an ended session']) {
    it(`with ${before}, a prompt sent while the first makes a session is queued, and the new session adopts it`, async () => {
      if (before === 'no session') {
        target.session = undefined;
        target.sessionEmitter.fire(undefined);
      } else (target.session as FakeSession).ended = true;
      const first = dispatcher.submit(parts('one'));
      await dispatcher.submit(parts('two'));
      assert.equal(dispatcher.queue.length, 1);
      await flush();
      await flush();
      assert.deepEqual(target.texts(), ['one']);
      assert.equal(dispatcher.queue.length, 1, 'kept across the session change');
      await target.finish('end_turn');
      await first;
      assert.deepEqual(target.texts(), ['one', 'two']);
    });
  }

  it('"New session" while a turn runs: the queue waits with its session, the new session takes prompts at once', async () => {
    void dispatcher.submit(parts('one'));
    await flush();
    await dispatcher.submit(parts('queued'));
    target.session = new FakeSession();
    target.sessionEmitter.fire(target.session);
    assert.equal(dispatcher.queue.length, 0);
    void dispatcher.submit(parts('fresh'));
    await flush();
    assert.deepEqual(target.texts(), ['one', 'fresh']);
  });

  it('pauses after a cancelled turn; removing or resuming is up to the user', async () => {
    void dispatcher.submit(parts('one'));
    await flush();
    await dispatcher.submit(parts('two'));
    await dispatcher.submit(parts('three'));
    await target.finish('cancelled');
    assert.deepEqual(target.texts(), ['one']);
    assert.equal(dispatcher.queue.paused, true);

    const removed = dispatcher.queue.view().items[0].id;
    assert.ok(dispatcher.remove(removed));
    dispatcher.resume();
    await flush();
    assert.deepEqual(target.texts(), ['one', 'three']);
    assert.equal(dispatcher.queue.paused, false);
  });

  it('pauses after a failed turn, and after a prompt that could not be sent', async () => {
    void dispatcher.submit(parts('one'));
    await flush();
    await dispatcher.submit(parts('two'));
    await target.finish(undefined);
    assert.equal(dispatcher.queue.paused, true, 'an error ends the turn without a stop reason');

    dispatcher.resume();
    await flush();
    assert.deepEqual(target.texts(), ['one', 'two']);
    await dispatcher.submit(parts('three'));
    target.fail = new Error('agent gone');
    await target.finish('end_turn');
    assert.equal(errors.length, 1, 'the queued prompt that failed is reported');
    assert.equal(dispatcher.queue.length, 0);
  });

  it('while paused, a new message goes straight out when the agent is free', async () => {
    void dispatcher.submit(parts('one'));
    await flush();
    await dispatcher.submit(parts('two'));
    await target.finish('cancelled');
    void dispatcher.submit(parts('direct'));
    await flush();
    assert.deepEqual(target.texts(), ['one', 'direct']);
    assert.equal(dispatcher.queue.length, 1);
  });

  it('drains after a turn someone else started, and another session shown takes the queue away', async () => {
    const session = target.session as FakeSession;
    session.setTurn('running');
    await dispatcher.submit(parts('later'));
    assert.equal(dispatcher.queue.length, 1);
    session.setTurn('idle', 'end_turn');
    await flush();
    assert.deepEqual(target.texts(), ['later']);

    await dispatcher.submit(parts('dropped'));
    assert.equal(dispatcher.queue.length, 1);
    target.session = new FakeSession();
    target.sessionEmitter.fire(target.session);
    assert.equal(dispatcher.queue.length, 0);
  });

  it('a queue comes back when its session is shown again, and drains there', async () => {
    const first = target.session as FakeSession;
    void dispatcher.submit(parts('one'));
    await flush();
    await dispatcher.submit(parts('waits'));
    const other = new FakeSession();
    target.session = other;
    target.sessionEmitter.fire(other);
    assert.equal(dispatcher.queue.length, 0, 'the other session has its own (empty) queue');
    first.setTurn('idle', 'end_turn');
    await flush();
    assert.deepEqual(target.texts(), ['one'], 'nothing is sent to a session that is not shown');
    target.session = first;
    target.sessionEmitter.fire(first);
    await flush();
    assert.deepEqual(target.texts(), ['one', 'waits'], 'shown again, its queue goes on');
  });
});
