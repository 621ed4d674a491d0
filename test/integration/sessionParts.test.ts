// A session owns its parts: what the features hold for it (file baselines, a live terminal), the review's hold on
// it and its prompt queue are released through one path when it closes, and the command it left running is ended.
import * as assert from 'node:assert/strict';
import type { AcpExtensionApi } from '../../src/extension';
import type { Session } from '../../src/session/session';
import { within } from './helpers/realAgentProcess';
import { activateExtension, useScriptedAgent } from './helpers/scriptedAgent';

const DEADLINE_MS = 20_000;

function until(session: Session, done: () => boolean, what: string): Promise<void> {
  return within(
    new Promise<void>((resolve) => {
      if (done()) return resolve();
      const subscription = session.onDidChange(() => {
        if (!done()) return;
        subscription.dispose();
        resolve();
      });
    }),
    DEADLINE_MS,
    what,
  );
}

describe('a session owns its parts', function () {
  this.timeout(60_000);
  let api: AcpExtensionApi;

  before(async () => {
    api = await activateExtension();
    for (const open of api.sessions.openSessions) await api.sessions.close(open.key);
  });

  it('closing a session releases its files, terminals, review and queue, and ends its command', async () => {
    await useScriptedAgent(api, 'session-parts');
    const session = await api.sessions.newSession();
    const key = session.key;
    const turn = api.composer.prompt({ type: 'prompt', text: 'hold', sessionKey: key });
    const asking = () => session.state.entries.some((entry) => entry.kind === 'tool_call' && entry.permission !== undefined);
    await until(session, asking, 'the agent did not get to its permission request');
    await api.composer.prompt({ type: 'prompt', text: 'one more', sessionKey: key });

    const held = api.heldBy(key);
    assert.deepEqual(
      held,
      { open: true, parts: 3, review: true, queued: 1 },
      'held while open: the README baseline, the running terminal and the review\'s hold (its parts), one queued message',
    );

    await api.sessions.close(key);
    assert.deepEqual(api.heldBy(key), { open: false, parts: 0, review: false, queued: 0 }, 'nothing is held once it closed');
    assert.equal(session.held(), 0, 'the closed session\'s own parts (its README baseline, its terminal) hold nothing');
    // The turn that was waiting ends (its permission request answered "cancelled").
    await within(turn, DEADLINE_MS, 'the waiting turn did not end after the session closed');
  });
});
