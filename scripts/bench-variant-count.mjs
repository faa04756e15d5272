#!/usr/bin/env node
/**
 * Benchmark of the variant totals (src/variants/):
 *
 *   npm run build && node scripts/bench-variant-count.mjs [--runs K] [--nine] [--sample K]
 *
 *   small    `count --variant` in one process on every shape and variant of data/variant-classes-*.json: the
 *            fast route (top-block classes + generic counter) and the exhaustive route (exact cover, every grid
 *            with row 1 fixed), medians of K runs, and their agreement
 *   group    |G_V| of every 9x9 variant and of the pairs x,windoku and x,disjoint-groups (computed from the rules)
 *   nine     (--nine; about 9 min on 2 cores) the 9x9 anti-knight total by both routes: the fast route
 *            (countVariantGridsPooled, n_C of the 23,696 classes on 2 workers) and the exhaustive route (exact cover,
 *            every grid with row 1 = 1..9, split by r2c1 = 4..9 over 2 processes, × 9!), and their agreement
 *   x        (--project-x; minutes) the generic route on 9x9 X: the top-block classes, then n_C of --sample K
 *            classes drawn with a fixed seed by HouseCounter, and the projected CPU time of all classes
 * The machine is shared and noisy: the load average is printed before and after.
 */
import { loadavg } from 'node:os';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRules } from '../dist/grid/rules.js';
import { SHAPE_3X3 } from '../dist/grid/shape.js';
import { HouseCounter } from '../dist/solve/houseCounter.js';
import { spawn } from 'node:child_process';
import { countVariantGrids, countVariantGridsPooled } from '../dist/variants/countVariantGrids.js';
import { rulesExactCover } from '../dist/variants/rulesExactCover.js';
import { variantGroup } from '../dist/variants/variantGroup.js';
import { variantTopBlocks } from '../dist/variants/variantTopBlocks.js';

// a child of --nine: the exact-cover count of one slice (row 1 = 1..9, r2c1 = a), printed as one number
if (process.argv[2] === '--slice') {
  const start = new Uint8Array(81);
  for (let c = 0; c < 9; c++) start[c] = c + 1;
  start[9] = Number(process.argv[3]);
  console.log(rulesExactCover(parseRules(SHAPE_3X3, 'anti-knight'), start).count);
  process.exit(0);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.indexOf(name) >= 0 ? Number(args[args.indexOf(name) + 1]) : dflt);
const RUNS = opt('--runs', 5);
const SAMPLE = opt('--sample', 20);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(`load average before: ${load()}`);

console.log('\n| rules | N | classes | fast route s (median) | exhaustive s (median) | routes agree |');
console.log('|---|---:|---:|---:|---:|---|');
const files = readdirSync(join(root, 'data')).filter((f) => /^variant-classes-.*\+.*\.json$/.test(f));
for (const f of files.sort()) {
  const name = f.slice('variant-classes-'.length, -'.json'.length);
  const [box, ...variants] = name.split('+');
  const fast = [],
    slow = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    last = countVariantGrids({ box, variant: variants });
    fast.push(last.seconds.classes + last.seconds.completions);
    slow.push(last.seconds.exhaustive);
  }
  console.log(
    `| ${name} | ${last.total.toLocaleString('en-US')} | ${last.classes} | ${median(fast).toFixed(3)} | ` +
      `${median(slow).toFixed(3)} | ${last.total === last.exhaustive ? 'yes' : 'NO'} |`,
  );
}

console.log('\n| 9x9 rules | \\|G_V\\| | generators | seconds |');
console.log('|---|---:|---:|---:|');
for (const v of [
  'x',
  'windoku',
  'disjoint-groups',
  'centre-dot',
  'asterisk',
  'girandola',
  'anti-king',
  'anti-knight',
  'x,windoku',
  'x,disjoint-groups',
]) {
  const t = performance.now();
  const g = variantGroup(parseRules(SHAPE_3X3, v));
  const seconds = ((performance.now() - t) / 1000).toFixed(2);
  console.log(`| 3x3+${v.replace(',', '+')} | ${g.order} | ${g.generators.length} | ${seconds} |`);
}

if (args.includes('--nine')) {
  const rules = parseRules(SHAPE_3X3, 'anti-knight');
  let t = performance.now();
  const fast = await countVariantGridsPooled(rules, { workers: 2, exhaustive: 'none' });
  const fastSeconds = (performance.now() - t) / 1000;
  console.log(
    `\n9x9 anti-knight, fast route: ${fast.blocks} top bands, ${fast.classes} classes ` +
      `(${fast.seconds.classes.toFixed(1)} s), n_C on 2 workers ${fast.seconds.completions.toFixed(1)} s; ` +
      `Σ m_C·n_C = ${fast.totalWithFixedRow}, ` +
      `N = ${fast.total} (${fastSeconds.toFixed(1)} s wall)`,
  );
  t = performance.now();
  const slice = (a) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--slice', String(a)]);
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(BigInt(out.trim())) : reject(new Error(`slice ${a}: ${code}`)),
      );
    });
  const queue = [4, 5, 6, 7, 8, 9];
  const counts = new Map();
  await Promise.all(
    [0, 1].map(async () => {
      while (queue.length > 0) {
        const a = queue.shift();
        counts.set(a, await slice(a));
      }
    }),
  );
  const row1 = [...counts.values()].reduce((x, y) => x + y, 0n);
  const exhaustive = row1 * 362880n;
  console.log(
    `9x9 anti-knight, exhaustive route: ${row1} grids with row 1 = 1..9 (by r2c1: ` +
      `${[4, 5, 6, 7, 8, 9].map((a) => `${a}: ${counts.get(a)}`).join(', ')}), N = ${exhaustive} ` +
      `(${((performance.now() - t) / 1000).toFixed(1)} s wall, 2 processes); routes agree: ` +
      `${exhaustive === fast.total ? 'yes' : 'NO'}`,
  );
}

if (args.includes('--project-x')) {
  const rules = parseRules(SHAPE_3X3, 'x');
  let t = performance.now();
  const top = variantTopBlocks(variantGroup(rules));
  const classSeconds = (performance.now() - t) / 1000;
  const C = top.sizes.length;
  console.log(
    `\n9x9 X, generic route: ${top.blocks} top bands (row 1 fixed), stabilizer ${top.stabilizerOrder}, ` +
      `${C} classes in ${classSeconds.toFixed(1)} s`,
  );
  const counter = new HouseCounter(rules);
  const givens = new Uint8Array(81);
  let s = 12345;
  const times = [];
  for (let i = 0; i < SAMPLE; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const id = s % C;
    givens.set(top.representatives.subarray(id * 27, id * 27 + 27));
    t = performance.now();
    const n = counter.count(givens).count;
    times.push((performance.now() - t) / 1000);
    console.log(`  class ${id}: n_C = ${n}, ${times[i].toFixed(3)} s`);
  }
  const mean = times.reduce((a, b) => a + b, 0) / SAMPLE;
  console.log(
    `  mean ${mean.toFixed(3)} s, median ${median(times).toFixed(3)} s per class: projected ` +
      `${((mean * C) / 3600).toFixed(1)} CPU-hours for all ${C} classes`,
  );
}
console.log(`\nload average after: ${load()}`);
