import type { AntiKingEdgeLayout } from './antiKingEdgeLayout.js';

/**
 * Fill one share of the edge table U (src/variants/antiKingEdgeLayout.ts): U[K] = the edge bands with column sets K.
 *
 * An edge band is R boxes side by side whose row sets partition each row: a row-set pattern (one configuration per
 * stack, the last forced by the others) and then, per stack, one of that configuration's box fillings, neighbours
 * fitting across the stack boundary (anti-king). So for each pattern and each filling f₁ of stack 1, the fillings of
 * stack 0 that fit f₁'s left column and (R = 3) those of stack 2 that fit its right column are listed once, and
 * every pair adds one to U[K₀, K₁, K₂]: one increment per band, no search per cell.
 *
 * Share `share` of `shares` takes the fillings f₁ whose part index K₁ ≡ share (mod shares): the shares write
 * disjoint entries, so threads fill one shared table without locks, and the table does not depend on how many
 * shares or threads there are. Returns the number of bands added and the largest entry written. Entries are 16-bit
 * (the largest on 9×9 is 512): one passing 65,535 throws rather than wrap.
 */
export function fillAntiKingEdgeTable(
  layout: AntiKingEdgeLayout,
  table: Uint16Array,
  share: number,
  shares: number,
): { readonly bands: number; readonly max: number } {
  const { R, n, M, configs, fillPart, fillLeft, fillForbid } = layout;
  if (table.length !== M ** R) throw new Error(`internal: the edge table has ${table.length} entries, not ${M ** R}`);
  const full = ((1 << n) - 1) << 1;
  let fullRows = 0;
  for (let r = 0; r < R; r++) fullRows |= full << (10 * r);
  const [part0, part1] = fillPart;
  const left1 = fillLeft[1];
  const [forbid0, forbid1] = fillForbid;
  const fit0 = new Int32Array(part0.length);
  let bands = 0;
  let max = 0;
  if (R === 2) {
    for (const [cfg0, [a0, e0]] of configs[0]) {
      const range1 = configs[1].get(fullRows ^ cfg0);
      if (!range1) continue;
      for (let f1 = range1[0]; f1 < range1[1]; f1++) {
        const k1 = part1[f1];
        if (k1 % shares !== share) continue;
        const l1 = left1[f1];
        for (let f0 = a0; f0 < e0; f0++) {
          if ((forbid0[f0] & l1) !== 0) continue;
          const at = part0[f0] * M + k1;
          const v = table[at] + 1;
          if (v > 0xffff) throw new Error('internal: an edge-table entry passed 65,535');
          table[at] = v;
          if (v > max) max = v;
          bands++;
        }
      }
    }
    return { bands, max };
  }
  const part2 = fillPart[2];
  const left2 = fillLeft[2];
  const fit2 = new Int32Array(part2.length);
  const cfgs1 = [...configs[1]];
  for (const [cfg0, [a0, e0]] of configs[0]) {
    for (const [cfg1, [a1, e1]] of cfgs1) {
      if ((cfg0 & cfg1) !== 0) continue;
      const range2 = configs[2].get(fullRows ^ cfg0 ^ cfg1);
      if (!range2) continue;
      const [a2, e2] = range2;
      for (let f1 = a1; f1 < e1; f1++) {
        const k1 = part1[f1];
        if (k1 % shares !== share) continue;
        const l1 = left1[f1];
        const r1 = forbid1[f1];
        let n0 = 0;
        for (let f0 = a0; f0 < e0; f0++) if ((forbid0[f0] & l1) === 0) fit0[n0++] = part0[f0];
        if (n0 === 0) continue;
        let n2 = 0;
        for (let f2 = a2; f2 < e2; f2++) if ((r1 & left2[f2]) === 0) fit2[n2++] = part2[f2];
        if (n2 === 0) continue;
        for (let i = 0; i < n0; i++) {
          const base = (fit0[i] * M + k1) * M;
          for (let t = 0; t < n2; t++) {
            const v = table[base + fit2[t]] + 1;
            table[base + fit2[t]] = v;
            if (v > max) max = v;
          }
        }
        bands += n0 * n2;
      }
    }
  }
  if (max > 0xffff) throw new Error('internal: an edge-table entry passed 65,535');
  return { bands, max };
}
