import * as assert from 'node:assert/strict';
import { ChangeLedger } from '../../../src/review/changeLedger';
import { anchorOfLastPrompt, linkCheckpoints, promptFingerprint } from '../../../src/review/checkpointLinks';
import { packReview, unpackReview } from '../../../src/review/ledgerData';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';

let counter = 0;
function user(text: string, messageId?: string): TranscriptEntry {
  return { kind: 'user', id: `e${++counter}`, rev: 1, content: [{ type: 'text', text }], ...(messageId ? { messageId } : {}) };
}
function agent(text: string): TranscriptEntry {
  return { kind: 'agent', id: `e${++counter}`, rev: 1, content: [{ type: 'text', text }] };
}

/** A ledger whose turns were started as the review starts them: the prompt's anchor taken from the live transcript. */
function ledgerOf(prompts: { text: string; messageId?: string }[]): { ledger: ChangeLedger; live: TranscriptEntry[] } {
  const ledger = new ChangeLedger();
  const live: TranscriptEntry[] = [];
  for (const prompt of prompts) {
    live.push(user(prompt.text, prompt.messageId));
    ledger.startTurn(prompt.text, 1, anchorOfLastPrompt(live));
    live.push(agent('done'));
  }
  return { ledger, live };
}

describe('review: a checkpoint finds its user message in any copy of the conversation', () => {
  it('the live transcript: each prompt is its own turn', () => {
    const { ledger, live } = ledgerOf([{ text: 'fix it' }, { text: 'now the tests' }, { text: 'fix it' }]);
    const links = linkCheckpoints(live, ledger.checkpoints);
    const users = live.filter((entry) => entry.kind === 'user');
    assert.deepEqual([...links.entries()], [[users[0].id, 1], [users[1].id, 2], [users[2].id, 3]]);
  });

  it('a replay after a reload (new entry ids, white space changed, kept through the stored ledger) links by place and text', () => {
    const { ledger } = ledgerOf([{ text: 'fix it' }, { text: 'now  the tests\n' }]);
    const stored = unpackReview(JSON.parse(JSON.stringify(packReview([{ conversation: 'c', ledger: { ...ledger.toData(), files: [{ path: '/a', baseline: 'a', current: 'b', toolCallIds: [], turns: [1] }] } }]).stored)));
    const back = new ChangeLedger();
    back.load(stored[0].ledger);
    const replay = [user('fix it'), agent('ok'), user('now the tests'), agent('ok')];
    assert.deepEqual([...linkCheckpoints(replay, back.checkpoints).entries()], [[replay[0].id, 1], [replay[2].id, 2]]);
  });

  it('earlier prompts the ledger never saw (a resumed session, a message that failed to start) shift the place: the text still finds it', () => {
    const ledger = new ChangeLedger();
    const live = [user('add a test')];
    ledger.startTurn('add a test', 1, anchorOfLastPrompt(live));
    const replay = [user('hello'), agent('hi'), user('what changed?'), agent('...'), user('add a test'), agent('done')];
    assert.deepEqual([...linkCheckpoints(replay, ledger.checkpoints).entries()], [[replay[4].id, 1]]);
  });

  it('a message whose text came back different gets no checkpoint (never a wrong one); the messageId wins over the text', () => {
    const { ledger } = ledgerOf([{ text: 'one', messageId: 'm1' }, { text: 'two' }]);
    const replay = [user('ONE, reworded by the agent', 'm1'), user('something else')];
    assert.deepEqual([...linkCheckpoints(replay, ledger.checkpoints).entries()], [[replay[0].id, 1]]);
  });

  it('checkpoints without an anchor (ledgers kept by an earlier version) link to nothing', () => {
    const ledger = new ChangeLedger();
    ledger.startTurn('old', 1);
    assert.equal(linkCheckpoints([user('old')], ledger.checkpoints).size, 0);
  });

  it('the fingerprint reads the words, not the layout or the attachments', () => {
    assert.equal(promptFingerprint([{ type: 'text', text: ' a\n b ' }]), promptFingerprint([{ type: 'text', text: 'a b' }]));
    assert.notEqual(promptFingerprint([{ type: 'text', text: 'a b' }]), promptFingerprint([{ type: 'text', text: 'a c' }]));
    assert.equal(promptFingerprint([{ type: 'text', text: 'x' }, { type: 'resource_link', name: 'f', uri: 'file:///f' }]), promptFingerprint([{ type: 'text', text: 'x' }]));
  });
});
