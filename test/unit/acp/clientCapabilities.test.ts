import * as assert from 'node:assert/strict';
import { clientCapabilitiesFor, NOTHING_RENDERED } from '../../../src/acp/clientCapabilities';
import { CHAT_VIEW_RENDERS } from '../../../src/chat/view/chatRenders';
import { ClientFeature, ClientServiceMethod, createParts, NO_CLIENT_FEATURES, SessionScope } from '../../../src/acp/clientRequests';
import type { SessionKey } from '../../../src/shared/sessionKey';

const scope: SessionScope = { sessionKey: 'k1' as SessionKey, sessionId: 's1', cwd: '/work', roots: ['/work'] };

/** A feature serving `methods`, whose parts hold `held` things and log their creation and disposal. */
function feature(name: string, methods: ClientServiceMethod[], held = 0, log: string[] = []): ClientFeature {
  return {
    methods,
    createPart: (s) => {
      log.push(`${name}+${s.sessionId}`);
      const handlers = Object.fromEntries(methods.map((m) => [m, () => Promise.resolve(null)]));
      return { handlers, held: () => held, dispose: () => (log.push(`${name}-${s.sessionId}`), Promise.resolve()) };
    },
  };
}

describe('client capabilities', () => {
  it('advertises nothing when no service is plugged in', () => {
    assert.deepEqual(clientCapabilitiesFor(NO_CLIENT_FEATURES), {
      fs: { readTextFile: false, writeTextFile: false },
      terminal: false,
      session: { configOptions: { boolean: {} } },
    });
  });

  it('advertises elicitation modes, compaction and notices only for what the chat view draws', () => {
    const none = clientCapabilitiesFor(NO_CLIENT_FEATURES, NOTHING_RENDERED);
    assert.equal(none.elicitation, undefined);
    assert.equal(none.session?.compaction, undefined);
    assert.equal(none.session?.notices, undefined);
    const full = clientCapabilitiesFor(NO_CLIENT_FEATURES, CHAT_VIEW_RENDERS);
    assert.deepEqual(full.elicitation, { form: {}, url: {} });
    assert.deepEqual(full.session, { configOptions: { boolean: {} }, compaction: {}, notices: {} });
    const formOnly = clientCapabilitiesFor(NO_CLIENT_FEATURES, { elicitation: { form: true, url: false }, compaction: false, notices: false });
    assert.deepEqual(formOnly.elicitation, { form: {} }, 'a mode not drawn is omitted, not null');
    assert.ok(!('notices' in (formOnly.session ?? {})), 'notices not drawn are not advertised');
  });

  it("advertises the _meta terminal_output opt-in only when the chat view draws agents' command output", () => {
    assert.equal(clientCapabilitiesFor(NO_CLIENT_FEATURES, NOTHING_RENDERED)._meta, undefined);
    assert.deepEqual(clientCapabilitiesFor(NO_CLIENT_FEATURES, CHAT_VIEW_RENDERS)._meta, { terminal_output: true });
  });

  it('advertises plan operations (`plan: {}`) exactly when the chat view draws identified plans', () => {
    assert.ok(!('plan' in clientCapabilitiesFor(NO_CLIENT_FEATURES, NOTHING_RENDERED)), 'not drawn: not advertised, not null');
    assert.ok(!('plan' in clientCapabilitiesFor(NO_CLIENT_FEATURES, { ...CHAT_VIEW_RENDERS, plans: false })));
    assert.deepEqual(clientCapabilitiesFor(NO_CLIENT_FEATURES, CHAT_VIEW_RENDERS).plan, {});
  });

  it('advertises session.compaction and session.notices each on its own', () => {
    const compactionOnly = clientCapabilitiesFor(NO_CLIENT_FEATURES, { ...NOTHING_RENDERED, compaction: true });
    assert.deepEqual(compactionOnly.session, { configOptions: { boolean: {} }, compaction: {} });
    const noticesOnly = clientCapabilitiesFor(NO_CLIENT_FEATURES, { ...NOTHING_RENDERED, notices: true });
    assert.deepEqual(noticesOnly.session, { configOptions: { boolean: {} }, notices: {} });
  });

  it('advertises subagents only when the chat view draws child threads', () => {
    assert.ok(!('subagents' in clientCapabilitiesFor(NO_CLIENT_FEATURES, NOTHING_RENDERED)));
    assert.ok(!('subagents' in clientCapabilitiesFor(NO_CLIENT_FEATURES, { ...CHAT_VIEW_RENDERS, subagents: false })));
    assert.deepEqual(clientCapabilitiesFor(NO_CLIENT_FEATURES, CHAT_VIEW_RENDERS).subagents, {});
  });

  it('advertises exactly the fs methods and the terminal set that are served', () => {
    const files = feature('files', ['fs/read_text_file']);
    const terminals = feature('terminals', ['terminal/create', 'terminal/output', 'terminal/wait_for_exit', 'terminal/kill', 'terminal/release']);
    const both = clientCapabilitiesFor([files, terminals]);
    assert.deepEqual({ fs: both.fs, terminal: both.terminal }, { fs: { readTextFile: true, writeTextFile: false }, terminal: true });
    const partial = feature('partial', ['terminal/create']);
    assert.equal(clientCapabilitiesFor([partial]).terminal, false, 'terminal needs every terminal method');
  });

  it('refuses two features for one method, and gives a session one part of each feature', async () => {
    const log: string[] = [];
    const a = feature('a', ['fs/read_text_file'], 2, log);
    const b = feature('b', [], 3, log);
    assert.throws(() => clientCapabilitiesFor([a, a]), /Two features serve fs\/read_text_file/);
    assert.throws(() => createParts([a, a], scope), /Two features serve fs\/read_text_file/);
    const parts = createParts([a, b], scope);
    assert.deepEqual(log, ['a+s1', 'b+s1']);
    assert.equal(parts.reduce((sum, part) => sum + part.held(), 0), 5, 'what each part holds, counted together');
    await Promise.all(parts.map((part) => part.dispose()));
    assert.deepEqual(log, ['a+s1', 'b+s1', 'a-s1', 'b-s1']);
  });
});

describe('client capabilities: terminal sign-in', () => {
  it('advertises auth.terminal only when the extension can run terminal logins', () => {
    assert.equal(clientCapabilitiesFor(NO_CLIENT_FEATURES).auth, undefined);
    assert.deepEqual(clientCapabilitiesFor(NO_CLIENT_FEATURES, undefined, { terminalAuth: true }).auth, { terminal: true });
  });
});
