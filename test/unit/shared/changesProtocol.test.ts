import * as assert from 'node:assert/strict';
import { asChangesMessage, changedFilesTitle, parseChangesMessage } from '../../../src/shared/protocol/changesProtocol';
import { parseWebviewMessage } from '../../../src/shared/protocol/webviewProtocol';

describe('the changes strip messages', () => {
  it('takes Keep, Undo (one file or all) and Review, and nothing malformed', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'keepChanges' }), { type: 'keepChanges' });
    assert.deepEqual(parseWebviewMessage({ type: 'undoChanges', path: '/w/a.ts' }), { type: 'undoChanges', path: '/w/a.ts' });
    assert.deepEqual(parseWebviewMessage({ type: 'reviewChanges', path: '/w/a.ts', inline: true }), { type: 'reviewChanges', path: '/w/a.ts', inline: true });
    assert.deepEqual(parseChangesMessage({ type: 'reviewChanges', path: '/w/a.ts', inline: 'yes' }), { type: 'reviewChanges', path: '/w/a.ts' });
    assert.equal(parseWebviewMessage({ type: 'reviewChanges' }), undefined);
    assert.equal(parseWebviewMessage({ type: 'undoChanges', path: '' }), undefined);
    assert.equal(parseWebviewMessage({ type: 'keepChanges', path: 42 }), undefined);
    assert.equal(parseWebviewMessage({ type: 'undoChanges', path: '/w/a\n.ts' }), undefined);
    assert.equal(parseWebviewMessage({ type: 'keepChanges', path: `/${'a'.repeat(5000)}` }), undefined);
  });

  it('checks the host message and names the count', () => {
    const message = { type: 'changes', files: [{ path: '/w/a', name: 'a', folder: '', status: 'modified', added: 1, removed: 0 }] };
    assert.equal(asChangesMessage(message), message);
    assert.equal(asChangesMessage({ type: 'changes', files: [{ path: '/w/a' }] }), undefined);
    assert.equal(changedFilesTitle(1), '1 file changed');
    assert.equal(changedFilesTitle(3), '3 files changed');
  });
});
