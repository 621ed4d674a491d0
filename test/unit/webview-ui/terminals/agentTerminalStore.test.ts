// The webview's terminal store knows which tool call an agent's own command belongs to, and how it stands.
import * as assert from 'node:assert/strict';
import type { HostToWebview, SessionSnapshot } from '../../../../src/shared/protocol/webviewProtocol';
import type { SessionKey } from '../../../../src/shared/sessionKey';
import { TerminalStore } from '../../../../webview-ui/src/terminals/terminalStore';
import { RUNNING_AFTER_CANCEL, terminalStatus } from '../../../../webview-ui/src/terminals/terminalStatus';

function snapshot(terminals: Extract<HostToWebview, { type: 'snapshot' }>['terminals'] = []): HostToWebview {
  const session = { sessionKey: 's1', header: { turn: 'idle' }, entries: [], totalEntries: 0 } as unknown as SessionSnapshot;
  return { type: 'snapshot', agent: null, session, terminals };
}

describe('webview terminal store: agent commands', () => {
  it('maps a tool call to its agent terminal, tells the card when it comes, and keeps the state', () => {
    const store = new TerminalStore();
    store.apply(snapshot());
    let told = 0;
    store.subscribeToolCall('call_1', () => told++);
    assert.equal(store.agentTerminalOf('call_1'), undefined);
    store.apply({ type: 'terminalOutput', sessionKey: 's1' as SessionKey, terminalId: 'other', text: 'a', toolCallId: 'call_1', agentState: 'running' });
    assert.equal(store.agentTerminalOf('call_1'), 'other');
    assert.equal(told, 1);
    store.apply({ type: 'terminalOutput', sessionKey: 's1' as SessionKey, terminalId: 'other', text: 'b', agentState: 'running-after-cancel' });
    assert.deepEqual(store.get('other'), { text: 'ab', truncated: false, toolCallId: 'call_1', agentState: 'running-after-cancel' });
    assert.equal(told, 1, 'the same terminal again is no news for the card');
    store.apply(snapshot());
    assert.equal(store.agentTerminalOf('call_1'), undefined);
    assert.equal(told, 2);
  });

  it('says how an agent command stands without an exit, and its exit when it has one', () => {
    assert.equal(terminalStatus(undefined, 'running-after-cancel').text, RUNNING_AFTER_CANCEL);
    assert.equal(terminalStatus(undefined, 'cancelled').text, 'Cancelled');
    assert.equal(terminalStatus(undefined, 'ended').tone, 'ended');
    assert.equal(terminalStatus(undefined).text, 'Running…');
    assert.equal(terminalStatus({ exitCode: 2, signal: null }, 'running-after-cancel').text, 'Exited with code 2');
    // claude-agent-acp reports a background command's end with no exit code: it ended, nothing says it failed.
    assert.deepEqual(terminalStatus({ exitCode: null, signal: null }), { text: 'Ended (no exit code reported)', tone: 'ended', icon: 'pass' });
    assert.deepEqual(terminalStatus(undefined, 'background'), { text: 'Running in the background', tone: 'running', icon: 'loading' });
  });
});
