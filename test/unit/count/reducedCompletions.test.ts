import { describe, expect, it } from 'vitest';
import { enumerateBands, forEachBand } from '../../../src/bands/enumerateBands.js';
import { bandConfigurationClasses } from '../../../src/colsets/bandConfigurationClasses.js';
import { completionCounter } from '../../../src/count/bandCompletions.js';
import { boxPairReduction } from '../../../src/count/boxPairReduction.js';
import { buildColumnSetTable } from '../../../src/count/columnSetTable.js';
import { reducedCompletions } from '../../../src/count/reducedCompletions.js';
import { wasmReducedSum } from '../../../src/count/wasmReducedSum.js';
import { boxShape } from '../../../src/grid/shape.js';
import { rng } from '../../helpers/naive.js';

/** Column masks (bit d−1 for digit d) of a band's cells (R rows of n). */
function columnMasks(n: number, R: number, cells: ArrayLike<number>): Int32Array {
  const masks = new Int32Array(n);
  for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) masks[c] |= 1 << (cells[r * n + c] - 1);
  return masks;
}

/** The reduced table from the full column-set table: box 2 as its base box's representative. */
function reducedSetup(R: number) {
  const shape = boxShape(R, 3);
  const t = buildColumnSetTable(enumerateBands(shape));
  const P = t.partitions.count;
  const red = boxPairReduction(t.partitions);
  const stride = P ** (R - 2);
  const table = new Uint32Array(red.bases * stride);
  for (let b = 0; b < red.bases; b++)
    table.set(t.table.subarray(red.rep[b] * stride, (red.rep[b] + 1) * stride), b * stride);
  const wasm = wasmReducedSum(t.partitions, red);
  wasm?.table.set(table);
  return {
    shape,
    t,
    counter: completionCounter(shape, t.partitions, t.table),
    reduced: reducedCompletions(t.partitions, red, table),
    wasm,
  };
}

describe('n(b₁) from the table reduced to base boxes (the loop of 4x3, on 2x3 and 3x3)', () => {
  it('2x3: equals the band method’s n(b₁) and F on every standard band (TypeScript and WebAssembly)', () => {
    const { shape, counter, reduced, wasm } = reducedSetup(2);
    expect(wasm).not.toBeNull();
    let bands = 0;
    forEachBand(shape, (cells) => {
      const masks = columnMasks(shape.n, 2, cells);
      const n = BigInt(counter.completionsOfBand(cells));
      expect(reduced.completionsOf(masks)).toBe(n);
      expect(wasm!.completionsOf(masks)).toBe(n);
      expect(reduced.bandsOf(masks)).toBe(counter.bandsWithColumnSets(masks));
      bands++;
    });
    expect(bands).toBeGreaterThan(0);
  });

  it('3x3: equals the band method’s n(b₁) and F on 40 random reduced bands (TypeScript and WebAssembly)', () => {
    const { shape, t, counter, reduced, wasm } = reducedSetup(3);
    const e = enumerateBands(shape);
    const rand = rng(4);
    const size = 3 * shape.n;
    for (let k = 0; k < 40; k++) {
      const i = Math.floor(rand() * e.lexCount);
      const cells = e.lexBands.subarray(i * size, (i + 1) * size);
      const masks = columnMasks(shape.n, 3, cells);
      const n = BigInt(counter.completionsOfBand(cells));
      expect(reduced.completionsOf(masks)).toBe(n);
      expect(wasm!.completionsOf(masks)).toBe(n);
      expect(reduced.bandsOf(masks)).toBe(counter.bandsWithColumnSets(masks));
    }
    expect(t.partitions.count).toBe(280);
  });

  it.each([
    [2, 28_200_960n, 0],
    [3, 6_670_903_752_021_072_936_960n, 44],
  ])(
    '%ix3: N = Σ over the band configuration classes K of |K|·F(T_K)·n(T_K) (the orderly search, the reduced loop)',
    (R, N, classes) => {
      const { shape, wasm, reduced } = reducedSetup(R);
      const k = bandConfigurationClasses(R, 3);
      if (classes) expect(k.count).toBe(classes); // 3x3: the 44 "gangsters"
      const n = shape.n;
      let total = 0n;
      const masks = new Int32Array(n);
      for (let c = 0; c < k.count; c++) {
        masks.fill(0);
        // word of digit d: Σ_s letter_s·3^s, letter s = the column of stack s that holds d
        for (let d = 0; d < n; d++)
          for (let s = 0, w = k.words[c * n + d]; s < R; s++, w = Math.floor(w / 3)) masks[3 * s + (w % 3)] |= 1 << d;
        const completions = wasm!.completionsOf(masks);
        if (c % 7 === 0) expect(reduced.completionsOf(masks)).toBe(completions);
        total += BigInt(k.orbitSizes[c]) * BigInt(reduced.bandsOf(masks)) * completions;
      }
      expect(total).toBe(N);
    },
  );
});
