import { describe, expect, it } from 'vitest';
import { enumerateBands } from '../../../src/bands/enumerateBands.js';
import { completionCounter } from '../../../src/count/bandCompletions.js';
import { buildColumnSetTable } from '../../../src/count/columnSetTable.js';
import { boxShape } from '../../../src/grid/shape.js';
import { rng } from '../../helpers/naive.js';
import { configurationRows, stackChoices, threeBandShape, threeBandSum } from '../../helpers/threeBandReference.js';

/** Every configuration of one stack for n = 3R digits: letters with R digits on each of 0, 1, 2. */
function stackConfigurations(R: number): Uint8Array[] {
  const n = 3 * R;
  const out: Uint8Array[] = [];
  const x = new Uint8Array(n);
  const size = [0, 0, 0];
  const rec = (d: number): void => {
    if (d === n) {
      out.push(x.slice());
      return;
    }
    for (let l = 0; l < 3; l++) {
      if (size[l] === R) continue;
      x[d] = l;
      size[l]++;
      rec(d + 1);
      size[l]--;
    }
  };
  rec(0);
  return out;
}

/** A band's configuration (letters[d·R + s]) from its cells (R rows of n digits 1..n). */
function lettersOfBand(R: number, cells: ArrayLike<number>): Uint8Array {
  const n = 3 * R;
  const letters = new Uint8Array(n * R);
  for (let r = 0; r < R; r++)
    for (let c = 0; c < n; c++) letters[(cells[r * n + c] - 1) * R + Math.floor(c / 3)] = c % 3;
  return letters;
}

describe('three bands by column configurations (the plain route of 4x3, on R = 2 and 3)', () => {
  it('M(R) = Σ_k C(R,k)³ compatible choices a stack: 10, 56, 346', () => {
    for (const [R, m] of [
      [2, 10],
      [3, 56],
      [4, 346],
    ]) {
      const shape = threeBandShape(R);
      expect(shape.choicesPerStack).toBe(m);
      const t = stackConfigurations(R)[0];
      expect(stackChoices(shape, t).length / shape.n).toBe(m);
    }
  });

  it('2x3 (R = 2): Σ_T1 F(T1)·S(T1) is N; Σ F = the bands; halving changes nothing', () => {
    const shape = threeBandShape(2);
    const stacks = stackConfigurations(2);
    expect(stacks.length).toBe(90);
    // relabelling keeps F and S and permutes stack 0's 90 configurations transitively, each with the same number of
    // completions of stack 1: the sum over every T1 is 90 × the sum over those with stack 0 = stacks[0]
    let N = 0n,
      bands = 0n;
    const letters = new Uint8Array(12);
    for (const b of stacks) {
      for (let d = 0; d < 6; d++) {
        letters[d * 2] = stacks[0][d];
        letters[d * 2 + 1] = b[d];
      }
      const r = threeBandSum(shape, letters);
      N += r.bands * r.completions;
      bands += r.bands;
      if (b === stacks[40]) {
        const whole = threeBandSum(shape, letters, { halve: false });
        expect(whole.completions).toBe(r.completions);
        expect(whole.terms).toBe(2 * r.terms);
      }
    }
    expect(90n * N).toBe(28_200_960n);
    // every band once: n! relabellings of each standard band (box 1 = 1..n)
    expect(90n * bands).toBe(720n * BigInt(enumerateBands(boxShape(2, 3)).count));
  });

  it('3x3 (R = 3): S(T(b₁)) = the band method’s completions n(b₁), for 2 random bands', () => {
    const s = boxShape(3, 3);
    const e = enumerateBands(s);
    const t = buildColumnSetTable(e);
    const counter = completionCounter(s, t.partitions, t.table);
    const shape = threeBandShape(3);
    const rand = rng(39);
    const size = s.rows * s.n;
    for (let k = 0; k < 2; k++) {
      const i = Math.floor(rand() * e.lexCount); // a random lexicographically reduced band
      const cells = e.lexBands.subarray(i * size, (i + 1) * size);
      const r = threeBandSum(shape, lettersOfBand(3, cells));
      expect(r.completions).toBe(BigInt(counter.completionsOfBand(cells)));
      expect(configurationRows(shape, lettersOfBand(3, cells)).every((m) => m !== 0)).toBe(true);
    }
  });
});
