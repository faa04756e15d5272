import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnSetClasses } from '../../src/classSum/columnSetClassSum.js';
import { configurationsOf } from '../../src/colsets/columnSetCertificate.js';
import { columnTransfer } from '../../src/colsets/columnTransfer.js';
import { boxShape } from '../../src/grid/shape.js';
import { readPlan, readResult } from '../../src/io/shardFiles.js';
import { certificateFromShards } from '../../src/shards/checkColumnSetCertificate.js';
import { mergeShards, partialShards } from '../../src/shards/mergeShards.js';
import { ROOT } from '../helpers/cli.js';

/**
 * N(6×2) against the published figure (docs/sharding.md, "6x2: the published N"): announced by Kjell Fredrik Pettersen
 * on the New Sudoku Players' Forum, "6x2 counting" (forum.enjoysudoku.com/6x2-counting-t4835.html, post of
 * 2006-11-14, p37761), and reproduced independently in 2026 (github.com/linche89/sudoku-enumeration, README's
 * "Verified results" and release c6-verified-2026-09-07). An expected value here, never in src/.
 */
const PUBLISHED_N = 38296278920738107863746324732012492486187417600000n;
const DATA = join(ROOT, 'data', '6x2');
const PLAN = join(DATA, 'plan.json.gz');
const RESULTS = join(DATA, 'results');
const plan = { ...readPlan(PLAN, { payload: false }), path: PLAN };
const results = readdirSync(RESULTS)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => ({ path: join(RESULTS, f), result: readResult(join(RESULTS, f)) }));
const complete = results.length === plan.shards;

describe('N(6x2): the published figure and the committed shards', () => {
  it('the digits copied are the ones published: their published factorisation multiplies out to them', () => {
    const f = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * f(n - 1));
    // (12!·6!·2^5·5!)·2^24·3^4·5·4255797680395107022515709, as the 2006 post factors it
    const product = f(12) * f(6) * 2n ** 5n * f(5) * 2n ** 24n * 3n ** 4n * 5n * 4255797680395107022515709n;
    expect(product).toBe(PUBLISHED_N);
  });

  it('the partial sum is consistent with it: every missing class adds at least its orbit (F ≥ 1)', () => {
    const shards = partialShards(results, plan);
    const classes = columnSetClasses(6, plan.classList);
    const t = certificateFromShards(boxShape(6, 2), classes, plan, shards);
    expect(t.ids.length).toBe(shards.values.size); // a 6×2 unit is a class
    expect(t.total === null).toBe(!complete);
    // F ≥ 1 for every configuration (its digit–column graph is 6-regular bipartite: six perfect matchings exist), so
    // N − (the partial sum) ≥ Σ orbit over the classes missing = 924⁶ − Σ orbit over those held
    const missingOrbits = configurationsOf(6) - t.orbitSum;
    expect(PUBLISHED_N - t.squares >= missingOrbits).toBe(true);
    // and no class held is larger than N alone
    t.values.forEach((F, i) => expect(BigInt(t.orbits[i]) * F * F < PUBLISHED_N).toBe(true));
  });

  it.skipIf(!complete)(
    `the merged N equals it digit for digit (skipped until all ${plan.shards} shards are committed: ` +
      `${results.length} now)`,
    () => {
      const merged = mergeShards(results, plan);
      const classes = columnSetClasses(6, plan.classList);
      let N = 0n;
      merged.values.forEach((F, c) => (N += BigInt(classes.orbitSizes[c]) * F * F));
      expect(N).toBe(PUBLISHED_N);
    },
  );

  it('2x6 is 6x2 transposed: F of committed classes by the other orientation of the transfer (digits as steps)', () => {
    // classes of the committed shards that cost ~0.1 s each way; 1468 and 4551 are test/e2e/shards6x2.test.ts's
    const cheap = [7, 18, 52, 56, 98, 193];
    const classes = columnSetClasses(6, plan.classList);
    const held = partialShards(results, plan).values;
    for (const c of cheap) {
      const F = held.get(c);
      expect(F, `class ${c} is in a committed shard`).toBeDefined();
      const chosen = columnTransfer(6, classes.words, c * 12);
      const other = columnTransfer(6, classes.words, c * 12, { transpose: !chosen.transposed });
      expect([chosen.F, other.F], `class ${c}`).toEqual([F, F]);
    }
  });
});
