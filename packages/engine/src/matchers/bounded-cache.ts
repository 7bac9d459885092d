// A least-recently-used cache with a fixed number of entries: compiled patterns and globs (and what later stages
// memoise) are kept across reloads, and a hostile file of thousands of distinct patterns cannot grow memory.
export class BoundedCache<K, V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used entry first.
  readonly #entries = new Map<K, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new Error(`a cache needs a capacity of at least 1 entry, got ${capacity}`);
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  /** The cached value, or `make`'s (remembered when `remember` says so). */
  getOrMake(key: K, make: () => V, remember: (value: V) => boolean = () => true): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (remember(value)) this.set(key, value);
    return value;
  }
}
