import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { boxShape, InputError, SHAPE_3X3, type BoxShape } from '../../../src/grid/shape.js';
import { clueOrbits, CLUE_SYMMETRIES, mirrorCell } from '../../../src/puzzle/clueOrbits.js';
import { gridSource } from '../../../src/puzzle/defaultGridSource.js';
import { attemptsFor, generatePuzzle, PuzzleMaker } from '../../../src/puzzle/generatePuzzle.js';
import { generateBlock } from '../../../src/puzzle/puzzleTasks.js';
import { DEFAULT_MAX_RATING, parseDifficulty } from '../../../src/puzzle/techniques.js';
import { puzzleRater } from '../../../src/puzzle/puzzleRater.js';
import { completes, dlxSolutions, minimalByDlx, singlesSolve } from '../../helpers/puzzleChecks.js';
import { shapes } from '../../helpers/shapes.js';

const clueCount = (p: ArrayLike<number>) => Array.from(p).filter((d) => d !== 0).length;

/** The checks every generated puzzle must pass, by the independent oracle: one solution, the one it reports. */
function expectUniqueAndSolved(shape: BoxShape, puzzle: Uint8Array, solution: Uint8Array): void {
  expect(completes(shape.rows, shape.cols, puzzle, solution)).toBe(true);
  expect(dlxSolutions(shape.rows, shape.cols, puzzle)).toBe(1);
}

describe('generatePuzzle: unique and minimal, checked by the DLX oracle', () => {
  it.each([
    [2, 2, 8],
    [2, 3, 6],
    [3, 2, 6],
    [2, 4, 4],
    [3, 3, 5],
  ])('%ix%i: %i minimal puzzles from uniform grids (random fill for 2x4)', (R, C, k) => {
    const shape = boxShape(R, C);
    const rng = xoroshiro128plus(100 * R + C);
    for (let i = 0; i < k; i++) {
      const p = generatePuzzle({ box: shape }, rng);
      expect(p.source).toBe(shape.cols <= 3 ? 'uniform' : 'random-fill');
      expect(p.clues).toBe(clueCount(p.puzzle));
      expect(p.minimal).toBe(true);
      expectUniqueAndSolved(shape, p.puzzle, p.solution);
      expect(minimalByDlx(R, C, p.puzzle)).toBe(true);
    }
  });

  it('9x9 from the random fill: unique and minimal clue by clue', () => {
    const rng = xoroshiro128plus(9);
    const source = gridSource(SHAPE_3X3, 'random-fill');
    for (let i = 0; i < 4; i++) {
      const p = generatePuzzle({ source }, rng);
      expect(p.source).toBe('random-fill');
      expectUniqueAndSolved(SHAPE_3X3, p.puzzle, p.solution);
      expect(minimalByDlx(3, 3, p.puzzle)).toBe(true);
    }
  });

  it('12x12 and 16x16: unique by the DLX; minimal on a sample of clues', () => {
    for (const shape of shapes('3x4 4x4')) {
      const rng = xoroshiro128plus(shape.rows * shape.cols);
      const p = generatePuzzle({ box: shape }, rng);
      expect(p.minimal).toBe(true);
      expectUniqueAndSolved(shape, p.puzzle, p.solution);
      // a sample of 12 clues: each one removed leaves at least two solutions
      const clues = Array.from(p.puzzle.keys()).filter((i) => p.puzzle[i] !== 0);
      for (let k = 0; k < 12; k++) {
        const i = clues[Math.floor((k * clues.length) / 12)];
        const q = Array.from(p.puzzle);
        q[i] = 0;
        expect(dlxSolutions(shape.rows, shape.cols, q)).toBe(2);
      }
    }
  });
});

describe('clue counts, symmetry, grades', () => {
  it('--clues K stops at exactly K clues (with and without symmetry), still unique', () => {
    const rng = xoroshiro128plus(30);
    const source = gridSource(SHAPE_3X3, 'random-fill');
    for (const [clues, symmetry] of [
      [30, 'none'],
      [31, 'rotational'],
      [28, 'diagonal'],
    ] as const) {
      const p = generatePuzzle({ source, clues, symmetry }, rng);
      expect(clueCount(p.puzzle)).toBe(clues);
      expect(p.clues).toBe(clues);
      expectUniqueAndSolved(SHAPE_3X3, p.puzzle, p.solution);
    }
  });

  it.each(CLUE_SYMMETRIES.filter((s) => s !== 'none'))('%s: clues in symmetric pairs, minimal clue by clue', (sym) => {
    for (const shape of [SHAPE_3X3, boxShape(2, 3)]) {
      const rng = xoroshiro128plus(sym.length);
      const p = generatePuzzle({ box: shape, symmetry: sym, source: gridSource(shape, 'random-fill') }, rng);
      const n = shape.n;
      for (let i = 0; i < n * n; i++) {
        const j = mirrorCell(shape, sym, i);
        expect((p.puzzle[i] === 0) === (p.puzzle[j] === 0)).toBe(true);
      }
      // the pattern, checked without the library: half-turn, left-right mirror, main diagonal
      const image = (i: number) => {
        const r = Math.floor(i / n),
          c = i % n;
        return sym === 'rotational' ? (n - 1 - r) * n + (n - 1 - c) : sym === 'mirror' ? r * n + n - 1 - c : c * n + r;
      };
      for (let i = 0; i < n * n; i++) expect(mirrorCell(shape, sym, i)).toBe(image(i));
      expect(p.minimal).toBe(true);
      expectUniqueAndSolved(shape, p.puzzle, p.solution);
      expect(minimalByDlx(shape.rows, shape.cols, p.puzzle)).toBe(true);
    }
  });

  it('clue orbits partition the cells into ones and pairs', () => {
    for (const shape of [SHAPE_3X3, boxShape(2, 3), boxShape(4, 4)]) {
      for (const sym of CLUE_SYMMETRIES) {
        const o = clueOrbits(shape, sym);
        const seen = new Array<number>(shape.n * shape.n).fill(0);
        for (let k = 0; k < o.count; k++) {
          seen[o.first[k]]++;
          if (o.second[k] >= 0) {
            seen[o.second[k]]++;
            expect(mirrorCell(shape, sym, o.first[k])).toBe(o.second[k]);
          } else expect(mirrorCell(shape, sym, o.first[k])).toBe(o.first[k]);
        }
        expect(seen.every((x) => x === 1)).toBe(true);
      }
    }
  });

  it('--difficulty: the grade asked for; only easy ones can fall to an independent singles solver', () => {
    const rng = xoroshiro128plus(4);
    const source = gridSource(SHAPE_3X3, 'random-fill');
    for (const difficulty of ['easy', 'medium', 'hard', 'expert'] as const) {
      for (let i = 0; i < 3; i++) {
        const p = generatePuzzle({ source, difficulty }, rng);
        expect(p.rating.grade).toBe(difficulty);
        expect(puzzleRater(SHAPE_3X3).rate(p.puzzle).grade).toBe(difficulty);
        if (difficulty !== 'easy') expect(singlesSolve(3, 3, p.puzzle).full).toBe(false);
        expectUniqueAndSolved(SHAPE_3X3, p.puzzle, p.solution);
      }
    }
  });

  it('--difficulty as an SE range, and the default: ratings inside it, never search', () => {
    const rng = xoroshiro128plus(6);
    const source = gridSource(SHAPE_3X3, 'random-fill');
    for (let i = 0; i < 3; i++) {
      const p = generatePuzzle({ source, difficulty: { min: 4.0, max: 6.0 } }, rng);
      expect(p.rating.rating).toBeGreaterThanOrEqual(4.0);
      expect(p.rating.rating).toBeLessThanOrEqual(6.0);
      expect(parseDifficulty('4.0-6.0')).toEqual({ min: 4, max: 6 });
    }
    for (let i = 0; i < 8; i++) {
      const p = generatePuzzle({ source }, rng);
      expect(p.rating.needsSearch).toBe(false);
      expect(p.rating.rating).toBeLessThanOrEqual(DEFAULT_MAX_RATING);
    }
    expect(parseDifficulty('6-4')).toBeNull();
    expect(parseDifficulty('fiendish')).toBeNull();
  });
});

describe('bounds and reproducibility', () => {
  it('an unreachable clue count stops after the attempts with a one-line InputError', () => {
    const rng = xoroshiro128plus(1);
    const source = gridSource(SHAPE_3X3, 'random-fill');
    expect(() => generatePuzzle({ source, clues: 12, attempts: 5 }, rng)).toThrow(InputError);
    expect(() => generatePuzzle({ source, clues: 12, attempts: 5 }, rng)).toThrow(
      /^no 3x3 puzzle with 12 clues in 5 attempts \(fewest clues reached: \d+\)/,
    );
    expect(() => generatePuzzle({ clues: 82 }, rng)).toThrow(/clues 82: must be a whole number 0\.\.81/);
    expect(attemptsFor(SHAPE_3X3)).toBe(1000);
    expect(attemptsFor(boxShape(6, 6))).toBe(Math.round(1000 * (81 / 1296) ** 2));
    expect(attemptsFor(boxShape(1, 36))).toBeGreaterThanOrEqual(3);
  });

  it('same seed, same puzzles, however the batch is cut into blocks', () => {
    const base = {
      rules: { rows: 3, cols: 3, variants: [] },
      seed: 77,
      symmetry: 'none',
      grids: 'random-fill',
    } as const;
    const whole = generateBlock({ ...base, first: 0, count: 5 });
    const parts = [
      ...generateBlock({ ...base, first: 0, count: 2 }),
      ...generateBlock({ ...base, first: 2, count: 3 }),
    ];
    const strip = (xs: typeof whole) => xs.map((x) => (x.failure === undefined ? [x.index, Array.from(x.puzzle)] : x));
    expect(strip(parts)).toEqual(strip(whole));
    expect(new Set(whole.map((x) => (x.failure === undefined ? x.puzzle.join('') : ''))).size).toBe(5);
  });

  it('questions asked ahead, answered out of order, give the puzzles of questions asked one at a time', async () => {
    // makeAhead asks up to `ahead` removal questions at once of the puzzle as it stands; here the answers come
    // back after a random number of event-loop turns, so later questions often finish first and "unique"
    // answers go stale when an earlier removal is accepted. The puzzles must be make()'s all the same.
    const turns = xoroshiro128plus(5);
    const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
    let reasked = 0;
    let attempts = 0;
    let runs = 0;
    // 14 runs (were 28: 2.2 s, the file's largest): each kind of run (plain, both symmetries, a clue count, 16×16)
    // is still here, with restarts (attempts > runs) and stale answers (reasked > 0) among them
    for (const [R, C, options, seeds] of [
      [3, 3, {}, 3],
      [3, 3, { symmetry: 'rotational' }, 6],
      [3, 3, { symmetry: 'mirror' }, 2],
      [3, 3, { clues: 30 }, 2],
      [4, 4, {}, 1],
    ] as const) {
      const shape = boxShape(R, C);
      const source = gridSource(shape, 'random-fill');
      const answerer = new PuzzleMaker(shape);
      const maker = new PuzzleMaker(shape);
      for (let seed = 0; seed < seeds; seed++) {
        const seen = new Set<string>();
        const ask = async (q: { puzzle: Uint8Array; solution: Uint8Array; a: number; b: number; seed: number }) => {
          const unique = answerer.uniqueWithout(q.puzzle, q.solution, q.a, q.b, q.seed);
          if (seen.has(`${q.a} ${q.b}`)) reasked++; // asked again: its "unique" went stale
          seen.add(`${q.a} ${q.b}`);
          for (let k = (turns.next() >>> 0) % 6; k > 0; k--) await tick();
          return { unique, counterCalls: 0 };
        };
        const one = maker.make({ ...options, source }, xoroshiro128plus(seed));
        const ahead = await maker.makeAhead({ ...options, source }, xoroshiro128plus(seed), ask, 4);
        expect(Array.from(ahead.puzzle)).toEqual(Array.from(one.puzzle));
        expect([ahead.clues, ahead.minimal, ahead.attempts, ahead.checks]).toEqual([
          one.clues,
          one.minimal,
          one.attempts,
          one.checks,
        ]);
        attempts += one.attempts;
        runs++;
      }
    }
    expect(reasked).toBeGreaterThan(0);
    expect(attempts).toBeGreaterThan(runs); // some symmetric passes were not minimal clue by clue: a new grid
  });

  it('the random fill gives valid grids for any shape, 1x5 Latin squares to 6x6 boxes', () => {
    for (const shape of shapes('1x5 2x5 5x4 6x6')) {
      const g = gridSource(shape, 'random-fill').sample(xoroshiro128plus(shape.rows + shape.cols));
      expect(completes(shape.rows, shape.cols, new Uint8Array(g.length), g)).toBe(true);
    }
  });
});
