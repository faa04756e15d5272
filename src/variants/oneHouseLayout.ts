import type { Rules } from '../grid/rules.js';

/**
 * Where the one extra house of a 9×9 variant lies, when it fits the band-pair route (docs/variant-counts.md,
 * "The band-pair route"): rows, columns and boxes plus exactly one extra house and no pair, with three of the
 * house's cells in each band and, inside a band, one in each stack. Centre dots, asterisk and girandola fit.
 *
 *   top                the house's three cells in band 1 (cell numbers 0..26)
 *   bands[0], bands[1] the house in band 2 (middle) and band 3 (bottom), by stack k = 0, 1, 2:
 *                      rows[k] the cell's row inside its band (0..2), cols[k] its column (3k..3k+2)
 *
 * Taken from the rules object (its houses), never listed per variant.
 */
export interface HouseInBand {
  readonly rows: readonly [number, number, number];
  readonly cols: readonly [number, number, number];
}

export interface OneHouseLayout {
  readonly top: readonly [number, number, number];
  readonly bands: readonly [HouseInBand, HouseInBand];
}

export function oneHouseLayout(rules: Rules): OneHouseLayout | null {
  const { shape, n } = rules;
  if (shape.rows !== 3 || shape.cols !== 3 || rules.pairCount !== 0) return null;
  if (rules.variants.includes('jigsaw') || rules.houseCount !== 3 * n + 1) return null;
  const cells = Array.from(rules.houses.subarray(3 * n * n, 3 * n * n + n));
  const byBand: number[][] = [[], [], []];
  for (const c of cells) byBand[Math.floor(c / 27)].push(c);
  if (byBand.some((b) => b.length !== 3)) return null;
  const inBand = (band: number[], b: number): HouseInBand | null => {
    const rows = [0, 0, 0];
    const cols = [0, 0, 0];
    const seen = [false, false, false];
    for (const c of band) {
      const k = Math.floor((c % 9) / 3);
      if (seen[k]) return null;
      seen[k] = true;
      rows[k] = Math.floor(c / 9) - 3 * b;
      cols[k] = c % 9;
    }
    return { rows: [rows[0], rows[1], rows[2]], cols: [cols[0], cols[1], cols[2]] };
  };
  const mid = inBand(byBand[1], 1);
  const bot = inBand(byBand[2], 2);
  if (!mid || !bot || !inBand(byBand[0], 0)) return null;
  return { top: [byBand[0][0], byBand[0][1], byBand[0][2]], bands: [mid, bot] };
}
