import * as assert from 'node:assert/strict';
import { LOCAL_TRANSCRIPT_VERSION, maskTranscript, packTranscript, readOnlyNotice, readTranscript } from '../../../src/history/localTranscript';
import { MASK, secretRules } from '../../../src/shared/text/secretText';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';

const text = (id: string, kind: 'user' | 'agent', body: string): TranscriptEntry => ({ kind, id, rev: 2, content: [{ type: 'text', text: body }] });

describe('history: the local copy of a conversation', () => {
  const source = {
    agentId: 'demo',
    sessionId: 's-1',
    cwd: '/w',
    title: 'Hello',
    entries: [
      text('e1', 'user', 'hello'),
      text('e2', 'agent', 'x'.repeat(500)),
      {
        kind: 'tool_call',
        id: 't:1',
        rev: 3,
        toolCallId: '1',
        title: 'Edit a.js',
        toolKind: 'edit',
        status: 'pending',
        content: [],
        locations: [],
        extra: {},
        permission: { requestKey: 's1/p1', options: [] },
      },
      { kind: 'elicitation', id: 'e3', rev: 1, requestKey: 's1/el1', message: 'Which?', request: { mode: 'url', url: 'https://x.test', elicitationId: 'a' } },
      text('e4', 'user', 'bye'),
    ] as TranscriptEntry[],
  };

  it('keeps every entry, through JSON, with the requests that waited settled (nobody can answer them later)', () => {
    const copy = readTranscript(JSON.parse(JSON.stringify(packTranscript(source, '2026-11-24T10:00:00Z'))));
    assert.ok(copy);
    assert.deepEqual(
      copy.entries.map((entry) => entry.id),
      ['e1', 'e2', 't:1', 'e3', 'e4'],
    );
    const tool = copy.entries[2];
    assert.ok(tool.kind === 'tool_call' && tool.permission === undefined, 'no open permission request');
    const question = copy.entries[3];
    assert.ok(question.kind === 'elicitation' && question.outcome === 'cancel');
    assert.equal(copy.droppedEntries, 0);
    assert.equal(copy.title, 'Hello');
  });

  it('over the size limit the oldest entries go first, and the copy says how many (with those already out of memory)', () => {
    const copy = packTranscript({ ...source, droppedBefore: 7 }, 'now', 100);
    assert.deepEqual(
      copy.entries.map((entry) => entry.id),
      ['t:1', 'e3', 'e4'],
    );
    assert.equal(copy.droppedEntries, 9);
    assert.match(readOnlyNotice('Demo agent', undefined, copy.droppedEntries), /^Demo agent cannot load earlier sessions, so this conversation cannot go on\. This is a read-only copy kept in this workspace \(its 9 oldest entries were not kept\); a message you send starts a new session\.$/);
  });

  it('a newest entry larger than the limit is still kept (the copy is never empty)', () => {
    const copy = packTranscript({ ...source, entries: [text('e9', 'agent', 'y'.repeat(50))] }, 'now', 10);
    assert.equal(copy.entries.length, 1);
  });

  it('reads damaged or foreign files leniently: bad entries and duplicates are left out, other files give nothing', () => {
    const stored = {
      version: LOCAL_TRANSCRIPT_VERSION,
      agentId: 'demo',
      sessionId: 's-1',
      cwd: '/w',
      entries: [text('e1', 'user', 'a'), { kind: 'user', id: 'e2' }, 'junk', text('e1', 'agent', 'dup'), { kind: 'martian', id: 'e5', rev: 1 }],
      droppedEntries: -3,
    };
    const copy = readTranscript(stored);
    assert.deepEqual(copy?.entries.map((entry) => entry.id), ['e1']);
    assert.equal(copy?.droppedEntries, 0);
    assert.equal(readTranscript({ ...stored, version: 99 }), undefined);
    assert.equal(readTranscript({ ...stored, agentId: '' }), undefined);
    assert.equal(readTranscript('nope'), undefined);
  });

  it('is written with its secrets masked (title, messages, tool calls), its ids as they are', () => {
    const secret = 'env-secret-value-4711';
    const entries: TranscriptEntry[] = [
      { kind: 'agent', id: 'e1', rev: 1, content: [{ type: 'text', text: `key ${secret}` }] },
      { kind: 'tool_call', id: 't:c1', rev: 1, toolCallId: 'c1', title: `echo ${secret}`, toolKind: 'execute', status: 'completed', content: [], locations: [{ path: '/w/a.ts' }], rawInput: { command: `echo ${secret}` }, extra: {} },
    ];
    const copy = packTranscript({ agentId: 'a', sessionId: 's', cwd: '/w', title: `About ${secret}`, entries }, 'now');
    const kept = maskTranscript(copy, secretRules([secret]));
    assert.ok(!JSON.stringify(kept).includes(secret));
    assert.equal(kept.title, `About ${MASK}`);
    assert.deepEqual(readTranscript(JSON.parse(JSON.stringify(kept)))?.entries.map((entry) => entry.id), ['e1', 't:c1']);
    assert.ok(JSON.stringify(entries).includes(secret), 'the session keeps its own text');
  });
});
