// The composer's small pure pieces in the webview: images, list navigation, hints, digit keys, the composer store
// and its message check, and the draft's mentions in view state.
import * as assert from 'node:assert/strict';
import { PROMPT_LIMITS } from '../../../../src/shared/protocol/composerProtocol';
import { canSubmit, composerHint } from '../../../../webview-ui/src/composer/composerHint';
import { asComposerHostMessage } from '../../../../webview-ui/src/composer/composerMessages';
import { ComposerStore, applyComposerMessage, initialComposerHostState } from '../../../../webview-ui/src/composer/composerStore';
import { base64OfDataUrl, carriesFiles, imageRejection } from '../../../../webview-ui/src/composer/images';
import { moveActive } from '../../../../webview-ui/src/logic/listNavigation';
import { asHostMessage } from '../../../../webview-ui/src/hostMessage';
import { optionIndexForKey } from '../../../../webview-ui/src/logic/permissionKeys';
import { parseViewState } from '../../../../webview-ui/src/viewState';

const digit = (key: string, patch: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...patch,
});

describe('composer pieces in the webview', () => {
  it('takes images only when the agent accepts them, of known types, up to the limits', () => {
    const png = { type: 'image/png', size: 1000, name: 'a.png' };
    assert.equal(imageRejection(png, true, 0), undefined);
    assert.match(imageRejection(png, false, 0) ?? '', /does not accept images/);
    assert.match(imageRejection({ ...png, type: 'image/svg+xml' }, true, 0) ?? '', /not a PNG/);
    assert.match(imageRejection({ ...png, size: PROMPT_LIMITS.imageBytes + 1 }, true, 0) ?? '', /larger than 10 MB/);
    assert.equal(imageRejection({ ...png, size: PROMPT_LIMITS.imageBytes }, true, 0), undefined);
    assert.match(imageRejection(png, true, PROMPT_LIMITS.images) ?? '', /At most/);
    assert.equal(base64OfDataUrl('data:image/png;base64,aGk='), 'aGk=');
    assert.equal(base64OfDataUrl('data:text/plain,hi'), undefined);
    assert.ok(carriesFiles(['text/plain', 'Files']));
    assert.ok(!carriesFiles(['text/plain']));
  });

  it('list navigation wraps at both ends', () => {
    assert.equal(moveActive(0, 3, 1), 1);
    assert.equal(moveActive(2, 3, 1), 0);
    assert.equal(moveActive(0, 3, -1), 2);
    assert.equal(moveActive(5, 0, 1), 0);
  });

  it('a running turn does not block writing: messages queue', () => {
    assert.ok(canSubmit('The agent is working…', true));
    assert.ok(!canSubmit('No agent', false));
    assert.ok(canSubmit('The agent is starting…', false, true), 'the host sends it once the agent is up');
    assert.ok(canSubmit(undefined, false));
    assert.match(composerHint('The agent is working…', true, undefined), /queue/);
    assert.equal(composerHint('No agent', false, undefined), 'No agent');
    assert.equal(composerHint(undefined, true, 'Too big'), 'Too big');
  });

  it('digits 1..9 choose the option with that number', () => {
    assert.equal(optionIndexForKey(digit('1'), 2), 0);
    assert.equal(optionIndexForKey(digit('2'), 2), 1);
    assert.equal(optionIndexForKey(digit('3'), 2), undefined, 'no third option');
    assert.equal(optionIndexForKey(digit('0'), 12), undefined);
    assert.equal(optionIndexForKey(digit('1', { ctrlKey: true }), 2), undefined);
    assert.equal(optionIndexForKey(digit('a'), 2), undefined);
  });

  it('the composer store keeps the queue, the newest file results and a numbered mention inbox', () => {
    let state = applyComposerMessage(initialComposerHostState, { type: 'queue', queue: { items: [{ id: 'q1', text: 'x', mentions: 0, images: 0 }], paused: true } });
    assert.equal(state.queue.items.length, 1);
    state = applyComposerMessage(state, { type: 'fileResults', requestId: 4, files: [{ uri: 'file:///w/a', path: 'a', name: 'a' }] });
    assert.equal(state.fileResults?.requestId, 4);
    const mention = { uri: 'file:///w/a', label: 'a' };
    state = applyComposerMessage(state, { type: 'addMention', mention });
    state = applyComposerMessage(state, { type: 'addMention', mention });
    assert.deepEqual(state.mentionInbox.map((d) => d.seq), [1, 2]);
    for (let i = 0; i < 30; i++) state = applyComposerMessage(state, { type: 'addMention', mention });
    assert.equal(state.mentionInbox.length, 20, 'bounded');
    assert.equal(state.mentionInbox[19].seq, 32);
    const same = applyComposerMessage(state, { type: 'agent', agent: { id: 'a', name: 'A', status: 'ready' } });
    assert.equal(same, state, 'other messages change nothing');
  });

  it('mentions from the editor are taken once, even by a composer mounted again', () => {
    const store = new ComposerStore();
    const a = { uri: 'file:///w/a', label: 'a#L1' };
    const b = { uri: 'file:///w/b', label: 'b#L2' };
    store.apply({ type: 'addMention', mention: a });
    store.apply({ type: 'addMention', mention: b });
    assert.deepEqual(store.takeMentions(), [a, b]);
    assert.deepEqual(store.takeMentions(), []);
    store.apply({ type: 'addMention', mention: a });
    assert.deepEqual(store.takeMentions(), [a]);
  });

  it('checks composer messages from the host', () => {
    assert.ok(asHostMessage({ type: 'queue', queue: { items: [], paused: false } }));
    assert.equal(asHostMessage({ type: 'queue', queue: { items: [{ id: 1 }], paused: false } }), undefined);
    assert.ok(asHostMessage({ type: 'fileResults', requestId: 1, files: [] }));
    assert.equal(asComposerHostMessage({ type: 'fileResults', requestId: 1, files: [{ uri: 'x' }] }), undefined);
    assert.ok(asHostMessage({ type: 'addMention', mention: { uri: 'file:///a', label: 'a' } }));
    assert.equal(asHostMessage({ type: 'addMention', mention: null }), undefined);
  });

  it("view state keeps the draft's valid mentions", () => {
    const mention = { uri: 'file:///w/a.ts', label: 'a.ts' };
    assert.deepEqual(parseViewState({ draft: '@a.ts', mentions: [mention, { uri: 'http://x', label: 'x' }] }), { draft: '@a.ts', mentions: [mention] });
    assert.deepEqual(parseViewState({ draft: 'x', mentions: 'nope' }), { draft: 'x' });
  });
});
