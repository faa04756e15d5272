import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseRules } from '../../src/grid/rules.js';
import { parseBoxShape } from '../../src/grid/shape.js';
import { variantGroup } from '../../src/variants/variantGroup.js';
import { variantTopBlocks } from '../../src/variants/variantTopBlocks.js';
import { readPlan, readResult } from '../../src/io/shardFiles.js';
import { cli, lastLine, oneLine, ROOT, tempDir } from '../helpers/cli.js';
import { rulesDlxCount } from '../helpers/rulesDlx.js';

/**
 * The variant counts through the shard protocol (src/classSum/variantClassSum.ts): plan → shards (plain processes)
 * → merge gives the one-machine N; a plan for another variant, and a shard of another plan, are refused; a 9×9
 * variant refused for one machine by its declared cost is planned as shards (no sample timed: the declared cost
 * sizes the shards and Slurm's limits), and one shard of 9×9 x+windoku is checked class by class against the
 * exact-cover engine, which shares no counting code with the shard's (the variant bitboards).
 */

describe('count --variant V --plan F (small shapes)', () => {
  const dir = tempDir();

  it.each([
    ['3x2', 'x', 3],
    ['2x3', 'anti-king', 2],
    ['2x2', 'x,disjoint-groups', 1],
  ])('%s %s: plan, %i shards, merge = the one-machine count', async (box, variant, k) => {
    const plan = join(dir, `${box}-${variant}.json`);
    const results = join(dir, `${box}-${variant}`);
    const [made, one] = await Promise.all([
      cli(['count', '--variant', variant, '--box', box, '--plan', plan, '--shards', String(k)]),
      cli(['count', '--variant', variant, '--box', box, '--json']),
    ]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/variant count, \d+ classes in \d shards?/);
    const p = readPlan(plan);
    expect([p.method, p.box.split('+')[0], p.shards]).toEqual(['variant', box, k]);
    expect(p.classList).toBeNull(); // each shard finds the class list again and checks its digest
    const runs = await Promise.all(
      Array.from({ length: k }, (_, i) =>
        cli(['count', '--plan', plan, '--shard', String(i), '--out', `${results}-${i}.json`, '--workers', '1']),
      ),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const files = Array.from({ length: k }, (_, i) => `${results}-${i}.json`);
    const [text, json] = await Promise.all([
      cli(['count', '--merge', ...files]),
      cli(['count', '--merge', ...files, '--json']),
    ]);
    expect(text.code, text.stderr).toBe(0);
    const total = (JSON.parse(one.stdout) as { total: number }).total;
    expect((JSON.parse(json.stdout) as { total: number }).total).toBe(total);
    expect(lastLine(text.stdout)).toMatch(/^N = \d! · Σ m_C·n_C = [\d,]+$/);
    expect(lastLine(text.stdout).replace(/,/g, '')).toContain(`= ${total}`);
  });

  it('a plan for another variant, a shard of another plan, a jigsaw: one line each, status 2', async () => {
    const [a, b] = [join(dir, 'a.json'), join(dir, 'b.json')];
    await Promise.all([
      cli(['count', '--variant', 'x', '--box', '3x2', '--plan', a, '--shards', '2']),
      cli(['count', '--variant', 'anti-knight', '--box', '3x2', '--plan', b, '--shards', '2']),
    ]);
    const wrong = await cli([
      'count',
      '--plan',
      a,
      '--variant',
      'anti-king',
      '--box',
      '3x2',
      '--shard',
      '0',
      '--out',
      join(dir, 'w.json'),
    ]);
    expect(wrong.code).toBe(2);
    expect(oneLine(wrong)).toMatch(/plan .*a\.json is for the 3x2\+x variant count, not 3x2\+anti-king variant count/);
    const [ra, rb] = [join(dir, 'ra.json'), join(dir, 'rb.json')];
    await Promise.all([
      cli(['count', '--plan', a, '--shard', '0', '--out', ra]),
      cli(['count', '--plan', b, '--shard', '1', '--out', rb]),
    ]);
    const foreign = await cli(['count', '--merge', ra, rb]);
    expect(foreign.code).toBe(2);
    expect(oneLine(foreign)).toMatch(/rb\.json is a shard of another plan/);
    const jig = await cli(['count', '--variant', 'jigsaw=x.txt', '--plan', join(dir, 'j.json'), '--shards', '2']);
    expect(jig.code).toBe(2);
    expect(oneLine(jig)).toMatch(/a jigsaw count is not sharded/);
  });

  it('a gzipped plan is read as it is: the same shard values', async () => {
    const plan = join(dir, 'a.json');
    const gz = join(dir, 'a.json.gz');
    writeFileSync(gz, gzipSync(readFileSync(plan)));
    const out = join(dir, 'gz-0.json');
    const r = await cli(['count', '--plan', gz, '--shard', '0', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(readResult(out).values).toEqual(readResult(join(dir, 'ra.json')).values);
    writeFileSync(join(dir, 'bad.json.gz'), 'not gzip');
    const bad = await cli(['count', '--plan', join(dir, 'bad.json.gz'), '--shard', '0', '--out', join(dir, 'x.json')]);
    expect(bad.code).toBe(2);
    expect(oneLine(bad)).toMatch(/plan .*bad\.json\.gz: corrupt: not gzip data/);
  });
});

describe('count --variant V --plan F (9x9)', () => {
  const dir = tempDir();

  it('anti-king: the shards run the solver route, planned from its declared cost', async () => {
    // one machine counts 9x9 anti-king by the edge-table route (minutes); a plan still deals out the solver
    // route's top-block classes, sized from that route's declared cost (VARIANT_SOLVER_COST_9X9)
    const plan = join(dir, 'anti-king.json');
    const made = await cli(['count', '--variant', 'anti-king', '--plan', plan, '--shards', '1000']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('estimated from the declared cost');
    const p = readPlan(plan);
    expect([p.box, p.units, p.estimate.sampled]).toEqual(['3x3+anti-king', p.classes, 0]);
    expect(p.assignment.every((ids) => Math.abs(ids.length - p.units / 1000) < 1)).toBe(true);
    // the declared CPU-hours, spread over the shards: each shard's estimate is a thousandth of it (+ set-up)
    const all = p.estimate.shardSeconds.reduce((x, y) => x + y, 0);
    const slurm = await cli(['count', '--plan', plan, '--slurm']);
    expect(slurm.code, slurm.stderr).toBe(0);
    expect(slurm.stdout).toContain('#SBATCH --array=0-999%32');
    const minutes = Math.ceil((Math.max(...p.estimate.shardSeconds) * 3 + 120) / 60);
    expect(slurm.stdout).toContain(`#SBATCH --time=0-${String(Math.floor(minutes / 60)).padStart(2, '0')}:`);
    expect(all / 3600).toBeGreaterThan(100); // the declared cost is hundreds of CPU-hours, not a sample's seconds
  });

  it('x+windoku: one shard of 1000, its n_C class by class = the exact-cover engine', async () => {
    const plan = join(dir, 'xw.json');
    const made = await cli(['count', '--variant', 'x,windoku', '--plan', plan, '--shards', '1000']);
    expect(made.code, made.stderr).toBe(0);
    const out = join(dir, 'xw-7.json');
    const r = await cli(['count', '--plan', plan, '--shard', '7', '--out', out, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    const values = readResult(out).values;
    expect([...values.keys()]).toEqual(readPlan(plan).assignment[7]);
    const rules = parseRules(parseBoxShape('3x3'), 'x,windoku');
    const top = variantTopBlocks(variantGroup(rules));
    const B = top.k * 9;
    const cells = new Uint8Array(81);
    for (const id of [...values.keys()].slice(0, 6)) {
      cells.set(top.representatives.subarray(id * B, (id + 1) * B));
      expect(BigInt(rulesDlxCount(rules, cells).count), `class ${id}`).toBe(values.get(id));
    }
  });
});

describe('data/anti-king-9x9: the plan and the shards finished', () => {
  it('the gzipped plan reads; each result is its shard, whole; the merge names what is missing', async () => {
    const dir = join(ROOT, 'data', 'anti-king-9x9');
    const plan = readPlan(join(dir, 'plan.json.gz'));
    expect([plan.box, plan.classes, plan.shards, plan.digest]).toEqual([
      '3x3+anti-king',
      271872,
      1000,
      '965df58b5de089a6',
    ]);
    const r = readResult(join(dir, 'results', 'shard-000-of-1000.json'));
    expect([r.plan, r.shard, r.digest]).toEqual([plan.id, 0, plan.digest]);
    expect([...r.values.keys()]).toEqual(plan.assignment[0]);
    const merged = await cli(['count', '--merge', join(dir, 'results'), '--plan', join(dir, 'plan.json.gz')]);
    expect(merged.code).toBe(2);
    expect(oneLine(merged)).toMatch(/shards 1, 2, 3, .* and 991 more of 1000 missing \(plan [0-9a-f]{16}\)/);
  });
});
