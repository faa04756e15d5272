import { describe, expect, it } from 'vitest';
import { parseRules } from '../../../src/grid/rules.js';
import { SHAPE_3X3 } from '../../../src/grid/shape.js';
import { oneHouseLayout } from '../../../src/variants/oneHouseLayout.js';
import { houseCounter } from '../../../src/variants/houseCompletionsTask.js';
import { houseKeyClasses } from '../../../src/variants/houseKeyClasses.js';
import { completionsCounter } from '../../../src/variants/variantCompletionsTask.js';
import type { TopBlockClasses } from '../../../src/variants/variantTopBlocks.js';

/**
 * The band-pair route of the 9×9 one-house variants (docs/variant-counts.md): the layout read from the rules, and
 * n(b₁) by the house column-set sum against the solver's engine (the variant core, which finds the completions one
 * by one and shares no code with the sum), also through the column-set keys. The other variants' classes, and
 * centre dots and girandola against the solver, are in the benchmark (`npm run bench -- variant-count --band-pair …`):
 * their bands have 10⁷–10⁸ completions, seconds each for the solver.
 */
const bandOf = (text: string): Uint8Array => Uint8Array.from(text.replaceAll('/', ''), Number);

function needs(band: ArrayLike<number>, top: readonly number[]): { S: Int32Array; Q: number } {
  const S = new Int32Array(9);
  for (let c = 0; c < 9; c++)
    S[c] = 0x1ff & ~((1 << (band[c] - 1)) | (1 << (band[9 + c] - 1)) | (1 << (band[18 + c] - 1)));
  let E = 0;
  for (const c of top) E |= 1 << (band[c] - 1);
  return { S, Q: 0x1ff & ~E };
}

describe('oneHouseLayout', () => {
  it('reads the house of centre dots, asterisk and girandola from the rules: three cells a band, one a stack', () => {
    expect(oneHouseLayout(parseRules(SHAPE_3X3, 'centre-dot'))).toEqual({
      top: [10, 13, 16],
      bands: [
        { rows: [1, 1, 1], cols: [1, 4, 7] },
        { rows: [1, 1, 1], cols: [1, 4, 7] },
      ],
    });
    expect(oneHouseLayout(parseRules(SHAPE_3X3, 'asterisk'))).toEqual({
      top: [13, 20, 24],
      bands: [
        { rows: [1, 1, 1], cols: [1, 4, 7] },
        { rows: [0, 1, 0], cols: [2, 4, 6] },
      ],
    });
    expect(oneHouseLayout(parseRules(SHAPE_3X3, 'girandola'))?.bands[1]).toEqual({ rows: [2, 1, 2], cols: [0, 4, 8] });
  });

  it.each(['', 'x', 'windoku', 'anti-king', 'x,centre-dot', 'centre-dot,anti-knight'])('%j does not fit', (v) => {
    expect(oneHouseLayout(parseRules(SHAPE_3X3, v))).toBeNull();
  });
});

describe('houseBandCompletions (asterisk)', () => {
  const rules = parseRules(SHAPE_3X3, 'asterisk');
  const layout = oneHouseLayout(rules)!;
  // a band with few completions (found by the sum; the solver takes seconds for it)
  const band = bandOf('123456789/456798231/987123654');

  it('n(b₁) equals the solver count, from the band and from its column-set key', () => {
    const sum = houseCounter(rules);
    const { S, Q } = needs(band, layout.top);
    const n = sum.completions(S, Q);
    const givens = new Uint8Array(81);
    givens.set(band);
    expect(n).toBe(completionsCounter(rules).count(givens).count);
    expect(n).toBe(5_480_180);

    // the same band renamed (σ: d → 10 − d), column-reversed (a column move of asterisk's lower bands) and with its
    // rows 2, 3 swapped and columns 1, 3 swapped (both keep the column sets): one key; another band: another key
    const reversed = Uint8Array.from({ length: 27 }, (_, i) => 10 - band[i - (i % 9) + 8 - (i % 9)]);
    const swapped = Uint8Array.from(band);
    swapped.set(band.subarray(18, 27), 9);
    swapped.set(band.subarray(9, 18), 18);
    const other = bandOf('123456789/456789123/789123456');
    const blocks = [band, reversed, swapped, other];
    const top: TopBlockClasses = {
      k: 3,
      blocks: 4,
      stabilizerOrder: 1,
      representatives: Uint8Array.from(blocks.flatMap((b) => Array.from(b))),
      sizes: Int32Array.of(1, 1, 1, 1),
    };
    const keys = houseKeyClasses(layout, top);
    expect(keys.columnMoves).toBe(4);
    // swapping rows 2 and 3 moves the band-1 house cells (row 3 ↔ row 2), so E₁ changes: another key
    const e = (b: Uint8Array) => needs(b, layout.top).Q;
    expect(Array.from(keys.keyOf.subarray(0, 2))).toEqual([0, 0]);
    expect(keys.keyOf[3]).not.toBe(0);
    const k = keys.keyOf[2];
    expect(k === 0).toBe(e(swapped) === e(band));
    expect(sum.completions(keys.keys.subarray(0, 9), keys.keys[9])).toBe(n);
  });
});
