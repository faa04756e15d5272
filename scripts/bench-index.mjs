#!/usr/bin/env node
/**
 * Benchmark of the grid index (rank, unrank, sample), one core, each shape in fresh processes:
 *
 *   npm run bench -- index                         (~1 min)
 *   node scripts/bench-index.mjs --procs 5 --rounds 5 --ops 20000 --box 3x3,4x2
 *   node scripts/bench-index.mjs --uniformity      (adds the 300,000-grid chi-square of 3×3 top-band classes)
 *
 * For each shape, `procs` fresh processes each build the index (set-up: wall seconds of gridIndex(), and the
 * process's CPU seconds for it), then time `rounds` rounds of `ops` unranks of seeded random numbers, ranks of
 * those grids, and samples; the table shows medians over all rounds of all processes, and the largest peak RSS
 * (the process's maxRSS: Node itself, the tables and the grids of a round).
 *
 * --uniformity samples 300,000 3×3 grids (seed 1) and tests their top-band class frequencies against
 * m_C·n_C/(N/9!) by chi-square (classes expected fewer than 5 times pooled), printing the statistic, its
 * degrees of freedom and p-value, and the noncentrality the same test would have against a sampler that picks
 * the top band uniformly (ignoring n_C).
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => join(root, 'dist', p);
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function child(box, ops, rounds) {
  const { gridIndex } = await import(dist('rank/gridIndex.js'));
  const { randomBigBelow } = await import(dist('random/randomBigBelow.js'));
  const { xoroshiro128plus } = await import('pure-rand/generator/xoroshiro128plus');
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const index = gridIndex({ box });
  const setup = (performance.now() - t0) / 1000;
  const cpu1 = process.cpuUsage(cpu0);
  const setupCpu = (cpu1.user + cpu1.system) / 1e6;
  const rng = xoroshiro128plus(12345);
  const rates = { unrank: [], rank: [], sample: [] };
  const cells = index.shape.n * index.shape.n;
  for (let r = 0; r < rounds; r++) {
    const ids = Array.from({ length: ops }, () => randomBigBelow(rng, index.total));
    const grids = new Uint8Array(ops * cells);
    let t = performance.now();
    for (let k = 0; k < ops; k++) index.unrank(ids[k], grids.subarray(k * cells, (k + 1) * cells));
    rates.unrank.push(ops / ((performance.now() - t) / 1000));
    t = performance.now();
    for (let k = 0; k < ops; k++) {
      if (index.rank(grids.subarray(k * cells, (k + 1) * cells)) !== ids[k]) throw new Error('rank ≠ unrank⁻¹');
    }
    rates.rank.push(ops / ((performance.now() - t) / 1000));
    const out = new Uint8Array(cells);
    t = performance.now();
    for (let k = 0; k < ops; k++) index.sample(rng, out);
    rates.sample.push(ops / ((performance.now() - t) / 1000));
  }
  const maxRss = process.resourceUsage().maxRSS / 1024; // MB
  process.stdout.write(JSON.stringify({ box, total: String(index.total), setup, setupCpu, rates, maxRss }) + '\n');
}

async function uniformity() {
  const { gridIndex } = await import(dist('rank/gridIndex.js'));
  const { runCount } = await import(dist('count/countGrids.js'));
  const { xoroshiro128plus } = await import('pure-rand/generator/xoroshiro128plus');
  const index = gridIndex({ box: '3x3' });
  const { classes, completions } = await runCount({ box: '3x3', workers: 1 });
  const weight = Array.from({ length: classes.count }, (_, c) => classes.sizes[c] * completions[c]);
  const sum = weight.reduce((a, b) => a + b, 0);
  const sizeSum = Array.from(classes.sizes).reduce((a, b) => a + b, 0);
  const K = 300_000;
  const observed = new Float64Array(classes.count);
  const rng = xoroshiro128plus(1);
  const grid = new Uint8Array(81);
  const t0 = performance.now();
  for (let k = 0; k < K; k++) observed[classes.classOfBand(index.sample(rng, grid).subarray(0, 27))]++;
  const seconds = (performance.now() - t0) / 1000;
  const bins = [{ o: 0, e: 0, alt: 0 }];
  for (let c = 0; c < classes.count; c++) {
    const e = (K * weight[c]) / sum,
      alt = (K * classes.sizes[c]) / sizeSum;
    if (e < 5) {
      bins[0].o += observed[c];
      bins[0].e += e;
      bins[0].alt += alt;
    } else bins.push({ o: observed[c], e, alt });
  }
  let chi2 = 0,
    lambda = 0;
  for (const { o, e, alt } of bins) {
    chi2 += (o - e) ** 2 / e;
    lambda += (alt - e) ** 2 / e;
  }
  const df = bins.length - 1;
  // upper tail of chi-square by Wilson–Hilferty, and of the noncentral one by its normal approximation
  const z = ((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / Math.sqrt(2 / (9 * df));
  const limit = df * (1 - 2 / (9 * df) + 3.0902 * Math.sqrt(2 / (9 * df))) ** 3; // upper 10⁻³
  const power = 0.5 * erfc((limit - df - lambda) / Math.sqrt(2 * (df + 2 * lambda)) / Math.SQRT2);
  console.log(
    `\n# uniformity: ${K.toLocaleString('en-US')} sampled 3×3 grids (seed 1, ${seconds.toFixed(1)} s), ` +
      'top-band class frequencies against m_C·n_C/(N/9!)',
  );
  console.log(
    `chi-square ${chi2.toFixed(1)} on ${df} degrees of freedom: z = ${z.toFixed(2)}, ` +
      `p ≈ ${(0.5 * erfc(z / Math.SQRT2)).toPrecision(3)}`,
  );
  console.log(
    `against "top band uniform, ignoring n_C": noncentrality ${lambda.toFixed(0)}, ` +
      `power at the 10⁻³ level ≈ ${power.toFixed(3)}`,
  );
}

/** erfc by Numerical Recipes' Chebyshev fit (relative error < 1.2·10⁻⁷). */
function erfc(x) {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

if (args[0] === '--child') {
  await child(args[1], Number(args[2]), Number(args[3]));
} else {
  const procs = Number(opt('procs', 3));
  const rounds = Number(opt('rounds', 5));
  const ops = Number(opt('ops', 10000));
  const boxes = opt('box', '2x2,2x3,3x2,3x3,4x2').split(',');
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  console.log(
    `# grid index: ${procs} fresh processes per shape, ${rounds} rounds of ${ops.toLocaleString('en-US')} ` +
      `operations each, medians; one core. ${cpus()[0]?.model ?? 'cpu'} ×${cpus().length}, load ${load}`,
  );
  console.log('| box | N | set-up (wall s) | set-up (cpu s) | rank/s | unrank/s | sample/s | peak RSS (MB) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const box of boxes) {
    const runs = [];
    for (let p = 0; p < procs; p++) {
      const out = execFileSync(
        process.execPath,
        [fileURLToPath(import.meta.url), '--child', box, String(ops), String(rounds)],
        { encoding: 'utf8' },
      );
      runs.push(JSON.parse(out));
    }
    const all = (k) => runs.flatMap((r) => r.rates[k]);
    const fmt = (x) => Math.round(x).toLocaleString('en-US');
    console.log(
      `| ${box} | ${BigInt(runs[0].total).toLocaleString('en-US')} | ` +
        `${median(runs.map((r) => r.setup)).toFixed(3)} | ${median(runs.map((r) => r.setupCpu)).toFixed(3)} | ` +
        `${fmt(median(all('rank')))} | ` +
        `${fmt(median(all('unrank')))} | ${fmt(median(all('sample')))} | ` +
        `${Math.max(...runs.map((r) => r.maxRss)).toFixed(0)} |`,
    );
  }
  console.log(
    `\nload after: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  if (args.includes('--uniformity')) await uniformity();
}
