#!/usr/bin/env node
// npm run bench -- 6x2-classes [--classes K] [--seed S] [--engine wasm|js|both] [--baseline DIST] [--results DIR]
//   [--uniform] [--shard I]
// The instrument for the cost of the 6x2 count (issue 25): F of K classes (default 30) drawn uniformly at random,
// with a fixed seed (default 1), from the classes whose values are committed in data/6x2/results/ (the shards of
// data/6x2/plan.json.gz run so far; one-class shards left out, see below), each computed in this process on one
// thread and checked against the committed value: a mismatch is printed and the benchmark stops with status 1.
// Reported: CPU seconds a class (median, mean, ±2 standard errors) and the projection for the whole count,
// 63,199 × mean (with mean ± 2 s.e.), in CPU-hours. Why classes drawn uniformly, and not configurations: docs/
// benchmarks.md, "6×2: the cost of a class, sampled by class".
//   --engine both     the WebAssembly core and the TypeScript alternately, class by class (which goes first
//                     alternates too), and the ratio of their times
//   --baseline DIST   another build's dist/ folder (e.g. a copy of an earlier commit's dist/): its columnTransfer
//                     and this build's alternately, class by class, same engine; the A/B of docs/benchmarks.md
//   --shard I         instead of a draw, every class of committed shard I (the whole shard, as a shard runs it)
//   --results DIR     another folder of shard results of the same plan (e.g. a runner's output), added to the
//                     frame; every file is checked to be of this plan
// A warm-up class (the cheapest of the frame, not in the sample, not timed) runs first with every build/engine:
// the first class in a process runs ~1.5× slower while V8 optimises the WebAssembly.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const valueOf = (flag, fallback) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : fallback;
};
const fail = (message) => {
  console.error(`6x2-classes: ${message}`);
  process.exit(2);
};
let K = Number(valueOf('--classes', '30'));
const seed = Number(valueOf('--seed', '1'));
const engine = valueOf('--engine', 'wasm');
const baseline = valueOf('--baseline', null);
const extra = valueOf('--results', null);
const uniform = args.includes('--uniform');
const wholeShard = valueOf('--shard', null);
if (!Number.isInteger(K) || K < 2) fail(`--classes ${valueOf('--classes')}: not a whole number ≥ 2`);
if (!Number.isInteger(seed) || seed < 0) fail(`--seed ${valueOf('--seed')}: not a whole number ≥ 0`);
if (!['wasm', 'js', 'both'].includes(engine)) fail(`--engine ${engine}: not wasm, js or both`);
if (baseline && engine === 'both') fail('--baseline with --engine both: choose one comparison');

// the plan: its id and the class list (orbit, stabiliser, 12 words a class)
const planText = gunzipSync(readFileSync(join(root, 'data', '6x2', 'plan.json.gz'))).toString('utf8');
const plan = JSON.parse(planText);
const CLASSES = plan.classes;
const words = (c) => Uint8Array.from(plan.classRows[c].slice(2));

// the frame: every class of a committed (or --results) shard holding more than one class, with its value
const frame = new Map();
const oneClass = [];
const shardCpu = new Map();
for (const dir of [join(root, 'data', '6x2', 'results'), ...(extra ? [resolve(extra)] : [])]) {
  for (const name of readdirSync(dir).filter((n) => /^shard-\d+-of-1000\.json$/.test(n))) {
    const text = readFileSync(join(dir, name), 'utf8');
    const head = JSON.parse(text.slice(0, text.indexOf('"values"')).replace(/,$/, '') + '}');
    if (head.format !== 'sudoku-count/shard-result' || head.plan !== plan.id)
      fail(`${join(dir, name)}: not a shard result of plan ${plan.id}`);
    // values may pass 2^53: read them as text
    const values = [...text.slice(text.indexOf('"values"')).matchAll(/\[(\d+),(\d+)\]/g)].map((m) => [
      Number(m[1]),
      BigInt(m[2]),
    ]);
    shardCpu.set(head.shard, head.cpuSeconds);
    if (values.length === 1) {
      oneClass.push(head.shard);
      continue;
    }
    for (const [c, F] of values) {
      const seen = frame.get(c);
      if (seen && seen.F !== F) fail(`class ${c}: two results disagree (${name})`);
      frame.set(c, { c, shard: head.shard, F: F });
    }
  }
}
const ids = [...frame.keys()].sort((a, b) => a - b);

// The draw (mulberry32 from the seed; partial Fisher–Yates, so without replacement). A class's cost climbs steeply
// with its number (the class search meets the dear classes last: ~0.05 CPU s below 10,000, up to ~40 s above
// 62,000), so by default the frame is stratified by class number, strata halving toward the top (63,199 ·
// (1 − 2^−h), h = 1..5), K/6 drawn in each: the frame's mean is Σ_h W_h·mean_h (W_h: the stratum's share of the
// frame), its variance Σ_h W_h²·(1 − n_h/N_h)·s_h²/n_h. --uniform: K drawn from the whole frame (the plain mean;
// unbiased too, but the few dear classes make it vary far more).
let x = seed >>> 0;
const random = () => {
  x = (x + 0x6d2b79f5) | 0;
  let t = Math.imul(x ^ (x >>> 15), 1 | x);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const draw = (from, k) => {
  const pool = [...from];
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool;
};
const cuts = uniform ? [0, CLASSES] : [0, ...[1, 2, 3, 4, 5].map((h) => Math.round(CLASSES * (1 - 2 ** -h))), CLASSES];
if (!uniform && wholeShard === null && K < 2 * (cuts.length - 1))
  fail(`--classes ${K}: at least ${2 * (cuts.length - 1)} (two a stratum, for the standard error), or --uniform`);
const whole = wholeShard === null ? null : ids.filter((c) => frame.get(c).shard === Number(wholeShard));
if (whole && whole.length === 0) fail(`--shard ${wholeShard}: no shard of several classes in the frame`);
const strata = whole
  ? [{ lo: 0, hi: CLASSES, weight: 1, frame: whole.length, ids: whole, pool: whole }]
  : cuts.slice(1).map((end, h) => {
      const from = ids.filter((c) => c >= cuts[h] && c < end);
      const n = Math.floor(K / (cuts.length - 1)) + (h < K % (cuts.length - 1) ? 1 : 0);
      if (from.length < n + (h === 0 ? 1 : 0))
        fail(
          `classes ${cuts[h]}–${end - 1}: the frame holds ${from.length}, fewer than the ${n} to draw (add --results)`,
        );
      const pool = draw(from, n);
      return {
        lo: cuts[h],
        hi: end,
        weight: from.length / ids.length,
        frame: from.length,
        ids: pool.slice(0, n),
        pool,
      };
    });
const sample = strata.flatMap((s) => s.ids);
const design = whole ? `shard ${wholeShard} whole` : uniform ? 'uniform' : 'stratified by class number';
K = sample.length;
const stratumOf = (c) => strata.findIndex((s) => c >= s.lo && c < s.hi);
// the warm-up: class 0 if it is in the frame and not drawn (F = 812,851,200², cheap), else an undrawn one
const warm = frame.has(0) && !sample.includes(0) ? 0 : ids.find((c) => !sample.includes(c));

const load = async (dist) =>
  (await import(pathToFileURL(join(dist, 'colsets', 'columnTransfer.js')).href)).columnTransfer;
const here = await load(join(root, 'dist'));
const runners = baseline
  ? [
      { name: 'this build', run: here, engine: engine === 'js' ? 'js' : 'wasm' },
      {
        name: 'baseline',
        run: await load(isAbsolute(baseline) ? baseline : resolve(baseline)),
        engine: engine === 'js' ? 'js' : 'wasm',
      },
    ]
  : engine === 'both'
    ? [
        { name: 'wasm', run: here, engine: 'wasm' },
        { name: 'js', run: here, engine: 'js' },
      ]
    : [{ name: engine, run: here, engine }];

// a shard's value of a class is its F (the merge sums orbit·F²)
const timeOne = (runner, c) => {
  const t0 = process.cpuUsage();
  const res = runner.run(6, words(c), 0, { engine: runner.engine });
  const t = process.cpuUsage(t0);
  if (res.F !== frame.get(c).F) {
    console.error(
      `6x2-classes: class ${c} (${runner.name}): F = ${res.F}, data says ${frame.get(c).F}: MISMATCH, stopping`,
    );
    process.exit(1);
  }
  return { seconds: (t.user + t.system) / 1e6, res };
};

const shards = [...new Set(ids.map((c) => frame.get(c).shard))].sort((a, b) => a - b);
console.log(
  `6x2 classes: ${K} of ${ids.length} (${design}; ` +
    `shards ${shards.join(', ')}; one-class shards ${oneClass.join(', ') || 'none'} ` +
    `left out), seed ${seed}; ${runners.map((r) => `${r.name} (${r.engine})`).join(' vs ')}; warm-up class ${warm}; ` +
    `load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
);
console.log(
  strata
    .map(
      (st) =>
        `classes ${st.lo}–${st.hi - 1}: weight ${st.weight.toFixed(4)}, ${st.ids.length} of ${st.frame} in the frame`,
    )
    .join('; '),
);
for (const r of runners) timeOne(r, warm);
console.log(
  `| class | shard | ${runners.map((r) => `CPU s ${r.name}`).join(' | ')} | transitions | largest table |` +
    (runners.length > 1 ? ' ratio |' : ''),
);
console.log(`|---|---|${runners.map(() => '---|').join('')}---|---|${runners.length > 1 ? '---|' : ''}`);
const times = runners.map(() => []);
for (let i = 0; i < sample.length; i++) {
  const c = sample[i];
  const row = new Array(runners.length);
  let res = null;
  // alternate which runner goes first, so neither always meets a warmer (or colder) machine
  const order = runners.map((_, j) => j);
  if (i % 2 === 1) order.reverse();
  for (const j of order) {
    const t = timeOne(runners[j], c);
    row[j] = t.seconds;
    times[j].push(t.seconds);
    res = t.res;
  }
  console.log(
    `| ${c} | ${frame.get(c).shard} | ${row.map((s) => s.toFixed(2)).join(' | ')} | ${res.transitions} | ` +
      `${res.peakStates} |${runners.length > 1 ? ` ${(row[0] / row[1]).toFixed(3)} |` : ''}`,
  );
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const stats = (xs) => {
  // the stratified mean and its standard error (one stratum: the plain mean)
  let mean = 0;
  let variance = 0;
  strata.forEach((st, h) => {
    const ys = xs.filter((_, i) => stratumOf(sample[i]) === h);
    const m = ys.reduce((a, b) => a + b, 0) / ys.length;
    const s2 = ys.length > 1 ? ys.reduce((a, b) => a + (b - m) ** 2, 0) / (ys.length - 1) : 0;
    mean += st.weight * m;
    variance += (st.weight ** 2 * (1 - ys.length / st.frame) * s2) / ys.length;
  });
  return { mean, se: Math.sqrt(variance), median: median(xs) };
};
const hours = (s) => ((s * CLASSES) / 3600).toFixed(1);
// the same frame mean, by shards: the plan balances its ordinary shards by a cost proxy, and the frame's shards
// hold fewer classes than the average (they took the dearest classes first), so the frame's cost a shard times
// the ordinary shards is the other reading of the same sample
const ordinary = plan.assignment.filter((a) => a.length > 1).length;
const perShard = ids.length / shards.length;
const shardHours = (s) => ((s * perShard * ordinary) / 3600).toFixed(1);
console.log(`all ${K} values equal the committed ones`);
for (let j = 0; j < runners.length; j++) {
  const { mean, se, median: med } = stats(times[j]);
  console.log(
    `${runners[j].name}: CPU s a class: sample median ${med.toFixed(3)}, ` +
      `${uniform || whole ? 'mean' : 'stratified mean'} ${mean.toFixed(3)} ` +
      `(±2 s.e. ${(mean - 2 * se).toFixed(3)}–${(mean + 2 * se).toFixed(3)}); ` +
      `projected ${CLASSES} × mean = ${hours(mean)} CPU-hours (${hours(mean - 2 * se)}–${hours(mean + 2 * se)}); ` +
      `by shards, ${ordinary} × ${perShard.toFixed(1)} classes × mean = ${shardHours(mean)} ` +
      `(${shardHours(mean - 2 * se)}–${shardHours(mean + 2 * se)})`,
  );
}
if (runners.length > 1) {
  const ratios = times[0].map((t, i) => t / times[1][i]);
  const mean = ratios.reduce((a, b) => a + b, 0) / K;
  const se = Math.sqrt(ratios.reduce((a, b) => a + (b - mean) ** 2, 0) / (K - 1) / K);
  console.log(
    `${runners[0].name} / ${runners[1].name}: ratio of medians ${(median(times[0]) / median(times[1])).toFixed(3)}, ` +
      `ratio of the estimated means (the projections) ${(stats(times[0]).mean / stats(times[1]).mean).toFixed(3)}, ` +
      `median of the ${K} paired ratios ` +
      `${median(ratios).toFixed(3)} (mean ${mean.toFixed(3)} ± ${(2 * se).toFixed(3)})`,
  );
}
if (whole)
  console.log(
    `shard ${wholeShard}, all ${whole.length} classes: ` +
      runners.map((r, j) => `${r.name} ${times[j].reduce((a, b) => a + b, 0).toFixed(1)} CPU s`).join(', ') +
      `; its committed file: ${shardCpu.get(Number(wholeShard))} CPU s (a shard process, at its own load)`,
  );
console.log(
  `load average now ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
