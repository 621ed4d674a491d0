// What the features keep for one session (FeatureParts) on their own: a request goes to the part that serves its
// method, a refusal the part wants the user to see is said in the chat, and the parts are released through one path.
// How a Session uses them (its loss, its disposal) is in session.test.ts.
import * as assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { NoticedError, SessionPart } from '../../../src/acp/clientRequests';
import { FeatureParts } from '../../../src/session/featureParts';

/** A part that counts its disposals and holds one thing until disposed. */
function part(handlers: SessionPart['handlers'] = {}): SessionPart & { disposed: number } {
  const made = {
    handlers,
    disposed: 0,
    held: () => (made.disposed === 0 ? 1 : 0),
    dispose: () => {
      made.disposed++;
      return Promise.resolve();
    },
  };
  return made;
}

const token = new CancellationTokenSource().token;

describe('what the features keep for a session', () => {
  it('a refusal a part wants the user to see is logged and said in the chat; other errors are only passed on', async () => {
    const said: string[] = [];
    const logged: string[] = [];
    const refusal = new NoticedError(-32603, 'terminal limit', 'The agent asked for a ninth terminal; eight may run at once.');
    const terminals = part({ 'terminal/create': () => Promise.reject(refusal), 'terminal/output': () => Promise.reject(new Error('no such terminal')) });
    const parts = new FeatureParts([part({ 'fs/read_text_file': () => Promise.resolve({ content: 'x' }) }), terminals], (line) => logged.push(line), (text) => said.push(text));
    assert.deepEqual(await parts.handle('fs/read_text_file', {}, token), { content: 'x' });
    await assert.rejects(parts.handle('terminal/create', {}, token), (error: unknown) => error === refusal);
    await assert.rejects(parts.handle('terminal/output', {}, token), /no such terminal/);
    await assert.rejects(parts.handle('fs/write_text_file', {}, token), (error: unknown) => (error as { code?: number }).code === -32601);
    assert.deepEqual(said, [refusal.notice]);
    assert.deepEqual(logged, [refusal.notice]);
  });

  it('release frees the parts made with the session, once; dispose frees the attached ones too, and one attached later at once', async () => {
    const files = part();
    const review = part();
    const parts = new FeatureParts([files], () => undefined, () => undefined);
    parts.attach(review);
    assert.equal(parts.held(), 2);
    await Promise.all([parts.release(), parts.release()]);
    assert.deepEqual([files.disposed, review.disposed], [1, 0], 'the attached part outlives the agent (its pending changes still show)');
    await parts.dispose();
    assert.deepEqual([files.disposed, review.disposed], [1, 1]);
    assert.equal(parts.held(), 0);
    const late = part();
    parts.attach(late);
    await Promise.resolve();
    assert.equal(late.disposed, 1);
  });
});
