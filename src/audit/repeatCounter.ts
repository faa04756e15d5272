/**
 * Counts repeats among a stream of 64-bit keys (a grid's hash, an invariant of its symmetry class): how many keys
 * were seen, how many distinct, and the number of equal pairs Σ_key C(count, 2), the statistic of the collision
 * estimate of a source's reach.
 *
 * An open-addressing table (linear probing) of (hi, lo, count) in typed arrays, doubled at half load: 16 bytes a
 * distinct key at worst, 24 at half load. Keys come as two 32-bit halves; (0, 0) is a key like any other (the
 * count tells an empty slot).
 */
export interface RepeatCounter {
  add(hi: number, lo: number): void;
  readonly seen: number;
  readonly distinct: number;
  /** Σ over keys of C(count, 2): the pairs of equal keys. */
  readonly pairs: number;
  /** Keys seen more than once, and the largest count. */
  readonly repeatedKeys: number;
  readonly maxCount: number;
}

export function repeatCounter(): RepeatCounter {
  let size = 1 << 12;
  let his = new Int32Array(size),
    los = new Int32Array(size),
    counts = new Int32Array(size);
  let seen = 0,
    distinct = 0,
    pairs = 0,
    repeatedKeys = 0,
    maxCount = 0;
  const slotOf = (hi: number, lo: number, h: Int32Array, l: Int32Array, c: Int32Array, mask: number) => {
    let s = (Math.imul(lo ^ (hi >>> 7), 0x9e3779b1) >>> 0) & mask;
    while (c[s] !== 0 && (h[s] !== hi || l[s] !== lo)) s = (s + 1) & mask;
    return s;
  };
  const grow = () => {
    const nh = new Int32Array(2 * size),
      nl = new Int32Array(2 * size),
      nc = new Int32Array(2 * size);
    for (let s = 0; s < size; s++) {
      if (counts[s] === 0) continue;
      const t = slotOf(his[s], los[s], nh, nl, nc, 2 * size - 1);
      nh[t] = his[s];
      nl[t] = los[s];
      nc[t] = counts[s];
    }
    size *= 2;
    his = nh;
    los = nl;
    counts = nc;
  };
  return {
    add(hi: number, lo: number) {
      hi |= 0;
      lo |= 0;
      seen++;
      const s = slotOf(hi, lo, his, los, counts, size - 1);
      const c = counts[s];
      if (c === 0) {
        his[s] = hi;
        los[s] = lo;
        counts[s] = 1;
        distinct++;
        if (2 * distinct > size) grow();
        return;
      }
      pairs += c;
      if (c === 1) repeatedKeys++;
      counts[s] = c + 1;
      if (c + 1 > maxCount) maxCount = c + 1;
    },
    get seen() {
      return seen;
    },
    get distinct() {
      return distinct;
    },
    get pairs() {
      return pairs;
    },
    get repeatedKeys() {
      return repeatedKeys;
    },
    get maxCount() {
      return maxCount;
    },
  };
}

/** Two independent 32-bit hashes of a sequence of small integers (murmur3's finaliser on two mixing chains). */
export function hashCells(cells: ArrayLike<number>, out: Int32Array): void {
  let a = 0x811c9dc5 | 0,
    b = 0x3c6ef372 | 0;
  for (let i = 0; i < cells.length; i++) {
    a = Math.imul(a ^ cells[i], 0x01000193);
    b = Math.imul((b << 5) | (b >>> 27), 0x85ebca6b) ^ (cells[i] + i * 37);
  }
  out[0] = fmix(a ^ cells.length);
  out[1] = fmix(b ^ Math.imul(a, 0xc2b2ae35));
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}
