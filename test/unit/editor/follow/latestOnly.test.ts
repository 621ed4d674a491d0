import * as assert from 'node:assert/strict';
import { LatestOnly } from '../../../../src/editor/follow/latestOnly';
import { ManualScheduler } from '../../helpers/manualScheduler';

describe('latest-only debounce', () => {
  function setup() {
    const clock = new ManualScheduler();
    const delivered: string[] = [];
    const debounce = new LatestOnly<string>({ quietMs: 200, maxWaitMs: 1000 }, (v) => delivered.push(v), clock);
    return { clock, delivered, debounce };
  }

  it('a burst delivers only its latest value, once the pushes pause', () => {
    const { clock, delivered, debounce } = setup();
    debounce.push('a');
    clock.advance(100);
    debounce.push('b');
    clock.advance(100);
    debounce.push('c');
    clock.advance(199);
    assert.deepEqual(delivered, []);
    assert.equal(debounce.pending, 'c');
    clock.advance(1);
    assert.deepEqual(delivered, ['c']);
    assert.equal(debounce.pending, undefined);
    assert.equal(clock.pending, 0);
  });

  it('a stream that never pauses is still delivered every maxWait', () => {
    const { clock, delivered, debounce } = setup();
    for (let t = 0; t < 2500; t += 50) {
      debounce.push(`v${t}`);
      clock.advance(50);
    }
    assert.deepEqual(delivered, ['v950', 'v1950']);
  });

  it('cancel drops the waiting value', () => {
    const { clock, delivered, debounce } = setup();
    debounce.push('a');
    debounce.cancel();
    clock.advance(5000);
    assert.deepEqual(delivered, []);
    debounce.push('b');
    clock.advance(200);
    assert.deepEqual(delivered, ['b']);
  });
});
