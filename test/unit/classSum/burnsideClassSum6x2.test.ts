import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { burnsideClassSum, type BurnsideSum } from '../../../src/classSum/burnsideClassSum.js';
import { countFixedByColumnSets } from '../../../src/essential/columnSetFixedGrids.js';
import { columnSetGroup } from '../../../src/essential/columnSetTerms.js';
import { centralizerOrder } from '../../../src/essential/cycleTypes.js';
import { boxShape } from '../../../src/grid/shape.js';
import { ROOT } from '../../helpers/paths.js';

/**
 * 6×2 and 2×6 through the class sum of the Burnside terms: a cheap sample of the 390 terms counted in
 * data/essential-6x2/terms.jsonl (by scripts/essential-term-costs.mjs, each term whole in a process of its own), and
 * the same terms through 2×6's own classes. 2×6's representatives, transposed, are 6×2's representatives (every one
 * of the 676: the smallest element of a class is the smallest of its transpose), so its terms are also counted on a
 * seeded random conjugate of the 2×6 representative, transposed. (All 390: docs/essentially-different.md.)
 */
interface Stored {
  readonly class: number;
  readonly tau: string;
  readonly count: bigint;
  readonly cpu: number;
}
const stored: Stored[] = readFileSync(join(ROOT, 'data', 'essential-6x2', 'terms.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as { class: number; tau: string; count?: string; cpu?: number })
  .flatMap((t) => (t.count === undefined ? [] : [{ class: t.class, tau: t.tau, count: BigInt(t.count), cpu: t.cpu! }]));

/**
 * The terms `which` of `sum` (term indices), every unit counted in this thread (its group and class list built once
 * here, not again in each of a pool's threads): each term's |Fix|/|C(τ)|.
 */
async function terms(sum: BurnsideSum, which: readonly number[]): Promise<Map<number, bigint>> {
  const { terms: list, units } = sum.classList();
  const fixed = new Map<number, bigint>();
  await sum.countUnits(
    units.flatMap((u, i) => (which.includes(u.term) ? [i] : [])),
    () => [],
    { workers: 1, onUnitDone: (u, v) => fixed.set(units[u].term, (fixed.get(units[u].term) ?? 0n) + v) },
  );
  return new Map([...fixed].map(([t, v]) => [t, v / BigInt(centralizerOrder(list[t].tau))]));
}

describe('6x2 and 2x6: Burnside terms through the class sum = data/essential-6x2/terms.jsonl', () => {
  const six = burnsideClassSum(boxShape(6, 2));
  const key = (k: number, tau: readonly number[]) => `${k}:${tau.join(',')}`;
  const byKey = new Map(stored.map((s) => [`${s.class}:${s.tau}`, s]));

  it('the class list: 676 terms besides the identity, 40 from the table, 64 cut into chunks', () => {
    const { terms: list, units } = six.classList();
    expect(list.length).toBe(677);
    expect(list.filter((t) => t.kind === 'table').length).toBe(40);
    expect(
      list.filter((t) => t.kind === 'counter' && units.some((u) => u.term === list.indexOf(t) && u.of > 1)),
    ).toHaveLength(64);
    expect(stored.length).toBe(390);
  });

  it('6x2: the 10 cheapest counted terms and the 3 cheapest cut into chunks (τ = 2⁶), zeros among them', async () => {
    const { terms: list, units } = six.classList();
    const cpu = (t: number) => byKey.get(key(list[t].k, list[t].tau))!.cpu;
    const counted = [...list.keys()]
      .filter((t) => list[t].kind === 'counter' && byKey.has(key(list[t].k, list[t].tau)))
      .sort((a, b) => cpu(a) - cpu(b) || a - b);
    const chunked = counted.filter((t) => units.some((u) => u.term === t && u.of > 1)).slice(0, 3);
    const sample = [...counted.slice(0, 10), ...chunked];
    expect(chunked).toHaveLength(3);
    const got = await terms(six, sample);
    const want = (t: number) => byKey.get(key(list[t].k, list[t].tau))!.count;
    for (const t of sample) expect(got.get(t) ?? 0n, key(list[t].k, list[t].tau)).toBe(want(t));
    expect(sample.some((t) => want(t) === 0n) && sample.some((t) => want(t) > 0n)).toBe(true);
  });

  it('2x6: its own classes and terms, 10 cheap terms through its class sum and on random conjugates', async () => {
    const two = burnsideClassSum(boxShape(2, 6));
    const { terms: list, burnside: b2 } = two.classList();
    const { burnside: b6, rx2 } = six.classList();
    // every 2×6 term is a 6×2 term: the class its transposed representative is in, of the same size and kind
    const as6 = (t: number) => key(b6.classes.classOf(list[t].element), list[t].tau);
    const sixTerms = new Map(six.classList().terms.map((t) => [key(t.k, t.tau), t]));
    for (const [t, term] of list.entries()) {
      const partner = sixTerms.get(as6(t))!;
      expect(partner.kind).toBe(term.kind);
      expect(b6.classes.sizes[partner.k]).toBe(b2.classes.sizes[term.k]);
    }
    expect(new Set(list.map((_, t) => as6(t))).size).toBe(677);
    const cpu = (t: number) => byKey.get(as6(t))!.cpu;
    const sample = [...list.keys()]
      .filter((t) => list[t].kind === 'counter' && byKey.has(as6(t)))
      .sort((a, b) => cpu(a) - cpu(b) || a - b)
      .slice(0, 10);
    const got = await terms(two, sample);
    // the same terms on a seeded random conjugate of each 2×6 representative (in the 2×6 group), transposed: an
    // element of the class other than the representative 6×2 and 2×6 share
    const G2 = b2.group;
    const transpose = columnSetGroup(G2).element;
    for (const [i, t] of sample.entries()) {
      const want = byKey.get(as6(t))!.count;
      expect(got.get(t) ?? 0n, `2x6 ${key(list[t].k, list[t].tau)} = 6x2 ${as6(t)}`).toBe(want);
      const x = b2.classes.reps[list[t].k];
      let y = x;
      for (let seed = 7919 * (i + 1); y === x; seed++) {
        const h = Math.floor((((seed * 2654435761) % 2 ** 32) / 2 ** 32) * G2.order);
        y = G2.compose(G2.compose(h, x), G2.inverse(h));
      }
      expect(b2.classes.classOf(y)).toBe(list[t].k);
      expect(countFixedByColumnSets(rx2, transpose(y), list[t].tau).count, `conjugate of 2x6 ${list[t].k}`).toBe(want);
    }
  });
});
