import * as assert from 'node:assert/strict';
import { CancellationTokenSource, ResponseError } from 'vscode-jsonrpc/node';
import type { PromptResponse } from '../../../src/shared/acp';
import type { ElicitationEntry } from '../../../src/shared/transcript/model';
import { Session } from '../../../src/session/session';
import type { SessionKey } from '../../../src/shared/sessionKey';

function transport() {
  let answer: ((r: PromptResponse) => void) | undefined;
  const cancels: string[] = [];
  return {
    cancels,
    respond: (r: PromptResponse) => answer?.(r),
    prompt: () => new Promise<PromptResponse>((resolve) => (answer = resolve)),
    cancel: (id: string) => {
      cancels.push(id);
      return Promise.resolve();
    },
  };
}

const scope = { sessionKey: 's1' as SessionKey, sessionId: 's1', cwd: '/work', roots: ['/work'] };
const formParams = {
  sessionId: 's1',
  mode: 'form',
  message: 'Which port?',
  requestedSchema: { type: 'object', properties: { port: { type: 'integer', minimum: 1024 } }, required: ['port'] },
};
const urlParams = { sessionId: 's1', mode: 'url', message: 'Sign in', url: 'https://agent.example.com/connect?e=1', elicitationId: 'oauth-1' };

function elicitations(session: Session): ElicitationEntry[] {
  return session.state.entries.filter((e): e is ElicitationEntry => e.kind === 'elicitation');
}

describe('session: elicitation/create', () => {
  it('shows a form, refuses values that do not fit the schema, and sends the checked content', async () => {
    const session = new Session(scope, transport);
    const answered = session.handleRequest('elicitation/create', formParams, new CancellationTokenSource().token);
    const [entry] = elicitations(session);
    assert.equal(entry.message, 'Which port?');
    assert.ok(entry.request.mode === 'form' && entry.request.form.fields[0].kind === 'number');
    const refused = session.answerElicitation(entry.requestKey, { action: 'accept', values: { port: '80' } });
    assert.ok(!refused.ok && refused.errors?.port);
    assert.equal(entry.outcome, undefined, 'still open');
    assert.deepEqual(session.answerElicitation(entry.requestKey, { action: 'accept', values: { port: '8080' } }), { ok: true });
    assert.deepEqual(await answered, { action: 'accept', content: { port: 8080 } });
    assert.equal(entry.outcome, 'accept');
    assert.equal(session.answerElicitation(entry.requestKey, { action: 'decline' }).ok, false, 'answers once');
  });

  it('declines and dismisses', async () => {
    const session = new Session(scope, transport);
    const token = new CancellationTokenSource().token;
    const declined = session.handleRequest('elicitation/create', formParams, token);
    const dismissed = session.handleRequest('elicitation/create', formParams, token);
    const [first, second] = elicitations(session);
    session.answerElicitation(first.requestKey, { action: 'decline' });
    session.answerElicitation(second.requestKey, { action: 'cancel' });
    assert.deepEqual(await declined, { action: 'decline' });
    assert.deepEqual(await dismissed, { action: 'cancel' });
    assert.deepEqual(elicitations(session).map((e) => e.outcome), ['decline', 'cancel']);
  });

  it('hands out the URL to open only when the user accepts, and marks it done on elicitation/complete', async () => {
    const session = new Session(scope, transport);
    const answered = session.handleRequest('elicitation/create', urlParams, new CancellationTokenSource().token);
    const [entry] = elicitations(session);
    session.elicitationComplete({ elicitationId: 'unknown' });
    assert.equal(entry.completed, undefined);
    assert.deepEqual(session.answerElicitation(entry.requestKey, { action: 'accept' }), { ok: true, openUrl: urlParams.url });
    assert.deepEqual(await answered, { action: 'accept' });
    session.elicitationComplete({ elicitationId: 'oauth-1' });
    assert.equal(entry.completed, true);
    const rev = entry.rev;
    session.elicitationComplete({ elicitationId: 'oauth-1' });
    assert.equal(entry.rev, rev, 'an already completed id is ignored');
  });

  it('never offers to open an address that is not http(s)', async () => {
    const session = new Session(scope, transport);
    const answered = session.handleRequest('elicitation/create', { ...urlParams, url: 'command:workbench.action.quit' }, new CancellationTokenSource().token);
    const [entry] = elicitations(session);
    assert.equal(session.answerElicitation(entry.requestKey, { action: 'accept' }).ok, false);
    session.answerElicitation(entry.requestKey, { action: 'decline' });
    assert.deepEqual(await answered, { action: 'decline' });
  });

  it('answers -32602 for a mode it does not offer and for malformed params', async () => {
    const session = new Session(scope, transport);
    const token = new CancellationTokenSource().token;
    for (const params of [{ ...formParams, mode: '_custom' }, { ...urlParams, url: 'nope' }, { ...formParams, requestedSchema: 3 }, { mode: 'form' }]) {
      await assert.rejects(session.handleRequest('elicitation/create', params, token), (error: ResponseError<unknown>) => error.code === -32602);
    }
    assert.equal(elicitations(session).length, 0);
  });

  it('settles open elicitations with cancel when the turn is cancelled, the agent withdraws, or the agent is gone', async () => {
    const wire = transport();
    const session = new Session(scope, () => wire);
    const turn = session.prompt([{ type: 'text', text: 'go' }]);
    const source = new CancellationTokenSource();
    const withdrawn = session.handleRequest('elicitation/create', formParams, source.token);
    source.cancel();
    assert.deepEqual(await withdrawn, { action: 'cancel' });
    const open = session.handleRequest('elicitation/create', urlParams, new CancellationTokenSource().token);
    await session.cancel();
    assert.deepEqual(await open, { action: 'cancel' });
    assert.deepEqual(await session.handleRequest('elicitation/create', formParams, new CancellationTokenSource().token), { action: 'cancel' }, 'after a cancel, new ones are dismissed at once');
    wire.respond({ stopReason: 'cancelled' });
    await turn;
    const late = session.handleRequest('elicitation/create', formParams, new CancellationTokenSource().token);
    session.agentLost('The agent exited.');
    assert.deepEqual(await late, { action: 'cancel' });
    assert.deepEqual(elicitations(session).map((e) => e.outcome), ['cancel', 'cancel', 'cancel']);
  });
});
