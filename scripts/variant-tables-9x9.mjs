#!/usr/bin/env node
/**
 * The committed 9×9 variant tables, data/variant-table-3x3+<rules>.bin (format sudoku-count/variant-table@1,
 * src/io/variantTableFile.ts; docs/variant-counts.md#compact-tables):
 *
 *   npm run build && node scripts/variant-tables-9x9.mjs [--check | --write] [--sample K] [--seed S]
 *     [--max-value M] [--workers W] [V …]            (npm run bench -- variant-tables: --check of the cheap three)
 *
 *   --check   (the default) each table regenerated from nothing, `sudoku-count classes --variant V --format table
 *             --out <temporary file>`, and compared byte for byte with the committed one; wall seconds; status 1
 *             on any difference. V: x,windoku anti-knight centre-dot by default (13 s, 80 s, 1 min on 2 cores),
 *             `all` for every committed table (x 27 min, windoku 36 min, disjoint-groups 53 min, x,disjoint-groups
 *             ~10 min, asterisk and girandola ~15 min each, anti-king ~5 min)
 *   --write   the same, written into data/ (the CLI replaces only a variant table)
 *   --sample  K units of each table (every committed one by default) drawn with a fixed seed (--seed, 1 by
 *             default), after its digest is checked against the class list found again: the value counted again
 *             by a route that shares no code with the one that produced it: exact cover (src/dlx, no symmetry) on
 *             the class's representative for the solver route (and on the middle band, placed in rows 4–6, for
 *             anti-king's edge-table route), the solver's engine (the variant core) on the key's first class for
 *             the band-pair route; units whose value is above --max-value (10^5 for exact cover, 10^7 for a
 *             middle band, 5·10^7 for the solver, by default) are drawn again, so the cost stays bounded; status 1
 *             on a difference
 * The machine is shared: the load average is printed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { resolveRules } from '../dist/grid/support.js';
import { readVariantTable } from '../dist/io/variantTableFile.js';
import { randomBelow } from '../dist/random/randomBelow.js';
import { completionsCounter } from '../dist/variants/variantCompletionsTask.js';
import { rulesExactCover } from '../dist/variants/rulesExactCover.js';
import { verifyVariantTableOf } from '../dist/variants/variantTable.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const VALUED = ['--sample', '--seed', '--max-value', '--workers', '--runs'];
const value = (flag, fallback) => {
  const at = args.indexOf(flag);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const names = args.filter((a, i) => !a.startsWith('--') && !VALUED.includes(args[i - 1]));
const write = args.includes('--write');
const sample = value('--sample', 0);
const check = write ? false : args.includes('--check') || sample === 0;
const seed = value('--seed', 1);
const workers = value('--workers', 2);
const committed = readdirSync(join(root, 'data'))
  .filter((f) => /^variant-table-3x3\+.*\.bin$/.test(f))
  .map((f) => f.slice('variant-table-3x3+'.length, -'.bin'.length).split('+').join(','));
const pick = (fallback) => (names.includes('all') ? committed : names.length > 0 ? names : fallback);
const fileOf = (v) => join(root, 'data', `variant-table-${resolveRules('variant-count', '3x3', v, 'shards').name}.bin`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

let failed = false;
console.log(`load average ${load()}`);

if (check || write) {
  const dir = mkdtempSync(join(tmpdir(), 'variant-tables-'));
  const last = write ? 'written' : 'same bytes';
  console.log(`| rules | classes / keys | bytes | regenerated (wall s, ${workers} workers) | ${last} |`);
  console.log('|---|---:|---:|---:|---|');
  try {
    for (const v of pick(['x,windoku', 'anti-knight', 'centre-dot'])) {
      const target = fileOf(v);
      const out = write ? target : join(dir, 'table.bin');
      const t0 = performance.now();
      execFileSync(
        process.execPath,
        [cli, 'classes', '--variant', v, '--format', 'table', '--workers', String(workers), '--out', out],
        { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CI: 'true' } },
      );
      const seconds = (performance.now() - t0) / 1000;
      const fresh = readFileSync(out);
      const t = readVariantTable(out);
      let verdict = 'written';
      if (!write) {
        let old;
        try {
          old = readFileSync(target);
        } catch {
          old = new Uint8Array(0);
        }
        const same = fresh.equals(old);
        if (!same) failed = true;
        verdict = same ? 'yes ✓' : `NO ✗ (committed ${old.length} bytes)`;
        rmSync(out, { force: true });
      }
      console.log(`| ${t.rules} | ${t.count} ${t.units} | ${fresh.length} | ${seconds.toFixed(1)} | ${verdict} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (sample > 0) {
  console.log(`\nsample: ${sample} units per table, seed ${seed}`);
  console.log('| rules | digest = class list found again | unit | class | stored value | recounted by | seconds |');
  console.log('|---|---|---:|---:|---:|---|---:|');
  for (const v of pick(committed)) {
    const rules = resolveRules('variant-count', '3x3', v, 'shards');
    const t = readVariantTable(fileOf(v));
    const t0 = performance.now();
    const units = verifyVariantTableOf(t, rules);
    const listed = `${t.digest} ✓ (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
    const solverRoute = t.route === 'solver' || t.route === 'edge-table';
    const max = value('--max-value', t.route === 'edge-table' ? 1e7 : solverRoute ? 1e5 : 5e7);
    const counter = solverRoute ? null : completionsCounter(rules);
    // the first class of each unit (its representative's block is what is counted)
    const firstClass = new Int32Array(units.count).fill(-1);
    for (let id = 0; id < units.unitOf.length; id++)
      if (firstClass[units.unitOf[id]] < 0) firstClass[units.unitOf[id]] = id;
    const rng = xoroshiro128plus(seed);
    const B = units.top.k * rules.n;
    for (let i = 0, tries = 0; i < sample && tries < 1000 * sample; tries++) {
      const u = randomBelow(rng, units.count);
      if (t.values[u] > max) continue;
      i++;
      const id = firstClass[u];
      const cells = new Uint8Array(rules.cells);
      // a middle-band class (anti-king's edge-table route) sits in the middle band, a top block at the top
      cells.set(units.top.representatives.subarray(id * B, (id + 1) * B), t.route === 'edge-table' ? B : 0);
      const t1 = performance.now();
      const again = solverRoute ? rulesExactCover(rules, cells).count : counter.count(cells).count;
      const same = again === t.values[u];
      if (!same) failed = true;
      console.log(
        `| ${t.rules} | ${listed} | ${u} | ${id} | ${t.values[u]} | ${solverRoute ? 'exact cover' : 'solver'}: ` +
          `${again} ${same ? '✓' : '✗'} | ${((performance.now() - t1) / 1000).toFixed(2)} |`,
      );
    }
  }
}
console.log(`load average ${load()}`);
if (failed) {
  console.log('DIFFERENCES: see ✗ above');
  process.exitCode = 1;
}
