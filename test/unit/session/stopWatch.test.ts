// The grace an agent gets to stop a turn (driven by a manual clock): a turn still stopping STOP_GRACE_MS after
// session/cancel makes the session say the agent is not stopping, with Restart; one that stops in time says nothing.
import * as assert from 'node:assert/strict';
import type { PromptRequest, PromptResponse } from '../../../src/shared/acp';
import type { NoticeEntry } from '../../../src/shared/transcript/model';
import { Session, SessionTransport } from '../../../src/session/session';
import { notStoppingText, STOP_GRACE_MS, watchStops } from '../../../src/session/stopWatch';
import type { SessionKey } from '../../../src/shared/sessionKey';
import { ManualScheduler } from '../helpers/manualScheduler';

/** An agent that answers a prompt only when the test says so (or never). */
class HeldTransport implements SessionTransport {
  private answer: ((response: PromptResponse) => void) | undefined;
  prompt(_params: PromptRequest): Promise<PromptResponse> {
    return new Promise((resolve) => (this.answer = resolve));
  }
  cancel(): Promise<void> {
    return Promise.resolve();
  }
  respond(response: PromptResponse): void {
    this.answer?.(response);
  }
}

const scope = { sessionKey: 's1' as SessionKey, sessionId: 's1', cwd: '/work', roots: ['/work'] };

/** The notices that offer Restart (the turn's own "stopped" line is not one). */
function notices(session: Session): NoticeEntry[] {
  return session.state.entries.filter((entry): entry is NoticeEntry => entry.kind === 'notice' && entry.failure?.restart === true);
}

describe('the grace an agent gets to stop a turn', () => {
  let clock: ManualScheduler;
  let transport: HeldTransport;
  let session: Session;
  let watch: { dispose(): void };

  beforeEach(() => {
    clock = new ManualScheduler();
    transport = new HeldTransport();
    session = new Session(scope, () => transport, [], () => undefined, () => clock.now());
    watch = watchStops(session, 'Slow Agent', clock);
  });

  afterEach(async () => {
    watch.dispose();
    await session.dispose();
  });

  it('is 5 seconds, a named constant', () => {
    assert.equal(STOP_GRACE_MS, 5_000);
  });

  it('an agent that ignores the cancel: after the grace the session says it is not stopping, with Restart', async () => {
    void session.prompt([{ type: 'text', text: 'go' }]);
    await session.cancel();
    assert.equal(session.state.header.turn, 'cancelling');
    clock.advance(STOP_GRACE_MS - 1);
    assert.equal(session.stopOverdue, false, 'not before the grace is over');
    assert.equal(notices(session).length, 0);
    clock.advance(1);
    assert.equal(session.stopOverdue, true);
    const [notice] = notices(session);
    assert.equal(notice?.text, notStoppingText('Slow Agent'));
    assert.match(notice?.text ?? '', /^Slow Agent is not stopping: it was asked to stop 5 seconds ago and has not ended its turn\. Restart it to go on/);
    assert.deepEqual(notice?.failure, { restart: true });
    assert.equal(session.state.header.turn, 'cancelling', 'still stopping underneath: a late answer ends it');
    clock.advance(60_000);
    assert.equal(notices(session).length, 1, 'said once');

    transport.respond({ stopReason: 'cancelled' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(session.state.header.turn, 'idle');
    assert.equal(session.state.header.lastStopReason, 'cancelled');
    assert.equal(session.stopOverdue, false);
  });

  it('an agent that stops in time: nothing is said, and the next turn gets its own grace', async () => {
    const first = session.prompt([{ type: 'text', text: 'one' }]);
    await session.cancel();
    clock.advance(STOP_GRACE_MS - 1);
    transport.respond({ stopReason: 'cancelled' });
    await first;
    assert.equal(clock.pending, 0, 'the timer is gone with the turn');
    void session.prompt([{ type: 'text', text: 'two' }]);
    await session.cancel();
    clock.advance(STOP_GRACE_MS - 1);
    assert.equal(notices(session).length, 0, 'the first turn\'s timer does not count for the second');
    clock.advance(1);
    assert.equal(notices(session).length, 1);
  });

  it('a restart ends the stuck turn as cancelled: the late answer changes nothing', async () => {
    void session.prompt([{ type: 'text', text: 'go' }]);
    await session.cancel();
    clock.advance(STOP_GRACE_MS);
    session.agentRestarted('Slow Agent was restarted, so this turn was stopped and the session ended.');
    assert.equal(session.state.header.turn, 'idle');
    assert.equal(session.state.header.lastStopReason, 'cancelled');
    assert.equal(session.ended, true);
    assert.equal(session.stopOverdue, false);
    transport.respond({ stopReason: 'end_turn' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(session.state.header.lastStopReason, 'cancelled');
    const last = session.state.entries.at(-1);
    assert.equal(last?.kind === 'notice' ? last.text : undefined, 'Slow Agent was restarted, so this turn was stopped and the session ended.');
  });
});
