import assert from 'node:assert/strict';
import { FRAME_MS, renderTiming } from '../../../webview-ui/src/renderPacing';

describe('render pacing', () => {
  it('renders a lone change at once and changes within a frame of the last render on the next frame', () => {
    assert.equal(renderTiming(1000, -Infinity), 'soon', 'the first render');
    assert.equal(renderTiming(1000, 1000 - FRAME_MS), 'soon', 'a frame after the last');
    assert.equal(renderTiming(1000, 1000 - FRAME_MS + 1), 'nextFrame', 'within a frame of the last');
    assert.equal(renderTiming(1000, 1000), 'nextFrame');
  });
});
