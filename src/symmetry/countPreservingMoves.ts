import type { BoxShape } from '../grid/shape.js';

/**
 * Moves that are not symmetries of a band but keep every column's digit set, and so keep the band a band
 * and keep its number of completions (which depends on the column sets alone):
 *
 *   pair swap (2 rows × 2 columns)          rows r₁, r₂ hold {a, b} in columns c₁, c₂:   a b      b a
 *                                                                                        b a  →   a b
 *   row rectangle (2 rows × k columns)      rows r₁, r₂ hold the same k digits in k columns: swap the two
 *                                           rows inside those columns (k = 2 is the pair swap)
 *   column exchange (R rows × 2 columns)    two columns hold the same digit set: exchange them whole
 *
 * Rows keep their digits, columns keep their sets, so boxes keep theirs. Swapping rows r₁, r₂ in k columns
 * is a row swap (a symmetry) followed by the swap in the other n−k columns, so k ≤ ⌊n/2⌋ covers them all.
 */
export type MoveKind = 'pair-swap' | 'row-rectangle' | 'column-exchange';

/**
 * Call `visit` with every band one move of the given kinds away from `band` (a buffer reused between
 * calls; copy it to keep it). Row rectangles are those with 3 ≤ k ≤ ⌊n/2⌋ columns. Returns the number of moves.
 */
export function forEachMove(
  shape: BoxShape,
  band: ArrayLike<number>,
  kinds: readonly MoveKind[],
  visit: (moved: Uint8Array) => void,
): number {
  const { rows: R, n } = shape;
  const size = R * n;
  const out = new Uint8Array(size);
  const cols: number[] = [];
  let moves = 0;
  const reset = () => {
    for (let i = 0; i < size; i++) out[i] = band[i];
  };
  const rowSizes: number[] = [];
  if (kinds.includes('pair-swap')) rowSizes.push(2);
  if (kinds.includes('row-rectangle')) for (let k = 3; k <= Math.floor(n / 2); k++) rowSizes.push(k);
  for (const k of rowSizes) {
    for (let r1 = 0; r1 < R; r1++) {
      for (let r2 = r1 + 1; r2 < R; r2++) {
        const pick = (start: number, m1: number, m2: number): void => {
          if (cols.length === k) {
            if (m1 !== m2) return;
            reset();
            for (const c of cols) {
              out[r1 * n + c] = band[r2 * n + c];
              out[r2 * n + c] = band[r1 * n + c];
            }
            moves++;
            visit(out);
            return;
          }
          for (let c = start; c <= n - (k - cols.length); c++) {
            cols.push(c);
            pick(c + 1, m1 | (1 << band[r1 * n + c]), m2 | (1 << band[r2 * n + c]));
            cols.pop();
          }
        };
        pick(0, 0, 0);
      }
    }
  }
  if (kinds.includes('column-exchange')) {
    for (let c1 = 0; c1 < n; c1++) {
      for (let c2 = c1 + 1; c2 < n; c2++) {
        let m1 = 0,
          m2 = 0;
        for (let r = 0; r < R; r++) {
          m1 |= 1 << band[r * n + c1];
          m2 |= 1 << band[r * n + c2];
        }
        if (m1 !== m2) continue;
        reset();
        for (let r = 0; r < R; r++) {
          out[r * n + c1] = band[r * n + c2];
          out[r * n + c2] = band[r * n + c1];
        }
        moves++;
        visit(out);
      }
    }
  }
  return moves;
}
