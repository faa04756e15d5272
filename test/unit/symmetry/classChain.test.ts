import { describe, expect, it } from 'vitest';
import { chainTable } from '../../../src/count/chainTable.js';
import { parseBand } from '../../../src/grid/digits.js';
import { boxShape } from '../../../src/grid/shape.js';
import { forEachMove } from '../../../src/symmetry/countPreservingMoves.js';
import { rng } from '../../helpers/naive.js';
import { dlxCount } from '../../helpers/dlx.js';

/** The 3×3 chain on two workers, made once for the two tests that read it. */
let chain3x3: ReturnType<typeof chainTable> | null = null;
const chain = () => (chain3x3 ??= chainTable({ box: '3x3', workers: 2 }));

describe('the Felgenhauer–Jarvis chain', () => {
  it('3x3: 416 → 174 → 71 → 44, every join keeps n_C, Σ m_C and Σ m_C·n_C the same at every level', async () => {
    const t = await chain();
    expect(t.levels.map((l) => l.count)).toEqual([416, 174, 71, 44]);
    for (const l of t.levels) {
      expect(l.mismatches).toBe(0);
      expect(l.sum).toBe(18_383_222_420_692_992n);
      expect(l.classes.reduce((a, c) => a + c.bands, 0)).toBe(2_612_736);
    }
    expect(t.levels.slice(1).every((l) => l.joins > 0)).toBe(true);
    expect(t.distinctCompletions).toBe(44);
    expect(t.distinctMatchColumnSets).toBe(true);
    expect(t.verified).toBe(true);
    // levels nest: members of each class partition the level before, and `next` points back
    for (let i = 1; i < t.levels.length; i++) {
      const prev = t.levels[i - 1],
        cur = t.levels[i];
      const seen = cur.classes.flatMap((c) => c.members).sort((a, b) => a - b);
      expect(seen).toEqual(prev.classes.map((c) => c.id));
      for (const c of cur.classes) for (const m of c.members) expect(prev.classes[m].next).toBe(c.id);
      for (const c of cur.classes) expect(c.bands).toBe(c.members.reduce((a, m) => a + prev.classes[m].bands, 0));
    }
  });

  it.each([
    ['2x2', [2, 2, 2, 2]],
    ['2x3', [3, 3, 3, 3]],
    ['3x2', [11, 8, 4, 4]],
  ] as const)(
    '%s: levels %j, and the DLX, counting every class from scratch, agrees with n_C at every level',
    async (box, counts) => {
      const s = boxShape(Number(box[0]), Number(box[2]));
      const t = await chainTable({ box, workers: 1 });
      expect(t.levels.map((l) => l.count)).toEqual(counts);
      expect(t.verified).toBe(true);
      for (const l of t.levels) {
        for (const c of l.classes) {
          const top = c.band.replace(/\|/g, '');
          expect(dlxCount(top + '.'.repeat(s.n * s.n - top.length), { box: s }).count).toBe(c.completions);
        }
      }
    },
  );

  it(
    '3x3: for sampled moves at each level, the DLX counts the same completions on both sides of the move ' +
      '(fixed seed)',
    async () => {
      // A move keeps every column's digit set, so a band and its moved band accept exactly the same middle bands.
      // With the same row 4 and the first 6 cells of row 5 fixed under both, the exact-cover counter (which shares
      // nothing with the band method) must find the same number of completions.
      const s = boxShape(3, 3);
      const t = await chain();
      const rand = rng(44);
      for (const kinds of [['pair-swap'], ['row-rectangle'], ['column-exchange']] as const) {
        const moved: Uint8Array[] = [];
        const origin: Uint8Array[] = [];
        for (const c of t.levels[0].classes) {
          const band = parseBand(s, c.band);
          forEachMove(s, band, kinds, (m) => {
            moved.push(m.slice());
            origin.push(band);
          });
        }
        expect(moved.length).toBeGreaterThan(0);
        for (let k = 0; k < 3; k++) {
          const i = Math.floor(rand() * moved.length);
          const a = origin[i],
            b = moved[i];
          const prefix = middlePrefix(a, rand);
          const ca = dlxCount(Array.from(a).join('') + prefix + '.'.repeat(54 - prefix.length)).count;
          const cb = dlxCount(Array.from(b).join('') + prefix + '.'.repeat(54 - prefix.length)).count;
          expect(cb).toBe(ca);
          expect(ca).toBeGreaterThan(0);
        }
      }
    },
  );
});

/**
 * Row 4 and the first 6 cells of row 5: random, legal under the band's columns, with at least one completion (about
 * 3,000 completions for the DLX to count one by one; 3 cells of row 5 left ~17,000).
 */
function middlePrefix(band: Uint8Array, rand: () => number): string {
  for (;;) {
    const row4: number[] = [];
    const used = new Set<number>();
    let ok = true;
    for (let c = 0; c < 9 && ok; c++) {
      const opts: number[] = [];
      for (let d = 1; d <= 9; d++)
        if (!used.has(d) && band[c] !== d && band[9 + c] !== d && band[18 + c] !== d) opts.push(d);
      if (!opts.length) ok = false;
      else {
        const d = opts[Math.floor(rand() * opts.length)];
        row4.push(d);
        used.add(d);
      }
    }
    if (!ok) continue;
    const row5: number[] = [];
    const used5 = new Set<number>();
    for (let c = 0; c < 6 && ok; c++) {
      const box = row4.slice(c - (c % 3), c - (c % 3) + 3);
      const opts: number[] = [];
      for (let d = 1; d <= 9; d++) {
        if (used5.has(d) || box.includes(d) || band[c] === d || band[9 + c] === d || band[18 + c] === d) continue;
        opts.push(d);
      }
      if (!opts.length) ok = false;
      else {
        const d = opts[Math.floor(rand() * opts.length)];
        row5.push(d);
        used5.add(d);
      }
    }
    if (!ok) continue;
    const grid = Array.from(band).join('') + row4.join('') + row5.join('') + '.'.repeat(39);
    if (dlxCount(grid, { limit: 1 }).count > 0) return row4.join('') + row5.join('');
  }
}
