import * as assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { errorCodeOf } from '../../../../src/acp/errors';
import { raceCancellation, throwIfCancelled } from '../../../../src/services/files/cancellable';

describe('files: withdrawn requests', () => {
  it('settles with -32800 as soon as the agent withdraws the request, while the work (a dialog) goes on', async () => {
    const source = new CancellationTokenSource();
    let finish!: (value: string) => void;
    const dialog = new Promise<string>((resolve) => (finish = resolve));
    const raced = raceCancellation(dialog, source.token);
    source.cancel();
    await assert.rejects(raced, (error: unknown) => errorCodeOf(error) === -32800);
    finish('late answer');
    assert.equal(await dialog, 'late answer');
  });

  it('passes the result or the failure through when not withdrawn', async () => {
    const source = new CancellationTokenSource();
    assert.equal(await raceCancellation(Promise.resolve(7), source.token), 7);
    await assert.rejects(raceCancellation(Promise.reject(new Error('no')), source.token), /no/);
  });

  it('fails at once for a request withdrawn before', async () => {
    const source = new CancellationTokenSource();
    source.cancel();
    await assert.rejects(raceCancellation(new Promise(() => undefined), source.token), (error: unknown) => errorCodeOf(error) === -32800);
    assert.throws(() => throwIfCancelled(source.token), (error: unknown) => errorCodeOf(error) === -32800);
  });
});
