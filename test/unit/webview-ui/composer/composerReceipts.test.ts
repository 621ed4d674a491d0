import * as assert from 'node:assert/strict';
import { ComposerStore } from '../../../../webview-ui/src/composer/composerStore';
import { asHostMessage } from '../../../../webview-ui/src/hostMessage';
import { promptPartsOfEntry } from '../../../../webview-ui/src/logic/promptOfEntry';
import { applyHostMessage, initialChatState, listSignature, sameListSignature } from '../../../../webview-ui/src/store';

describe('the composer keeps a message until the host has it on screen', () => {
  it('hears the receipt of the prompt it sent: accepted, or refused with the reason', () => {
    const store = new ComposerStore();
    const id = store.nextPromptId();
    assert.notEqual(store.nextPromptId(), id, 'ids are fresh');
    store.apply({ type: 'promptRefused', promptId: id, message: 'not trusted' });
    assert.deepEqual(store.getState().receipt, { promptId: id, accepted: false, message: 'not trusted' });
    store.apply({ type: 'promptAccepted', promptId: id });
    assert.deepEqual(store.getState().receipt, { promptId: id, accepted: true });
  });

  it('a message put back (Edit) is taken once', () => {
    const store = new ComposerStore();
    const heard: unknown[] = [];
    store.subscribe((state) => heard.push(state.putBack));
    store.putBack({ text: 'again', mentions: [], images: [] });
    assert.equal(heard.length, 1, 'the composer hears of it');
    assert.deepEqual(store.takePutBack(), { text: 'again', mentions: [], images: [] });
    assert.equal(store.takePutBack(), undefined);
  });

  it('the receipts and the start row pass the view’s check; malformed ones do not', () => {
    assert.ok(asHostMessage({ type: 'promptAccepted', promptId: 2 }));
    assert.equal(asHostMessage({ type: 'promptAccepted', promptId: '2' }), undefined);
    assert.equal(asHostMessage({ type: 'promptRefused', promptId: 2 }), undefined);
    assert.ok(asHostMessage({ type: 'starting', starting: null }));
    assert.ok(asHostMessage({ type: 'starting', starting: { agentId: 'a', agentName: 'A', state: 'starting', prompt: { text: 'hi', mentions: [], images: [] } } }));
    assert.equal(asHostMessage({ type: 'starting', starting: { agentId: 'a', agentName: 'A', state: 'failed', failure: {} } }), undefined);
  });

  it('the start row is part of the chat state the panel re-renders on', () => {
    const before = applyHostMessage(initialChatState, { type: 'snapshot', agent: null, session: null });
    const after = applyHostMessage(before, { type: 'starting', starting: { agentId: 'a', agentName: 'A', state: 'starting' } });
    assert.equal(after.starting?.agentName, 'A');
    assert.equal(sameListSignature(listSignature(before), listSignature(after)), false);
    const again = applyHostMessage(after, { type: 'snapshot', agent: null, session: null });
    assert.equal(again.starting?.agentName, 'A', 'a snapshot does not drop it (it comes as its own message)');
  });

  it('Edit of a sent message gives back its text, images and mentioned files', () => {
    const parts = promptPartsOfEntry([
      { type: 'text', text: 'look at @a.ts please' },
      { type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' },
      { type: 'image', mimeType: 'image/png', data: 'AAAA' },
      { type: 'resource_link', uri: 'https://example.com', name: 'web' },
    ]);
    assert.deepEqual(parts, { text: 'look at @a.ts please', mentions: [{ uri: 'file:///w/a.ts', label: 'a.ts' }], images: [{ mimeType: 'image/png', data: 'AAAA' }] });
  });
});
