import * as assert from 'node:assert/strict';
import { parseWebviewMessage } from '../../../../src/shared/protocol/webviewProtocol';
import { asHostMessage } from '../../../../webview-ui/src/hostMessage';
import { PermissionLevelStore } from '../../../../webview-ui/src/policy/levelStore';

describe('policy: the level toggle messages', () => {
  it('the host takes only a known level from the panel', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'setPermissionLevel', level: 'allowReads' }), { type: 'setPermissionLevel', level: 'allowReads' });
    assert.equal(parseWebviewMessage({ type: 'setPermissionLevel', level: 'allowEverything' }), undefined);
    assert.equal(parseWebviewMessage({ type: 'setPermissionLevel' }), undefined);
  });

  it('the panel keeps the level the host says is in force', () => {
    const store = new PermissionLevelStore();
    let changes = 0;
    store.subscribe(() => changes++);
    assert.equal(asHostMessage({ type: 'permissionLevel', level: 'bogus', chosen: 'ask' }), undefined);
    const message = asHostMessage({ type: 'permissionLevel', level: 'ask', chosen: 'allowWorkspaceEdits', extra: 1 });
    assert.ok(message);
    store.apply(message);
    store.apply(message);
    assert.deepEqual(store.level, { type: 'permissionLevel', level: 'ask', chosen: 'allowWorkspaceEdits' });
    assert.equal(changes, 1, 'the same level again changes nothing');
  });
});
