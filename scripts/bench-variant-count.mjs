#!/usr/bin/env node
/**
 * Benchmark of the variant totals (src/variants/):
 *
 *   npm run build && node scripts/bench-variant-count.mjs [--runs K] [--nine [V]] [--project 'V …'] [--check 'V …']
 *     [--band-pair 'V …'] [--sample K] [--dlx K] [--max-seconds S]
 *
 *   small    `count --variant` in one process on every shape and variant of data/variant-classes-*.json: the
 *            fast route (top-block classes + generic counter) and the exhaustive route (exact cover, every grid
 *            with row 1 fixed), medians of K runs, and their agreement
 *   group    |G_V| of every 9x9 variant and of the pairs x,windoku and x,disjoint-groups (computed from the rules)
 *   nine     (--nine [V]; V = anti-knight by default, about 9 min on 2 cores) a 9x9 total by both routes: the fast
 *            route (countVariantGridsPooled, n_C of every class on 2 workers by the solver's engine) and the
 *            exhaustive route (exact cover, every grid with row 1 = 1..9, split by r2c1 = 4..9 over 2 processes,
 *            × 9!), and their agreement
 *   project  (--project 'V V ...'; seconds to minutes) the fast route's cost: the top-block classes (and the seconds
 *            to classify), then n_C of --sample K classes drawn with a fixed seed by the solver's engine (capped
 *            at --max-seconds S per variant), and the projected CPU-hours of all classes with a 95 % interval
 *            (mean ± 1.96 sd/√K): the figures declared in src/variants/variantCountSupport.ts (VARIANT_COUNT_COST_9X9)
 *   check    (--check 'V V ...') the second route class by class: --sample K classes drawn with a fixed seed, n_C by
 *            the fast route's engine, by HouseCounter, and for the first --dlx K' of them by exact cover (src/dlx),
 *            value by value
 *   band-pair (--band-pair 'V V ...'; V one of centre-dot, asterisk, girandola) the band-pair route of the 9x9
 *            one-house variants against the solver class by class: the top-block classes and their column-set keys
 *            (seconds), the two house tables (seconds), then --sample K classes drawn with a fixed seed: n_C by the
 *            band-pair sum from the class's own band, from its key, by the solver's engine (the variant core), and for
 *            the first --dlx K' of them by exact cover; the mean seconds per key of the sum (the declared cost)
 *   anti-king (--anti-king; ~10 CPU-minutes) the 9x9 anti-king total by the edge-table route
 *            (src/variants/countAntiKingEdge.ts: `count --variant anti-king`) on 2 workers, wall and CPU seconds by
 *            stage, then its checks by routes that share no counting code with the join: the middle bands counted
 *            against the top blocks of the solver route (the same constraints); --sample K middle-band classes drawn
 *            with a fixed seed, n(B) by the per-band searches of scripts/anti-king-middle.mjs and for the first
 *            --dlx K' of them by exact cover; and the 272 top-block classes of shard 0 of data/anti-king-9x9 (n_C by
 *            the solver route) against n(B1) by the top-band route through U (src/variants/antiKingTopBand.ts);
 *            --from F takes the count from F (the --json output of `count --variant anti-king`) instead of running it;
 *            --estimate K also estimates N/9! from K top-block classes drawn uniformly (seeded) by the top-band route;
 *            --shard0 K checks the first K of shard 0's classes only (default all 272)
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
import { completionsCounter } from '../dist/variants/variantCompletionsTask.js';
import { oneHouseLayout } from '../dist/variants/oneHouseLayout.js';
import { houseKeyClasses } from '../dist/variants/houseKeyClasses.js';
import { houseCounter } from '../dist/variants/houseCompletionsTask.js';
import { antiKingEdgeLayout } from '../dist/variants/antiKingEdgeLayout.js';
import { fillAntiKingEdgeTable } from '../dist/variants/antiKingEdgeTable.js';
import { antiKingTopBandCompletions } from '../dist/variants/antiKingTopBand.js';
import { readFileSync } from 'node:fs';
import { fromJson } from '../dist/io/json.js';

// a child of --nine: the exact-cover count of one slice (row 1 = 1..9, r2c1 = a), printed as one number
if (process.argv[2] === '--slice') {
  const start = new Uint8Array(81);
  for (let c = 0; c < 9; c++) start[c] = c + 1;
  start[9] = Number(process.argv[3]);
  console.log(rulesExactCover(parseRules(SHAPE_3X3, process.argv[4]), start).count);
  process.exit(0);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.indexOf(name) >= 0 ? Number(args[args.indexOf(name) + 1]) : dflt);
const RUNS = opt('--runs', 5);
const SAMPLE = opt('--sample', 20);
const DLX_SAMPLE = opt('--dlx', 3);
const MAX_SECONDS = opt('--max-seconds', 120);
const listOf = (name) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1].split(/\s+/).filter(Boolean) : []);
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
  const next = args[args.indexOf('--nine') + 1];
  const variant = next && !next.startsWith('--') ? next : 'anti-knight';
  const rules = parseRules(SHAPE_3X3, variant);
  let t = performance.now();
  const fast = await countVariantGridsPooled(rules, { workers: 2, exhaustive: 'none' });
  const fastSeconds = (performance.now() - t) / 1000;
  console.log(
    `\n${rules.name}, fast route: ${fast.blocks} top bands, ${fast.classes} classes ` +
      `(${fast.seconds.classes.toFixed(1)} s), n_C on 2 workers ${fast.seconds.completions.toFixed(1)} s; ` +
      `Σ m_C·n_C = ${fast.totalWithFixedRow}, ` +
      `N = ${fast.total} (${fastSeconds.toFixed(1)} s wall)`,
  );
  t = performance.now();
  const slice = (a) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--slice', String(a), variant]);
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
    `${rules.name}, exhaustive route: ${row1} grids with row 1 = 1..9 (by r2c1: ` +
      `${[4, 5, 6, 7, 8, 9].map((a) => `${a}: ${counts.get(a)}`).join(', ')}), N = ${exhaustive} ` +
      `(${((performance.now() - t) / 1000).toFixed(1)} s wall, 2 processes); routes agree: ` +
      `${exhaustive === fast.total ? 'yes' : 'NO'}`,
  );
}

/** Class ids drawn with a fixed seed (a linear congruential generator), C classes. */
function sampleIds(C, K) {
  let s = 12345;
  const ids = [];
  for (let i = 0; i < K; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    ids.push(s % C);
  }
  return ids;
}

function topClasses(variant) {
  const rules = parseRules(SHAPE_3X3, variant);
  const t = performance.now();
  const top = variantTopBlocks(variantGroup(rules));
  return { rules, top, seconds: (performance.now() - t) / 1000 };
}

for (const variant of listOf('--project')) {
  const { rules, top, seconds } = topClasses(variant);
  const C = top.sizes.length;
  const counter = completionsCounter(rules);
  const givens = new Uint8Array(81);
  const times = [];
  let leaves = 0;
  const stop = performance.now() + MAX_SECONDS * 1000;
  for (const id of sampleIds(C, SAMPLE)) {
    if (performance.now() > stop) break;
    givens.set(top.representatives.subarray(id * 27, id * 27 + 27));
    const t = performance.now();
    leaves += counter.count(givens).count;
    times.push((performance.now() - t) / 1000);
  }
  const K = times.length;
  const sum = times.reduce((a, b) => a + b, 0);
  const mean = sum / K;
  const sd = K > 1 ? Math.sqrt(times.reduce((a, b) => a + (b - mean) ** 2, 0) / (K - 1)) : NaN;
  const hours = (x) => ((x * C) / 3600).toFixed(2);
  console.log(
    `\n${rules.name}: ${top.blocks} top bands, stabilizer ${top.stabilizerOrder}, ${C} classes ` +
      `(${seconds.toFixed(1)} s); ${K} classes sampled: mean ${mean.toFixed(4)} s, median ` +
      `${median(times).toFixed(4)} s, ${(leaves / sum / 1e6).toFixed(2)} M completions/s; projected ` +
      `${hours(mean)} CPU-hours [${hours(mean - (1.96 * sd) / Math.sqrt(K))}, ` +
      `${hours(mean + (1.96 * sd) / Math.sqrt(K))}]`,
  );
}

for (const variant of listOf('--check')) {
  const { rules, top } = topClasses(variant);
  const C = top.sizes.length;
  const fast = completionsCounter(rules);
  const house = new HouseCounter(rules);
  const givens = new Uint8Array(81);
  const seconds = [0, 0, 0];
  let agree = 0,
    dlxAgree = 0,
    dlxDone = 0,
    sum = 0;
  const ids = sampleIds(C, SAMPLE);
  for (const [i, id] of ids.entries()) {
    givens.set(top.representatives.subarray(id * 27, id * 27 + 27));
    let t = performance.now();
    const a = fast.count(givens).count;
    seconds[0] += (performance.now() - t) / 1000;
    t = performance.now();
    const b = house.count(givens).count;
    seconds[1] += (performance.now() - t) / 1000;
    sum += a;
    if (a === b) agree++;
    else console.log(`  class ${id}: fast ${a}, HouseCounter ${b}: DIFFER`);
    if (i < DLX_SAMPLE) {
      t = performance.now();
      const c = rulesExactCover(rules, givens).count;
      seconds[2] += (performance.now() - t) / 1000;
      dlxDone++;
      if (c === a) dlxAgree++;
      else console.log(`  class ${id}: fast ${a}, exact cover ${c}: DIFFER`);
    }
  }
  console.log(
    `\n${rules.name}: ${ids.length} of ${C} classes drawn with a fixed seed (Σ n_C = ${sum}): HouseCounter agrees ` +
      `on ${agree}/${ids.length}, exact cover on ${dlxAgree}/${dlxDone}; seconds: fast ${seconds[0].toFixed(1)}, ` +
      `HouseCounter ${seconds[1].toFixed(1)}, exact cover ${seconds[2].toFixed(1)}`,
  );
}
for (const variant of listOf('--band-pair')) {
  const { rules, top, seconds } = topClasses(variant);
  const C = top.sizes.length;
  const layout = oneHouseLayout(rules);
  let t = performance.now();
  const keys = houseKeyClasses(layout, top);
  const keySeconds = (performance.now() - t) / 1000;
  t = performance.now();
  const sum = houseCounter(rules);
  const tableSeconds = (performance.now() - t) / 1000;
  const solver = completionsCounter(rules);
  const givens = new Uint8Array(81);
  const S = new Int32Array(9);
  const secs = [0, 0, 0];
  let agree = 0,
    keyAgree = 0,
    dlxAgree = 0,
    dlxDone = 0;
  const ids = sampleIds(C, SAMPLE);
  for (const [i, id] of ids.entries()) {
    const b = top.representatives.subarray(id * 27, id * 27 + 27);
    for (let c = 0; c < 9; c++) S[c] = 0x1ff & ~((1 << (b[c] - 1)) | (1 << (b[9 + c] - 1)) | (1 << (b[18 + c] - 1)));
    let E = 0;
    for (const c of layout.top) E |= 1 << (b[c] - 1);
    t = performance.now();
    const own = sum.completions(S, 0x1ff & ~E);
    secs[0] += (performance.now() - t) / 1000;
    const k = keys.keyOf[id];
    const byKey = sum.completions(keys.keys.subarray(k * 10, k * 10 + 9), keys.keys[k * 10 + 9]);
    givens.set(b);
    t = performance.now();
    const bySolver = solver.count(givens).count;
    secs[1] += (performance.now() - t) / 1000;
    if (own === bySolver) agree++;
    else console.log(`  class ${id}: band-pair ${own}, solver ${bySolver}: DIFFER`);
    if (byKey === own) keyAgree++;
    else console.log(`  class ${id}: its band ${own}, its key ${byKey}: DIFFER`);
    if (i < DLX_SAMPLE) {
      t = performance.now();
      const c = rulesExactCover(rules, givens).count;
      secs[2] += (performance.now() - t) / 1000;
      dlxDone++;
      if (c === own) dlxAgree++;
      else console.log(`  class ${id}: band-pair ${own}, exact cover ${c}: DIFFER`);
    }
  }
  const perKey = secs[0] / ids.length;
  const projected = ((keys.keys.length / 10) * perKey) / 3600;
  console.log(
    `\n${rules.name} (band-pair route): ${C} classes (${seconds.toFixed(1)} s), ${keys.keys.length / 10} keys under ` +
      `${keys.columnMoves} column moves (${keySeconds.toFixed(1)} s), tables ${tableSeconds.toFixed(1)} s; ` +
      `${ids.length} classes drawn with a fixed seed: the solver agrees on ${agree}/${ids.length}, the key on ` +
      `${keyAgree}/${ids.length}, exact cover on ${dlxAgree}/${dlxDone}; seconds per class: band-pair ` +
      `${perKey.toFixed(4)}, solver ${(secs[1] / ids.length).toFixed(2)}, exact cover ` +
      `${dlxDone ? (secs[2] / dlxDone).toFixed(1) : '–'}; projected sum ${projected.toFixed(3)} CPU-h`,
  );
}
if (args.includes('--anti-king')) {
  const rules = parseRules(SHAPE_3X3, 'anti-king');
  const cpu = () => {
    const u = process.cpuUsage(); // the whole process: this thread and the pool's
    return (u.user + u.system) / 1e6;
  };
  console.log(`\n9x9 anti-king by the edge-table route (count --variant anti-king --workers 2), load ${load()}`);
  const c0 = cpu();
  let t = performance.now();
  // --from F: the count's --json output of an earlier run (count --variant anti-king --json > F), checked as it is
  const from = args.indexOf('--from') >= 0 ? args[args.indexOf('--from') + 1] : undefined;
  const r = from ? fromJson(readFileSync(from, 'utf8')) : await countVariantGridsPooled(rules, { workers: 2 });
  const wall = (performance.now() - t) / 1000;
  const cpuAll = cpu() - c0;
  if (from) console.log(`  (the count read from ${from}: ${r.seconds.total.toFixed(1)} s wall there)`);
  else
    console.log(
      `  middle bands ${r.blocks}, classes ${r.classes} (${r.seconds.classes.toFixed(1)} s); U: ` +
        `${r.edgeTable.bands} edge bands, largest entry ${r.edgeTable.max} (${r.seconds.table.toFixed(1)} s wall); ` +
        `join ${r.seconds.completions.toFixed(1)} s wall; total ${wall.toFixed(1)} s wall, ` +
        `${cpuAll.toFixed(0)} CPU s ` +
        `(${(cpuAll / 3600).toFixed(3)} CPU-h), load after ${load()}`,
    );
  console.log(`  Σ size·n(B) = ${r.totalWithFixedRow}, N = ${r.total}`);
  const top = variantTopBlocks(variantGroup(rules));
  console.log(
    `  middle bands ${r.blocks} = top blocks of the solver route ${top.blocks}: ` +
      (r.blocks === top.blocks ? 'yes' : 'NO'),
  );
  // (a) a seeded sample of middle-band classes by the per-band searches, and exact cover
  const { middleBandCompletions } = await import('./anti-king-middle.mjs');
  let x = 20261125;
  const rand = () => {
    x = (x + 0x6d2b79f5) | 0;
    let s = Math.imul(x ^ (x >>> 15), 1 | x);
    s = (s + Math.imul(s ^ (s >>> 7), 61 | s)) ^ s;
    return ((s ^ (s >>> 14)) >>> 0) / 4294967296;
  };
  let same = 0;
  for (let i = 0; i < SAMPLE; i++) {
    const id = Math.floor(rand() * r.classes);
    const row = r.classRows[id];
    const band = Uint8Array.from(row.block.replaceAll('/', ''), Number);
    t = performance.now();
    const dfs = middleBandCompletions(band);
    const dfsSeconds = (performance.now() - t) / 1000;
    let dlx = '';
    let ok = BigInt(dfs) === BigInt(row.completions);
    if (i < DLX_SAMPLE) {
      const cells = new Uint8Array(81);
      cells.set(band, 27);
      t = performance.now();
      const e = rulesExactCover(rules, cells).count;
      dlx = `, exact cover ${e} (${((performance.now() - t) / 1000).toFixed(1)} s)`;
      ok &&= BigInt(e) === BigInt(row.completions);
    }
    if (ok) same++;
    console.log(
      `  class ${id} ${row.block}: join ${row.completions}, per-band searches ${dfs} (${dfsSeconds.toFixed(1)} s)` +
        `${dlx} ${ok ? '✓' : '✗'}`,
    );
  }
  console.log(`  (a) ${same} of ${SAMPLE} sampled middle-band classes agree (seed 20261125)`);
  // (b) shard 0's top-block classes (solver route) against the top-band route through U
  const layout = antiKingEdgeLayout(3);
  const table = new Uint16Array(layout.M ** 3);
  t = performance.now();
  fillAntiKingEdgeTable(layout, table, 0, 1);
  const tableSeconds = (performance.now() - t) / 1000;
  const shard = JSON.parse(readFileSync(join(root, 'data/anti-king-9x9/results/shard-000-of-1000.json'), 'utf8'));
  t = performance.now();
  let agree = 0;
  const shardClasses = shard.values.slice(0, opt('--shard0', shard.values.length));
  for (const [id, nC] of shardClasses) {
    const v = antiKingTopBandCompletions(layout, table, top.representatives.subarray(id * 27, id * 27 + 27));
    if (v === nC) agree++;
    else console.log(`  class ${id}: solver ${nC}, top-band route ${v} ✗`);
  }
  console.log(
    `  (b) ${agree} of ${shardClasses.length} shard-0 classes agree with the solver route ` +
      `(U in ${tableSeconds.toFixed(1)} s on one thread, the ${shardClasses.length} classes in ` +
      `${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
  // (c) the total estimated from --estimate K top-block classes drawn uniformly with a fixed seed, each valued
  // m_C·n(B1) by the top-band route: C·mean, with a 95 % interval (mean ± 1.96 sd/√K); the exact total should lie in
  // it 19 times in 20
  const EST = opt('--estimate', 0);
  if (EST > 0) {
    t = performance.now();
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < EST; i++) {
      const id = Math.floor(rand() * top.sizes.length);
      const v =
        top.sizes[id] * antiKingTopBandCompletions(layout, table, top.representatives.subarray(id * 27, id * 27 + 27));
      s1 += v;
      s2 += v * v;
    }
    const mean = s1 / EST;
    const sd = Math.sqrt((s2 - EST * mean * mean) / (EST - 1));
    const C = top.sizes.length;
    const [lo, hi] = [C * (mean - (1.96 * sd) / Math.sqrt(EST)), C * (mean + (1.96 * sd) / Math.sqrt(EST))];
    const exact = Number(r.totalWithFixedRow);
    console.log(
      `  (c) N/9! estimated from ${EST} top-block classes (uniform, seeded): ${(C * mean).toExponential(5)} ` +
        `[${lo.toExponential(4)}, ${hi.toExponential(4)}]; exact ${exact.toExponential(5)}: ` +
        `${exact >= lo && exact <= hi ? 'inside' : 'OUTSIDE'} (${((performance.now() - t) / 1000).toFixed(0)} s)`,
    );
  }
}

console.log(`\nload average after: ${load()}`);
