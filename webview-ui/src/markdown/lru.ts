// A small least-recently-used cache: parsed blocks and highlighted code survive an entry scrolling out of the
// virtualized transcript and back in, without the memory growing with the transcript.
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }

  /** The cached value, or `make(key)` cached. */
  getOrMake(key: K, make: (key: K) => V): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = make(key);
    this.set(key, value);
    return value;
  }

  get size(): number {
    return this.map.size;
  }
}
