import type { SessionKey } from '../../../src/shared/sessionKey';
import * as assert from 'node:assert/strict';
import { clientCapabilitiesFor, NOTHING_RENDERED } from '../../../src/acp/clientCapabilities';
import { CHAT_VIEW_RENDERS } from '../../../src/webview/chatRenders';
import { ClientRequestHandler, NO_CLIENT_SERVICES, combineServices } from '../../../src/acp/clientRequests';

const handler: ClientRequestHandler = () => Promise.resolve(null);

describe('client capabilities', () => {
  it('advertises nothing when no service is plugged in', () => {
    assert.deepEqual(clientCapabilitiesFor(NO_CLIENT_SERVICES), {
      fs: { readTextFile: false, writeTextFile: false },
      terminal: false,
      session: { configOptions: { boolean: {} } },
    });
  });

  it('advertises elicitation modes and compaction only for what the chat view draws', () => {
    const none = clientCapabilitiesFor(NO_CLIENT_SERVICES, NOTHING_RENDERED);
    assert.equal(none.elicitation, undefined);
    assert.equal(none.session?.compaction, undefined);
    const full = clientCapabilitiesFor(NO_CLIENT_SERVICES, CHAT_VIEW_RENDERS);
    assert.deepEqual(full.elicitation, { form: {}, url: {} });
    assert.deepEqual(full.session, { configOptions: { boolean: {} }, compaction: {} });
    const formOnly = clientCapabilitiesFor(NO_CLIENT_SERVICES, { elicitation: { form: true, url: false }, compaction: false });
    assert.deepEqual(formOnly.elicitation, { form: {} }, 'a mode not drawn is omitted, not null');
    assert.ok(!('notices' in (full.session ?? {})), 'the spec has no notice capability');
  });

  it('advertises exactly the fs methods and the terminal set that are served', () => {
    const files = { handlers: { 'fs/read_text_file': handler }, sessionEnded: () => Promise.resolve(), heldBy: () => 0 };
    const terminals = {
      handlers: { 'terminal/create': handler, 'terminal/output': handler, 'terminal/wait_for_exit': handler, 'terminal/kill': handler, 'terminal/release': handler },
      sessionEnded: () => Promise.resolve(),
      heldBy: () => 0,
    };
    const both = clientCapabilitiesFor(combineServices([files, terminals]));
    assert.deepEqual({ fs: both.fs, terminal: both.terminal }, { fs: { readTextFile: true, writeTextFile: false }, terminal: true });
    const partial = { handlers: { 'terminal/create': handler }, sessionEnded: () => Promise.resolve(), heldBy: () => 0 };
    assert.equal(clientCapabilitiesFor(partial).terminal, false, 'terminal needs every terminal method');
  });

  it('refuses two services for one method, and ends sessions in all of them', async () => {
    const ended: string[] = [];
    const a = { handlers: { 'fs/read_text_file': handler }, sessionEnded: (id: string) => (ended.push(`a:${id}`), Promise.resolve()), heldBy: () => 2 };
    const b = { handlers: {}, sessionEnded: (id: string) => (ended.push(`b:${id}`), Promise.resolve()), heldBy: () => 3 };
    assert.throws(() => combineServices([a, a]), /Two services serve fs\/read_text_file/);
    const combined = combineServices([a, b]);
    await combined.sessionEnded('s1' as SessionKey);
    assert.deepEqual(ended.sort(), ['a:s1', 'b:s1']);
    assert.equal(combined.heldBy('s1' as SessionKey), 5, 'what each part holds, counted together');
  });
});

describe('client capabilities: terminal sign-in', () => {
  it('advertises auth.terminal only when the extension can run terminal logins', () => {
    assert.equal(clientCapabilitiesFor(NO_CLIENT_SERVICES).auth, undefined);
    assert.deepEqual(clientCapabilitiesFor(NO_CLIENT_SERVICES, undefined, { terminalAuth: true }).auth, { terminal: true });
  });
});
