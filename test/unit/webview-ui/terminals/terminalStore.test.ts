import * as assert from 'node:assert/strict';
import type { HostToWebview, SessionSnapshot } from '../../../../src/shared/protocol/webviewProtocol';
import { MAX_TERMINALS, MAX_TEXT_CHARS, TerminalStore, keepTail } from '../../../../webview-ui/src/terminals/terminalStore';
import type { SessionKey } from '../../../../src/shared/sessionKey';

function snapshot(sessionKey: string, terminals: Extract<HostToWebview, { type: 'snapshot' }>['terminals'] = []): HostToWebview {
  const session = { sessionKey, header: { turn: 'idle' }, entries: [], totalEntries: 0 } as unknown as SessionSnapshot;
  return { type: 'snapshot', agent: null, session, terminals };
}

function output(fields: { terminalId: string; text: string; command?: string; replace?: boolean; truncated?: boolean; sessionKey?: SessionKey; exitStatus?: { exitCode: number | null; signal: string | null } }): HostToWebview {
  return { type: 'terminalOutput', sessionKey: 's1' as SessionKey, ...fields };
}

describe('webview terminal store', () => {
  it('starts from the snapshot, appends deltas, replaces on replace, keeps the exit status', () => {
    const store = new TerminalStore();
    store.apply(snapshot('s1', [{ terminalId: 'term-1', text: 'hello' }]));
    assert.deepEqual(store.get('term-1'), { text: 'hello', truncated: false });
    store.apply(output({ terminalId: 'term-1', text: ' world' }));
    store.apply(output({ terminalId: 'term-1', text: '', exitStatus: { exitCode: 0, signal: null } }));
    assert.deepEqual(store.get('term-1'), { text: 'hello world', truncated: false, exitStatus: { exitCode: 0, signal: null } });
    store.apply(output({ terminalId: 'term-1', text: 'newest', replace: true, truncated: true }));
    assert.deepEqual(store.get('term-1'), { text: 'newest', truncated: true, exitStatus: { exitCode: 0, signal: null } });
  });

  it('keeps the command line the host sends with the first output, through later posts and replaces', () => {
    const store = new TerminalStore();
    store.apply(snapshot('s1', [{ terminalId: 'term-1', text: 'a', command: 'npm test' }]));
    store.apply(output({ terminalId: 'term-1', text: 'b' }));
    store.apply(output({ terminalId: 'term-1', text: 'c', replace: true }));
    assert.equal(store.get('term-1')?.command, 'npm test');
    store.apply(output({ terminalId: 'term-2', text: 'x' }));
    assert.equal(store.get('term-2')?.command, undefined);
  });

  it('ignores output of another session, and a new snapshot starts over', () => {
    const store = new TerminalStore();
    store.apply(snapshot('s1'));
    store.apply(output({ terminalId: 'term-1', text: 'mine' }));
    store.apply(output({ terminalId: 'term-2', text: 'not mine', sessionKey: 's0' as SessionKey }));
    assert.equal(store.get('term-2'), undefined);
    store.apply(snapshot('s2'));
    assert.equal(store.get('term-1'), undefined);
  });

  it('notifies only the listeners of the terminal that changed', () => {
    const store = new TerminalStore();
    store.apply(snapshot('s1'));
    const calls: string[] = [];
    const stop = store.subscribe('term-1', () => calls.push('one'));
    store.subscribe('term-2', () => calls.push('two'));
    store.apply(output({ terminalId: 'term-1', text: 'x' }));
    stop();
    store.apply(output({ terminalId: 'term-1', text: 'y' }));
    assert.deepEqual(calls, ['one']);
  });

  it('bounds the text per terminal (cut at a line start, marked truncated) and the number of terminals', () => {
    const store = new TerminalStore();
    store.apply(snapshot('s1'));
    const line = `${'z'.repeat(99)}\n`;
    for (let i = 0; i < 2000; i++) store.apply(output({ terminalId: 'term-1', text: line }));
    const view = store.get('term-1');
    assert.ok(view && view.text.length <= MAX_TEXT_CHARS);
    assert.ok(view.text.startsWith('z'), 'starts at a line start');
    assert.equal(view.truncated, true);
    for (let i = 0; i < MAX_TERMINALS + 5; i++) store.apply(output({ terminalId: `t-${i}`, text: 'x' }));
    assert.equal(store.get('t-0'), undefined, 'the oldest terminals are dropped');
    assert.ok(store.get(`t-${MAX_TERMINALS + 4}`));
  });

  it('keepTail never splits a surrogate pair', () => {
    const kept = keepTail('😀'.repeat(10), 5);
    assert.equal(kept.text, '😀😀');
    assert.equal(kept.trimmed, true);
  });

  it('skips malformed snapshot entries', () => {
    const store = new TerminalStore();
    const bad = [{ terminalId: 'ok', text: 'fine' }, { terminalId: 3, text: 'x' }, null] as unknown as Extract<HostToWebview, { type: 'snapshot' }>['terminals'];
    store.apply(snapshot('s1', bad));
    assert.deepEqual(store.get('ok'), { text: 'fine', truncated: false });
  });
});
