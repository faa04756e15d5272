#!/usr/bin/env node
/**
 * Benchmark of the grid index (rank, unrank, sample), one core, each shape in fresh processes:
 *
 *   npm run bench -- index                         (~1 min)
 *   node scripts/bench-index.mjs --procs 5 --rounds 5 --ops 20000 --box 3x3,4x2
 *   node scripts/bench-index.mjs --uniformity      (adds a 1,000,000-grid chi-square of 3×3 top-band classes)
 *
 * For each shape, `procs` fresh processes each build the index (set-up: wall seconds of gridIndex(), and the
 * process's CPU seconds for it), then time `rounds` rounds of `ops` unranks of seeded random numbers, ranks of
 * those grids, and samples; the table shows medians over all rounds of all processes, and the largest peak RSS
 * (the process's maxRSS: Node itself, the tables and the grids of a round).
 *
 * --uniformity samples 1,000,000 3×3 grids (seed 1) and tests their top-band class frequencies against
 * m_C·n_C/(N/9!) by chi-square, over every class and over the classes grouped into 10 bins by n_C, printing each
 * statistic, its degrees of freedom and p-value, and its power against a sampler that picks the top band
 * uniformly (ignoring n_C, which varies by only ±7% between classes).
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
  const K = 1_000_000;
  const observed = new Float64Array(classes.count);
  const rng = xoroshiro128plus(1);
  const grid = new Uint8Array(81);
  const t0 = performance.now();
  for (let k = 0; k < K; k++) observed[classes.classOfBand(index.sample(rng, grid).subarray(0, 27))]++;
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `\n# uniformity: ${K.toLocaleString('en-US')} sampled 3×3 grids (seed 1, ${seconds.toFixed(1)} s), ` +
      'top-band class frequencies against m_C·n_C/(N/9!); power against "top band uniform, ignoring n_C"',
  );
  // every class (those expected fewer than 5 times pooled), then the classes grouped by n_C into 10 bins of
  // equal expected mass: the alternative moves probability along n_C, which 9 degrees of freedom catch far better
  const byCompletions = Array.from({ length: classes.count }, (_, c) => c).sort(
    (a, b) => completions[a] - completions[b],
  );
  const groups = [classes.count, 10].map((G) => {
    const bins = Array.from({ length: G === classes.count ? G + 1 : G }, () => ({ o: 0, e: 0, alt: 0 }));
    let mass = 0;
    for (const c of byCompletions) {
      const e = (K * weight[c]) / sum,
        alt = (K * classes.sizes[c]) / sizeSum;
      const b = G === classes.count ? (e < 5 ? 0 : 1 + c) : Math.min(G - 1, Math.floor((mass / K) * G));
      bins[b].o += observed[c];
      bins[b].e += e;
      bins[b].alt += alt;
      mass += e;
    }
    return { label: G === classes.count ? 'every class' : `${G} bins by n_C`, bins: bins.filter((x) => x.e > 0) };
  });
  for (const { label, bins } of groups) {
    const df = bins.length - 1;
    let chi2 = 0,
      lambda = 0;
    for (const { o, e, alt } of bins) {
      chi2 += (o - e) ** 2 / e;
      lambda += (alt - e) ** 2 / e;
    }
    // upper tails: chi-square by Wilson–Hilferty, the noncentral one by its normal approximation
    const z = ((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / Math.sqrt(2 / (9 * df));
    const limit = df * (1 - 2 / (9 * df) + 3.0902 * Math.sqrt(2 / (9 * df))) ** 3; // upper 10⁻³
    const power = 0.5 * erfc((limit - df - lambda) / Math.sqrt(2 * (df + 2 * lambda)) / Math.SQRT2);
    console.log(
      `${label}: chi-square ${chi2.toFixed(1)} on ${df} degrees of freedom, p ≈ ` +
        `${(0.5 * erfc(z / Math.SQRT2)).toPrecision(3)}; noncentrality against the alternative ${lambda.toFixed(0)}, ` +
        `power at the 10⁻³ level ≈ ${power.toFixed(3)}`,
    );
  }
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
  const procs = Number(opt('procs', opt('runs', 3))); // `npm run bench -- index --runs K`: K processes
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
