/**
 * Counts repeats among a stream of 64-bit keys (a grid's hash, an invariant of its symmetry class): how many keys
 * were seen, how many distinct, and the number of equal pairs Σ_key C(count, 2), the statistic of the collision
 * estimate of a source's reach.
 *
 * An open-addressing table (linear probing) of (hi, lo, count) in typed arrays, doubled at half load: 24 bytes a
 * distinct key at most. Keys come as two 32-bit halves; (0, 0) is a key like any other (the count tells an empty
 * slot).
 *
 * Bounded memory: when `capacity` distinct keys are held, the counter keeps only the keys whose `lo` has its top
 * bit clear (then its top two bits, …): a fraction f = 2^−level of the hash space, the same for equal keys, so the
 * pairs among kept keys are a sample of all pairs with rate f (equal keys are kept or dropped together). `pairs`,
 * `distinct` and `repeatedKeys` then count the kept keys only, and `fraction` says how many were kept.
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
  /** The share of the hash space kept: 1 until `capacity` distinct keys were held, then 1/2, 1/4, … */
  readonly fraction: number;
}

/** Distinct keys held before the counter starts sampling (2^21: 48 MB of table at most). */
export const REPEAT_CAPACITY = 1 << 21;

export function repeatCounter(capacity = REPEAT_CAPACITY): RepeatCounter {
  let size = 1 << 12;
  let level = 0; // keys kept: lo >>> (32 − level) === 0
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
  const kept = (lo: number) => level === 0 || lo >>> (32 - level) === 0;
  /** Rebuild into `to` slots, keeping the keys `kept` allows (and recounting what is held). */
  const rebuild = (to: number) => {
    const nh = new Int32Array(to),
      nl = new Int32Array(to),
      nc = new Int32Array(to);
    distinct = pairs = repeatedKeys = 0;
    for (let s = 0; s < size; s++) {
      const c = counts[s];
      if (c === 0 || !kept(los[s])) continue;
      const t = slotOf(his[s], los[s], nh, nl, nc, to - 1);
      nh[t] = his[s];
      nl[t] = los[s];
      nc[t] = c;
      distinct++;
      pairs += (c * (c - 1)) / 2;
      if (c > 1) repeatedKeys++;
    }
    size = to;
    his = nh;
    los = nl;
    counts = nc;
  };
  return {
    add(hi: number, lo: number) {
      hi |= 0;
      lo |= 0;
      seen++;
      if (!kept(lo)) return;
      const s = slotOf(hi, lo, his, los, counts, size - 1);
      const c = counts[s];
      if (c === 0) {
        his[s] = hi;
        los[s] = lo;
        counts[s] = 1;
        distinct++;
        if (distinct >= capacity) {
          // full: keep half of the hash space, in the same table
          while (distinct >= capacity / 2 && level < 32) {
            level++;
            rebuild(size);
          }
        } else if (2 * distinct > size) rebuild(2 * size);
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
    get fraction() {
      return 2 ** -level;
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
