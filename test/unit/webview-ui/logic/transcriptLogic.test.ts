import assert from 'node:assert/strict';
import { diffSidesOf } from '../../../../src/editor/diffSides';
import type { NoticeEntry, TranscriptEntry } from '../../../../src/shared/transcript/model';
import { olderPage, parseTranscriptMessage } from '../../../../src/shared/protocol/transcriptProtocol';
import { parseWebviewMessage } from '../../../../src/shared/protocol/webviewProtocol';
import { announcementsBetween, isRequestPending } from '../../../../webview-ui/src/logic/announcements';
import { contentRuns } from '../../../../webview-ui/src/logic/contentRuns';
import { estimateEntryHeight } from '../../../../webview-ui/src/logic/entryHeight';
import { planPriorityLook } from '../../../../webview-ui/src/logic/planStatus';
import { toolCardLook, toolCardOpenByDefault } from '../../../../webview-ui/src/logic/toolStatus';
import { formatTokenCount, usageText } from '../../../../webview-ui/src/logic/usageText';
import { ChatStore, applyHostMessage, type ChatState } from '../../../../webview-ui/src/store';
import { agentMessage, header, snapshot, toolCall } from '../fixtures';
import type { SessionKey } from '../../../../src/shared/sessionKey';

function notice(id: string, text: string): NoticeEntry {
  return { kind: 'notice', id, rev: 1, severity: 'error', text };
}

describe('transcript messages (host side validation)', () => {
  it('accepts well-formed transcript messages through parseWebviewMessage', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'openLink', href: 'https://example.com' }), { type: 'openLink', href: 'https://example.com' });
    assert.deepEqual(parseWebviewMessage({ type: 'openLocation', path: '/w/a.ts', line: 3 }), { type: 'openLocation', path: '/w/a.ts', line: 3 });
    assert.deepEqual(parseWebviewMessage({ type: 'openLocation', path: '/w/a.ts', line: null }), { type: 'openLocation', path: '/w/a.ts' });
    assert.deepEqual(parseWebviewMessage({ type: 'openDiff', toolCallId: 'tc', index: 0, sessionKey: 's1' }), { type: 'openDiff', toolCallId: 'tc', index: 0, sessionKey: 's1' });
    assert.deepEqual(parseWebviewMessage({ type: 'reviewInline', toolCallId: 'tc', index: 1, sessionKey: 's1', extra: 'x' }), { type: 'reviewInline', toolCallId: 'tc', index: 1, sessionKey: 's1' });
    assert.deepEqual(parseWebviewMessage({ type: 'copyText', text: '' }), { type: 'copyText', text: '' });
    assert.deepEqual(parseWebviewMessage({ type: 'loadOlder', sessionKey: 's1', before: 'e5' }), { type: 'loadOlder', sessionKey: 's1', before: 'e5' });
  });

  it('refuses malformed ones, and links the policy refuses', () => {
    for (const message of [
      { type: 'openLink', href: 'javascript:alert(1)' },
      { type: 'openLink', href: 'command:workbench.action.reloadWindow' },
      { type: 'openLink' },
      { type: 'openLocation', path: '' },
      { type: 'openLocation', path: '/a', line: -1 },
      { type: 'openLocation', path: '/a', line: 1.5 },
      { type: 'openLocation', path: 'a\u0000b' },
      { type: 'openDiff', toolCallId: 'tc', index: '0' },
      { type: 'openDiff', toolCallId: '', index: 0 },
      { type: 'reviewInline', toolCallId: 'tc', index: -1 },
      { type: 'reviewInline', toolCallId: 7, index: 0 },
      { type: 'copyText', text: 42 },
      { type: 'loadOlder', sessionKey: 's' as SessionKey },
    ]) {
      assert.equal(parseTranscriptMessage(message), undefined, JSON.stringify(message));
      assert.equal(parseWebviewMessage(message), undefined, JSON.stringify(message));
    }
  });

  it('pages older entries before a given id', () => {
    const entries = Array.from({ length: 10 }, (_, i) => agentMessage(`e${i}`, 1, `m${i}`));
    assert.deepEqual(olderPage(entries, 'e7', 3)?.map((e) => e.id), ['e4', 'e5', 'e6']);
    assert.deepEqual(olderPage(entries, 'e2', 3)?.map((e) => e.id), ['e0', 'e1']);
    assert.deepEqual(olderPage(entries, 'e0', 3), []);
    assert.equal(olderPage(entries, 'nope', 3), undefined);
  });
});

describe('store: older entries', () => {
  it('prepends older entries, skips ids it holds, keeps positions right', () => {
    const store = new ChatStore();
    const newest = [agentMessage('e5', 1, 'five'), agentMessage('e6', 1, 'six')];
    store.apply({ type: 'snapshot', agent: null, session: { sessionKey: 's1' as SessionKey, header: header(), entries: newest, totalEntries: 7 } });
    store.apply({ type: 'olderEntries', sessionKey: 's1' as SessionKey, entries: [agentMessage('e3', 1, 'three'), agentMessage('e4', 1, 'four'), agentMessage('e5', 1, 'dup')], totalEntries: 7 });
    const session = store.getState().session;
    assert.deepEqual(session?.entries.map((e) => e.id), ['e3', 'e4', 'e5', 'e6']);
    assert.equal(session?.positions.get('e6'), 3);
    assert.equal(session?.totalEntries, 7);
    assert.equal(session?.entries[2], newest[0]);
  });

  it('ignores older entries of another session', () => {
    const state = applyHostMessage(applyHostMessage({ synced: false, agent: null, session: null }, snapshot([])), {
      type: 'olderEntries',
      sessionKey: 'other' as SessionKey,
      entries: [agentMessage('e1', 1, 'x')],
      totalEntries: 1,
    });
    assert.equal(state.session?.entries.length, 0);
  });
});

describe('diff sides for "Open diff"', () => {
  const entries: TranscriptEntry[] = [
    toolCall('t1', 1, { toolCallId: 'tc', content: [{ type: 'content', content: { type: 'text', text: 'x' } }, { type: 'diff', path: '/w/a.ts', oldText: 'a', newText: 'b' }] }),
    toolCall('t2', 1, { toolCallId: 'new', content: [{ type: 'diff', path: '/w/n.ts', oldText: null, newText: 'n' }] }),
  ];
  it('finds the texts by tool call id and index', () => {
    assert.deepEqual(diffSidesOf(entries, 'tc', 1), { path: '/w/a.ts', oldText: 'a', newText: 'b', isNew: false });
    assert.deepEqual(diffSidesOf(entries, 'new', 0), { path: '/w/n.ts', oldText: '', newText: 'n', isNew: true });
  });
  it('finds nothing for a non-diff item, a bad index or an unknown id', () => {
    assert.equal(diffSidesOf(entries, 'tc', 0), undefined);
    assert.equal(diffSidesOf(entries, 'tc', 5), undefined);
    assert.equal(diffSidesOf(entries, 'zz', 0), undefined);
  });
});

describe('usage text', () => {
  it('formats token counts', () => {
    assert.deepEqual([0, 950, 1000, 12_345, 200_000, 999_999, 1_500_000].map(formatTokenCount), ['0', '950', '1k', '12.3k', '200k', '1M', '1.5M']);
  });
  it('says context used of size and the cost', () => {
    const text = usageText({ used: 12_345, size: 200_000, cost: { amount: 0.42, currency: 'USD' } });
    assert.equal(text?.context, '12.3k / 200k');
    assert.equal(text?.cost, '$0.42');
    assert.match(text?.description ?? '', /12,345 of 200,000 tokens of context used \(6%\), cost \$0\.42/);
  });
  it('copes with partial or odd usage', () => {
    assert.equal(usageText(undefined), undefined);
    assert.equal(usageText({}), undefined);
    assert.equal(usageText({ used: 5 })?.context, '5');
    assert.equal(usageText({ cost: { amount: 1, currency: 'NOT-A-CODE' } })?.cost, '1 NOT-A-CODE');
  });
});

describe('announcements', () => {
  const running = (entries: TranscriptEntry[]): ChatState =>
    applyHostMessage(applyHostMessage({ synced: false, agent: null, session: null }, snapshot([])), {
      type: 'entries',
      sessionKey: 's1' as SessionKey,
      upserts: entries,
      totalEntries: entries.length,
      header: header({ turn: 'running' }),
    });

  it('announces an agent message once it is finished, not while it streams', () => {
    const start = running([]);
    const streaming = applyHostMessage(start, { type: 'entries', sessionKey: 's1' as SessionKey, upserts: [agentMessage('e1', 1, 'Hel')], totalEntries: 1 });
    assert.deepEqual(announcementsBetween(start, streaming), []);
    const more = applyHostMessage(streaming, { type: 'entries', sessionKey: 's1' as SessionKey, upserts: [agentMessage('e1', 2, 'Hello there')], totalEntries: 1 });
    assert.deepEqual(announcementsBetween(streaming, more), []);
    const ended = applyHostMessage(more, { type: 'header', sessionKey: 's1' as SessionKey, header: header({ turn: 'idle' }) });
    assert.deepEqual(announcementsBetween(more, ended), [{ politeness: 'polite', text: 'Hello there' }]);
  });

  it('announces a permission request assertively, once', () => {
    const before = running([toolCall('t1', 1)]);
    const asking = applyHostMessage(before, {
      type: 'entries',
      sessionKey: 's1' as SessionKey,
      upserts: [toolCall('t1', 2, { title: 'Edit a.ts', permission: { requestKey: 'k1', options: [{ optionId: 'y', name: 'Allow', kind: 'allow_once' }] } })],
      totalEntries: 1,
    });
    assert.deepEqual(announcementsBetween(before, asking), [{ politeness: 'assertive', text: 'Permission requested: Edit a.ts. Options: Allow.', requestKey: 'k1' }]);
    const again = applyHostMessage(asking, { type: 'entries', sessionKey: 's1' as SessionKey, upserts: [{ ...(asking.session?.entries[0] as TranscriptEntry), rev: 3 }], totalEntries: 1 });
    assert.deepEqual(announcementsBetween(asking, again), []);
  });

  it('says a finished message as plain text, not Markdown', () => {
    const more = running([agentMessage('e1', 2, '## Done\n\nI **fixed** `greet()` in [hello.js](hello.js):\n\n- one\n- two\n\n```js\nconst x = 1;\n```\n')]);
    const ended = applyHostMessage(more, { type: 'header', sessionKey: 's1' as SessionKey, header: header({ turn: 'idle' }) });
    assert.deepEqual(announcementsBetween(more, ended), [{ politeness: 'polite', text: 'Done I fixed greet() in hello.js: one two (js code block)' }]);
  });

  it('knows when the request it announced is answered (the live region is cleared then)', () => {
    const asking = running([toolCall('t1', 2, { title: 'Edit a.ts', permission: { requestKey: 'k1', options: [{ optionId: 'y', name: 'Allow', kind: 'allow_once' }] } })]);
    assert.equal(isRequestPending(asking, 'k1'), true);
    const answered = applyHostMessage(asking, { type: 'entries', sessionKey: 's1' as SessionKey, upserts: [toolCall('t1', 3, { title: 'Edit a.ts' })], totalEntries: 1 });
    assert.equal(isRequestPending(answered, 'k1'), false);
    assert.deepEqual(announcementsBetween(asking, answered), []);
  });

  it('announces new notices, and nothing for a snapshot', () => {
    const before = running([]);
    const after = applyHostMessage(before, { type: 'entries', sessionKey: 's1' as SessionKey, upserts: [notice('e9', 'The agent answered with an error.')], totalEntries: 1 });
    assert.deepEqual(announcementsBetween(before, after), [{ politeness: 'polite', text: 'The agent answered with an error.' }]);
    const fresh = applyHostMessage(after, snapshot([agentMessage('e1', 1, 'old text')], 's2' as SessionKey));
    assert.deepEqual(announcementsBetween(after, fresh), []);
  });
});

describe('content runs and small looks', () => {
  it('joins text blocks into one markdown run and keeps the others apart', () => {
    const runs = contentRuns([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
      { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' },
      { type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' },
      { type: 'resource_link', uri: 'javascript:alert(1)', name: 'evil' },
      { type: 'resource', resource: { uri: 'file:///w/b.ts', text: 'body' } },
      { type: 'resource', resource: { uri: 'file:///w/c.bin', blob: 'AAAA' } },
      { type: '_custom', value: 1 },
    ]);
    assert.deepEqual(runs.map((r) => r.kind), ['markdown', 'image', 'imageLabel', 'resourceLink', 'resourceLink', 'resource', 'resource', 'other']);
    assert.deepEqual(runs[0], { kind: 'markdown', text: 'ab' });
    assert.equal(runs[1].kind === 'image' && runs[1].src, 'data:image/png;base64,iVBORw0KGgo=');
    assert.equal(runs[3].kind === 'resourceLink' && runs[3].linkable, true);
    assert.equal(runs[4].kind === 'resourceLink' && runs[4].linkable, false);
    assert.equal(runs[6].kind === 'resource' && runs[6].binaryBytes, 3);
  });

  it('tool cards: awaiting permission, which start folded', () => {
    assert.equal(toolCardLook('pending', true).label, 'Awaiting permission');
    assert.equal(toolCardLook('_weird', false).label, '_weird');
    assert.equal(toolCardOpenByDefault('completed', false), false);
    assert.equal(toolCardOpenByDefault('cancelled', false), false);
    assert.equal(toolCardOpenByDefault('completed', true), true);
    assert.equal(toolCardOpenByDefault('failed', false), true);
    assert.equal(toolCardOpenByDefault('in_progress', false), true);
  });

  it('plan priorities, unknown ones as they came', () => {
    assert.equal(planPriorityLook('high').tone, 'high');
    assert.deepEqual(planPriorityLook('urgent!'), { label: 'urgent!', tone: 'other' });
  });

  it('height estimates grow with the text and stay bounded', () => {
    const short = estimateEntryHeight(agentMessage('a', 1, 'hi'));
    const long = estimateEntryHeight(agentMessage('b', 1, 'word '.repeat(200)));
    const huge = estimateEntryHeight(agentMessage('c', 1, 'x\n'.repeat(100_000)));
    assert.ok(short < long && long <= huge && huge <= 1300, `${short} ${long} ${huge}`);
  });
});
