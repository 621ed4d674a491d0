import assert from 'node:assert/strict';
import { BEHIND_GAP_MS, drawsWaitingFirst, renderTiming } from '../../../webview-ui/src/renderPacing';

describe('render pacing', () => {
  it('renders at once while the chat keeps up, on the next frame when a render is asked for right after the last', () => {
    assert.equal(renderTiming(1000, -Infinity), 'soon', 'the first render');
    assert.equal(renderTiming(1000, 1000 - 13), 'soon', 'a message a frame after the last render ended');
    assert.equal(renderTiming(1000, 1000 - BEHIND_GAP_MS), 'soon');
    assert.equal(renderTiming(1000, 1000 - BEHIND_GAP_MS + 1), 'nextFrame', 'queued messages, taken one after the other');
    assert.equal(renderTiming(1000, 1000), 'nextFrame');
  });

  it("never paces what the user's own events change", () => {
    assert.equal(renderTiming(1000, 1000, true), 'soon', 'a key press right after a render');
    assert.equal(renderTiming(1000, 1000 - BEHIND_GAP_MS + 1, true), 'soon');
  });

  it("draws a waiting render before the user's events, but not before a select's input, whose choice it would undo", () => {
    assert.equal(drawsWaitingFirst('keydown', { tagName: 'TEXTAREA' }), true);
    assert.equal(drawsWaitingFirst('input', { tagName: 'TEXTAREA' }), true, 'typing: the text box shows the latest state first');
    assert.equal(drawsWaitingFirst('pointerdown', { tagName: 'SELECT' }), true, 'opening the list');
    assert.equal(drawsWaitingFirst('input', { tagName: 'SELECT' }), false, 'a choice made: its value is already the new one');
    assert.equal(drawsWaitingFirst('input', null), true);
  });
});
