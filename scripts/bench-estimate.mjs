#!/usr/bin/env node
/**
 * Benchmark of the Monte Carlo estimators on 3×3: how fast each reaches a 95 % interval of ±1 % of N.
 *
 *   npm run build && node scripts/bench-estimate.mjs              (~70 s)
 *   node scripts/bench-estimate.mjs --hybrid-seconds 10 --quick    (~25 s)
 *
 * For each row: samples per second (wall, all threads), CPU µs per sample (process CPU time, all threads,
 * so it does not depend on how busy the machine is), the per-sample coefficient of variation
 * CV = relErr·√S, and the time to ±1 % (half-width of the 95 % interval ≤ 1 % of the mean):
 *   samples    (1.96·CV / 0.01)²                    samples needed
 *   wall s     samples needed / (samples/s)         on this machine, as loaded as it is now
 *   CPU s      samples needed · CPU µs per sample   what it costs on an idle machine with enough cores
 *   observed   first wall moment the running interval was within ±1 % (knuth-mrv only; noisy by nature)
 * Reference: a C sketch of knuth-mrv takes ~10 µs per sample with CV ≈ 2.2, i.e. ~190,000 samples and
 * ~2 s on one core for ±1 %; "vs C" = CPU s / 2 s.
 */
import { availableParallelism, loadavg } from 'node:os';
import { estimate, exactCount } from '../dist/estimate/estimate.js';
import { parseBoxShape } from '../dist/grid/shape.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const quick = args.includes('--quick');
const workers = opt('workers', 2);
const hybridSeconds = opt('hybrid-seconds', quick ? 10 : 25);
const seed = opt('seed', 1);
const C_SECONDS = 2; // C sketch: 190,000 samples × 10 µs on one core

const box = parseBoxShape('3x3');
const exact = await exactCount(box);
const rows = [];

async function bench(label, options, threads) {
  let observed = null;
  const cpu0 = process.cpuUsage();
  const r = await estimate({
    box,
    seed,
    exact,
    workers: threads,
    ...options,
    onProgress: (p) => {
      if (observed === null && p.ci95 && p.mean > 0 && (p.ci95[1] - p.mean) / p.mean <= 0.01) observed = p.elapsed;
    },
  });
  const cpu = process.cpuUsage(cpu0);
  const cpuPerSample = (cpu.user + cpu.system) / 1e6 / r.samples;
  const cv = r.relErr * Math.sqrt(r.samples);
  const needed = ((1.959964 * cv) / 0.01) ** 2;
  const projected = needed / r.samplesPerSecond;
  rows.push({
    method: label,
    workers: threads,
    samples: r.samples,
    seconds: r.seconds,
    perSecond: r.samplesPerSecond,
    usPerSample: 1e6 * cpuPerSample,
    cv,
    needed,
    cpuSeconds: needed * cpuPerSample,
    halfWidth: (r.ci95[1] - r.mean) / r.mean,
    ratio: r.ratio,
    z: r.z,
    projected,
    observed: options.method === 'knuth-mrv' ? observed : null,
    vsC: (needed * cpuPerSample) / C_SECONDS,
  });
  process.stderr.write(`  done: ${label} on ${threads} thread(s), ${r.samples} samples in ${r.seconds.toFixed(1)} s\n`);
}

process.stderr.write(
  `bench-estimate: 3x3, seed ${seed}, ${availableParallelism()} cores, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}\n`,
);
await bench('knuth-mrv', { method: 'knuth-mrv', samples: quick ? 200_000 : 400_000 }, workers);
await bench('knuth-mrv', { method: 'knuth-mrv', samples: quick ? 100_000 : 200_000 }, 1);
await bench('hybrid (fill 26)', { method: 'hybrid', fill: 26, seconds: hybridSeconds }, workers);
await bench('hybrid (fill 30)', { method: 'hybrid', fill: 30, seconds: hybridSeconds / 2 }, workers);
if (!quick) await bench('knuth (row order)', { method: 'knuth', seconds: 8 }, workers);

const fmt = (x, d = 2) =>
  x === null || x === undefined ? '-' : x >= 1e4 ? Math.round(x).toLocaleString('en-US') : x.toFixed(d);
const head = [
  'method',
  'threads',
  'samples',
  'run s',
  'samples/s',
  'CPU µs/sample',
  'CV',
  '±95 % reached',
  'mean/N',
  'z',
  '±1 %: samples',
  'wall s',
  '(observed)',
  'CPU s',
  'vs C sketch',
];
const body = rows.map((r) => [
  r.method,
  String(r.workers),
  r.samples.toLocaleString('en-US'),
  fmt(r.seconds, 1),
  fmt(r.perSecond, 0),
  fmt(r.usPerSample, 1),
  fmt(r.cv, 2),
  `${(100 * r.halfWidth).toFixed(2)} %`,
  r.ratio.toFixed(4),
  r.z.toFixed(2),
  Math.round(r.needed).toLocaleString('en-US'),
  fmt(r.projected, 1),
  r.observed === null ? '-' : r.observed.toFixed(1),
  fmt(r.cpuSeconds, 1),
  `${r.vsC.toFixed(2)}×`,
]);
const widths = head.map((h, k) => Math.max(h.length, ...body.map((b) => b[k].length)));
const line = (cells) =>
  '| ' + cells.map((c, k) => (k === 0 ? c.padEnd(widths[k]) : c.padStart(widths[k]))).join(' | ') + ' |';
console.log(line(head));
console.log(
  '|' +
    widths
      .map((w, k) => (k === 0 ? ':' : '') + '-'.repeat(w) + (k === 0 ? '' : ':'))
      .join('|')
      .replace(/\|:-/, '|:') +
    '|',
);
for (const b of body) console.log(line(b));
console.log(
  `\nC sketch of knuth-mrv: ~10 µs/sample, CV ≈ 2.2 → ±1 % in ~${C_SECONDS} s on one core. "vs C" = CPU s / ` +
    `${C_SECONDS} s.`,
);
console.log(
  `Load average after the runs: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores ` +
    '(the wall figures were measured under that load; CPU figures do not depend on it).',
);
