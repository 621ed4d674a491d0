import * as assert from 'node:assert/strict';
import { CancellationToken, CancellationTokenSource, Message } from 'vscode-jsonrpc/node';
import { toConnectionCancel, withCancellation } from '../../../src/acp/cancellation';
import { REQUEST_CANCELLED, errorCodeOf } from '../../../src/acp/errors';
import { Wire, WireObject, connectPair } from './wire';

const CANCELLED_OUTCOME = { outcome: { outcome: 'cancelled' } };

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

const isCancelOf = (id: number | string) => (line: WireObject) =>
  line.method === '$/cancel_request' && (line.params as { requestId?: unknown } | undefined)?.requestId === id;

describe('ACP cancellation over two vscode-jsonrpc connections', () => {
  let wire: Wire;

  beforeEach(() => {
    wire = connectPair();
  });

  afterEach(() => {
    wire.dispose();
  });

  /** After the ping's answer arrives, everything the client wrote before it has arrived too. */
  async function flushClientAnswers(): Promise<void> {
    assert.equal(await wire.agent.sendRequest('test/ping', {}), 'pong');
  }

  it('a cancelled outgoing request sends $/cancel_request {requestId} and fires the handler token on the other side', async () => {
    const handlerToken = deferred<CancellationToken>();
    const tokenFired = deferred<void>();
    wire.agent.onRequest('slow', (_params: unknown, token: CancellationToken) => {
      token.onCancellationRequested(() => tokenFired.resolve());
      handlerToken.resolve(token);
      return withCancellation(token, never<string>());
    });
    wire.client.listen();
    wire.agent.listen();

    const source = new CancellationTokenSource();
    const pending = wire.client.sendRequest('slow', { n: 1 }, source.token);
    const token = await handlerToken.promise;
    assert.equal(token.isCancellationRequested, false);
    source.cancel();
    await tokenFired.promise;

    await assert.rejects(pending, (error: unknown) => errorCodeOf(error) === REQUEST_CANCELLED);
    const request = await wire.toAgent.next((line) => line.method === 'slow');
    const cancel = await wire.toAgent.next(isCancelOf(request.id as number));
    assert.deepEqual(cancel, { jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: request.id } });
    assert.equal(wire.toAgent.lines.filter((line) => line.method === '$/cancelRequest').length, 0, 'no LSP cancel on the wire');
    assert.equal(wire.toClient.responsesTo(request.id as number).length, 1);
  });

  it('the agent cancelling its permission request: the client handler sees it and answers exactly once', async () => {
    const started = deferred<void>();
    let sawCancel = false;
    wire.client.onRequest('session/request_permission', (_params: unknown, token: CancellationToken) => {
      token.onCancellationRequested(() => (sawCancel = true));
      started.resolve();
      return withCancellation(token, never<object>(), () => CANCELLED_OUTCOME);
    });
    wire.client.onRequest('test/ping', () => 'pong');
    wire.client.listen();
    wire.agent.listen();

    const source = new CancellationTokenSource();
    const pending = wire.agent.sendRequest('session/request_permission', { sessionId: 's1' }, source.token);
    await started.promise;
    source.cancel();
    assert.deepEqual(await pending, CANCELLED_OUTCOME);
    assert.equal(sawCancel, true);

    await flushClientAnswers();
    const request = await wire.toClient.next((line) => line.method === 'session/request_permission');
    assert.ok(wire.toClient.lines.some(isCancelOf(request.id as number)));
    assert.deepEqual(wire.toAgent.responsesTo(request.id as number), [
      { jsonrpc: '2.0', id: request.id, result: CANCELLED_OUTCOME },
    ]);
  });

  it('a cancelled agent request with no cancellation marker gets one -32800 error response', async () => {
    const started = deferred<void>();
    wire.client.onRequest('terminal/wait_for_exit', (_params: unknown, token: CancellationToken) => {
      started.resolve();
      return withCancellation(token, never<object>());
    });
    wire.client.onRequest('test/ping', () => 'pong');
    wire.client.listen();
    wire.agent.listen();

    const source = new CancellationTokenSource();
    const pending = wire.agent.sendRequest('terminal/wait_for_exit', { terminalId: 't' }, source.token);
    await started.promise;
    source.cancel();
    await assert.rejects(pending, (error: unknown) => errorCodeOf(error) === REQUEST_CANCELLED);

    await flushClientAnswers();
    const request = await wire.toClient.next((line) => line.method === 'terminal/wait_for_exit');
    const responses = wire.toAgent.responsesTo(request.id as number);
    assert.equal(responses.length, 1);
    assert.equal((responses[0]!.error as { code: number }).code, REQUEST_CANCELLED);
    assert.equal(responses[0]!.result, undefined);
  });

  describe('with a scripted agent writing raw lines', () => {
    function send(message: object): void {
      wire.clientInput.write(JSON.stringify(message) + '\n');
    }

    beforeEach(() => {
      wire.client.onRequest('session/request_permission', (_params: unknown, token: CancellationToken) =>
        withCancellation(token, never<object>(), () => CANCELLED_OUTCOME),
      );
      wire.client.onRequest('test/ping', () => 'pong');
      wire.client.listen();
    });

    async function ping(id: string): Promise<void> {
      send({ jsonrpc: '2.0', id, method: 'test/ping', params: {} });
      await wire.toAgent.next((line) => line.id === id && line.result === 'pong');
    }

    it('cancels a request with a string (UUID) id', async () => {
      const id = '7f3c2a9e-0d4b-4c61-9a57-1f2e3d4c5b6a';
      send({ jsonrpc: '2.0', id, method: 'session/request_permission', params: { sessionId: 's' } });
      await ping('p1'); // the request is being handled now
      assert.deepEqual(wire.toAgent.responsesTo(id), []);
      send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: id } });
      const response = await wire.toAgent.next((line) => line.id === id);
      assert.deepEqual(response, { jsonrpc: '2.0', id, result: CANCELLED_OUTCOME });
      await ping('p2');
      assert.equal(wire.toAgent.responsesTo(id).length, 1);
    });

    it('tells the number id 1 from the string id "1"', async () => {
      // One at a time: vscode-jsonrpc keys its queue of not yet dispatched messages by String(id), so two such
      // requests queued together would collide there (the first is lost). Once dispatched, ids keep their type.
      send({ jsonrpc: '2.0', id: 1, method: 'session/request_permission', params: { sessionId: 's' } });
      await ping('p0');
      send({ jsonrpc: '2.0', id: '1', method: 'session/request_permission', params: { sessionId: 's' } });
      await ping('p1');
      send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: '1' } });
      await wire.toAgent.next((line) => line.id === '1');
      await ping('p2');
      assert.deepEqual(wire.toAgent.responsesTo(1), [], 'the number id is still pending');
      send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 1 } });
      const response = await wire.toAgent.next((line) => line.id === 1);
      assert.deepEqual(response.result, CANCELLED_OUTCOME);
    });

    it('answers a request whose cancel arrives in the same chunk, before it was dispatched', async () => {
      wire.clientInput.write(
        JSON.stringify({ jsonrpc: '2.0', id: 'early', method: 'session/request_permission', params: {} }) +
          '\n' +
          JSON.stringify({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 'early' } }) +
          '\n',
      );
      const response = await wire.toAgent.next((line) => line.id === 'early');
      assert.deepEqual(response.result, CANCELLED_OUTCOME);
      await ping('p1');
      assert.equal(wire.toAgent.responsesTo('early').length, 1);
    });

    it('ignores a cancel for an unknown id and keeps working', async () => {
      send({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: 'nobody' } });
      send({ jsonrpc: '2.0', method: '$/cancel_request', params: {} });
      await ping('p1');
    });

    it('keeps the connection open after garbage lines', async () => {
      let closed = false;
      const errors: unknown[] = [];
      wire.client.onClose(() => (closed = true));
      wire.client.onError((error) => errors.push(error));
      wire.clientInput.write('this is not json\n[1,2,3]\n{"jsonrpc":"2.0","method":"$/cancelRequest"}\n');
      await ping('p1');
      assert.equal(closed, false);
      assert.deepEqual(errors, []);
    });
  });
});

describe('toConnectionCancel', () => {
  it('maps $/cancel_request {requestId} onto $/cancelRequest {id}, for number and string ids', () => {
    for (const requestId of [0, 42, 'a-b']) {
      assert.deepEqual(toConnectionCancel({ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId } } as Message), {
        jsonrpc: '2.0',
        method: '$/cancelRequest',
        params: { id: requestId },
      });
    }
  });

  it('returns every other message unchanged (the same object)', () => {
    const messages = [
      { jsonrpc: '2.0', method: 'session/update', params: {} },
      { jsonrpc: '2.0', id: 1, result: null },
      { jsonrpc: '2.0', id: 1, method: '$/cancel_request', params: { requestId: 2 } },
      { jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: null } },
      { jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: { x: 1 } } },
      { jsonrpc: '2.0', method: '$/cancel_request' },
    ];
    for (const message of messages) assert.equal(toConnectionCancel(message as Message), message);
  });
});

describe('withCancellation', () => {
  it('resolves with the work when the token does not fire', async () => {
    const source = new CancellationTokenSource();
    assert.equal(await withCancellation(source.token, Promise.resolve(5), () => 0), 5);
  });

  it('passes on the work\'s rejection', async () => {
    const source = new CancellationTokenSource();
    const failure = new Error('no');
    await assert.rejects(withCancellation(source.token, Promise.reject(failure)), failure);
  });

  it('settles with the cancellation answer when the token fires first, and ignores the work afterwards', async () => {
    const source = new CancellationTokenSource();
    const work = deferred<number>();
    const result = withCancellation(source.token, work.promise, () => -1);
    source.cancel();
    work.resolve(7);
    assert.equal(await result, -1);
  });

  it('settles at once for a token that was cancelled before', async () => {
    const source = new CancellationTokenSource();
    source.cancel();
    let answered = 0;
    const result = withCancellation(source.token, never<number>(), () => ++answered);
    assert.equal(await result, 1);
    assert.equal(answered, 1);
  });

  it('rejects with a -32800 ResponseError when no answer is given', async () => {
    const source = new CancellationTokenSource();
    const result = withCancellation(source.token, never<number>());
    source.cancel();
    await assert.rejects(result, (error: unknown) => errorCodeOf(error) === REQUEST_CANCELLED);
  });

  it('swallows a rejection of the work that comes after the cancellation', async () => {
    const source = new CancellationTokenSource();
    let rejectWork!: (error: Error) => void;
    const work = new Promise<number>((_, reject) => (rejectWork = reject));
    const result = withCancellation(source.token, work, () => 0);
    source.cancel();
    rejectWork(new Error('late'));
    assert.equal(await result, 0);
    // An unhandled rejection would fail the run (mocha reports it).
    await new Promise<void>((resolve) => setImmediate(resolve));
  });
});
