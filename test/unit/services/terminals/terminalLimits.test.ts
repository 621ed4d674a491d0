// terminal/create guards: the per-session cap on live terminals, and a create the agent cancelled before it was answered.
import * as assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { errorCodeOf, INTERNAL_ERROR, REQUEST_CANCELLED } from '../../../../src/acp/errors';
import { DEFAULT_MAX_TERMINALS_PER_SESSION, TerminalService } from '../../../../src/services/terminals/terminalService';
import { NoticedError } from '../../../../src/acp/clientRequests';
import { Caller, endSession, scopeFor } from './helpers';
import { key } from './helpers';

const node = process.execPath;
const LONG = { command: node, args: ['-e', 'setTimeout(() => {}, 60000)'] };

describe('TerminalService limits', function () {
  this.timeout(20_000);
  let service: TerminalService;
  let max: number;
  let caller: Caller;
  let dir: string;

  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'acp-terminal-limits-')));
    max = 2;
    service = new TerminalService({ maxPerSession: () => max });
    caller = new Caller(service, scopeFor('session-a', dir));
  });

  afterEach(async () => {
    await endSession(service, key('session-a'));
    await endSession(service, key('session-b'));
    service.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  function live(sessionId = 'session-a'): number {
    return service.book.ofSession(key(sessionId)).filter((record) => !record.released && record.process.running).length;
  }

  it('defaults to 16 live terminals per session', () => {
    assert.equal(DEFAULT_MAX_TERMINALS_PER_SESSION, 16);
  });

  it('refuses a terminal past the cap with a clear error and a notice for the chat, and starts nothing', async () => {
    await caller.create(LONG);
    await caller.create(LONG);
    const refused = await caller.create(LONG).then(
      () => assert.fail('the third terminal/create succeeded'),
      (error: unknown) => error,
    );
    assert.ok(refused instanceof NoticedError);
    assert.equal(errorCodeOf(refused), INTERNAL_ERROR);
    assert.match(refused.message, /Too many terminals: this session already has 2 that are not released/);
    assert.match(refused.notice, /more than 2 terminals.*acp\.terminals\.maxPerSession/s);
    assert.deepEqual(refused.data, { limit: 2 });
    assert.equal(service.book.ofSession(key('session-a')).length, 2, 'no record and no process for the refused one');
  });

  it('counts only terminals not released, per session; a command that exited still counts until released', async () => {
    const first = await caller.create({ command: 'true' });
    await caller.wait(first);
    await caller.create(LONG);
    await assert.rejects(caller.create(LONG), (error: unknown) => errorCodeOf(error) === INTERNAL_ERROR);
    await caller.call('terminal/release', { terminalId: first });
    assert.equal(await caller.create(LONG), 'term-3');
    const other = new Caller(service, scopeFor('session-b', dir));
    assert.equal(await other.create(LONG), 'term-1', 'another session has its own count');
  });

  it('reads the cap at each create (a changed setting applies at once)', async () => {
    await caller.create(LONG);
    await caller.create(LONG);
    max = 3;
    await caller.create(LONG);
    max = 1;
    await assert.rejects(caller.create(LONG), /already has 1 /);
  });

  it('a terminal/create cancelled before it was handled answers -32800 and starts no process', async () => {
    const source = new CancellationTokenSource();
    source.cancel();
    await assert.rejects(caller.call('terminal/create', LONG, source.token), (error: unknown) => errorCodeOf(error) === REQUEST_CANCELLED);
    assert.equal(service.book.ofSession(key('session-a')).length, 0);
    assert.equal(live(), 0);
  });
});
