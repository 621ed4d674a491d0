import * as assert from 'node:assert/strict';
import { CancellationTokenSource, Emitter } from 'vscode-jsonrpc/node';
import { DECLINE, ElicitationNotifier, ElicitingSession, SHOW } from '../../../src/session/elicitationNotifier';
import { Session } from '../../../src/session/session';
import type { SessionKey } from '../../../src/shared/sessionKey';

const scope = { sessionKey: 's1' as SessionKey, sessionId: 's1', cwd: '/work', roots: ['/work'] };
const transport = () => ({ prompt: () => new Promise<never>(() => undefined), cancel: () => Promise.resolve() });

function setup(visible: boolean, press: string | undefined) {
  const session = new Session(scope, transport);
  const sessions = {
    openSessions: [{ session: session as ElicitingSession }],
    onDidOpenSession: new Emitter<{ session: ElicitingSession }>().event,
    onDidCloseSession: new Emitter<{ session: ElicitingSession }>().event,
  };
  const shown: { message: string; buttons: string[] }[] = [];
  let panelShown = 0;
  const notifier = new ElicitationNotifier(sessions, {
    isOnScreen: (asking) => visible && asking === session,
    show: (message, buttons) => {
      shown.push({ message, buttons });
      return Promise.resolve(press);
    },
    showPanel: () => panelShown++,
  });
  return { session, shown, notifier, panelShown: () => panelShown };
}

const url = { sessionId: 's1', mode: 'url', message: 'Sign in', url: 'https://agent.example.com/connect', elicitationId: 'e1' };

describe('elicitation notifier', () => {
  it('tells about a request while the panel is hidden, naming the site, and Decline answers it', async () => {
    const { session, shown } = setup(false, DECLINE);
    const answer = await session.handleRequest('elicitation/create', url, new CancellationTokenSource().token);
    assert.deepEqual(answer, { action: 'decline' });
    assert.deepEqual(shown, [{ message: 'The agent asks you to open a page on agent.example.com: Sign in', buttons: [SHOW, DECLINE] }]);
  });

  it('Show brings the panel up and answers nothing; nothing is shown while the panel is visible', async () => {
    const hidden = setup(false, SHOW);
    void hidden.session.handleRequest('elicitation/create', url, new CancellationTokenSource().token);
    await Promise.resolve();
    await Promise.resolve();
    assert.equal(hidden.panelShown(), 1);
    assert.equal(hidden.session.state.entries.find((e) => e.kind === 'elicitation' && e.outcome === undefined)?.kind, 'elicitation');
    const visible = setup(true, undefined);
    void visible.session.handleRequest('elicitation/create', url, new CancellationTokenSource().token);
    assert.equal(visible.shown.length, 0);
  });
});
