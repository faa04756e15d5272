import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHAPE_3X3 } from '../../../src/grid/shape.js';
import { puzzleCounter } from '../../../src/solve/countSolutions.js';

/** The Sudoku Explainer sample (test/fixtures/puzzles/SOURCES.md): copied by hand, so every line is checked. */
const rows = readFileSync(join(__dirname, '../../fixtures/puzzles/sudoku-exchange-se.txt'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [sha1, puzzle, se] = line.trim().split(/\s+/);
    return { sha1, puzzle, se: Number(se) };
  });

describe('the SE sample', () => {
  it('holds 205 puzzles, each line led by the first 12 hex digits of the SHA-1 of its digits', () => {
    expect(rows).toHaveLength(205);
    for (const r of rows) {
      expect(r.puzzle).toMatch(/^[0-9]{81}$/);
      expect(createHash('sha1').update(r.puzzle).digest('hex').slice(0, 12)).toBe(r.sha1);
      expect(r.se).toBeGreaterThanOrEqual(1);
      expect(r.se).toBeLessThanOrEqual(12);
    }
  });

  it('has one solution per puzzle', () => {
    for (const r of rows) expect(puzzleCounter(SHAPE_3X3).count([...r.puzzle].map(Number), 2).count).toBe(1);
  });
});
