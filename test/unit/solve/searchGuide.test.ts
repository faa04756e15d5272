import { describe, expect, it } from 'vitest';
import { boxShape, type BoxShape } from '../../../src/grid/shape.js';
import { gridSource } from '../../../src/puzzle/defaultGridSource.js';
import { generatePuzzle } from '../../../src/puzzle/generatePuzzle.js';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { BitboardCounter9 } from '../../../src/solve/bitboardCounter9.js';
import { ClauseLearningCounter } from '../../../src/solve/clauseLearningCounter.js';
import { Fast9Counter } from '../../../src/solve/fast9/fast9Counter.js';
import { learnsClauses, puzzleCounter } from '../../../src/solve/countSolutions.js';
import { SolutionCounter } from '../../../src/solve/solutionCounter.js';
import { WideSolutionCounter } from '../../../src/solve/wideSolutionCounter.js';
import { dlxCount } from '../../helpers/dlx.js';
import { rng as seeded } from '../../helpers/naive.js';

/** Random partial grids of a shape with a few solutions, and their full grid (a solution). */
function partialGrids(shape: BoxShape, k: number, keep: number, seed: number): Array<[Uint8Array, Uint8Array]> {
  const rnd = seeded(seed);
  const out: Array<[Uint8Array, Uint8Array]> = [];
  const source = gridSource(shape, 'random-fill');
  const rng = xoroshiro128plus(seed);
  while (out.length < k) {
    const full = source.sample(rng);
    const g = full.map((d) => (rnd() < keep ? d : 0));
    if (dlxCount(g, { box: shape, limit: 200 }).limited) continue;
    out.push([g, full]);
  }
  return out;
}

const counters = (shape: BoxShape) => [
  new SolutionCounter(shape),
  new WideSolutionCounter(shape),
  new ClauseLearningCounter(shape),
  ...(shape.name === '3x3' ? [new BitboardCounter9(), new Fast9Counter()] : []),
];

describe('search guides: prefer, notCell, maxNodes', () => {
  it.each(['2x3', '3x3', '3x4'])('%s: leaving out one digit counts what the DLX counts without that option', (box) => {
    const shape = boxShape(Number(box[0]), Number(box[2]));
    const keep = shape.n === 9 ? 0.35 : 0.5;
    for (const [g, full] of partialGrids(shape, 12, keep, shape.n * 7)) {
      const open = Array.from(g.keys()).filter((i) => g[i] === 0);
      const cell = open[Math.floor(open.length / 2)];
      // the DLX of the same grid, counted with the cell forced to every other digit in turn
      let want = 0;
      for (let d = 1; d <= shape.n; d++) {
        if (d === full[cell]) continue;
        const h = Uint8Array.from(g);
        h[cell] = d;
        want += dlxCount(h, { box: shape }).count;
      }
      for (const c of counters(shape)) {
        const all = c.count(g, Infinity, undefined, { prefer: full, notCell: cell });
        expect({ counter: c.constructor.name, count: all.count }).toEqual({ counter: c.constructor.name, count: want });
        const one = c.count(g, 1, undefined, { prefer: full, notCell: cell });
        expect(one.count).toBe(Math.min(1, want));
        // preferring the known solution finds it first
        const s = new Uint8Array(g.length);
        const first = c.count(g, 1, s, { prefer: full });
        expect(first.solved).toBe(true);
        expect(Array.from(s)).toEqual(Array.from(full));
      }
    }
  });

  it('maxNodes stops a search and says so; a budget that suffices changes nothing', () => {
    const shape = boxShape(3, 3);
    for (const [g] of partialGrids(shape, 6, 0.25, 5)) {
      for (const c of counters(shape)) {
        const free = c.count(g, Infinity);
        const cut = c.count(g, Infinity, undefined, { maxNodes: 3 });
        if (free.nodes > 3) {
          expect(cut.aborted).toBe(true);
          expect(cut.limited).toBe(false);
        }
        const enough = c.count(g, Infinity, undefined, { maxNodes: free.nodes });
        expect(enough.aborted).toBe(false);
        expect(enough.count).toBe(free.count);
      }
    }
  });
});

describe('locked candidates in the one-word counter', () => {
  it('with and without them, on shapes where they are off by default, the counts agree with the DLX', () => {
    for (const box of ['2x3', '3x3', '2x5']) {
      const shape = boxShape(Number(box[0]), Number(box[2]));
      const withLocking = new SolutionCounter(shape, { locking: true });
      const without = new SolutionCounter(shape, { locking: false });
      for (const [g] of partialGrids(shape, 10, shape.n === 9 ? 0.3 : 0.45, shape.n)) {
        const want = dlxCount(g, { box: shape }).count;
        expect(withLocking.count(g).count).toBe(want);
        expect(without.count(g).count).toBe(want);
      }
    }
  });
});

describe('clause learning (limits 1 and 2 from n = 17)', () => {
  it('answers uniqueness as the depth-first counter does on 20x20 puzzles a clue short of unique', () => {
    const shape = boxShape(4, 5);
    expect(learnsClauses(shape)).toBe(true);
    expect(learnsClauses(boxShape(4, 4))).toBe(false);
    const dfs = new SolutionCounter(shape);
    // a unique puzzle with 55 % of the cells given, then clues taken away one by one: unique for a while, then not
    const made = generatePuzzle({ box: shape, clues: 220 }, xoroshiro128plus(20));
    const g = Uint8Array.from(made.puzzle);
    const rnd = seeded(20);
    let unique = 0,
      several = 0;
    for (let k = 0; k < 40; k++) {
      let i = Math.floor(rnd() * g.length);
      while (g[i] === 0) i = (i + 1) % g.length;
      g[i] = 0;
      const a = puzzleCounter(shape).count(g, 2);
      const b = dfs.count(g, 2);
      expect(a.count).toBe(b.count);
      if (a.count === 1) unique++;
      else several++;
    }
    expect(unique).toBeGreaterThan(0);
    expect(several).toBeGreaterThan(0);
  });

  it('finds the solution it reports, and none where there is none', () => {
    const shape = boxShape(4, 4);
    const c = new ClauseLearningCounter(shape);
    const full = gridSource(shape, 'random-fill').sample(xoroshiro128plus(3));
    const g = full.map((d, i) => (i % 3 === 0 ? 0 : d));
    const s = new Uint8Array(g.length);
    const r = c.count(g, 2, s);
    expect(r.count).toBe(dlxCount(g, { box: shape, limit: 2 }).count);
    expect(Array.from(s)).toEqual(Array.from(full.map((d, i) => (r.count === 1 || g[i] ? d : s[i]))));
    // two givens that cannot both stand: no solution
    const bad = Uint8Array.from(g);
    bad[0] = 0;
    bad[1] = 0;
    bad[0] = full[1];
    expect(c.count(bad, 2).count).toBe(dlxCount(bad, { box: shape, limit: 2 }).count);
  });
});
