import type { Rules } from '../grid/rules.js';
import type { VariantGroup } from './variantGroup.js';

/**
 * The first stage of a variant count: every top block (the first k rows; k = R, the top band, or k = 2 when the
 * boxes are 1×C and a band is one row, or n×1 and a band is the whole grid) with row 1 = 1..n that breaks no house
 * or pair inside the block, and their classes under S × S_n, S the elements of the variant's group G_V that map the
 * block's cells onto themselves.
 *
 *   block     k·n digits, cells 0..k·n−1 in reading order, back to back in `blocks`
 *   key       the least of std(s·X) over s in S, std relabelling so that row 1 reads 1..n again (rows 2..k, each
 *             a permutation, as one number from their ranks)
 *   m_C       blocks in class C;  n_C  completions of C's representative (the same for every block of C: s keeps
 *             every house and pair and the block, a relabelling keeps every house and pair)
 *
 * Σ m_C = blocks, checked by the caller; N = n!·Σ m_C·n_C, since relabelling fixes row 1 of every grid once.
 */
export interface TopBlockClasses {
  /** Rows in the block. */
  readonly k: number;
  /** Valid blocks with row 1 standard. */
  readonly blocks: number;
  /** |S|: the elements of G_V that keep the block. */
  readonly stabilizerOrder: number;
  /** One block per class (k·n digits each, back to back), in order of first appearance. */
  readonly representatives: Uint8Array;
  /** m_C per class. */
  readonly sizes: Int32Array;
}

/**
 * Rows of the top block: the top band, or two rows when a band is one row (1×C boxes) or the whole grid (n×1 boxes).
 * Any k rows give the classes (docs/variant-counts.md, "Top blocks"); a band of n rows would make every grid a block
 * and every element of G_V its stabiliser: 6×1 disjoint groups listed 1,128,960 grids against 518,400 elements each,
 * never ending, where two rows take 265 blocks and 34,560 elements, as for its transpose 1×6.
 */
export function topBlockRows(rules: Rules): number {
  return rules.shape.rows >= 2 && rules.shape.rows < rules.n ? rules.shape.rows : Math.min(2, rules.n);
}

/** Work between two calls of `onTick`: stabiliser elements compared (per block, |S| of them), a few milliseconds. */
const TICK_WORK = 1 << 16;

/**
 * The top blocks of G_V's rules and their classes. `onTick`, if given, is called after every TICK_WORK or so
 * elements examined (9×9 X lists 2,612,736 blocks: seconds), so a caller holding the main thread can report
 * progress; it never decides anything.
 */
export function variantTopBlocks(group: VariantGroup, onTick?: () => void): TopBlockClasses {
  const { rules } = group;
  const { n, cells: N, peerStart, peerList } = rules;
  const k = topBlockRows(rules);
  const B = k * n;
  // earlier peers of each block cell, the one check while filling in reading order
  const before: number[][] = [];
  for (let c = 0; c < B; c++) {
    const list: number[] = [];
    for (let p = peerStart[c]; p < peerStart[c + 1]; p++) if (peerList[p] < c) list.push(peerList[p]);
    before.push(list);
  }
  // the elements that keep the block, each as its inverse on the block: (s·X)[c] = X[inv[c]]
  // (elements that move the block's cells alike are one: e.g. swapping the lower bands)
  let stabilizerOrder = 0;
  const stab: Int32Array[] = [];
  const seen = new Set<string>();
  for (let e = 0; e < group.order; e++) {
    if ((e & (TICK_WORK - 1)) === 0) onTick?.();
    const map = group.maps.subarray(e * N, (e + 1) * N);
    let keeps = true;
    for (let c = 0; c < B && keeps; c++) if (map[c] >= B) keeps = false;
    if (!keeps) continue;
    stabilizerOrder++;
    const inv = new Int32Array(B);
    for (let c = 0; c < B; c++) inv[map[c]] = c;
    const text = inv.join(',');
    if (seen.has(text)) continue;
    seen.add(text);
    stab.push(inv);
  }
  const classOf = new Map<number, number>();
  const reps: number[] = [];
  const sizes: number[] = [];
  const X = new Uint8Array(B);
  const best = new Uint8Array(B);
  const relabel = new Uint8Array(n + 1);
  for (let c = 0; c < n; c++) X[c] = c + 1;
  const factorial = [1];
  for (let i = 1; i <= n; i++) factorial.push(factorial[i - 1] * i);
  if (factorial[n] ** (k - 1) > Number.MAX_SAFE_INTEGER) throw new RangeError(`top blocks: ${rules.name} too large`);
  let blocks = 0;
  let work = 0;
  // std(s·X) for the first s in best; then each other s is compared digit by digit, leaving at the first
  // difference (row 1 reads 1..n in every std(s·X), so the comparison starts at row 2)
  const keyOf = (): number => {
    let first = true;
    for (const inv of stab) {
      for (let c = 0; c < n; c++) relabel[X[inv[c]]] = c + 1;
      let c = n;
      if (!first)
        for (; c < B; c++) {
          const v = relabel[X[inv[c]]];
          if (v !== best[c]) {
            if (v > best[c]) c = B + 1;
            break;
          }
        }
      first = false;
      for (; c < B; c++) best[c] = relabel[X[inv[c]]];
    }
    // the key: rows 2..k of the least std(s·X), each a permutation of 1..n, by their ranks (exact below 2^53)
    let key = 0;
    for (let r = 1; r < k; r++) {
      let rank = 0;
      let used = 0;
      for (let i = 0; i < n; i++) {
        const d = best[r * n + i] - 1;
        let less = 0;
        for (let e = 0; e < d; e++) if ((used & (1 << e)) === 0) less++;
        used |= 1 << d;
        rank += less * factorial[n - 1 - i];
      }
      key = key * factorial[n] + rank;
    }
    return key;
  };
  const fill = (c: number): void => {
    if (c === B) {
      blocks++;
      work += stab.length;
      if (work >= TICK_WORK) {
        work = 0;
        onTick?.();
      }
      const key = keyOf();
      const id = classOf.get(key);
      if (id === undefined) {
        classOf.set(key, sizes.length);
        sizes.push(1);
        reps.push(...X);
      } else sizes[id]++;
      return;
    }
    const list = before[c];
    for (let d = 1; d <= n; d++) {
      let ok = true;
      for (let j = 0; j < list.length && ok; j++) if (X[list[j]] === d) ok = false;
      if (!ok) continue;
      X[c] = d;
      fill(c + 1);
    }
    X[c] = 0;
  };
  // row 1 is given: check it breaks nothing (a variant house could lie inside row 1 only if it were row 1)
  let rowOk = true;
  for (let c = 0; c < n; c++) for (const j of before[c]) if (X[j] === X[c]) rowOk = false;
  if (rowOk) fill(n);
  return {
    k,
    blocks,
    stabilizerOrder,
    representatives: Uint8Array.from(reps),
    sizes: Int32Array.from(sizes),
  };
}
