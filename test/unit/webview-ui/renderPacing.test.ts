import assert from 'node:assert/strict';
import { BEHIND_GAP_MS, renderTiming } from '../../../webview-ui/src/renderPacing';

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
});
