import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatGrid, parseGrid } from '../../../src/grid/parseGrid.js';
import { boxShape, InputError, SHAPE_3X3, type BoxShape } from '../../../src/grid/shape.js';
import { BitboardCounter9 } from '../../../src/solve/bitboardCounter9.js';
import { CountCache } from '../../../src/solve/countCache.js';
import { countSolutions, puzzleCounter } from '../../../src/solve/countSolutions.js';
import { WideSolutionCounter } from '../../../src/solve/wideSolutionCounter.js';
import { SolutionCounter } from '../../../src/solve/solutionCounter.js';
import { rng as seeded } from '../../helpers/naive.js'; // mulberry32: every run draws the same grids
import { dlxCount } from '../../helpers/dlx.js';
import { PUZZLES } from '../../helpers/paths.js';
import { units } from '../../helpers/puzzleChecks.js';

const lines = (file: string) =>
  readFileSync(join(PUZZLES, file), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/**
 * An independent grid checker, sharing no code with src/: is `solution` a full R×C-box grid that
 * keeps every given of `puzzle`? Returns what is wrong, or null.
 */
function gridProblem(
  R: number,
  C: number,
  puzzle: string | ArrayLike<number>,
  solution: string | ArrayLike<number>,
): string | null {
  const n = R * C;
  const digit = (ch: string) =>
    ch === '.' || ch === '0' ? 0 : '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.indexOf(ch.toUpperCase()) + 1;
  const p = typeof puzzle === 'string' ? [...puzzle.replace(/[\s|+-]/g, '')].map(digit) : Array.from(puzzle);
  const s = typeof solution === 'string' ? [...solution].map(digit) : Array.from(solution);
  if (s.length !== n * n || p.length !== n * n) return `length ${s.length}/${p.length}`;
  for (let i = 0; i < n * n; i++) {
    if (s[i] < 1 || s[i] > n) return `cell ${i}: ${s[i]}`;
    if (p[i] !== 0 && p[i] !== s[i]) return `cell ${i} changes a given`;
  }
  for (const u of units(R, C)) if (new Set(u.map((i) => s[i])).size !== n) return `unit ${u.join(',')} repeats a digit`;
  return null;
}

/**
 * A random full grid of a shape: the pattern grid, digits relabelled, rows and columns shuffled within bands and
 * stacks.
 */
function randomFullGrid(shape: BoxShape, rnd: () => number): Uint8Array {
  const { rows: R, cols: C, n } = shape;
  const shuffle = <T>(a: T[]) => {
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  const label = shuffle(Array.from({ length: n }, (_, i) => i + 1));
  const rows = Array.from({ length: C }, (_, b) => shuffle(Array.from({ length: R }, (_, i) => b * R + i))).flat();
  const cols = Array.from({ length: R }, (_, s) => shuffle(Array.from({ length: C }, (_, i) => s * C + i))).flat();
  const g = new Uint8Array(n * n);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const rr = rows[r],
        cc = cols[c];
      g[r * n + c] = label[((rr % R) * C + Math.floor(rr / R) + cc) % n];
    }
  return g;
}

describe('counted.txt: every puzzle gets its stated count', () => {
  const cases = lines('counted.txt').map((l) => l.split(':'));
  const generic = new SolutionCounter(SHAPE_3X3);
  it.each(cases.map(([p, c, s]) => [p, Number(c), s ?? '']))('%s: %i', (puzzle, expected, solution) => {
    const r = countSolutions(puzzle);
    expect(r.count).toBe(expected);
    expect(r.limited).toBe(false);
    if (expected === 0) expect(r.solution).toBeNull();
    else expect(gridProblem(3, 3, puzzle, formatGrid(SHAPE_3X3, r.solution!))).toBeNull();
    if (solution) expect(formatGrid(SHAPE_3X3, r.solution!)).toBe(solution);
    // the generic any-shape counter agrees, and so do both with --limit 2
    const cells = parseGrid(SHAPE_3X3, puzzle);
    expect(generic.count(cells).count).toBe(expected);
    for (const c of [countSolutions(puzzle, { limit: 2 }), generic.count(cells, 2)]) {
      expect(c.count).toBe(Math.min(expected, 2));
      expect(c.limited).toBe(expected >= 2);
    }
  });

  it('has puzzles with 0, 1 and many solutions', () => {
    const counts = new Set(cases.map(([, c]) => Number(c)));
    expect(counts.has(0) && counts.has(1) && [...counts].some((c) => c > 100)).toBe(true);
  });
});

describe('real puzzle sets: unique solutions that keep the clues', () => {
  it('royle17.txt: a sample of every 49th puzzle (1,004 puzzles)', () => {
    const all = lines('royle17.txt');
    expect(all.length).toBe(49_151);
    const sample = all.filter((_, i) => i % 49 === 0);
    for (const p of sample) {
      const r = countSolutions(p, { limit: 2 });
      expect({ p, count: r.count, limited: r.limited }).toEqual({ p, count: 1, limited: false });
      expect(gridProblem(3, 3, p, formatGrid(SHAPE_3X3, r.solution!))).toBeNull();
    }
  });

  it('forum-hardest-375.txt and a sample of top1465.txt', () => {
    const hard = [...lines('forum-hardest-375.txt'), ...lines('top1465.txt').filter((_, i) => i % 10 === 0)];
    for (const p of hard) {
      const r = countSolutions(p, { limit: 2 });
      expect(r.count).toBe(1);
      expect(gridProblem(3, 3, p, formatGrid(SHAPE_3X3, r.solution!))).toBeNull();
    }
  });
});

describe('every counter agrees with the generic DLX on random partial grids', () => {
  // shapes up to n = 12; the DLX stops at 25,000, and grids with more solutions are drawn again (the grids these
  // seeds keep have at most 22,512: 50,000 kept the same ones, and took twice as long to give up on the others)
  const shapes = ['2x2', '2x3', '3x2', '3x3', '2x4', '4x2', '3x4'].map((s) => boxShape(Number(s[0]), Number(s[2])));
  it.each(shapes.map((s) => [s.name, s]))('%s', (_name, shape) => {
    const rnd = seeded(0x50c1 + shape.n * 31 + shape.rows);
    const { n } = shape;
    const counters = [puzzleCounter(shape), new SolutionCounter(shape), new WideSolutionCounter(shape)];
    if (n === 9) counters.push(new BitboardCounter9());
    const solution = new Uint8Array(n * n);
    let checked = 0;
    const seen = new Set<number>();
    for (let attempt = 0; attempt < 400 && checked < 25; attempt++) {
      const g = randomFullGrid(shape, rnd);
      const keep = n <= 6 ? 0.15 + 0.5 * rnd() : n <= 9 ? 0.25 + 0.4 * rnd() : 0.4 + 0.3 * rnd();
      for (let i = 0; i < n * n; i++) if (rnd() > keep) g[i] = 0;
      if (rnd() < 0.25) {
        // a random extra given (often leaves no solution); skip it if it clashes
        const i = Math.floor(rnd() * n * n);
        if (g[i] === 0) g[i] = 1 + Math.floor(rnd() * n);
      }
      let dlx;
      try {
        dlx = dlxCount(g, { box: shape, limit: 25_000 });
      } catch (e) {
        if (e instanceof InputError) continue;
        throw e;
      }
      if (dlx.limited) continue;
      checked++;
      seen.add(dlx.count);
      for (const limit of [Infinity, 1, 2, 7]) {
        const want = Math.min(dlx.count, limit);
        for (const counter of counters) {
          const r = counter.count(g, limit, solution);
          expect({ limit, count: r.count, limited: r.limited, solved: r.solved }).toEqual({
            limit,
            count: want,
            limited: want >= limit,
            solved: want > 0,
          });
          if (r.solved)
            expect(gridProblem(shape.rows, shape.cols, formatGrid(shape, g), formatGrid(shape, solution))).toBeNull();
        }
      }
    }
    expect(checked).toBe(25);
    expect(seen.size).toBeGreaterThanOrEqual(5); // not all unique puzzles: the draws exercise counting
  });
});

describe('counts known independently', () => {
  it('the empty 2x2 grid: 288; the 3x2 grid with row 1 = 123456: 28,200,960 / 6! = 39,168', () => {
    expect(countSolutions('.'.repeat(16), { box: boxShape(2, 2) }).count).toBe(288);
    // the first row fixed by relabelling the digits: 1/720 of the empty grid's search (which took ~4 s alone)
    expect(countSolutions('123456' + '.'.repeat(30), { box: boxShape(3, 2) }).count).toBe(28_200_960 / 720);
  });

  it('the band 123456789/456789123/789123456 with row 4 = 214365897: 633,312 completions', () => {
    const grid = '123456789456789123789123456214365897' + '.'.repeat(45);
    expect(countSolutions(grid).count).toBe(633_312);
    expect(new SolutionCounter(SHAPE_3X3).count(parseGrid(SHAPE_3X3, grid)).count).toBe(633_312);
    // the band method's count of this grid is test/unit/count/bandCompletions.test.ts's (its DLX check: row 5 begun)
    const limited = countSolutions(grid, { limit: 1000 });
    expect([limited.count, limited.limited]).toEqual([1000, true]);
  });

  it('a full grid counts 1, and a grid with one cell changed counts 0 (or clashes)', () => {
    const full = '123456789456789123789123456214365897365897214897214365531642978642978531978531642';
    expect(gridProblem(3, 3, full, full)).toBeNull();
    expect(countSolutions(full).count).toBe(1);
    expect(countSolutions(full).solution!.join('')).toBe(full);
    expect(() => countSolutions('2' + full.slice(1))).toThrow(/givens clash: two 2s in row 1/);
  });
});

describe('shapes beyond 9×9', () => {
  it('n = 31 (1x31, Latin squares) uses every mask bit up to 30: bitmask and DLX agree', () => {
    const shape = boxShape(1, 31);
    const rnd = seeded(31);
    for (let t = 0; t < 3; t++) {
      const g = randomFullGrid(shape, rnd);
      // blank a few 2×2 "intercalates" worth of cells: a handful of solutions
      for (let k = 0; k < 12; k++) g[Math.floor(rnd() * g.length)] = 0;
      const a = new SolutionCounter(shape).count(g, Infinity);
      const b = dlxCount(g, { box: shape });
      expect(a.count).toBeGreaterThanOrEqual(1);
      expect(a.count).toBe(b.count);
    }
  });

  it.each([
    [4, 8],
    [5, 7],
    [6, 6],
  ])('n = 32..36 (%ix%i) go to the two-word counter: it agrees with the DLX, its solutions are valid', (R, C) => {
    const shape = boxShape(R, C);
    const n = shape.n;
    const rnd = seeded(n);
    for (let t = 0; t < 2; t++) {
      const g = randomFullGrid(shape, rnd);
      for (let k = 0; k < 6 * n; k++) g[Math.floor(rnd() * g.length)] = 0;
      const r = countSolutions(g, { box: shape, limit: 20 });
      const dlx = dlxCount(g, { box: shape, limit: 20 });
      expect(r.count).toBeGreaterThanOrEqual(1);
      expect(r.count).toBe(dlx.count);
      expect(gridProblem(R, C, g, r.solution!)).toBeNull();
    }
  });

  it('16x16 (4x4 boxes) with letters for 10..16', () => {
    const shape = boxShape(4, 4);
    const g = randomFullGrid(shape, seeded(16));
    const full = formatGrid(shape, g);
    for (let i = 0; i < g.length; i += 3) g[i] = 0;
    const puzzle = formatGrid(shape, g);
    const r = countSolutions(puzzle, { box: shape, limit: 2 });
    expect(r.count).toBeGreaterThanOrEqual(1);
    if (r.count === 1) expect(formatGrid(shape, r.solution!)).toBe(full);
    expect(gridProblem(4, 4, puzzle, formatGrid(shape, r.solution!))).toBeNull();
    expect(full).toMatch(/[A-G]/);
  });
});

describe('bad input through the library', () => {
  it('throws InputError naming the problem; a clash-free grid without solution counts 0', () => {
    const p = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
    expect(() => countSolutions(p.slice(1))).toThrow(/80 cells, a 3x3 grid has 81/);
    expect(() => countSolutions(p.slice(1) + 'x')).toThrow(/character 81 'x' is not a digit of a 3x3 grid/);
    expect(() => countSolutions('55' + p.slice(2))).toThrow(InputError);
    expect(() => countSolutions('55' + p.slice(2))).toThrow(/givens clash: two 5s in row 1 \(r1c1 and r1c2\)/);
    // row 1 misses 9 only at r1c9, where column 9 already has 9: no solution, but nothing clashes
    const stuck = '12345678.' + '........9' + '.'.repeat(63);
    const r = countSolutions(stuck);
    expect([r.count, r.limited, r.solution]).toEqual([0, false, null]);
  });
});

describe('CountCache', () => {
  it('finds exactly the keys it stored, tells keys apart by length and words, and clears itself when full', () => {
    const cache = new CountCache(4, 40); // 16 slots (8 entries), 40 pool words: small enough to fill
    const key = (...w: number[]) => Int32Array.from(w);
    expect(cache.get(key(1, 2, 3), 0, 3)).toBe(-1);
    cache.set(key(1, 2, 3), 0, 3, 7);
    cache.set(key(9, 4, 5, 6), 1, 3, 99); // a key read at an offset
    cache.set(key(1, 2), 0, 2, 5);
    cache.set(key(1, 2, 4), 0, 3, 0);
    expect(cache.get(key(1, 2, 3), 0, 3)).toBe(7);
    expect(cache.get(key(4, 5, 6), 0, 3)).toBe(99);
    expect(cache.get(key(1, 2), 0, 2)).toBe(5);
    expect(cache.get(key(1, 2, 4), 0, 3)).toBe(0);
    expect(cache.get(key(1, 2, 3, 4), 0, 4)).toBe(-1);
    expect(cache.get(key(3, 2, 1), 0, 3)).toBe(-1);
    for (let i = 0; i < 8; i++) cache.set(key(100 + i, i), 0, 2, i); // overflows: clears, keeps going
    expect(cache.get(key(107, 7), 0, 2)).toBe(7);
    expect(cache.get(key(1, 2), 0, 2)).toBe(-1);
    cache.clear();
    expect(cache.get(key(107, 7), 0, 2)).toBe(-1);
  });
});
