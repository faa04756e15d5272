/**
 * A cache of solution counts of sub-problems, keyed by a list of Int32s that determines the
 * sub-problem completely (the solvers say what goes in their keys and why equal keys have equal
 * counts). Near the leaves of a count the same remainder comes back again and again (different
 * upper choices, same open cells with the same candidates), and each return is one lookup instead
 * of a subtree.
 *
 *   table  open addressing, linear probing; a slot is live when its tag equals the current
 *          generation, so clearing is one increment
 *   pool   the keys, each as its length then its words; when the pool or the entry list fills up
 *          the cache clears itself and starts again
 * Storage is allocated on the first store, so a cache that is never used costs nothing.
 */
export class CountCache {
  private slots = new Int32Array(1);
  private tags = new Int32Array(1);
  private hashes = new Int32Array(1);
  private keyAt = new Int32Array(0);
  private values = new Float64Array(0);
  private pool = new Int32Array(0);
  private mask = 0;
  private gen = 1;
  private entries = 0;
  private used = 0;

  constructor(
    private readonly slotBits = 20,
    private readonly poolSize = 1 << 22,
  ) {}

  /** Forget everything (O(1)). */
  clear(): void {
    this.gen++;
    this.entries = 0;
    this.used = 0;
    if (this.gen === 0x7fffffff) {
      this.tags.fill(0);
      this.gen = 1;
    }
  }

  private allocate(): void {
    const size = 1 << this.slotBits;
    this.mask = size - 1;
    this.slots = new Int32Array(size);
    this.tags = new Int32Array(size);
    this.hashes = new Int32Array(size);
    this.keyAt = new Int32Array(size >> 1);
    this.values = new Float64Array(size >> 1);
    this.pool = new Int32Array(this.poolSize);
    this.gen = 1;
  }

  /** The cached count for key[start, start+len), or −1. */
  get(key: Int32Array, start: number, len: number): number {
    const h = hashKey(key, start, len);
    const { slots, tags, hashes, keyAt, pool, mask, gen } = this;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      if (tags[s] !== gen) return -1;
      if (hashes[s] !== h) continue;
      const e = slots[s];
      let at = keyAt[e];
      if (pool[at] !== len) continue;
      let i = 0;
      while (i < len && pool[++at] === key[start + i]) i++;
      if (i === len) return this.values[e];
    }
  }

  /** Remember an exact count for key[start, start+len), a key get() has just missed. */
  set(key: Int32Array, start: number, len: number, value: number): void {
    if (this.pool.length === 0) this.allocate();
    if (this.entries === this.keyAt.length || this.used + len + 1 > this.pool.length) this.clear();
    const h = hashKey(key, start, len);
    const { slots, tags, hashes, keyAt, pool, mask, gen } = this;
    let s = h & mask;
    while (tags[s] === gen) s = (s + 1) & mask;
    const e = this.entries++;
    let at = this.used;
    keyAt[e] = at;
    pool[at] = len;
    for (let i = 0; i < len; i++) pool[++at] = key[start + i];
    this.used = at + 1;
    this.values[e] = value;
    slots[s] = e;
    hashes[s] = h;
    tags[s] = gen;
  }
}

function hashKey(key: Int32Array, start: number, len: number): number {
  let h = 0x811c9dc5 ^ len;
  for (let i = start, end = start + len; i < end; i++) {
    h = Math.imul(h ^ key[i], 0x01000193);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return h ^ (h >>> 13);
}
