#!/usr/bin/env node
// node scripts/sample-6x2.mjs [--configurations K] [--residuals J] [--halves T] [--seed S] [--classes] [--check-5x2 K]
//                              [--class0] [--stacks H] [--two-factors]
// Where the 6x2 (12x12) count's time goes, on a seeded random sample of band configurations (a random configuration
// is a random class weighted by its orbit; nearly every class has a trivial stabiliser): for each, the perfect
// matchings M ∋ e0 at the top of F = 6·Σ C_5(G − M) and how many distinct residual graphs G − M they leave (the
// units a sharded count would count once each), then the seconds (wall and CPU) of C_5 for J residuals drawn at
// random (memo of 4-regular graphs shared across them, as in the one-machine route). Last line: how many distinct
// residuals the sampled configurations meet together, and how many of them more than one configuration meets.
//   --classes       also the configuration classes (orderly search; ~15 CPU minutes): number, orbit sum, digest.
//   --halves T      the route by halves (src/colsets/halfSplit.ts, F = Σ_H C_3(H)·C_3(G − H)): the number of halves
//                   H of each configuration, counted without listing them, and the microseconds per term over the
//                   first T halves listed, so that its cost per class is measured rather than guessed.
//   --class0        F of the cheapest class (every left column the same 6 digits: two K_6,6) by the recursion,
//                   memoised at degrees 4 and 5, against the Latin squares of order 6 squared (812,851,200²).
//   --check-5x2 K   F by halves and by the transfer over the boxes (src/colsets/stackTransfer.ts) against F by the
//                   recursion for K seeded random 5x2 classes (each ~10–50 s; the tests check every 3x2 and 4x2 class).
//   --stacks H      the route by boxes (stackTransfer): canonical states after each of the first H half-steps of
//                   each configuration (H = 4: boxes 0 and 1 done, ~1 minute and ~2 GB a configuration), the
//                   transitions and seconds, and (with --class0) F of class 0 by it in full. No configuration goes
//                   further than H: the middle (box 2) is what makes the route dear (docs/sharding.md).
//   --two-factors   also the 2-regular spanning subgraphs of each configuration (the terms of the 4 + 2 row split),
//                   counted without listing them.
// Prints one JSON object per line.
import { classListDigest } from '../dist/colsets/countByColumnSets.js';
import { configurationClasses } from '../dist/colsets/configurationClasses.js';
import { configurationGraph } from '../dist/colsets/configurationGraph.js';
import { edgeColouringCounter } from '../dist/colsets/edgeColouringCounter.js';
import { halfSplit } from '../dist/colsets/halfSplit.js';
import { sharedMemo } from '../dist/colsets/sharedMemo.js';
import { stackTransfer } from '../dist/colsets/stackTransfer.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const R = 6,
  m = 12;
let x = opt('--seed', 11) >>> 0;
const rnd = () => {
  x = (x + 0x6d2b79f5) | 0;
  let t = Math.imul(x ^ (x >>> 15), 1 | x);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const shuffle = (a) => {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};

if (args.includes('--classes')) {
  const t = performance.now();
  const c = configurationClasses(R);
  let orbits = 0n;
  for (const o of c.orbitSizes) orbits += BigInt(o);
  console.log(
    JSON.stringify({
      classes: c.count,
      orbitSum: String(orbits),
      configurations: String(c.configurations),
      digest: classListDigest(c),
      searchNodes: c.nodes,
      seconds: +((performance.now() - t) / 1000).toFixed(1),
    }),
  );
}

if (args.includes('--class0')) {
  const g = configurationGraph(R, Uint8Array.from([0, 0, 0, 0, 0, 0, 63, 63, 63, 63, 63, 63]), 0, new Int32Array(m));
  const c = edgeColouringCounter(m, { memoDegrees: [4, 5], memo: sharedMemo(m, 1 << 16) });
  const t = performance.now();
  const F = c.countBig(g, R);
  console.log(
    JSON.stringify({
      class: 0,
      F: String(F),
      latinSquares6Squared: F === 812851200n ** 2n,
      seconds: +((performance.now() - t) / 1000).toFixed(1),
      memo: c.stats(),
    }),
  );
  if (opt('--stacks', 0) > 0) {
    const t2 = performance.now();
    const byStacks = stackTransfer(R, [0, 0, 0, 0, 0, 0, 63, 63, 63, 63, 63, 63]);
    console.log(
      JSON.stringify({
        class: 0,
        route: 'stacks',
        F: String(byStacks.F),
        latinSquares6Squared: byStacks.F === 812851200n ** 2n,
        states: byStacks.states,
        transitions: byStacks.transitions,
        seconds: +((performance.now() - t2) / 1000).toFixed(1),
      }),
    );
  }
}

if (opt('--check-5x2', 0) > 0) {
  const c5 = configurationClasses(5);
  const counter5 = edgeColouringCounter(10);
  const halves5 = halfSplit(counter5);
  const ids = shuffle(Array.from({ length: c5.count }, (_, i) => i)).slice(0, opt('--check-5x2', 0));
  for (const id of ids) {
    const g = configurationGraph(5, c5.words, id * 10, new Int32Array(10));
    const t = performance.now();
    const byHalves = halves5.colourings(g, 5, 2);
    const seconds = +((performance.now() - t) / 1000).toFixed(1);
    const byRecursion = counter5.countBig(g, 5);
    const t2 = performance.now();
    const byStacks = stackTransfer(5, c5.words, id * 10);
    const stacksSeconds = +((performance.now() - t2) / 1000).toFixed(1);
    console.log(
      JSON.stringify({
        check: '5x2',
        class: id,
        halves: halves5.countHalves(g, 5, 2),
        byHalves: String(byHalves),
        byRecursion: String(byRecursion),
        byStacks: String(byStacks.F),
        same: byHalves === byRecursion && byStacks.F === byRecursion,
        seconds,
        stacksSeconds,
        stacksStates: byStacks.states,
      }),
    );
  }
}

const counter = edgeColouringCounter(m, { memoDegrees: [4], memo: sharedMemo(m, 1 << 22) });
/** Distinct residuals (canonical forms) → how many of the sampled configurations meet them. */
const seenIn = new Map();
const halves = halfSplit(counter);
for (let s = 0; s < opt('--configurations', 8); s++) {
  // digit–column graph of a random configuration: box k puts 6 random digits in its left column (2k)
  const rows = new Int32Array(m);
  for (let k = 0; k < R; k++) {
    const d = shuffle(Array.from({ length: m }, (_, i) => i));
    for (let i = 0; i < m; i++) rows[d[i]] |= 1 << (2 * k + (i < R ? 0 : 1));
  }
  let t = performance.now();
  const residuals = new Map();
  let matchings = 0;
  counter.forEachResidual(rows, R, (key) => {
    matchings++;
    const k = String.fromCharCode(...key);
    if (!residuals.has(k)) residuals.set(k, Array.from(key));
  });
  const topSeconds = (performance.now() - t) / 1000;
  for (const k of residuals.keys()) seenIn.set(k, (seenIn.get(k) ?? 0) + 1);
  const byHalves = {};
  if (args.includes('--two-factors')) {
    t = performance.now();
    byHalves.twoFactors = halves.countHalves(rows, R, 2);
    byHalves.twoFactorsSeconds = +((performance.now() - t) / 1000).toFixed(2);
  }
  if (opt('--stacks', 0) > 0) {
    // words of the configuration: bit k set when the digit is in box k's right column
    const words = Array.from(rows, (r) => {
      let w = 0;
      for (let k = 0; k < R; k++) w |= ((r >> (2 * k + 1)) & 1) << k;
      return w;
    });
    t = performance.now();
    const cpu = process.cpuUsage();
    const levels = [];
    const res = stackTransfer(R, words, 0, { maxHalfSteps: opt('--stacks', 0), onLevel: (_, n) => levels.push(n) });
    const used = process.cpuUsage(cpu);
    Object.assign(byHalves, {
      stackStates: levels,
      stackTransitions: res.transitions,
      stackSeconds: +((performance.now() - t) / 1000).toFixed(1),
      stackCpuSeconds: +((used.user + used.system) / 1e6).toFixed(1),
    });
  }
  if (opt('--halves', 0) > 0) {
    t = performance.now();
    const count = halves.countHalves(rows, R, 3);
    const countSeconds = (performance.now() - t) / 1000;
    let listed = 0;
    t = performance.now();
    halves.colourings(rows, R, 3, () => ++listed < opt('--halves', 0));
    const perTerm = (performance.now() - t) / 1000 / listed;
    Object.assign(byHalves, {
      halves: count,
      halvesCountSeconds: +countSeconds.toFixed(2),
      halvesTimed: listed,
      microsecondsPerHalf: +(perTerm * 1e6).toFixed(1),
      halvesSecondsPerClass: Math.round(count * perTerm),
    });
  }
  const timed = [];
  const units = shuffle([...residuals.values()]);
  const cpuTimed = [];
  for (let j = 0; j < Math.min(opt('--residuals', 0), units.length); j++) {
    t = performance.now();
    const cpu = process.cpuUsage();
    counter.countBig(units[j], R - 1);
    timed.push(+((performance.now() - t) / 1000).toFixed(2));
    const used = process.cpuUsage(cpu);
    cpuTimed.push(+((used.user + used.system) / 1e6).toFixed(2));
  }
  console.log(
    JSON.stringify({
      configuration: s,
      matchings,
      distinctResiduals: residuals.size,
      topSeconds: +topSeconds.toFixed(2),
      residualSeconds: timed,
      ...(cpuTimed.length > 0 ? { residualCpuSeconds: cpuTimed } : {}),
      ...byHalves,
      memo: counter.stats(),
    }),
  );
}
if (seenIn.size > 0) {
  let shared = 0;
  for (const n of seenIn.values()) if (n > 1) shared++;
  // residuals met by more than one configuration: what a plan over all classes could count once instead of twice
  console.log(JSON.stringify({ distinctResidualsInAll: seenIn.size, metByMoreThanOne: shared }));
}
