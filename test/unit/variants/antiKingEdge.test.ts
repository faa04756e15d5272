import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { antiKingEdgeLayout } from '../../../src/variants/antiKingEdgeLayout.js';
import { fillAntiKingEdgeTable } from '../../../src/variants/antiKingEdgeTable.js';
import { antiKingMiddleBands } from '../../../src/variants/antiKingMiddleBands.js';
import {
  antiKingJoinExact,
  antiKingMiddleJoin,
  antiKingStackOptions,
} from '../../../src/variants/antiKingMiddleJoin.js';
import { antiKingTopBandCompletions } from '../../../src/variants/antiKingTopBand.js';
import { parseRules } from '../../../src/grid/rules.js';
import { boxShape } from '../../../src/grid/shape.js';
import { countVariantGrids } from '../../../src/variants/countVariantGrids.js';
import { countAntiKingEdge } from '../../../src/variants/countAntiKingEdge.js';
import { rulesExactCover } from '../../../src/variants/rulesExactCover.js';

// The anti-king edge-table route (docs/variant-counts.md, "9×9 anti-king: the edge table") on the other box shape
// with three bands, 2×3 (bands of 2 rows, 2 stacks), against the committed class table, the top-block route and the
// exact-cover engine; and the 9×9 layout's sizes. The 9×9 total's checks are the benchmark's
// (bench-variant-count.mjs --anti-king).

const R = 2;
const n = 6;
const layout = antiKingEdgeLayout(R);
const table = new Uint16Array(layout.M ** R);
const filled = fillAntiKingEdgeTable(layout, table, 0, 1);
const middle = antiKingMiddleBands(R);
const L = R * n;
const rules = parseRules(boxShape(2, 3), 'anti-king');

describe('anti-king edge-table route, 2x3', () => {
  it('the whole count equals the committed class table and the top-block route', () => {
    expect(antiKingJoinExact(R, filled.max)).toBe(true);
    let sum = 0n;
    for (let i = 0; i < middle.weights.length; i++)
      sum +=
        BigInt(middle.weights[i]) * BigInt(antiKingMiddleJoin(layout, table, middle.bands.subarray(i * L, i * L + L)));
    const committed = JSON.parse(readFileSync('data/variant-classes-2x3+anti-king.json', 'utf8')) as {
      totalWithFixedRow: number;
      total: number;
    };
    expect(sum).toBe(BigInt(committed.totalWithFixedRow));
    expect(sum * 720n).toBe(BigInt(committed.total));
    expect(sum * 720n).toBe(countVariantGrids({ box: '2x3', variant: 'anti-king' }).total);
  });

  it('n(B) of each middle-band class equals the exact-cover count with B given; orbit sizes sum to the bands', () => {
    let weights = 0;
    for (let i = 0; i < middle.weights.length; i++) {
      const band = middle.bands.subarray(i * L, i * L + L);
      const cells = new Uint8Array(n * n);
      cells.set(band, R * n); // rows 3–4: the middle band
      expect(antiKingMiddleJoin(layout, table, band)).toBe(rulesExactCover(rules, cells).count);
      weights += middle.weights[i];
    }
    expect(weights).toBe(middle.all);
    expect(middle.weights.length).toBeLessThan(middle.all); // the 4 moves do merge bands
  });

  it('the top-band route through U gives each committed n_C', () => {
    const committed = JSON.parse(readFileSync('data/variant-classes-2x3+anti-king.json', 'utf8')) as {
      classes: Array<{ block: string; completions: number }>;
    };
    for (const c of committed.classes) {
      const top = Uint8Array.from(c.block.replace('/', ''), (ch) => Number(ch));
      expect(antiKingTopBandCompletions(layout, table, top)).toBe(c.completions);
    }
  });

  it('the edge table does not depend on how it is shared out', () => {
    const parts = new Uint16Array(table.length);
    let bands = 0;
    for (let s = 0; s < 3; s++) bands += fillAntiKingEdgeTable(layout, parts, s, 3).bands;
    expect(bands).toBe(filled.bands);
    expect(parts).toEqual(table);
  });
});

describe('anti-king edge layout, 9x9', () => {
  it('has 540 edge parts a stack and 56 column-set options a stack', () => {
    // 1680 ordered partitions of 1..9 into 3-sets, less those with a column holding its own digit:
    // 1680 − 3·560 + 3·210 − 90 = 540
    expect(antiKingEdgeLayout(3).M).toBe(540);
    expect(antiKingStackOptions(3)).toBe(56);
    expect(antiKingStackOptions(2)).toBe(10);
  });
});

describe('countAntiKingEdge (the pooled route) on 2x3', () => {
  it('gives the total, and resumes from finished classes to the same total', async () => {
    const first = await countAntiKingEdge(rules, { workers: 1 });
    expect(first.total).toBe(74_160n);
    expect(first.route).toBe('edge-table');
    const half = first.classRows
      .slice(0, first.classes >> 1)
      .map((r) => ({ id: r.id, block: r.block, completions: Number(r.completions) }));
    const done: number[] = [];
    // with the middle-band classes found by the caller (a checkpoint's class list): the same classes, not found again
    const again = await countAntiKingEdge(rules, {
      workers: 1,
      resume: half,
      foundMiddle: antiKingMiddleBands(2),
      onClassDone: (r) => done.push(r.id),
    });
    expect(again.total).toBe(74_160n);
    expect(again.classRows).toEqual(first.classRows);
    expect(done.length).toBe(first.classes - half.length);
    await expect(
      countAntiKingEdge(rules, { workers: 1, resume: [{ ...half[0], block: '123456/000000' }] }),
    ).rejects.toThrow(/checkpoint: class 0 is band 123456\/000000 there but not here/);
  });
});
