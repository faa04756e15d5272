import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUZZLES } from '../../helpers/paths.js';
import {
  countSolutions,
  formatGrid,
  generate,
  generatePuzzle,
  InputError,
  ratePuzzle,
  seededGenerator,
} from '../../../src/index.js';

describe('generate: puzzles as strings, beside the streaming generatePuzzles (the one generator)', () => {
  it('returns count puzzles with their solution and grade, each the puzzle of seededGenerator(seed, i)', async () => {
    const made = await generate({ box: '2x3', count: 3, seed: 5 });
    expect(made).toHaveLength(3);
    for (const [i, p] of made.entries()) {
      expect(p.puzzle).toMatch(/^[.1-6]{36}$/);
      const counted = countSolutions(p.puzzle, { box: '2x3', limit: 2 });
      expect(counted.count).toBe(1);
      expect(formatGrid('2x3', counted.solution!)).toBe(p.solution);
      const rated = ratePuzzle(p.puzzle, { box: '2x3' });
      expect([p.grade, p.rating]).toEqual([rated.grade, rated.rating]);
      expect(p.clues).toBe(p.puzzle.replace(/\./g, '').length);
      const one = generatePuzzle({ box: '2x3' }, seededGenerator(5, i));
      expect(formatGrid('2x3', one.puzzle)).toBe(p.puzzle);
    }
    expect(new Set(made.map((p) => p.puzzle)).size).toBe(3);
  });

  it('ratePuzzles: the same ratings with 1 and 2 workers, a small batch cut into blocks for both', async () => {
    const { ratePuzzles } = await import('../../../src/puzzle/generatePuzzles.js');
    const some = readFileSync(join(PUZZLES, 'royle17.txt'), 'utf8').trim().split('\n').slice(0, 100);
    const digits = Uint8Array.from(some.join(''), (ch) => Number(ch));
    const rated = async (workers: number) => {
      const blocks: number[][] = [];
      for await (const block of ratePuzzles({ puzzles: digits, workers })) blocks.push(block.map((r) => r.rating));
      return blocks;
    };
    const one = await rated(1);
    const two = await rated(2);
    expect(two.flat()).toEqual(one.flat());
    expect(one.flat()).toEqual(some.map((p) => ratePuzzle(p).rating));
    // 100 puzzles, four blocks a worker (at least 16 puzzles a block): 4 × 25 on one, 7 (16 … 4) on two
    expect(one.map((b) => b.length)).toEqual([25, 25, 25, 25]);
    expect(two.map((b) => b.length)).toEqual([16, 16, 16, 16, 16, 16, 4]);
  });

  it('count defaults to 1; the same seed gives the same puzzles', async () => {
    const [a] = await generate({ box: '2x2', seed: 9 });
    const b = await generate({ box: '2x2', seed: 9, count: 2 });
    expect(b[0]).toEqual(a);
  });

  it('two runs at once in one process give the puzzles of their seeds (5x5: the maker that asks ahead)', async () => {
    // 5×5 puzzles are made one at a time with their questions asked ahead (awaits between steps): two runs sharing
    // one maker's scratch space gave other puzzles than one run after the other (found by in-process CLI tests)
    const options = { box: '5x5', seed: 3, count: 2, clues: 330, workers: 1 };
    const alone = await generate(options);
    const [a, b] = await Promise.all([generate(options), generate(options)]);
    expect(a).toEqual(alone);
    expect(b).toEqual(alone);
  });

  it('a puzzle that cannot be made, and a bad seed, are one-line InputErrors', async () => {
    await expect(generate({ box: '2x2', seed: 1, difficulty: 'expert', attempts: 2 })).rejects.toThrow(
      /^puzzle 1 \(seed 1\): /,
    );
    await expect(generate({ box: '2x2', seed: -1 })).rejects.toThrow(InputError);
    expect(() => seededGenerator(2 ** 32)).toThrow('seed 4294967296: must be a whole number 0..4294967295');
    expect(() => seededGenerator(1, 1.5)).toThrow(InputError);
  });
});
