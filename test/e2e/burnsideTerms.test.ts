import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeShardPlan } from '../../src/shards/writeShardPlan.js';
import { readPlan, readResult } from '../../src/io/shardFiles.js';
import { cli, ROOT, tempDir } from '../helpers/cli.js';
import { whole6x2 } from '../helpers/shipped6x2.js';

/**
 * The Burnside terms as a class sum on the command line (docs/essentially-different.md, "The terms as a class sum"):
 * shards of a plan and their merge give the one-machine total (3×2, which the command itself counts by the band
 * method's road); a checkpoint of another count is refused in one line; 6x2 without a whole certificate refuses the
 * total in one line naming what is missing.
 */
describe('essentially-different: the Burnside terms by the class-sum runner', () => {
  const dir = tempDir();

  it('a plan of the 3x2 terms, its shards (count --plan --shard) and their merge: 49, as the command', async () => {
    const plan = join(dir, 'plan.json');
    const results = join(dir, 'results');
    mkdirSync(results);
    await writeShardPlan(plan, 'burnside', '3x2', 3);
    const shards = await cli(['count', '--plan', plan, '--shard', '0-2', '--out', results, '--workers', '1']);
    expect(shards.code, shards.stderr).toBe(0);
    const merged = await cli(['count', '--merge', results, '--plan', plan]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toMatch(/^Merged 3 shards of plan [0-9a-f]{16}/);
    expect(merged.stdout).toMatch(/Σ size·fixed = 169,344 = 3,456 × 49/);
    // the terms' seconds are the shards' own, summed: no worker count of the merge's own
    expect(merged.stdout).toMatch(/other terms [\d.]+ s summed over the shards, total/);
    expect(merged.stdout.trimEnd().endsWith('Essentially different grids: 49')).toBe(true);
    const one = await cli(['essentially-different', '--box', '3x2']);
    expect(one.stdout.trimEnd().endsWith('Essentially different grids: 49')).toBe(true);
  });

  it('--resume with a checkpoint of another count: one line naming both, status 2', async () => {
    const other = join(dir, 'c32.json');
    const made = await cli(['count', '--box', '3x2', '--method', 'column-sets', '--checkpoint', other]);
    expect(made.code, made.stderr).toBe(0);
    const r = await cli(['essentially-different', '--box', '2x5', '--resume', other]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/checkpoint .*c32\.json is a count of 3x2 by column-sets, not of 2x5 by burnside/);
  });

  it.skipIf(whole6x2)(
    '6x2 with the certificate partial: the total refused in one line, what is missing and what runs',
    async () => {
      const r = await cli(['essentially-different', '--box', '6x2', '--json']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(
        /identity's term N\/12! is missing: data\/6x2\/certificate\.bin holds [\d,]+ of 63,199 classes .* the 40 band-swap terms with h the identity; --checkpoint FILE counts and keeps the other 636 terms/,
      );
    },
  );

  it.runIf(whole6x2)('6x2 with the certificate whole: hours of terms, refused without a checkpoint', async () => {
    const r = await cli(['essentially-different', '--box', '2x6']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /--box 2x6 counts 676 terms in about [\d.]+ CPU-hours \(declared\): give --checkpoint FILE .* --plan FILE --shards K/,
    );
  });

  it('the committed plan of the 6x2 terms and its committed shard results: sealed, of the plan, each its units', () => {
    const dir6 = join(ROOT, 'data', 'essential-6x2');
    const plan = readPlan(join(dir6, 'plan.json'));
    expect([plan.method, plan.box, plan.classes, plan.units, plan.shards]).toEqual(['burnside', '6x2', 677, 1125, 100]);
    expect(new Set(plan.assignment.flat()).size).toBe(1125);
    const files = readdirSync(join(dir6, 'results')).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const r = readResult(join(dir6, 'results', f)); // the seal and the checksum are checked as it is read
      expect([r.plan, r.digest, f]).toEqual([
        plan.id,
        plan.digest,
        `shard-${String(r.shard).padStart(2, '0')}-of-100.json`,
      ]);
      expect([...r.values.keys()].sort((a, b) => a - b)).toEqual([...plan.assignment[r.shard]].sort((a, b) => a - b));
    }
  });
});
