import type { BoxShape } from '../grid/shape.js';

/**
 * Clue symmetries: the generator removes clues an orbit at a time, so the clue pattern keeps the symmetry.
 *   none        every cell alone
 *   rotational  (r, c) with (n−1−r, n−1−c): half-turn about the centre
 *   mirror      (r, c) with (r, n−1−c): left-right reflection
 *   diagonal    (r, c) with (c, r): reflection in the main diagonal
 * Each is an involution on cells, so orbits have one or two cells. They constrain where clues are, not which
 * digits: any box shape takes any of them.
 */
export type ClueSymmetry = 'none' | 'rotational' | 'mirror' | 'diagonal';
export const CLUE_SYMMETRIES: readonly ClueSymmetry[] = ['none', 'rotational', 'mirror', 'diagonal'];

export function isClueSymmetry(x: string): x is ClueSymmetry {
  return (CLUE_SYMMETRIES as readonly string[]).includes(x);
}

/** The image of cell i under the symmetry. */
export function mirrorCell(shape: BoxShape, symmetry: ClueSymmetry, i: number): number {
  const n = shape.n;
  const r = Math.floor(i / n),
    c = i % n;
  switch (symmetry) {
    case 'none':
      return i;
    case 'rotational':
      return n * n - 1 - i;
    case 'mirror':
      return r * n + (n - 1 - c);
    case 'diagonal':
      return c * n + r;
  }
}

/**
 * The orbits of the cells, each its smallest cell first: `first[k]` and `second[k]` (−1 for a one-cell orbit),
 * k = 0..count−1 in increasing order of the first cell.
 */
export interface ClueOrbits {
  readonly count: number;
  readonly first: Int32Array;
  readonly second: Int32Array;
}

export function clueOrbits(shape: BoxShape, symmetry: ClueSymmetry): ClueOrbits {
  const N = shape.n * shape.n;
  const first = new Int32Array(N);
  const second = new Int32Array(N);
  let count = 0;
  for (let i = 0; i < N; i++) {
    const j = mirrorCell(shape, symmetry, i);
    if (j < i) continue;
    first[count] = i;
    second[count++] = j === i ? -1 : j;
  }
  return { count, first: first.slice(0, count), second: second.slice(0, count) };
}

/**
 * Why no clue pattern with this symmetry has `clues` clues, or null when one can: the generator removes whole
 * orbits (one or two cells), so with no one-cell orbit (the half-turn or the left-right mirror of an even-sided
 * grid: no centre cell, no middle column) every pattern has an even number of clues.
 */
export function clueCountProblem(shape: BoxShape, symmetry: ClueSymmetry, clues: number): string | null {
  const { first, second, count } = clueOrbits(shape, symmetry);
  let single = 0;
  for (let k = 0; k < count; k++) if (second[k] < 0 && first[k] >= 0) single++;
  if (single > 0 || clues % 2 === 0) return null;
  const why =
    symmetry === 'rotational'
      ? `the half-turn pairs every cell of a ${shape.name} grid (side ${shape.n}, even: no centre cell) with another`
      : `the left-right mirror pairs every cell of a ${shape.name} grid (side ${shape.n}, even: no middle column) ` +
        'with another';
  return `${clues} clues with ${symmetry} symmetry cannot exist: ${why}, so the clue count is even`;
}
