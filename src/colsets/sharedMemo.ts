/**
 * A memo table in shared memory: canonical graphs (m row masks of ≤ 13 bits) → exact counts (doubles), one table
 * for every thread of a run, so that a residual graph met by two threads is counted once.
 *
 * Open addressing with linear probing over `slots` (a power of two). Slot s:
 *
 *   state[s]              0 empty · 1 being written · 2 ready           (Int32, changed with Atomics)
 *   words[s·W .. s·W+W−1] the key: rows packed two per word (13 + 13 bits), W = ⌈m/2⌉
 *   values[s]             the count
 *
 * A writer claims an empty slot with compareExchange(0 → 1), writes key and value, then stores 2; a reader only
 * trusts a slot in state 2 (a slot in state 1 reads as a miss, and the reader counts the graph itself). Two
 * threads may so count the same graph twice, never differently: the values are exact. The table never grows:
 * past half full it stops taking new keys, and counting goes on without them.
 */
export interface SharedMemo {
  readonly m: number;
  readonly slots: number;
  /** The shared memory (pass it to other threads; `sharedMemo(m, slots, buffer)` there). */
  readonly buffer: SharedArrayBuffer;
  /** The count stored for this key (m row masks), or −1. */
  get(key: ArrayLike<number>): number;
  /** Store a count (no-op if the key is there, or the table is half full). */
  set(key: ArrayLike<number>, value: number): void;
  /** Keys stored (read from the shared counter). */
  size(): number;
}

/** Bytes a table of `slots` slots for graphs of m rows needs. */
export function sharedMemoBytes(m: number, slots: number): number {
  const W = Math.ceil(m / 2);
  return 8 * slots + 4 * slots * (1 + W) + 8;
}

export function sharedMemo(m: number, slots: number, buffer?: SharedArrayBuffer): SharedMemo {
  if (!Number.isInteger(slots) || slots < 2 || (slots & (slots - 1)) !== 0)
    throw new RangeError(`shared memo: ${slots} slots is not a power of two`);
  const W = Math.ceil(m / 2);
  const bytes = sharedMemoBytes(m, slots);
  const buf = buffer ?? new SharedArrayBuffer(bytes);
  if (buf.byteLength !== bytes) throw new RangeError('shared memo: the buffer does not fit m and slots');
  const values = new Float64Array(buf, 0, slots);
  const state = new Int32Array(buf, 8 * slots, slots);
  const words = new Int32Array(buf, 8 * slots + 4 * slots, slots * W);
  const counter = new Int32Array(buf, 8 * slots + 4 * slots * (1 + W), 2);
  const packed = new Int32Array(W);
  const mask = slots - 1;

  function pack(key: ArrayLike<number>): number {
    let h = 0x811c9dc5;
    for (let w = 0; w < W; w++) {
      const lo = key[2 * w],
        hi = 2 * w + 1 < m ? key[2 * w + 1] : 0;
      const x = lo | (hi << 13);
      packed[w] = x;
      h = Math.imul(h ^ x, 0x01000193);
      h ^= h >>> 15;
    }
    return h >>> 0;
  }

  function same(s: number): boolean {
    const base = s * W;
    for (let w = 0; w < W; w++) if (words[base + w] !== packed[w]) return false;
    return true;
  }

  return {
    m,
    slots,
    buffer: buf,
    get(key) {
      let s = pack(key) & mask;
      for (;;) {
        const st = Atomics.load(state, s);
        if (st === 0) return -1;
        if (st === 2 && same(s)) return values[s];
        s = (s + 1) & mask;
      }
    },
    set(key, value) {
      if (Atomics.load(counter, 0) * 2 >= slots) return;
      let s = pack(key) & mask;
      for (;;) {
        let st = Atomics.load(state, s);
        if (st === 0) {
          st = Atomics.compareExchange(state, s, 0, 1);
          if (st === 0) {
            words.set(packed, s * W);
            values[s] = value;
            Atomics.store(state, s, 2);
            Atomics.add(counter, 0, 1);
            return;
          }
        }
        while (st === 1) st = Atomics.load(state, s); // another thread is writing this slot: a moment
        if (same(s)) return;
        s = (s + 1) & mask;
      }
    },
    size: () => Atomics.load(counter, 0),
  };
}
