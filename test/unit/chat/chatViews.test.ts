// The features' parts of a chat view's snapshot (the review's strip and checkpoints add theirs after the chat is
// wired): each view gets every part for its own surface, in the order the parts were added, until a part is removed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChatSurface } from '../../../src/chat/chatSurface';
import { ChatViews } from '../../../src/chat/chatViews';
import type { SessionsApi } from '../../../src/testApi/sessionsApi';
import { scriptedManager } from '../helpers/scriptedManager';

describe('chat views: the features\' parts of a snapshot', () => {
  let dir: string;
  let api: SessionsApi;
  let views: ChatViews;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acp-views-'));
    ({ manager: api } = scriptedManager(dir));
    views = new ChatViews(api.parts.surfaces);
  });

  afterEach(async () => {
    views.dispose();
    await api.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a view gets each part for its own surface, in the order added; a removed part is not sent any more', () => {
    const { pool, registry, surfaces } = api.parts;
    const side = surfaces.sideBar;
    const tab = new ChatSurface(pool, registry, { name: 'tab 1', followsSelectedAgent: false });
    surfaces.add(tab);
    const strip = views.addSnapshotPart(() => [{ type: 'changes', files: [] }]);
    views.addSnapshotPart((surface) => (surface === tab ? [{ type: 'focusComposer' }] : []));

    assert.deepEqual(views.snapshotPartsFor(side), [{ type: 'changes', files: [] }]);
    assert.deepEqual(views.snapshotPartsFor(tab), [{ type: 'changes', files: [] }, { type: 'focusComposer' }]);
    strip.dispose();
    assert.deepEqual(views.snapshotPartsFor(tab), [{ type: 'focusComposer' }]);
    assert.deepEqual(views.snapshotPartsFor(side), []);
  });
});
