import { dlxCount } from './dlx.js';
import { isValidGrid } from './naive.js';

/**
 * Independent checks for generated and rated puzzles, sharing no code with src/puzzle or src/solve: a small
 * singles solver, a completion check, and uniqueness and minimality by the DLX oracle.
 */

/** Units of an R×C-box grid as lists of cells: rows, columns, boxes. */
export function units(R: number, C: number): number[][] {
  const n = R * C;
  const out: number[][] = [];
  for (let a = 0; a < n; a++) {
    const row: number[] = [],
      col: number[] = [],
      box: number[] = [];
    for (let k = 0; k < n; k++) {
      row.push(a * n + k);
      col.push(k * n + a);
      box.push((Math.floor(a / R) * R + Math.floor(k / C)) * n + (a % R) * C + (k % C));
    }
    out.push(row, col, box);
  }
  return out;
}

/**
 * Fill what naked and hidden singles force, nothing else (no candidates beyond "not in a peer's row, column or
 * box"). Returns the grid reached and whether it is full.
 */
export function singlesSolve(R: number, C: number, puzzle: ArrayLike<number>): { grid: number[]; full: boolean } {
  const n = R * C;
  const g = Array.from(puzzle);
  const us = units(R, C);
  const unitsOf: number[][] = Array.from({ length: n * n }, () => []);
  us.forEach((u, k) => u.forEach((c) => unitsOf[c].push(k)));
  const possible = (c: number, d: number) => g[c] === 0 && unitsOf[c].every((k) => us[k].every((x) => g[x] !== d));
  for (let changed = true; changed;) {
    changed = false;
    for (let c = 0; c < n * n; c++) {
      if (g[c] !== 0) continue;
      const ds: number[] = [];
      for (let d = 1; d <= n; d++) if (possible(c, d)) ds.push(d);
      if (ds.length === 1) {
        g[c] = ds[0];
        changed = true;
      }
    }
    for (const u of us) {
      for (let d = 1; d <= n; d++) {
        if (u.some((c) => g[c] === d)) continue;
        const places = u.filter((c) => possible(c, d));
        if (places.length === 1) {
          g[places[0]] = d;
          changed = true;
        }
      }
    }
  }
  return { grid: g, full: g.every((d) => d !== 0) };
}

/** Is `solution` a valid full grid that keeps every given of `puzzle`? */
export function completes(R: number, C: number, puzzle: ArrayLike<number>, solution: ArrayLike<number>): boolean {
  const n = R * C;
  for (let i = 0; i < n * n; i++) if (puzzle[i] !== 0 && puzzle[i] !== solution[i]) return false;
  return isValidGrid({ rows: R, cols: C, n }, solution);
}

/** Solutions by the DLX oracle, up to 2. */
export function dlxSolutions(R: number, C: number, puzzle: ArrayLike<number>): number {
  return dlxCount(puzzle, { box: `${R}x${C}`, limit: 2 }).count;
}

/** Minimal clue by clue: removing any one clue leaves more than one solution (by the DLX oracle). */
export function minimalByDlx(R: number, C: number, puzzle: ArrayLike<number>): boolean {
  const p = Array.from(puzzle);
  for (let i = 0; i < p.length; i++) {
    if (p[i] === 0) continue;
    const d = p[i];
    p[i] = 0;
    const k = dlxSolutions(R, C, p);
    p[i] = d;
    if (k < 2) return false;
  }
  return true;
}

/** The puzzles of a fixture file (one per line, text before any ':'), as arrays of 81 digits. */
export function puzzleLines(text: string): number[][] {
  return text
    .split('\n')
    .map((l) => l.split(':')[0].trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => [...l].map((ch) => (ch === '.' ? 0 : Number(ch))));
}
