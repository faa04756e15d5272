import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnTransfer } from '../../src/colsets/columnTransfer.js';
import { checkpointText, readPlan, readResult, resultText } from '../../src/io/shardFiles.js';
import { classSum } from '../../src/classSum/classSum.js';
import { mergeShards } from '../../src/shards/mergeShards.js';
import { cli, oneLine, ROOT, tempDir } from '../helpers/cli.js';

/**
 * 6×2 (and 2×6) through the shard protocol: the one-machine count refused, the committed plan (data/6x2/plan.json.gz,
 * made by `count --box 6x2 --plan … --shards 1000`) and the committed shard results (data/6x2/results/) checked, one
 * shard's path run on the CLI with everything but class 0 taken from its checkpoint (class 0 costs 0.1 s), and the
 * protocol's faults on the 6×2 plan. No class search here (15–40 minutes): the plan carries the class list.
 */
const DATA = join(ROOT, 'data', '6x2');
const PLAN = join(DATA, 'plan.json.gz');
const RESULTS = join(DATA, 'results');
const resultFiles = () =>
  readdirSync(RESULTS)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(RESULTS, f));
/** Latin squares of order 6 squared: F of class 0 (two copies of K_{6,6}). */
const F0 = 812851200n ** 2n;
/** The shard of the committed plan that holds class 0 (the plan balances by cost, so it is not shard 0). */
const HOME = 327;
const HOME_RESULT = join(RESULTS, `shard-${String(HOME).padStart(3, '0')}-of-1000.json`);
/** The two classes of that shard after class 0 of least cost (0.1–0.2 s each way at load 3–5). */
const CHEAP_CLASSES: readonly number[] = [1468, 4551];

describe('count --box 6x2 as shards', () => {
  it.each(['6x2', '2x6'])('count --box %s without a plan: refused in one line naming the plan route', async (box) => {
    const r = await cli(['count', '--box', box]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(
      new RegExp(
        `box shape ${box}: ${box} is counted as shards only \\(about \\d+ CPU-hours projected\\): ` +
          `count --box ${box} --plan FILE --shards K`,
      ),
    );
  });

  it('the committed plan: every class once, with the class list (digest, Σ orbits = 924^6)', async () => {
    const p = readPlan(PLAN);
    expect([p.method, p.box, p.classes, p.units, p.scale, p.digest]).toEqual([
      'column-sets',
      '6x2',
      63199,
      63199,
      1,
      'ec0e9f3dd748ed71',
    ]);
    expect([p.payload, p.combine]).toEqual([null, null]); // the units are the classes, rebuilt from the list
    expect(new Set(p.assignment.flat()).size).toBe(63199);
    // balanced by the classes' costs (columnOrder's row sets): every shard of more than one class within 1 % of the
    // least loaded (a class dearer than a shard's share is a shard alone)
    const s = p.estimate.shardSeconds;
    const least = Math.min(...s);
    const several = s.filter((_, i) => p.assignment[i].length > 1);
    expect(Math.max(...several) / least).toBeLessThan(1.01);
    for (const [i, ids] of p.assignment.entries()) if (s[i] > 1.01 * least) expect(ids).toHaveLength(1);
    // the list the plan carries gives the plan's digest again (and its orbits add up to every configuration, or it
    // is refused): the shards and the merge take it from there
    const count = await classSum('column-sets', '6x2', p.classList);
    expect(count.classList()).toMatchObject({ count: 63199, digest: p.digest });
    const F: bigint[] = [];
    await count.countUnits([0], () => [], { workers: 1, onUnitDone: (_c, v) => F.push(v) });
    expect(F).toEqual([F0]);
  });

  it('the committed shard results: sealed, of the plan, class 0 = 812,851,200²; two classes by a second route', () => {
    const p = readPlan(PLAN);
    const results = resultFiles().map((path) => ({ path, result: readResult(path) }));
    expect(results.length).toBeGreaterThan(0);
    for (const { result } of results) {
      expect(result.plan).toBe(p.id);
      expect([...result.values.keys()]).toEqual(p.assignment[result.shard]);
    }
    const home = results.find((r) => r.result.shard === HOME)?.result;
    expect(home?.values.get(0)).toBe(F0);
    // cheap classes of that shard, by the other orientation (digits as the steps): other states, the same F
    const words = Uint8Array.from(p.classList!.rows.flatMap((row) => row.slice(2)));
    for (const c of CHEAP_CLASSES) {
      const chosen = columnTransfer(6, words, c * 12);
      expect(columnTransfer(6, words, c * 12, { transpose: !chosen.transposed }).F).toBe(home?.values.get(c));
    }
    // a merge of all but two shards names what is missing (all 1,000 are committed: two are left out here)
    const missing = results.filter(({ result }) => result.shard !== 17 && result.shard !== 500);
    expect(() => mergeShards(missing, { ...p, path: PLAN })).toThrow(/^shards 17, 500 of 1000 missing \(plan /);
  });

  it('a shard on the CLI: the checkpoint holds all but class 0, which it counts; the same values', async () => {
    const dir = tempDir();
    const whole = readResult(HOME_RESULT);
    const out = join(dir, 'shard0.json');
    const rest = new Map([...whole.values].filter(([c]) => c !== 0));
    writeFileSync(
      `${out}.part`,
      checkpointText({ plan: whole.plan, shard: HOME, seconds: 1, cpuSeconds: 1, facts: {}, values: rest }),
    );
    const r = await cli(['count', '--plan', PLAN, '--shard', String(HOME), '--out', out, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`${whole.values.size} units \\(${rest.size} from .*shard0\\.json\\.part\\)`));
    expect(readResult(out).values).toEqual(whole.values);
  });

  it('--slurm: 4 GB a worker (the plan says 2,048 MB a shard), --mem for the two dear shards', async () => {
    const [two, dear] = await Promise.all([
      cli(['count', '--plan', PLAN, '--slurm', '--workers', '2']),
      cli(['count', '--plan', PLAN, '--slurm', '--workers', '1', '--mem', '5G', '--mem', '0-1:8G']),
    ]);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout).toMatch(/^#SBATCH --mem=8192M$/m);
    expect(two.stdout).toMatch(/^#SBATCH --array=0-999%32$/m);
    expect(dear.code, dear.stderr).toBe(0);
    expect(dear.stdout).toMatch(/^#SBATCH --mem=5120M$/m);
    expect(dear.stdout).toMatch(/^#SBATCH --array=2-999%32$/m);
    expect(dear.stdout).toContain("EXTRA='0-1%2:8192M'");
  });

  it('faults on the 6x2 plan (index out of range, another count, foreign, older): one line, status 2', async () => {
    const dir = tempDir();
    let r = await cli(['count', '--plan', PLAN, '--shard', '1000', '--out', dir]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/shard 1000 \(--shard\) is out of range: plan .* has 1000 shards, 0\.\.999/);
    r = await cli(['count', '--plan', PLAN, '--box', '5x2', '--shard', '0', '--out', dir]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/plan .* is for the 6x2 count by column-sets, not 5x2/);
    const bad = join(dir, 'bad');
    mkdirSync(bad);
    const text = readFileSync(HOME_RESULT, 'utf8');
    writeFileSync(join(bad, 'old.json'), text.replace('"version":1', '"version":0'));
    r = await cli(['count', '--merge', bad, '--plan', PLAN]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/old\.json: version 0; this program reads version 1/);
    // a shard of another plan (sealed again, as a result of another plan would be)
    writeFileSync(join(bad, 'old.json'), resultText({ ...readResult(HOME_RESULT), plan: '0123456789abcdef' }));
    r = await cli(['count', '--merge', bad, '--plan', PLAN]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/old\.json is a shard of another plan \(0123456789abcdef\)/);
  });
});
