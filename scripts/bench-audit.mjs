#!/usr/bin/env node
/**
 * Benchmark of the generator audit:
 *
 *   npm run bench -- audit                   the target run, `audit --generator backtracking --samples 10000` on
 *                                            3×3 with exact probabilities, in fresh processes (1 and 2 workers;
 *                                            --runs K each, default 3): wall seconds, set-up, sampling, checks
 *   node scripts/bench-audit.mjs --detect    at which sample size the class test detects the backtracking
 *                                            generators: the share of 20 seeds with p < 0.01 at K = 300 … 5000
 *                                            (class test only, in one process sharing the count; ~1 min)
 *   node scripts/bench-audit.mjs --calibrate the reweighted test under its null: p-values of 20 seeds of
 *                                            backtracking at K = 10,000 (exact P; ~2 min on 2 cores), their KS
 *                                            distance to uniform, and E[1/P]/N over all of them
 *
 * The machine's load average is printed with every table: the figures are medians on a shared machine.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const dist = (p) => join(root, 'dist', p);
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const runs = Number(opt('runs', 3));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const load = () =>
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;

function target() {
  console.log(
    `# audit --generator backtracking --box 3x3 --samples 10000 (exact P of every grid), fresh process, ` +
      `${runs} runs each, medians; ${load()}`,
  );
  console.log(
    '| workers | wall s | set-up s | sampling s | completion checks | class test p | reweighted p | E[1/P]/N |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const workers of [1, 2]) {
    const wall = [],
      setup = [],
      sampling = [];
    let last = null;
    for (let r = 0; r < runs; r++) {
      const t0 = process.hrtime.bigint();
      const out = execFileSync(
        process.execPath,
        [
          cli,
          'audit',
          '--generator',
          'backtracking',
          '--samples',
          '10000',
          '--seed',
          String(r + 1),
          '--workers',
          String(workers),
          '--json',
        ],
        { encoding: 'utf8', env: { ...process.env, CI: 'true' }, maxBuffer: 1 << 26 },
      );
      wall.push(Number(process.hrtime.bigint() - t0) / 1e9);
      last = JSON.parse(out.replace(/"total":(\d+)/, '"total":"$1"'));
      setup.push(last.seconds.setup);
      sampling.push(last.seconds.sampling);
    }
    const p = last.probabilities;
    console.log(
      `| ${workers} | ${median(wall).toFixed(2)} | ${median(setup).toFixed(2)} | ${median(sampling).toFixed(2)} | ` +
        `${p.checks.toLocaleString('en-US')} | ${last.classTest.pValue.toExponential(1)} | ` +
        `${p.reweighted.pValue.toPrecision(2)} | ${p.inverse.ratio.toFixed(4)} |`,
    );
  }
  console.log(`(class test p, reweighted p and E[1/P]/N of the last run, seed ${runs})`);
}

async function detect() {
  const { auditContext, auditSamples } = await import(dist('audit/auditSamples.js'));
  const { boxShape } = await import(dist('grid/shape.js'));
  const shape = boxShape(3, 3);
  const context = await auditContext(shape);
  const seeds = Number(opt('seeds', 20));
  const sizes = [300, 1000, 2000, 3000, 5000];
  console.log(
    `# class test (X², top-band classes pooled to expected ≥ 5) against the exact probabilities: share of ` +
      `${seeds} seeds with p < 0.01, and the median p; ${load()}`,
  );
  console.log(`| generator | ${sizes.map((k) => `K = ${k}`).join(' | ')} |`);
  console.log(`|---|${sizes.map(() => '---').join('|')}|`);
  const { classTestPower } = await import(dist('audit/auditStatistics.js'));
  const { contextBandLaw } = await import(dist('audit/auditSamples.js'));
  const law = contextBandLaw(context);
  console.log(
    `| backtracking, predicted power (exact band law) | ${sizes
      .map((K) => `${(100 * classTestPower(context.expected, law, K).power).toFixed(0)} %`)
      .join(' | ')} |`,
  );
  for (const generator of ['uniform', 'backtracking', 'backtracking-mrv']) {
    const cells = [];
    for (const K of sizes) {
      const ps = [];
      for (let seed = 1; seed <= seeds; seed++) {
        const r = await auditSamples({ generator, box: shape, samples: K, seed, context, probabilities: false });
        ps.push(r.classTest.pValue);
      }
      const hit = ps.filter((p) => p < 0.01).length;
      cells.push(`${hit}/${seeds} (median p ${median(ps).toExponential(0)})`);
    }
    console.log(`| ${generator} | ${cells.join(' | ')} |`);
  }
}

async function calibrate() {
  const { auditContext, auditSamples } = await import(dist('audit/auditSamples.js'));
  const { ksTest } = await import(dist('stats/distributions.js'));
  const { boxShape } = await import(dist('grid/shape.js'));
  const shape = boxShape(3, 3);
  const context = await auditContext(shape);
  const seeds = Number(opt('seeds', 20));
  const K = Number(opt('samples', 10000));
  const rw = [],
    unweighted = [],
    ratios = [],
    zs = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const r = await auditSamples({ generator: 'backtracking', box: shape, samples: K, seed, context, workers: 2 });
    rw.push(r.probabilities.reweighted.pValue);
    unweighted.push(r.probabilities.unweightedSameBins.pValue);
    ratios.push(r.probabilities.inverse.ratio);
    zs.push(r.probabilities.inverse.z);
  }
  const ks = ksTest(rw, 'uniform');
  const zks = ksTest(zs, 'normal');
  console.log(`# reweighted class test of backtracking, ${seeds} seeds of K = ${K}; ${load()}`);
  console.log(`reweighted p-values: ${rw.map((p) => p.toPrecision(2)).join(' ')}`);
  console.log(`  KS against U(0,1): D = ${ks.statistic.toFixed(3)}, p = ${ks.pValue.toPrecision(3)}`);
  console.log(`unweighted p on the same bins: median ${median(unweighted).toExponential(1)}`);
  console.log(
    `E[1/P]/N: median ${median(ratios).toFixed(4)}, mean ${(ratios.reduce((a, b) => a + b, 0) / seeds).toFixed(4)}; ` +
      `z: KS against N(0,1) p = ${zks.pValue.toPrecision(3)}`,
  );
}

if (args.includes('--detect')) await detect();
else if (args.includes('--calibrate')) await calibrate();
else target();
