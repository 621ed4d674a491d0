// The view acknowledges the host's numbered transcript posts once per frame, with the newest number it took.
import assert from 'node:assert/strict';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { WebviewToHost } from '../../../src/shared/protocol/webviewProtocol';
import { acknowledgePosts } from '../../../webview-ui/src/postAcks';
import { header } from './fixtures';

const KEY = 's' as SessionKey;

describe('view acknowledgements of host posts', () => {
  it('answers once per frame with the newest post it took; other messages need no answer', () => {
    const sent: WebviewToHost[] = [];
    const frames: (() => void)[] = [];
    const acknowledge = acknowledgePosts((m) => sent.push(m), (run) => frames.push(run));
    acknowledge({ type: 'entries', sessionKey: KEY, seq: 4 });
    acknowledge({ type: 'header', sessionKey: KEY, header: header(), seq: 5 });
    acknowledge({ type: 'focusComposer' });
    acknowledge({ type: 'entries', sessionKey: KEY });
    assert.equal(frames.length, 1, 'one frame asked for');
    assert.deepEqual(sent, [], 'nothing before the frame');
    frames.shift()?.();
    assert.deepEqual(sent, [{ type: 'applied', seq: 5 }]);
    acknowledge({ type: 'entries', sessionKey: KEY, seq: 6 });
    frames.shift()?.();
    assert.deepEqual(sent.at(-1), { type: 'applied', seq: 6 });
  });
});
