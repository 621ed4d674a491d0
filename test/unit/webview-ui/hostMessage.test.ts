import assert from 'node:assert/strict';
import { packForView } from '../../../src/shared/protocol/entryWire';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';
import { asHostMessage } from '../../../webview-ui/src/hostMessage';
import { agentMessage, header, readyAgent, snapshot } from './fixtures';

describe('webview asHostMessage', () => {
  it('accepts the four host messages as the host posts them', () => {
    const messages: HostToWebview[] = [
      snapshot([agentMessage('a', 1, 'x')]),
      { type: 'snapshot', agent: null, session: null },
      { type: 'agent', agent: readyAgent },
      { type: 'entries', sessionKey: 's' as SessionKey, upserts: [agentMessage('a', 1, 'x')], totalEntries: 1 },
      { type: 'entries', sessionKey: 's' as SessionKey, upserts: [], totalEntries: 1, header: header() },
      { type: 'header', sessionKey: 's' as SessionKey, header: header() },
      { type: 'headerStatus', status: { state: 'working', label: 'Working', since: 5 } },
      { type: 'headerStatus', status: { state: 'noSession', label: 'No session' } },
    ];
    for (const message of messages) assert.deepEqual(asHostMessage(JSON.parse(JSON.stringify(packForView(message)))), message);
  });

  it('rejects what would trip the store', () => {
    const bad: unknown[] = [
      null,
      'snapshot',
      [],
      { type: 'nope' },
      { type: 'snapshot', agent: null },
      { type: 'snapshot', agent: null, session: { sessionKey: 's', header: header(), entries: [{ id: 1, rev: 1 }] } },
      { type: 'agent' },
      { type: 'headerStatus' },
      { type: 'headerStatus', status: { state: 'ready' } },
      { type: 'headerStatus', status: { state: 'working', label: 'Working', since: '5' } },
      { type: 'entries', sessionKey: 's', upserts: null, totalEntries: 0 },
      { type: 'entries', sessionKey: 's', upserts: [{ id: 'a' }], totalEntries: 1 },
      { type: 'entries', sessionKey: 's', upserts: [{ id: 'a', k: 'agent', rev: '2' }], totalEntries: 1 },
      { type: 'entries', sessionKey: 's', upserts: [], totalEntries: 1, header: 'x' },
      { type: 'header', sessionKey: 's' },
    ];
    for (const message of bad) assert.equal(asHostMessage(message), undefined, JSON.stringify(message));
  });
});
