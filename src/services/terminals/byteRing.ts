// A ring of the last `capacity` bytes of a stream. Writes copy bytes (no strings, no per-chunk objects kept), so
// a flood of any size costs one memcpy per chunk and memory stays at `capacity`. The storage grows on demand up to
// `capacity`, so a large limit costs nothing until the output is large. Offsets are absolute stream positions:
// byte `n` is the n-th byte ever written.

const FIRST_ALLOCATION = 64 * 1024;

export class ByteRing {
  private buffer: Buffer;
  /** Index in `buffer` of the oldest byte held. */
  private head = 0;
  private count = 0;
  private total = 0;

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 0) throw new RangeError(`capacity must be a non-negative integer, got ${capacity}`);
    this.buffer = Buffer.allocUnsafe(Math.min(capacity, FIRST_ALLOCATION));
  }

  /** How many bytes were ever written. */
  get written(): number {
    return this.total;
  }

  /** How many bytes are held (the newest ones). */
  get held(): number {
    return this.count;
  }

  /** Absolute offset of the oldest byte held (= written - held). */
  get start(): number {
    return this.total - this.count;
  }

  write(chunk: Uint8Array): void {
    const length = chunk.length;
    if (length === 0) return;
    this.total += length;
    const capacity = this.capacity;
    if (capacity === 0) return;
    if (length >= capacity) {
      // Only the end of the chunk survives.
      this.ensureSize(capacity);
      this.buffer.set(chunk.subarray(length - capacity), 0);
      this.head = 0;
      this.count = capacity;
      return;
    }
    if (this.buffer.length < capacity && this.count + length > this.buffer.length) {
      this.ensureSize(Math.min(capacity, Math.max(this.count + length, this.buffer.length * 2)));
    }
    const size = this.buffer.length;
    let at = this.head + this.count;
    if (at >= size) at -= size;
    const first = Math.min(length, size - at);
    this.buffer.set(first === length ? chunk : chunk.subarray(0, first), at);
    if (first < length) this.buffer.set(chunk.subarray(first), 0);
    const kept = this.count + length;
    if (kept > size) {
      this.head += kept - size;
      if (this.head >= size) this.head -= size;
      this.count = size;
    } else {
      this.count = kept;
    }
  }

  /** The byte at absolute offset `offset` (start <= offset < written). */
  byteAt(offset: number): number {
    if (offset < this.start || offset >= this.total) throw new RangeError(`offset ${offset} is not held (${this.start}..${this.total})`);
    let index = this.head + (offset - this.start);
    if (index >= this.buffer.length) index -= this.buffer.length;
    return this.buffer[index];
  }

  /** A copy of the bytes from absolute offset `from` to `to` (default: the end), both within what is held. */
  copy(from: number, to: number = this.total): Buffer {
    if (from < this.start || to > this.total || from > to) throw new RangeError(`range ${from}..${to} is not held (${this.start}..${this.total})`);
    const length = to - from;
    const out = Buffer.allocUnsafe(length);
    if (length === 0) return out;
    const size = this.buffer.length;
    let index = this.head + (from - this.start);
    if (index >= size) index -= size;
    const first = Math.min(length, size - index);
    this.buffer.copy(out, 0, index, index + first);
    if (first < length) this.buffer.copy(out, first, 0, length - first);
    return out;
  }

  /** Keeps only the newest `capacity` bytes from now on (to shrink a finished ring); returns the new ring. */
  shrunk(capacity: number): ByteRing {
    const ring = new ByteRing(Math.min(capacity, this.capacity));
    const keep = Math.min(ring.capacity, this.count);
    if (keep > 0) ring.write(this.copy(this.total - keep));
    ring.total = this.total;
    return ring;
  }

  private ensureSize(size: number): void {
    if (this.buffer.length >= size) return;
    // Only called before the ring wraps (buffer smaller than capacity): the data is buffer[head, head + count).
    const grown = Buffer.allocUnsafe(size);
    this.buffer.copy(grown, 0, this.head, this.head + this.count);
    this.buffer = grown;
    this.head = 0;
  }
}
