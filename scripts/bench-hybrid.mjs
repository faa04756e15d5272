#!/usr/bin/env node
// npm run bench -- hybrid [--runs K]
// The hybrid estimator's cost per sample on 3x3, one thread, at fills 26 (the default) and 30: each sample is a
// random walk over `fill` cells and one exact count of the partial grid by the solve engine (src/solve).
// In-process, fixed seeds; prints medians of K runs (default 9) of 20,000 samples (fill 26) / 200,000 (fill 30).
import { createEstimator } from '../dist/estimate/createEstimator.js';
import { runBatch, batchScratch } from '../dist/estimate/runBatch.js';
import { streamStates } from '../dist/random/streamStates.js';
import { parseBoxShape } from '../dist/grid/shape.js';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 9;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const shape = parseBoxShape('3x3');
console.log(`| fill | samples per run | µs per sample (median of ${runs}) | min | non-zero samples |`);
console.log('|---|---|---|---|---|');
for (const [fill, samples] of [
  [26, 20_000],
  [30, 200_000],
]) {
  const estimator = createEstimator({ method: 'hybrid', shape, fill });
  const scratch = batchScratch();
  const states = streamStates(12345);
  runBatch(estimator, 0, states(0), Math.min(2_000, samples), scratch); // warm-up (JIT)
  const us = [];
  let nonzero = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint();
    const rec = runBatch(estimator, r + 1, states(r + 1), samples, scratch);
    us.push(Number(process.hrtime.bigint() - t0) / 1e3 / samples);
    nonzero = rec.nonzero;
  }
  const cells = [fill, samples.toLocaleString('en-US'), median(us).toFixed(2), Math.min(...us).toFixed(2)];
  console.log(`| ${cells.join(' | ')} | ${nonzero.toLocaleString('en-US')} |`);
}
