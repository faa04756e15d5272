import { describe, expect, it } from 'vitest';
import { templateGenerator, templateGrid, templateShift } from '../../../src/audit/templateGenerator.js';
import { templateGroupOrder, templateReach } from '../../../src/audit/templateReach.js';
import { findClash } from '../../../src/grid/parseGrid.js';
import { boxShape, type BoxShape } from '../../../src/grid/shape.js';
import { permutationsOf } from '../../../src/grid/permutationsOf.js';
import { forEachDrawPath } from '../../helpers/drawPaths.js';
import { shapes } from '../../helpers/shapes.js';

/** Every permutation of 0..n−1 that keeps blocks of `size` together (onto themselves, or onto any block). */
function blockPermutations(n: number, size: number, blocks: boolean): number[][] {
  const inner = permutationsOf(size);
  const outer = blocks ? permutationsOf(n / size) : [Array.from({ length: n / size }, (_, i) => i)];
  let partial: number[][] = [[]];
  for (let b = 0; b < n / size; b++) partial = partial.flatMap((p) => inner.map((q) => [...p, ...q]));
  const out: number[][] = [];
  for (const o of outer) for (const p of partial) out.push(p.map((x, i) => o[Math.floor(i / size)] * size + x));
  return out;
}

/** |Stab(T)| by brute force: the row and column maps of G after which T is a relabelling of itself. */
function bruteStabiliser(shape: BoxShape, blocks: boolean): number {
  const { rows: R, cols: C, n } = shape;
  const t = templateGrid(shape);
  const rowMaps = blockPermutations(n, R, blocks);
  const colMaps = blockPermutations(n, C, blocks);
  const sigma = new Int32Array(n + 1);
  let count = 0;
  for (const rho of rowMaps) {
    for (const kappa of colMaps) {
      sigma.fill(0);
      let ok = true;
      for (let r = 0; r < n && ok; r++) {
        for (let c = 0; c < n; c++) {
          const from = t[rho[r] * n + kappa[c]],
            to = t[r * n + c];
          if (sigma[from] === 0) sigma[from] = to;
          else if (sigma[from] !== to) {
            ok = false;
            break;
          }
        }
      }
      if (ok) count++;
    }
  }
  return count;
}

describe('the template', () => {
  it('is a grid for every shape, with shifts 0..n−1 once each', () => {
    for (const shape of shapes('2x2 2x3 3x2 3x3 2x4 4x3 1x5 5x1 4x4 5x7')) {
      expect(findClash(shape, templateGrid(shape))).toBeNull();
      const shifts = Array.from({ length: shape.n }, (_, i) => templateShift(shape, i)).sort((a, b) => a - b);
      expect(shifts).toEqual(Array.from({ length: shape.n }, (_, i) => i));
    }
  });

  it('reads as the blog says on 9×9: rows 1, 4, 7, 2, 5, 8, 3, 6, 9 count 1..9 from columns 1, 2, 3, …', () => {
    const t = templateGrid(boxShape(3, 3));
    [0, 3, 6, 1, 4, 7, 2, 5, 8].forEach((r, shift) => expect(t[r * 9 + shift]).toBe(1));
    expect([...t.subarray(27, 36)].join('')).toBe('912345678');
  });
});

describe('template reach (orbit–stabiliser)', () => {
  it('2x2: every transformation applied (a walk of the draws), distinct grids counted', () => {
    for (const blocks of [false, true]) {
      const shape = boxShape(2, 2);
      const gen = templateGenerator(shape, blocks);
      const out = new Uint8Array(16);
      const seen = new Map<string, number>();
      const paths = forEachDrawPath(
        (rng) => gen.generate(rng, out),
        () => seen.set(out.join(''), (seen.get(out.join('')) ?? 0) + 1),
      );
      const reach = templateReach(shape, blocks);
      expect(BigInt(paths)).toBe(reach.transformations);
      expect(paths).toBe(blocks ? 1536 : 384);
      expect(BigInt(seen.size)).toBe(reach.grids);
      expect(new Set(seen.values())).toEqual(new Set([reach.stabiliser]));
      for (const g of seen.keys()) expect(findClash(shape, [...g].map(Number))).toBeNull();
    }
  });

  it('the stabiliser by brute force over the row and column groups: 2x2, 2x3, 3x2, 3x3, 2x4', () => {
    for (const shape of shapes('2x2 2x3 3x2 3x3 2x4')) {
      for (const blocks of shape.n === 9 ? [false] : [false, true]) {
        expect(templateReach(shape, blocks).stabiliser).toBe(bruteStabiliser(shape, blocks));
      }
    }
  });

  it('3x3 with blocks (1.7 million row and column maps)', () => {
    expect(templateReach(boxShape(3, 3), true).stabiliser).toBe(bruteStabiliser(boxShape(3, 3), true));
  });

  it('|G| is the number of draw paths: (C!)^R·(R!)^C·n! (·R!·C! with blocks)', () => {
    expect(templateGroupOrder(boxShape(3, 3), false)).toBe(6n ** 6n * 362880n);
    expect(templateGroupOrder(boxShape(2, 3), true)).toBe(36n * 8n * 720n * 12n);
  });
});
