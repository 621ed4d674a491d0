import * as assert from 'node:assert/strict';
import { ByteRing } from '../../../../src/services/terminals/byteRing';

/** The bytes 0..n-1 of a counting stream (byte i = i % 251), written in chunks of the given sizes. */
function counting(from: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = (from + i) % 251;
  return out;
}

function feed(ring: ByteRing, sizes: number[]): number {
  let offset = 0;
  for (const size of sizes) {
    ring.write(counting(offset, size));
    offset += size;
  }
  return offset;
}

describe('ByteRing', () => {
  it('keeps everything while under capacity, with absolute offsets', () => {
    const ring = new ByteRing(100);
    const total = feed(ring, [10, 0, 20, 5]);
    assert.equal(ring.written, total);
    assert.equal(ring.held, 35);
    assert.equal(ring.start, 0);
    assert.deepEqual(ring.copy(0), counting(0, 35));
    assert.deepEqual(ring.copy(12, 20), counting(12, 8));
    assert.equal(ring.byteAt(34), 34);
  });

  it('keeps exactly the newest `capacity` bytes across wraps, for many chunk sizes', () => {
    for (const capacity of [1, 7, 64, 1000]) {
      for (const size of [1, 3, 63, 64, 65, 999, 1000, 1001, 2500]) {
        const ring = new ByteRing(capacity);
        const total = feed(ring, [size, size, size, size, size]);
        const held = Math.min(total, capacity);
        assert.equal(ring.held, held, `capacity ${capacity}, chunks of ${size}`);
        assert.equal(ring.start, total - held);
        assert.deepEqual(ring.copy(ring.start), counting(total - held, held), `capacity ${capacity}, chunks of ${size}`);
      }
    }
  });

  it('grows its storage on demand past the first allocation, then wraps at capacity', () => {
    const ring = new ByteRing(300_000);
    const total = feed(ring, [50_000, 100_000, 120_000, 90_000, 10]);
    assert.equal(ring.held, 300_000);
    assert.deepEqual(ring.copy(ring.start), counting(total - 300_000, 300_000));
  });

  it('takes a single chunk far larger than its capacity (only its end survives)', () => {
    const ring = new ByteRing(1024);
    ring.write(counting(0, 10));
    ring.write(counting(10, 5 * 1024 * 1024));
    const total = 10 + 5 * 1024 * 1024;
    assert.equal(ring.written, total);
    assert.deepEqual(ring.copy(ring.start), counting(total - 1024, 1024));
  });

  it('with capacity 0 counts bytes and holds none', () => {
    const ring = new ByteRing(0);
    feed(ring, [5, 100]);
    assert.equal(ring.written, 105);
    assert.equal(ring.held, 0);
    assert.equal(ring.copy(105).length, 0);
  });

  it('refuses ranges it does not hold', () => {
    const ring = new ByteRing(10);
    feed(ring, [25]);
    assert.throws(() => ring.copy(14), RangeError);
    assert.throws(() => ring.byteAt(25), RangeError);
    assert.throws(() => new ByteRing(-1), RangeError);
  });

  it('shrinks to the newest bytes, keeping offsets', () => {
    const ring = new ByteRing(1000);
    const total = feed(ring, [700]);
    const small = ring.shrunk(100);
    assert.equal(small.written, total);
    assert.equal(small.held, 100);
    assert.deepEqual(small.copy(small.start), counting(600, 100));
    small.write(counting(700, 50));
    assert.deepEqual(small.copy(small.start), counting(650, 100));
  });
});
