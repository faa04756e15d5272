import type { OneHouseLayout } from './oneHouseLayout.js';
import { permutationsOf } from '../grid/permutationsOf.js';
import type { TopBlockClasses } from './variantTopBlocks.js';

/**
 * The band-pair route's second reduction (docs/variant-counts.md): n(b₁) depends on the top band only through its
 * column digit-sets M_0..M_8 and the digit set E₁ of its house cells, and it keeps its value when
 *
 *   - the digits are renamed (in M and E₁ alike), and
 *   - the columns are permuted by a line move π (stacks, and columns inside their stacks) that, together with
 *     some row permutation inside band 2 and some inside band 3, maps each lower band's house cells onto
 *     themselves (π and the row moves map the lower bands' completions one to one and keep their house digits).
 *
 * So the top-block classes are grouped by the least (M, E₁) over those moves: box 1 renamed to the standard column
 * sets S_c = {c+1, c+4, c+7} (any order inside each, the 216 renamings K that keep the S_c tried), then the other
 * six columns and E₁ compared in order. Each key is counted once; n_C is its key's value.
 *
 *   keys       10 numbers per key: the nine column sets S_c each column still needs, then the house digits Q the
 *              lower bands need (complements of the least M and E₁; bit d−1 for digit d)
 *   keyOf[C]   the key of class C, keys numbered in order of first appearance
 */
export interface HouseKeyClasses {
  readonly keys: Int32Array;
  readonly keyOf: Int32Array;
  /** Column moves π used (with the identity). */
  readonly columnMoves: number;
}

export function houseKeyClasses(layout: OneHouseLayout, top: TopBlockClasses): HouseKeyClasses {
  const moves = columnMoves(layout);
  // the 216 renamings that keep each S_c, as maps over the 512 digit masks
  const K: Int32Array[] = [];
  const p3 = permutationsOf(3);
  for (const a of p3)
    for (const b of p3)
      for (const c of p3) {
        const ps = [a, b, c];
        const map = new Int32Array(9);
        for (let col = 0; col < 3; col++) for (let r = 0; r < 3; r++) map[col + 3 * r] = col + 3 * ps[col][r];
        K.push(maskMap(map));
      }
  const C = top.sizes.length;
  const reps = top.representatives;
  const keyOf = new Int32Array(C);
  const index = new Map<string, number>();
  const keys: number[] = [];
  const M = new Int32Array(9);
  const Mp = new Int32Array(9);
  const target = new Int32Array(9);
  const rho = new Int32Array(512);
  const img = new Int32Array(7);
  for (let id = 0; id < C; id++) {
    const b = reps.subarray(id * 27, id * 27 + 27);
    for (let c = 0; c < 9; c++) M[c] = (1 << (b[c] - 1)) | (1 << (b[9 + c] - 1)) | (1 << (b[18 + c] - 1));
    let E = 0;
    for (const c of layout.top) E |= 1 << (b[c] - 1);
    let bestHi = Infinity,
      bestLo = Infinity;
    for (const pi of moves) {
      for (let c = 0; c < 9; c++) Mp[pi[c]] = M[c];
      // ρ0: box 1's column sets to the S_c, smallest digit to smallest
      for (let c = 0; c < 3; c++) {
        let m = Mp[c],
          r = 0;
        while (m) {
          const bit = m & -m;
          target[31 - Math.clz32(bit)] = r * 3 + c;
          r++;
          m ^= bit;
        }
      }
      rho[0] = 0;
      for (let m = 1; m < 512; m++) rho[m] = rho[m & (m - 1)] | (1 << target[31 - Math.clz32(m & -m)]);
      for (let c = 3; c < 9; c++) img[c - 3] = rho[Mp[c]];
      img[6] = rho[E];
      for (const k of K) {
        const hi = (k[img[0]] << 18) | (k[img[1]] << 9) | k[img[2]];
        if (hi > bestHi) continue;
        const lo = ((k[img[3]] << 18) | (k[img[4]] << 9) | k[img[5]]) * 512 + k[img[6]];
        if (hi < bestHi || lo < bestLo) {
          bestHi = hi;
          bestLo = lo;
        }
      }
    }
    const text = `${bestHi}:${bestLo}`;
    let key = index.get(text);
    if (key === undefined) {
      key = index.size;
      index.set(text, key);
      const e = bestLo % 512;
      const low = (bestLo - e) / 512;
      const sets = [73, 146, 292, (bestHi >> 18) & 511, (bestHi >> 9) & 511, bestHi & 511];
      sets.push((low >> 18) & 511, (low >> 9) & 511, low & 511);
      for (const m of sets) keys.push(0x1ff & ~m);
      keys.push(0x1ff & ~e);
    }
    keyOf[id] = key;
  }
  return { keys: Int32Array.from(keys), keyOf, columnMoves: moves.length };
}

/** A digit map (bit index → bit index) extended to the 512 masks. */
function maskMap(map: ArrayLike<number>): Int32Array {
  const out = new Int32Array(512);
  for (let m = 1; m < 512; m++) out[m] = out[m & (m - 1)] | (1 << map[31 - Math.clz32(m & -m)]);
  return out;
}

/**
 * The column moves π (π[c] = the column c goes to) that, with a row permutation inside band 2 and one inside band 3,
 * map each lower band's house cells onto themselves.
 */
function columnMoves(layout: OneHouseLayout): Int32Array[] {
  const p3 = permutationsOf(3);
  const cellSet = (rows: readonly number[], cols: readonly number[]): string =>
    rows
      .map((r, k) => r * 9 + cols[k])
      .sort((a, b) => a - b)
      .join(',');
  const out: Int32Array[] = [];
  for (const stacks of p3)
    for (const a of p3)
      for (const b of p3)
        for (const c of p3) {
          const inner = [a, b, c];
          const pi = new Int32Array(9);
          for (let s = 0; s < 3; s++) for (let j = 0; j < 3; j++) pi[3 * s + j] = 3 * stacks[s] + inner[s][j];
          const keeps = layout.bands.every((h) => {
            const own = cellSet(h.rows, h.cols);
            const cols = h.cols.map((col) => pi[col]);
            return p3.some(
              (rp) =>
                cellSet(
                  h.rows.map((r) => rp[r]),
                  cols,
                ) === own,
            );
          });
          if (keeps) out.push(pi);
        }
  return out;
}
