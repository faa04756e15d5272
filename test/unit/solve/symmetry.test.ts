import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatGrid, parseGrid } from '../../../src/grid/parseGrid.js';
import { boxShape, SHAPE_3X3, type BoxShape } from '../../../src/grid/shape.js';
import { countSolutions } from '../../../src/solve/countSolutions.js';
import { rng as seeded } from '../../helpers/naive.js'; // mulberry32: every run draws the same grids
import { PUZZLES } from '../../helpers/paths.js';

/**
 * Property: the number of solutions of a partial grid does not change under any symmetry that maps
 * valid grids to valid grids. The group is generated, independently of src/, by
 *   relabelling the digits · permuting the bands · permuting the rows inside each band ·
 *   permuting the stacks · permuting the columns inside each stack · transposing
 * (a transpose turns R×C boxes into C×R boxes, so it also checks two shapes against each other).
 * Every element is drawn from a seeded generator: a failure prints the seed, grid and element.
 */

function shuffled(k: number, rnd: () => number): number[] {
  const a = Array.from({ length: k }, (_, i) => i);
  for (let i = k - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

interface Element {
  label: number[];
  rows: number[];
  cols: number[];
  transpose: boolean;
}

/** A random group element for R×C boxes: new row r comes from old row rows[r], likewise columns. */
function randomElement(shape: BoxShape, rnd: () => number): Element {
  const { rows: R, cols: C, n } = shape;
  const bands = shuffled(C, rnd),
    stacks = shuffled(R, rnd);
  const rows = bands.flatMap((b) => shuffled(R, rnd).map((i) => b * R + i));
  const cols = stacks.flatMap((s) => shuffled(C, rnd).map((i) => s * C + i));
  return { label: [0, ...shuffled(n, rnd).map((d) => d + 1)], rows, cols, transpose: rnd() < 0.5 };
}

/** Apply an element: the result and its shape (C×R after a transpose). */
function apply(shape: BoxShape, cells: Uint8Array, g: Element): [BoxShape, Uint8Array] {
  const n = shape.n;
  const out = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const v = g.label[cells[g.rows[r] * n + g.cols[c]]];
      out[g.transpose ? c * n + r : r * n + c] = v;
    }
  }
  return [g.transpose ? boxShape(shape.cols, shape.rows) : shape, out];
}

/** Grids to move around: the many-solution puzzles of counted.txt, and partial grids of small shapes. */
function gridsOf(shape: BoxShape, rnd: () => number, count: number): Uint8Array[] {
  const { rows: R, cols: C, n } = shape;
  const out: Uint8Array[] = [];
  for (let k = 0; k < count; k++) {
    const base = new Uint8Array(n * n);
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) base[r * n + c] = (((r % R) * C + Math.floor(r / R) + c) % n) + 1;
    const [, full] = apply(shape, base, { ...randomElement(shape, rnd), transpose: false });
    const keep = 0.3 + 0.35 * rnd();
    for (let i = 0; i < n * n; i++) if (rnd() > keep) full[i] = 0;
    out.push(full);
  }
  return out;
}

describe('symmetry: count(g · grid) = count(grid)', () => {
  const counted = readFileSync(join(PUZZLES, 'counted.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => l.split(':'))
    .filter(([, c]) => Number(c) > 1);

  it('9×9: the puzzles of counted.txt with more than one solution, 4 random elements each', () => {
    const rnd = seeded(9);
    expect(counted.length).toBeGreaterThanOrEqual(10);
    for (const [puzzle, stated] of counted) {
      const cells = parseGrid(SHAPE_3X3, puzzle);
      expect(countSolutions(cells).count).toBe(Number(stated));
      for (let k = 0; k < 4; k++) {
        const g = randomElement(SHAPE_3X3, rnd);
        const [s, moved] = apply(SHAPE_3X3, cells, g);
        expect({ puzzle, g, count: countSolutions(moved, { box: s }).count }).toEqual({
          puzzle,
          g,
          count: Number(stated),
        });
        expect(countSolutions(moved, { box: s, limit: 2 }).count).toBe(2);
      }
    }
  });

  it('9×9: the 633,312-completion grid under 3 random elements', () => {
    const rnd = seeded(633);
    const cells = parseGrid(SHAPE_3X3, '123456789456789123789123456214365897' + '.'.repeat(45));
    for (let k = 0; k < 3; k++) {
      const g = randomElement(SHAPE_3X3, rnd);
      const [s, moved] = apply(SHAPE_3X3, cells, g);
      expect({ g, count: countSolutions(moved, { box: s }).count }).toEqual({ g, count: 633_312 });
    }
  });

  it.each(['2x2', '2x3', '3x2', '3x3', '2x4', '4x2', '3x4'])(
    '%s: random partial grids, 3 random elements each',
    (name) => {
      const shape = boxShape(Number(name[0]), Number(name[2]));
      const rnd = seeded(shape.n * 7 + shape.rows);
      const counts = new Set<number>();
      // a grid past the limit is skipped: 20,000 keeps every grid these seeds count (at most 12,112) and finds the
      // four 3×4 grids with too many solutions ten times sooner than 200,000 did
      for (const cells of gridsOf(shape, rnd, shape.n >= 9 ? 8 : 15)) {
        const base = countSolutions(cells, { box: shape, limit: 20_000 });
        if (base.limited) continue;
        counts.add(base.count);
        for (let k = 0; k < 3; k++) {
          const g = randomElement(shape, rnd);
          const [s, moved] = apply(shape, cells, g);
          const r = countSolutions(moved, { box: s, limit: 20_000 });
          expect({ grid: formatGrid(shape, cells), g, count: r.count }).toEqual({
            grid: formatGrid(shape, cells),
            g,
            count: base.count,
          });
        }
      }
      expect(counts.size).toBeGreaterThan(1);
    },
  );
});
