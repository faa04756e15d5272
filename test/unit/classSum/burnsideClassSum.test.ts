import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { burnsideClassSum, type BurnsideSum } from '../../../src/classSum/burnsideClassSum.js';
import { classSumOf } from '../../../src/classSum/classSum.js';
import { ClassSumInterrupted, runClassSum } from '../../../src/classSum/runClassSum.js';
import { configurationClasses } from '../../../src/colsets/configurationClasses.js';
import { classListDigest } from '../../../src/colsets/countByColumnSets.js';
import { countFixedByColumnSets } from '../../../src/essential/columnSetFixedGrids.js';
import { centralizerOrder } from '../../../src/essential/cycleTypes.js';
import { essentiallyDifferent } from '../../../src/essential/essentiallyDifferent.js';
import { gridGroup } from '../../../src/essential/gridGroup.js';
import { boxShape, InputError } from '../../../src/grid/shape.js';
import { readColumnSetCertificate } from '../../../src/io/columnSetCertificateFile.js';
import { ROOT } from '../../helpers/paths.js';

/**
 * The Burnside terms of essentially-different as a class sum (src/classSum/burnsideClassSum.ts), run by the one
 * runner: every term of 3×2 and 2×3 against the band method's road (countFixedGrids, a separate engine), the
 * identity and the band swaps with h = 1 from the column-set table against the counter, resume, workers, another
 * shape's checkpoint; 5×2 against data/essential-5x2.json on a cheap sample (and every term from the table).
 */
const dir = mkdtempSync(join(tmpdir(), 'burnside-sum-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every unit of `sum`'s terms `pick` (all when omitted), counted on `workers` threads: each term's |Fix|. */
async function termValues(
  sum: BurnsideSum,
  workers: number,
  pick?: (t: number) => boolean,
): Promise<Map<number, bigint>> {
  const { units } = sum.classList();
  const ids = units.flatMap((u, i) => (pick === undefined || pick(u.term) ? [i] : []));
  const out = new Map<number, bigint>();
  await sum.countUnits(ids, () => [], {
    workers,
    onUnitDone: (u, v) => out.set(units[u].term, (out.get(units[u].term) ?? 0n) + v),
  });
  return out;
}

describe('the Burnside terms as a class sum', () => {
  it.each([
    ['3x2', 1, 49n],
    ['2x3', 2, 49n],
    // 4x2's total through the runner: the resume test below (2x4 as well would repeat it, transposed, ~10 CPU s)
  ])('%s (%d workers): every class as the band method road has it, total %s', async (box, workers, total) => {
    const shape = boxShape(...(box.split('x').map(Number) as [number, number]));
    const run = await runClassSum(burnsideClassSum(shape), 'all', { workers });
    expect(run.report?.method).toBe('burnside');
    const r = run.report!.method === 'burnside' ? run.report!.count : null;
    const road = await essentiallyDifferent({ box: shape, workers: 1 });
    expect(r!.total).toBe(total);
    expect(r!.classRows.map((c) => [c.id, c.size, c.fixed])).toEqual(
      road.classRows.map((c) => [c.id, c.size, c.fixed]),
    );
    expect(r!.classRows.map((c) => c.terms.map((t) => [t.relabelling, BigInt(t.count)]))).toEqual(
      road.classRows.map((c) => c.terms.map((t) => [t.relabelling, BigInt(t.count)])),
    );
  });

  it('4x2: the band swaps with h = 1 from the column-set table = the configuration counter, term by term', async () => {
    const sum = burnsideClassSum(boxShape(4, 2));
    const { terms, rx2 } = sum.classList();
    const table = [...terms.keys()].filter((t) => terms[t].kind !== 'counter');
    expect(table.length).toBeGreaterThan(5);
    const values = await termValues(sum, 1, (t) => table.includes(t));
    for (const t of table) {
      const { element, tau, k } = terms[t];
      const direct = k === 0 ? null : countFixedByColumnSets(rx2, element, tau).fixed;
      if (direct !== null) expect(values.get(t), `class ${k}, τ ${tau.join(',')}`).toBe(direct);
    }
  });

  it('a run stopped and resumed (another worker count) gives the terms of one run; chunks add up', async () => {
    const shape = boxShape(4, 2);
    const whole = await runClassSum(burnsideClassSum(shape), 'all', { workers: 1 });
    // a merge's report (a sum that counted nothing, given the units' details as shard results hold them) shows the
    // per-term statistics of the run that counted them
    const statsOf = (rows: readonly { readonly terms: readonly { readonly nodes?: number }[] }[]) =>
      rows.flatMap((r) => r.terms.map((t) => t.nodes ?? 0));
    expect(whole.details.size).toBeGreaterThan(0);
    const fresh = burnsideClassSum(shape);
    const { terms: termList, units: unitList } = fresh.classList();
    const values = termList.map(() => 0n);
    unitList.forEach((u, i) => (values[u.term] += whole.values.get(i)!));
    const asMerged = fresh.report(values, [], { classes: 0, counting: 0 }, whole.details);
    const counted = (whole.report as { count: { classRows: Parameters<typeof statsOf>[0] } }).count.classRows;
    const merged = (asMerged as { count: { classRows: Parameters<typeof statsOf>[0] } }).count.classRows;
    expect(statsOf(merged)).toEqual(statsOf(counted));
    expect(statsOf(merged).some((x) => x > 0)).toBe(true);
    const checkpoint = join(dir, '4x2.json');
    const controller = new AbortController();
    await expect(
      runClassSum(burnsideClassSum(shape), 'all', {
        workers: 2,
        checkpoint,
        signal: controller.signal,
        onProgress: (done) => done >= 30 && controller.abort(),
      }),
    ).rejects.toBeInstanceOf(ClassSumInterrupted);
    const resumed = await runClassSum(burnsideClassSum(shape), 'all', { workers: 2, checkpoint, resume: true });
    expect(resumed.resumed).toBeGreaterThanOrEqual(30);
    expect(resumed.resumed).toBeLessThan(whole.values.size);
    expect([...resumed.values].sort((a, b) => a[0] - b[0])).toEqual([...whole.values].sort((a, b) => a[0] - b[0]));
    expect(resumed.report!.total).toBe(1_673_187n);
    // a checkpoint of another shape is refused by name
    await expect(
      runClassSum(burnsideClassSum(boxShape(2, 4)), 'all', { workers: 1, checkpoint, resume: true }),
    ).rejects.toThrow(/checkpoint .*4x2.json is a count of 4x2 by burnside, not of 2x4 by burnside/);
    // chunks: orbit i in chunk i mod k, the parts adding up to the term
    const G = gridGroup(shape);
    const { terms } = burnsideClassSum(shape).classList();
    const dear = terms.find((t) => t.kind === 'counter' && t.tau.every((l) => l === 2))!;
    const full = countFixedByColumnSets(G, dear.element, dear.tau);
    let parts = 0n;
    for (let index = 0; index < 3; index++)
      parts += countFixedByColumnSets(G, dear.element, dear.tau, { chunk: { index, of: 3 } }).fixed;
    expect(parts).toBe(full.fixed);
    expect(full.count).toBeGreaterThan(0n);
  });

  it('the plan route builds the same sum, and refuses a shape it does not take', async () => {
    const sum = await classSumOf({ route: 'burnside', rules: { rows: 2, cols: 3, variants: [] } });
    expect(sum.classList().digest).toBe(burnsideClassSum(boxShape(2, 3)).classList().digest);
    expect(sum.classList().digest).not.toBe(burnsideClassSum(boxShape(3, 2)).classList().digest);
    expect(() => burnsideClassSum(boxShape(3, 3))).toThrow(InputError);
  });
});

describe('5x2 through the class sum = data/essential-5x2.json', () => {
  // the 5×2 column-set table from the shipped certificate (its digest checked against the class list found here)
  const cert = readColumnSetCertificate(join(ROOT, 'data', 'colsets-certificate-5x2.bin'));
  const classes = configurationClasses(5);
  const sum = burnsideClassSum(boxShape(5, 2), {
    table: () => {
      expect(classListDigest(classes)).toBe(cert.digest);
      return Promise.resolve({
        table: { rows: 5, words: classes.words, orbits: cert.orbits, values: cert.values },
        total: cert.total!,
        from: 'data/colsets-certificate-5x2.bin',
      });
    },
  });

  it('the identity, every band swap with h = 1 and a cheap sample of the other terms', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(join(ROOT, 'data', 'essential-5x2.json'), 'utf8');
    const json = JSON.parse(text.replace(/"(count|fixed|gridsWithFixedBox)":\s*(\d+)(?=[,}\s])/g, '"$1":"$2"')) as {
      output: {
        gridsWithFixedBox: string;
        classRows: Array<{ id: number; terms: Array<{ cycleType: number[]; count: string; seconds: number }> }>;
      };
    };
    const stored = new Map<string, { count: bigint; seconds: number }>();
    for (const row of json.output.classRows)
      for (const t of row.terms)
        stored.set(`${row.id}:${t.cycleType.join(',')}`, { count: BigInt(t.count), seconds: t.seconds });
    const { terms } = sum.classList();
    expect(terms.length - 1).toBe(stored.size);
    // the sample: the 12 cheapest counted terms of the stored run (under 0.1 s each there), and every table term
    const seconds = (t: number) => stored.get(`${terms[t].k}:${terms[t].tau.join(',')}`)!.seconds;
    const cheap = [...terms.keys()]
      .filter((t) => terms[t].kind === 'counter')
      .sort((a, b) => seconds(a) - seconds(b) || a - b)
      .slice(0, 12);
    const values = await termValues(sum, 2, (t) => terms[t].kind !== 'counter' || cheap.includes(t));
    expect(values.size).toBe(12 + terms.filter((t) => t.kind !== 'counter').length);
    const tenFactorial = 3_628_800n;
    // the every-band term (the swap with p = σ, τ = 1): the bands of 5×2, Σ orbit·F
    expect([...values.values()]).toContain(cert.bands);
    for (const [t, fixed] of values) {
      const { k, tau } = terms[t];
      if (k === 0) {
        expect(fixed).toBe(BigInt(json.output.gridsWithFixedBox) * tenFactorial);
        continue;
      }
      const s = stored.get(`${k}:${tau.join(',')}`)!;
      expect(fixed % BigInt(centralizerOrder(tau))).toBe(0n);
      expect(fixed / BigInt(centralizerOrder(tau)), `class ${k}, τ ${tau.join(',')}`).toBe(s.count);
    }
  });
});
