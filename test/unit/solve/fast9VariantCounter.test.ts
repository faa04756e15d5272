import { describe, expect, it } from 'vitest';
import { parseRules, VARIANTS as ALL_VARIANTS, type Rules } from '../../../src/grid/rules.js';
import { SHAPE_3X3 } from '../../../src/grid/shape.js';
import { engineFor } from '../../../src/solve/countSolutions.js';
import { Fast9VariantCounter } from '../../../src/solve/fast9/fast9VariantCounter.js';
import type { SearchGuide } from '../../../src/solve/puzzleCounter.js';
import { VariantCounter9 } from '../../../src/solve/variantCounter9.js';
import { rng as seeded } from '../../helpers/naive.js'; // mulberry32: every run draws the same grids

/**
 * The 9×9 variant search on the WebAssembly core (Fast9VariantCounter) against its TypeScript twin
 * (VariantCounter9): the same counts, first solutions and branch counts at every limit, with and without guides.
 * Both are checked against the exact-cover oracle in engines.property.test.ts.
 */
/** Every single variant but jigsaw (a layout of its own), and three pairs. */
const VARIANTS = [
  ...ALL_VARIANTS.filter((v) => v !== 'jigsaw'),
  'x,windoku',
  'x,anti-knight',
  'windoku,disjoint-groups',
];

type Counter = { count: VariantCounter9['count'] };

function run(c: Counter, g: ArrayLike<number>, limit: number, guide?: SearchGuide) {
  const s = new Uint8Array(81);
  const r = c.count(g, limit, s, guide);
  return { ...r, aborted: r.aborted === true, solution: r.solved ? Array.from(s).join('') : null };
}

/** A valid grid of the rules, from random preferences (null if the search gave up). */
function randomGrid(rules: Rules, rnd: () => number): Uint8Array | null {
  const prefer = Uint8Array.from({ length: 81 }, () => 1 + Math.floor(rnd() * 9));
  const out = new Uint8Array(81);
  return new VariantCounter9(rules).count(new Uint8Array(81), 1, out, { prefer, maxNodes: 20_000 }).solved ? out : null;
}

describe('Fast9VariantCounter: the 9×9 variants on the WebAssembly core', () => {
  it('is what the router gives 9×9 variants, and runs on the core', () => {
    const rules = parseRules(SHAPE_3X3, 'x');
    const c = engineFor(rules).create(rules);
    expect(c).toBeInstanceOf(Fast9VariantCounter);
    expect((c as Fast9VariantCounter).usesCore).toBe(true);
  });

  it('searches exactly as VariantCounter9 at limits 1, 2 and full counts, with and without guides', () => {
    const rnd = seeded(0x21f9);
    let branches = 0,
      aborted = 0,
      none = 0,
      many = 0;
    for (const v of VARIANTS) {
      const rules = parseRules(SHAPE_3X3, v);
      const fast = new Fast9VariantCounter(rules);
      const ts = new VariantCounter9(rules);
      for (let t = 0; t < 12; t++) {
        const full = randomGrid(rules, rnd);
        expect(full).not.toBeNull();
        if (!full) continue;
        // 30-60 % of the givens: unique, several or (with a misleading extra given) no solutions
        const keep = 0.3 + 0.3 * rnd();
        const g = full.map((d) => (rnd() < keep ? d : 0));
        if (rnd() < 0.2) g[Math.floor(rnd() * 81)] = 1 + Math.floor(rnd() * 9);
        const open = Array.from(g.keys()).filter((i) => g[i] === 0);
        const guides: (SearchGuide | undefined)[] = [
          undefined,
          { prefer: full },
          { prefer: full, notCell: open[Math.floor(rnd() * open.length)] ?? -1 },
          { maxNodes: 1 + Math.floor(rnd() * 20) },
        ];
        for (const guide of guides)
          for (const limit of [1, 2, 5000]) {
            const a = run(fast, g, limit, guide);
            expect({ v, t, limit, ...a }).toEqual({ v, t, limit, ...run(ts, g, limit, guide) });
            branches += a.nodes;
            if (a.aborted) aborted++;
            else if (a.count === 0) none++;
            else if (a.count > 2) many++;
          }
      }
    }
    expect(branches).toBeGreaterThan(10_000); // the searches did branch
    expect(aborted).toBeGreaterThan(10);
    expect(none).toBeGreaterThan(10);
    expect(many).toBeGreaterThan(10);
  });

  it('counts a whole X top band (tens of thousands of completions) as the twin, ticking every 65,536 branches', () => {
    const rules = parseRules(SHAPE_3X3, 'x');
    const full = randomGrid(rules, seeded(7));
    expect(full).not.toBeNull();
    const band = new Uint8Array(81);
    band.set(full!.subarray(0, 27));
    const fast = new Fast9VariantCounter(rules);
    const ticks: number[] = [];
    fast.onTick = (n) => ticks.push(n);
    const a = run(fast, band, Infinity);
    const b = run(new VariantCounter9(rules), band, Infinity);
    expect(a).toEqual(b);
    expect(a.count).toBeGreaterThan(10_000);
    expect(ticks.length).toBe(Math.floor(a.nodes / 65536));
    expect(ticks.every((n, i) => n === 65536 * (i + 1))).toBe(true);
    // a throwing tick stops the count; the counter is whole afterwards
    fast.onTick = () => {
      throw new Error('stop');
    };
    expect(() => fast.count(band)).toThrow('stop');
    fast.onTick = null;
    expect(run(fast, band, Infinity)).toEqual(b);
  });

  it('without the core, is VariantCounter9', () => {
    const rules = parseRules(SHAPE_3X3, 'windoku');
    const slow = new Fast9VariantCounter(rules, 'typescript');
    expect(slow.usesCore).toBe(false);
    const g = randomGrid(rules, seeded(3))!.map((d, i) => (i % 3 === 0 ? 0 : d));
    expect(run(slow, g, 100)).toEqual(run(new Fast9VariantCounter(rules), g, 100));
    expect(() => new Fast9VariantCounter(parseRules(SHAPE_3X3, ''))).not.toThrow();
  });
});
