import { fullMask } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';
import type { BandClasses } from '../symmetry/classifyBands.js';

/**
 * The exact law of the top band's class under the row-major backtracking generator: what its class test should
 * see, computed without sampling (an independent check of P = Π 1/V_k on the shapes where --exact cannot walk the
 * whole tree, and the exact power of the class test).
 *
 * The generator fills the top band first (rows 1..R in reading order), and the band's cells are all the draws that
 * decide its class. Their probability is Π 1/V_k over the band's cells, V_k the candidates that still have a
 * completion. A partial band has a completion to a grid exactly when it has one to a band, because every band
 * completes to a grid (every class has n_C > 0, checked). The law is invariant under relabelling, so row 1 is fixed
 * to 1..n (its n! readings are equally likely) and the search walks rows 2..R:
 *
 *   depth-first over the band's cells, leaves = complete bands, recorded in visit order with weight 1;
 *   when a node is finished, V = its children that had a leaf below, and the weights of its leaves (a contiguous
 *   range of the record) are divided by V;
 *   the class of each leaf band (classOfBand), and P(class) = Σ weights.
 *
 * Cost: one leaf per standard band (3×3: 2,612,736), a few seconds, most of it in classOfBand.
 */
export function backtrackingBandLaw(
  shape: BoxShape,
  classes: BandClasses,
  completions: ArrayLike<number>,
): Float64Array {
  for (let c = 0; c < classes.count; c++)
    if (!(completions[c] > 0)) throw new Error(`internal: class ${c} has no completion; the band law does not apply`);
  const { rows: R, cols: C, n } = shape;
  const full = fullMask(n);
  const size = R * n;
  let bands = 0;
  for (let c = 0; c < classes.count; c++) bands += classes.sizes[c];
  const weight = new Float64Array(bands);
  const classOf = new Int32Array(bands);
  const band = new Uint8Array(size);
  const rowUsed = new Int32Array(R),
    colUsed = new Int32Array(n),
    boxUsed = new Int32Array(R);
  for (let c = 0; c < n; c++) {
    band[c] = c + 1;
    rowUsed[0] |= 1 << c;
    colUsed[c] = 1 << c;
    boxUsed[Math.floor(c / C)] |= 1 << c;
  }
  let leaves = 0;

  function explore(k: number): number {
    if (k === size) {
      if (leaves >= bands) throw new Error('internal: more bands than the classes hold');
      weight[leaves] = 1;
      classOf[leaves] = classes.classOfBand(band);
      leaves++;
      return 1;
    }
    const r = Math.floor(k / n),
      c = k % n,
      b = Math.floor(c / C);
    const start = leaves;
    let viable = 0;
    for (let cand = full & ~(rowUsed[r] | colUsed[c] | boxUsed[b]); cand !== 0; cand &= cand - 1) {
      const bit = cand & -cand;
      rowUsed[r] |= bit;
      colUsed[c] |= bit;
      boxUsed[b] |= bit;
      band[k] = 32 - Math.clz32(bit);
      if (explore(k + 1) > 0) viable++;
      rowUsed[r] ^= bit;
      colUsed[c] ^= bit;
      boxUsed[b] ^= bit;
    }
    band[k] = 0;
    for (let i = start; i < leaves; i++) weight[i] /= viable;
    return leaves - start;
  }

  explore(n);
  if (leaves !== bands) throw new Error(`internal: ${leaves} bands with row 1 fixed, not ${bands}`);
  const law = new Float64Array(classes.count);
  for (let i = 0; i < leaves; i++) law[classOf[i]] += weight[i];
  return law;
}
