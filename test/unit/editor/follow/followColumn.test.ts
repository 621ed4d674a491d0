import * as assert from 'node:assert/strict';
import { chooseFollowColumn } from '../../../../src/editor/follow/followColumn';

describe('where a followed file is shown', () => {
  it('a visible file is revealed where it is, but not scrolled in the editor the user is typing in', () => {
    assert.deepEqual(chooseFollowColumn({ targetVisibleIn: 2, activeColumn: 1, userTypingInActive: true }), { kind: 'column', column: 2, scroll: true });
    assert.deepEqual(chooseFollowColumn({ targetVisibleIn: 1, activeColumn: 1, userTypingInActive: true }), { kind: 'column', column: 1, scroll: false });
    assert.deepEqual(chooseFollowColumn({ targetVisibleIn: 1, activeColumn: 1, userTypingInActive: false }), { kind: 'column', column: 1, scroll: true });
  });

  it('reuses the column of the previous followed file, unless the user is typing in it', () => {
    assert.deepEqual(chooseFollowColumn({ followColumn: 2, activeColumn: 1, userTypingInActive: true }), { kind: 'column', column: 2, scroll: true });
    assert.deepEqual(chooseFollowColumn({ followColumn: 2, activeColumn: 2, userTypingInActive: false }), { kind: 'column', column: 2, scroll: true });
    assert.deepEqual(chooseFollowColumn({ followColumn: 2, activeColumn: 2, userTypingInActive: true }), { kind: 'beside' });
  });

  it('opens beside the active editor, or in the active column when no editor is open', () => {
    assert.deepEqual(chooseFollowColumn({ activeColumn: 1, userTypingInActive: false }), { kind: 'beside' });
    assert.deepEqual(chooseFollowColumn({ userTypingInActive: false }), { kind: 'active' });
  });
});
