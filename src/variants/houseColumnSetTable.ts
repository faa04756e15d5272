import { columnPartitions } from '../grid/columnPartitions.js';
import { partitionOfTwoBlocks } from '../grid/partitionOfTwoBlocks.js';
import { SHAPE_3X3 } from '../grid/shape.js';
import type { HouseInBand } from './oneHouseLayout.js';
import { permutationsOf } from '../grid/permutationsOf.js';

/**
 * The column-set table of the band-pair route (docs/variant-counts.md), for one band position (middle or bottom)
 * of a 9×9 variant with one extra house, three cells per band, one per stack (src/variants/oneHouseLayout.ts):
 *
 *   G(T, x) = bands whose column c holds the digit set T_c and whose house cells hold x_0, x_1, x_2 (stack k's cell
 *             x_k, all three different)
 *
 * Like the plain F (columnSetTable.ts) it is kept for box 1 renamed to the standard column sets S_c = {c+1, c+4,
 * c+7}, and more: the digit renaming is also chosen so that the house digit x_0 of box 1 is d_0, the digit of the
 * standard box 1 (rows 123/456/789) in that cell. Boxes 2 and 3 are given by their unordered partitions p_1, p_2
 * (280 each) and the house digits x_1, x_2 (0-based), which also say which block is the house cell's column (the
 * other two columns may be swapped without changing G: the swap keeps the house cell):
 *
 *   table[((p_1·9 + x_1)·280 + p_2)·9 + x_2]        2,520² = 6,350,400 entries, 32-bit (checked), 25 MB
 *
 * Rows of 2,520 entries (one (p_1, x_1)) are what the inner sum reads, so it stays in a core's L1/L2 cache there.
 *
 * Built from the 2,612,736 standard bands (box 1 = 123/456/789): H counts them by (p_1, x_1, p_2, x_2), skipping
 * those whose three house digits are not all different. A band with box-1 column sets S_c and house digit d_0 in
 * box 1 is ρ·(a standard band) for exactly one renaming ρ in K_(d_0), the 72 renamings that keep each S_c and d_0;
 * and H counts each ordered column configuration of boxes 2 and 3 four times (the two non-house columns of each box
 * in either order). So G(cell) = (1/4)·Σ_(ρ ∈ K_(d_0)) H(ρ⁻¹·cell), summed by pushing each H entry to its 72 images.
 */
export const HOUSE_ROW = 2520;
const P = 280;

export function houseColumnSetTable(house: HouseInBand): Uint32Array {
  const partitions = columnPartitions(SHAPE_3X3);
  const pairs = partitionOfTwoBlocks(partitions);
  const cells = HOUSE_ROW * HOUSE_ROW;
  const H = new Uint32Array(cells);
  const { rows, cols } = house;
  const d0 = rows[0] * 3 + cols[0];

  // the standard bands, boxes 2 and 3 filled in reading order (18 cells), digits as bit indexes 0..8
  const band = new Int32Array(27);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) band[r * 9 + c] = r * 3 + c;
  const rowMask = new Int32Array(3);
  for (let r = 0; r < 3; r++) rowMask[r] = 7 << (3 * r);
  const boxMask = new Int32Array(3);
  const free: number[] = [];
  for (let r = 0; r < 3; r++) for (let c = 3; c < 9; c++) free.push(r * 9 + c);
  const colMask = new Int32Array(9);
  const leaf = (): void => {
    colMask.fill(0, 3);
    for (let r = 0; r < 3; r++) for (let c = 3; c < 9; c++) colMask[c] |= 1 << band[r * 9 + c];
    const x1 = band[rows[1] * 9 + cols[1]];
    const x2 = band[rows[2] * 9 + cols[2]];
    if (x1 === d0 || x2 === d0 || x1 === x2) return;
    const p1 = pairs[colMask[3] | (colMask[4] << 9)];
    const p2 = pairs[colMask[6] | (colMask[7] << 9)];
    H[((p1 * 9 + x1) * P + p2) * 9 + x2]++;
  };
  const fill = (i: number): void => {
    if (i === free.length) {
      leaf();
      return;
    }
    const cell = free[i];
    const r = (cell / 9) | 0;
    const b = ((cell % 9) / 3) | 0;
    let m = 0x1ff & ~rowMask[r] & ~boxMask[b];
    while (m) {
      const bit = m & -m;
      m ^= bit;
      band[cell] = 31 - Math.clz32(bit);
      rowMask[r] |= bit;
      boxMask[b] |= bit;
      fill(i + 1);
      rowMask[r] ^= bit;
      boxMask[b] ^= bit;
    }
  };
  fill(0);

  // K_(d0): renamings inside each S_c = {c, c+3, c+6} (bit indexes) that keep d0, as digit maps and partition maps
  const perms3 = permutationsOf(3);
  const digitMaps: Int32Array[] = [];
  const partMaps: Int32Array[] = [];
  for (const a of perms3)
    for (const b of perms3)
      for (const c of perms3) {
        const ps = [a, b, c];
        const map = new Int32Array(9);
        for (let col = 0; col < 3; col++) for (let r = 0; r < 3; r++) map[col + 3 * r] = col + 3 * ps[col][r];
        if (map[d0] !== d0) continue;
        const rename = (m: number): number => {
          let out = 0;
          for (let d = 0; d < 9; d++) if (m & (1 << d)) out |= 1 << map[d];
          return out;
        };
        const pm = new Int32Array(P);
        for (let p = 0; p < P; p++)
          pm[p] = pairs[rename(partitions.blocks[p * 3]) | (rename(partitions.blocks[p * 3 + 1]) << 9)];
        digitMaps.push(map);
        partMaps.push(pm);
      }
  if (digitMaps.length !== 72) throw new Error('internal: K(d0) should have 72 renamings');

  const table = new Uint32Array(new SharedArrayBuffer(cells * 4));
  let hSum = 0;
  for (let idx = 0; idx < cells; idx++) {
    const h = H[idx];
    if (h === 0) continue;
    hSum += h;
    const x2 = idx % 9;
    let rest = (idx - x2) / 9;
    const p2 = rest % P;
    rest = (rest - p2) / P;
    const x1 = rest % 9;
    const p1 = (rest - x1) / 9;
    for (let k = 0; k < 72; k++) {
      const dm = digitMaps[k],
        pm = partMaps[k];
      table[((pm[p1] * 9 + dm[x1]) * P + pm[p2]) * 9 + dm[x2]] += h;
    }
  }
  let fSum = 0;
  for (let idx = 0; idx < cells; idx++) {
    const v = table[idx];
    if (v === 0) continue;
    if (v % 4 !== 0) throw new Error('internal: a house column-set count is not a multiple of 4');
    fSum += v;
    table[idx] = v / 4;
  }
  // a 32-bit entry that wrapped would break this equality
  if (fSum !== 72 * hSum) throw new Error('internal: a house column-set count does not fit in 32 bits');
  return table;
}
