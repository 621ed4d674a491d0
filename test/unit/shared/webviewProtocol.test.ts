// The host validates every message from the chat webview as untrusted input: each message type is accepted only
// well formed (and only its known fields are kept), everything else is refused, and nothing the webview can send
// makes the parser throw.
import * as assert from 'node:assert/strict';
import { SESSION_SCOPED_TYPES, WebviewToHost, parseWebviewMessage } from '../../../src/shared/protocol/webviewProtocol';
import type { SessionKey } from '../../../src/shared/sessionKey';

const S1 = 's1' as SessionKey;
const S2 = 's2' as SessionKey;

/** One well-formed example of every message the webview sends. */
const VALID: WebviewToHost[] = [
  { type: 'ready' },
  { type: 'cancel', sessionKey: S1 },
  { type: 'newSession' },
  { type: 'restartAgent' },
  { type: 'manageTrust' },
  { type: 'authenticate', methodId: 'agent-login' },
  { type: 'prompt', text: 'hi' },
  { type: 'permission', requestKey: 's1/p1', optionId: 'allow', sessionKey: S1 },
  { type: 'prompt', text: 'hi', sessionKey: S1 },
  { type: 'elicitation', requestKey: 's1/el1', action: 'decline', sessionKey: S1 },
  { type: 'searchFiles', requestId: 1, query: 'a' },
  { type: 'setConfigOption', configId: 'model', value: 'fast', sessionKey: S1 },
  { type: 'setMode', modeId: 'code', sessionKey: S1 },
  { type: 'removeQueued', id: 'q1', sessionKey: S1 },
  { type: 'resumeQueue', sessionKey: S1 },
  { type: 'openLink', href: 'https://example.com/' },
  { type: 'openLocation', path: '/w/a.ts', line: 3 },
  { type: 'openDiff', toolCallId: 'call_1', index: 0, sessionKey: S1 },
  { type: 'reviewInline', toolCallId: 'call_1', index: 0, sessionKey: S1 },
  { type: 'copyText', text: 'code' },
  { type: 'loadOlder', before: 'e1', sessionKey: S1 },
  { type: 'resendEntry', entryId: 'e7', sessionKey: S1 },
  { type: 'openFullMessage', entryId: 'e3', sessionKey: S1 },
  { type: 'openEarlierMessages', sessionKey: S1 },
  { type: 'switchSession', key: S2 },
  { type: 'closeSession', key: S2 },
  { type: 'showHistory' },
  { type: 'moreHistory' },
  { type: 'openHistorySession', agentId: 'claude', sessionId: 'abc' },
  { type: 'deleteHistorySession', agentId: 'claude', sessionId: 'abc' },
  { type: 'openAgentSettings' },
  { type: 'prompt', text: 'hi', promptId: 3 },
  { type: 'retryStart' },
  { type: 'dismissStart' },
  { type: 'retryPrompt', entryId: 'e2', sessionKey: S1 },
  { type: 'cancelSubagent', childSessionId: 'kid-1', sessionKey: S1 },
  { type: 'openSubagent', childSessionId: 'kid-1', sessionKey: S1 },
  { type: 'showAgentLog', agentId: 'claude' },
];

/** Values of every JSON-ish kind, odd ones included. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'x',
  'x'.repeat(5000),
  '\u0000',
  [],
  ['a'],
  {},
  { toString: 'x' },
  Object.create(null),
];

/** Fields that take more than one type. */
const ALSO_ACCEPTED: Record<string, string[]> = { 'setConfigOption.value': ['boolean'] };

describe('webview → host messages: every one validated', () => {
  it('accepts one well-formed example of every message type, as it is', () => {
    for (const message of VALID) assert.deepEqual(parseWebviewMessage(message), message, message.type);
  });

  it('refuses what is not a message', () => {
    for (const value of [undefined, null, 0, 'ready', [], [{ type: 'ready' }], {}, { type: 3 }, { type: 'nope' }, { type: '__proto__' }, { type: 'toString' }]) {
      assert.equal(parseWebviewMessage(value), undefined, JSON.stringify(value));
    }
  });

  it('keeps only the known fields (no extras reach the host)', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'cancel', sessionKey: 's1', sessionId: 'other', __proto__: { polluted: true } }), { type: 'cancel', sessionKey: 's1' });
    assert.deepEqual(parseWebviewMessage({ type: 'permission', requestKey: 'k', optionId: 'o', sessionKey: 's1', extra: 'x' }), { type: 'permission', requestKey: 'k', optionId: 'o', sessionKey: 's1' });
    const parsed = parseWebviewMessage(JSON.parse('{"type":"ready","__proto__":{"polluted":true}}')) as Record<string, unknown>;
    assert.equal(parsed.polluted, undefined);
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype was polluted');
  });

  it('refuses a message about a session that does not name it, or names it wrongly; a prompt may name none', () => {
    for (const type of SESSION_SCOPED_TYPES) {
      const example = VALID.find((message) => message.type === type) as Record<string, unknown> | undefined;
      assert.ok(example, `an example of ${type}`);
      const { sessionKey: _named, ...unnamed } = example;
      assert.equal(parseWebviewMessage(unnamed), undefined, `${type} without its session`);
      for (const wrong of ['', 'p1', 's0', 's1/p1', ' s1', 's01', 1, null]) assert.equal(parseWebviewMessage({ ...example, sessionKey: wrong }), undefined, `${type} with ${JSON.stringify(wrong)}`);
    }
    assert.deepEqual(parseWebviewMessage({ type: 'prompt', text: 'hi' }), { type: 'prompt', text: 'hi' });
    assert.equal(parseWebviewMessage({ type: 'prompt', text: 'hi', sessionKey: 'nope' }), undefined);
  });

  it('refuses permission answers with missing, empty, wrong-typed or oversized ids', () => {
    for (const [requestKey, optionId] of [[undefined, 'o'], ['k', undefined], ['', 'o'], ['k', ''], [1, 'o'], ['k', {}], ['k'.repeat(1025), 'o'], ['k', 'o'.repeat(1025)]]) {
      assert.equal(parseWebviewMessage({ type: 'permission', requestKey, optionId, sessionKey: 's1' }), undefined, `${String(requestKey).slice(0, 10)} / ${String(optionId).slice(0, 10)}`);
    }
  });

  it('never throws, and accepts nothing malformed, whatever each field holds', () => {
    let accepted = 0;
    for (const example of VALID) {
      for (const field of Object.keys(example).filter((key) => key !== 'type')) {
        for (const odd of ODD_VALUES) {
          const message = { ...example, [field]: odd };
          const parsed = parseWebviewMessage(message);
          if (parsed === undefined) continue;
          accepted++;
          // Whatever was accepted has the same shape as the valid example: the same fields with the same types.
          for (const [key, value] of Object.entries(parsed)) {
            const expected = (example as unknown as Record<string, unknown>)[key];
            if (expected === undefined || ALSO_ACCEPTED[`${example.type}.${key}`]?.includes(typeof value)) continue;
            assert.equal(typeof value, typeof expected, `${example.type}.${key} accepted ${JSON.stringify(odd)}`);
          }
        }
      }
    }
    assert.ok(accepted > 0, 'some odd values are still valid (e.g. another string)');
  });
});
