import * as assert from 'node:assert/strict';
import { menuKeyTarget } from '../../../../webview-ui/src/logic/menuKeys';

describe('webview: menu keys', () => {
  it('moves down and up with wrap-around', () => {
    assert.equal(menuKeyTarget('ArrowDown', 0, 3), 1);
    assert.equal(menuKeyTarget('ArrowDown', 2, 3), 0);
    assert.equal(menuKeyTarget('ArrowUp', 0, 3), 2);
    assert.equal(menuKeyTarget('ArrowUp', 2, 3), 1);
  });

  it('jumps to the ends with Home and End', () => {
    assert.equal(menuKeyTarget('Home', 2, 4), 0);
    assert.equal(menuKeyTarget('End', 0, 4), 3);
  });

  it('enters from the nearest end when no item has the focus', () => {
    assert.equal(menuKeyTarget('ArrowDown', -1, 3), 0);
    assert.equal(menuKeyTarget('ArrowUp', -1, 3), 2);
  });

  it('leaves other keys and empty menus alone', () => {
    assert.equal(menuKeyTarget('Enter', 1, 3), undefined);
    assert.equal(menuKeyTarget('a', 1, 3), undefined);
    assert.equal(menuKeyTarget('ArrowDown', -1, 0), undefined);
  });
});
