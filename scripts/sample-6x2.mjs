#!/usr/bin/env node
// node scripts/sample-6x2.mjs [--configurations K] [--residuals J] [--halves T] [--seed S] [--classes] [--check-5x2 K]
//                              [--class0] [--stacks H] [--two-factors] [--support S]
// Where the 6x2 (12x12) count's time goes, on a seeded random sample of band configurations (a random configuration
// is a random class weighted by its orbit; nearly every class has a trivial stabiliser): for each, the perfect
// matchings M ∋ e0 at the top of F = 6·Σ C_5(G − M) and how many distinct residual graphs G − M they leave (the
// units a sharded count would count once each), then the seconds (wall and CPU) of C_5 for J residuals drawn at
// random (memo of 4-regular graphs shared across them, as in the one-machine route). Last line: how many distinct
// residuals the sampled configurations meet together, and how many of them more than one configuration meets.
//   --classes       also the configuration classes (orderly search; ~15 CPU minutes): number, orbit sum, digest.
//   --halves T      the route by halves (test/helpers/halfSplit.ts, F = Σ_H C_3(H)·C_3(G − H)): the number of halves
//                   H of each configuration, counted without listing them, and the microseconds per term over the
//                   first T halves listed, so that its cost per class is measured rather than guessed.
//   --class0        F of the cheapest class (every left column the same 6 digits: two K_6,6) by the recursion,
//                   memoised at degrees 4 and 5, against the Latin squares of order 6 squared (812,851,200²).
//   --check-5x2 K   F by halves and by the transfer over the boxes (test/helpers/stackTransfer.ts) against F by the
//                   recursion for K seeded random 5x2 classes (each ~10–50 s; the tests check every 3x2 and 4x2 class).
//   --stacks H      the route by boxes (stackTransfer): canonical states after each of the first H half-steps of
//                   each configuration (H = 4: boxes 0 and 1 done, ~1 minute and ~2 GB a configuration), the
//                   transitions and seconds, and (with --class0) F of class 0 by it in full. No configuration goes
//                   further than H: the middle (box 2) is what makes the route dear (docs/sharding.md).
//   --support S     the middle of the route by boxes, by sampling: S uniform random row sets U (each digit 3 of the 6
//                   rows, each row 6 digits: 3,718,394,156,400 such U, counted exactly by a transfer over the
//                   digits) tested for a filling of boxes 0–2 that uses exactly them; the fraction that has one ×
//                   that number = the support of f_L, and ÷ (6!·Π n_t!) (row permutations, digits with the same
//                   signature for boxes 3–5) = the canonical states the transfer would hold after box 2.
//   --columns       the route by columns (src/colsets/columnTransfer.ts): F of each configuration in full, by the
//                   transfer over the band's columns in the order columnOrder picks, from both ends; its states,
//                   transitions, CPU and wall seconds and memory (rss) — the per-class cost of the 6x2 count; with
//                   --transposed-too also F by the other orientation (digits as steps), which must agree.
//   --columns-check F by columns against F by the recursion (memo at degrees 4 and 5) for two configurations next to
//                   class 0 (one or two digits moved across in one or two boxes; ~15–20 s each by the recursion).
//   --two-factors   also the 2-regular spanning subgraphs of each configuration (the terms of the 4 + 2 row split),
//                   counted without listing them.
// Prints one JSON object per line.
import { popcount } from '../dist/grid/bits.js';
import { classListDigest } from '../dist/colsets/countByColumnSets.js';
import { columnTransfer } from '../dist/colsets/columnTransfer.js';
import { configurationClasses } from '../dist/colsets/configurationClasses.js';
import { configurationGraph } from '../dist/colsets/configurationGraph.js';
import { edgeColouringCounter } from '../dist/colsets/edgeColouringCounter.js';
import { sharedMemo } from '../dist/colsets/sharedMemo.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * The research routes to F, by halves and by boxes, live beside the tests' oracles (test/helpers/halfSplit.ts,
 * stackTransfer.ts), in TypeScript: each is compiled here into a temporary module whose imports of src/ name the build.
 */
async function researchRoute(name) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const source = readFileSync(join(root, 'test', 'helpers', `${name}.ts`), 'utf8');
  const options = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
  const js = ts
    .transpileModule(source, { compilerOptions: options })
    .outputText.replace(/'\.\.\/\.\.\/src\/([^']+)'/g, (_, p) => `'${pathToFileURL(join(root, 'dist', p)).href}'`);
  const dir = mkdtempSync(join(tmpdir(), 'sample-6x2-'));
  try {
    writeFileSync(join(dir, `${name}.mjs`), js);
    return await import(pathToFileURL(join(dir, `${name}.mjs`)).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const { halfSplit } = await researchRoute('halfSplit');
const { stackTransfer } = await researchRoute('stackTransfer');

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

if (args.includes('--columns-check')) {
  for (const words of [
    [0, 0, 0, 0, 0, 32, 31, 63, 63, 63, 63, 63],
    [0, 0, 0, 0, 16, 32, 31, 47, 63, 63, 63, 63],
  ]) {
    const byColumns = columnTransfer(R, words).F;
    const g = configurationGraph(R, Uint8Array.from(words), 0, new Int32Array(m));
    const c = edgeColouringCounter(m, { memoDegrees: [4, 5], memo: sharedMemo(m, 1 << 16) });
    const t = performance.now();
    const byRecursion = c.countBig(g, R);
    console.log(
      JSON.stringify({
        check: 'columns',
        words,
        byColumns: String(byColumns),
        byRecursion: String(byRecursion),
        same: byColumns === byRecursion,
        recursionSeconds: +((performance.now() - t) / 1000).toFixed(1),
      }),
    );
  }
}

/**
 * Uniform sampler of the 12×6 0/1 matrices (digits × rows) with row sums `sums[d]` and every column summing to
 * `col`, by a transfer over the digits (the state: the column sums so far, base 7).
 */
function rowSetSampler(sums, col) {
  const bySize = (k) => Array.from({ length: 64 }, (_, u) => u).filter((u) => popcount(u) === k);
  const ways = Array.from({ length: m + 1 }, () => new Map());
  const add = (key, u) => {
    let k = key;
    for (let r = 0, p = 1; r < R; r++, p *= 7)
      if ((u >> r) & 1) {
        if (Math.floor(key / p) % 7 === col) return -1;
        k += p;
      }
    return k;
  };
  const full = col * (1 + 7 + 49 + 343 + 2401 + 16807);
  const count = (d, key) => {
    if (d === m) return key === full ? 1n : 0n;
    let w = ways[d].get(key);
    if (w === undefined) {
      w = 0n;
      for (const u of bySize(sums[d])) {
        const k = add(key, u);
        if (k >= 0) w += count(d + 1, k);
      }
      ways[d].set(key, w);
    }
    return w;
  };
  const total = count(0, 0);
  const sample = () => {
    const U = [];
    let key = 0;
    for (let d = 0; d < m; d++) {
      // pick u with probability count(d+1, key+u) / count(d, key), from 53 random bits
      let x = BigInt(Math.floor(rnd() * 2 ** 26)) * 2n ** 27n + BigInt(Math.floor(rnd() * 2 ** 27));
      x = (x * count(d, key)) >> 53n;
      for (const u of bySize(sums[d])) {
        const k = add(key, u);
        if (k < 0) continue;
        const w = count(d + 1, k);
        if (x < w) {
          U.push(u);
          key = k;
          break;
        }
        x -= w;
      }
    }
    return U;
  };
  return { total, sample };
}

const digitsOf = (words, k, side) =>
  words
    .map((w, d) => [w, d])
    .filter(([w]) => ((w >> k) & 1) === side)
    .map(([, d]) => d);

/**
 * Fillings of the first `halves` half-steps (box k's left digits, then its right digits, k = 0, 1, …) in which
 * digit d uses exactly the rows U[d]: in each half-step the digits placed take distinct rows.
 */
function partialFillings(words, U, halves) {
  const used = new Array(m).fill(0);
  const groups = Array.from({ length: halves }, (_, h) => digitsOf(words, h >> 1, h & 1));
  let total = 0;
  const walk = (h, i, taken) => {
    if (h === halves) {
      for (let d = 0; d < m; d++) if (used[d] !== U[d]) return;
      total++;
      return;
    }
    if (i === groups[h].length) return walk(h + 1, 0, 0);
    const d = groups[h][i];
    for (let free = U[d] & ~used[d] & ~taken; free; free &= free - 1) {
      const bit = free & -free;
      used[d] |= bit;
      walk(h, i + 1, taken | bit);
      used[d] &= ~bit;
    }
  };
  walk(0, 0, 0);
  return total;
}
/** Ways to give the digits distinct rows, each avoiding the rows in U. */
const placements = (digits, U, i = 0, taken = 0) => {
  if (i === digits.length) return 1;
  let t = 0;
  for (let free = 63 & ~taken & ~U[digits[i]]; free; free &= free - 1)
    t += placements(digits, U, i + 1, taken | (free & -free));
  return t;
};
/**
 * Order of the stabiliser of the row sets U in S_6 (rows) × (digits with the same class): for each row permutation
 * that maps every class's multiset of row sets onto itself, the digit permutations doing it (Π multiplicity!).
 */
function stabiliser(U, cls) {
  let total = 0;
  const key = (sets) => {
    const byClass = new Map();
    sets.forEach((u, d) => byClass.set(cls[d], [...(byClass.get(cls[d]) ?? []), u]));
    return [...byClass.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([c, us]) => c + ':' + us.sort((x, y) => x - y).join(','))
      .join(';');
  };
  const own = key(U);
  let ways = 1;
  const mult = new Map();
  U.forEach((u, d) => mult.set(cls[d] * 64 + u, (mult.get(cls[d] * 64 + u) ?? 0) + 1));
  for (const c of mult.values()) ways *= factorial(c);
  for (const p of rowPerms) {
    const moved = U.map((u) => {
      let out = 0;
      for (let r = 0; r < R; r++) if ((u >> r) & 1) out |= 1 << p[r];
      return out;
    });
    if (key(moved) === own) total += ways;
  }
  return total;
}
const permutationsOf = (k) => {
  const out = [];
  const rec = (acc, left) => {
    if (left.length === 0) out.push(acc);
    left.forEach((x, i) => rec([...acc, x], [...left.slice(0, i), ...left.slice(i + 1)]));
  };
  rec(
    [],
    Array.from({ length: k }, (_, i) => i),
  );
  return out;
};
const rowPerms = (() => {
  const out = [];
  const rec = (acc, left) => {
    if (left.length === 0) out.push(acc);
    left.forEach((x, i) => rec([...acc, x], [...left.slice(0, i), ...left.slice(i + 1)]));
  };
  rec([], [0, 1, 2, 3, 4, 5]);
  return out;
})();
const factorial = (n) => (n <= 1 ? 1 : n * factorial(n - 1));
/** The words of a configuration (bit k: the digit is in box k's right column) from its digit–column graph. */
const wordsOf = (rows) =>
  Array.from(rows, (r) => {
    let w = 0;
    for (let k = 0; k < R; k++) w |= ((r >> (2 * k + 1)) & 1) << k;
    return w;
  });

/**
 * The support of the route by boxes after `halves` half-steps (5: box 2's left digits placed; 6: box 2 done), by
 * sampling S uniform row sets: the fraction with a filling, the support, the canonical states it makes (÷ 6! for the
 * rows, ÷ Π n_t! for digits with the same future), and the mean ways to place the next half-step's digits from
 * there (× states = the transitions of that half-step).
 */
function middleSupport(words, halves, S) {
  const k = (halves - 1) >> 1; // box of the last half-step
  const sums = words.map(
    (w) => k + ((halves & 1) === 1 && ((w >> k) & 1) === 0 ? 1 : 0) + ((halves & 1) === 0 ? 1 : 0),
  );
  const sampler = rowSetSampler(sums, halves);
  const future = (w) => (halves & 1 ? ((w >> (k + 1)) << 1) | ((w >> k) & 1) : w >> (k + 1));
  const classes = new Map();
  for (const w of words) classes.set(future(w), (classes.get(future(w)) ?? 0) + 1);
  const sym = [...classes.values()].reduce((a, c) => a * factorial(c), 1);
  const nextDigits = halves & 1 ? digitsOf(words, k, 1) : digitsOf(words, k + 1, 0);
  let hit = 0,
    nextWays = 0,
    orbits = 0,
    stab = 0;
  // the digit permutations within the classes (as maps d → g(d))
  const byClass = new Map();
  words.forEach((w, d) => byClass.set(future(w), [...(byClass.get(future(w)) ?? []), d]));
  let digitPerms = [Array.from({ length: m }, (_, d) => d)];
  for (const ds of byClass.values()) {
    const next = [];
    for (const g of digitPerms)
      for (const p of permutationsOf(ds.length)) {
        const h = g.slice();
        ds.forEach((d, i) => (h[d] = ds[p[i]]));
        next.push(h);
      }
    digitPerms = next;
  }
  for (let i = 0; i < S; i++) {
    const U = sampler.sample();
    if (partialFillings(words, U, halves) > 0) {
      hit++;
      // U's orbit meets the support in (6!/|stabiliser|)·#{g : g·U has a filling} row sets (g: digit
      // permutations within the classes; the rows do not change whether there is a filling)
      let inSupport = 0;
      const moved = new Array(m);
      for (const g of digitPerms) {
        for (let d = 0; d < m; d++) moved[g[d]] = U[d];
        if (partialFillings(words, moved, halves) > 0) inSupport++;
      }
      const weight = stabiliser(U, words.map(future)) / (720 * inSupport);
      orbits += weight;
      nextWays += weight * placements(nextDigits, U);
      stab += stabiliser(U, words.map(future));
    }
  }
  const p = hit / S,
    se = Math.sqrt((p * (1 - p)) / S);
  const support = Number(sampler.total) * p;
  // canonical states = orbits meeting the support = Σ_{U in support} |stabiliser(U)| / |orbit(U) ∩ support|
  const states = (support * orbits) / S / p;
  return {
    halves,
    rowSets: String(sampler.total),
    sampled: S,
    fraction: +p.toFixed(4),
    fraction2se: [+(p - 2 * se).toFixed(4), +(p + 2 * se).toFixed(4)],
    digitSymmetry: sym,
    meanStabiliser: +(stab / Math.max(hit, 1)).toFixed(3),
    states: +states.toPrecision(3),
    meanNextWays: +(nextWays / Math.max(orbits, 1e-300)).toFixed(1),
    nextTransitions: +((support * nextWays) / S / p).toPrecision(3),
  };
}

// (not made for --columns, so that its rss is the route's own)
const counter = args.includes('--columns')
  ? null
  : edgeColouringCounter(m, { memoDegrees: [4], memo: sharedMemo(m, 1 << 22) });
/** Distinct residuals (canonical forms) → how many of the sampled configurations meet them. */
const seenIn = new Map();
const halves = counter === null ? null : halfSplit(counter);
for (let s = 0; s < opt('--configurations', 8); s++) {
  // digit–column graph of a random configuration: box k puts 6 random digits in its left column (2k)
  const rows = new Int32Array(m);
  for (let k = 0; k < R; k++) {
    const d = shuffle(Array.from({ length: m }, (_, i) => i));
    for (let i = 0; i < m; i++) rows[d[i]] |= 1 << (2 * k + (i < R ? 0 : 1));
  }
  if (args.includes('--columns')) {
    const words = wordsOf(rows);
    const t0 = performance.now();
    const cpu = process.cpuUsage();
    const res = columnTransfer(R, words);
    const used = process.cpuUsage(cpu);
    const out = {
      configuration: s,
      route: 'columns',
      words,
      F: String(res.F),
      transposed: res.transposed,
      order: res.order,
      states: res.states,
      backStates: res.backStates,
      peakStates: res.peakStates,
      transitions: res.transitions,
      cpuSeconds: +((used.user + used.system) / 1e6).toFixed(2),
      seconds: +((performance.now() - t0) / 1000).toFixed(2),
      rssMB: Math.round(process.memoryUsage().rss / 1e6),
    };
    if (args.includes('--transposed-too')) {
      const other = columnTransfer(R, words, 0, { transpose: !res.transposed });
      Object.assign(out, { otherF: String(other.F), same: other.F === res.F, otherTransitions: other.transitions });
    }
    console.log(JSON.stringify(out));
    continue;
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
  if (opt('--support', 0) > 0) {
    t = performance.now();
    const words = wordsOf(rows);
    byHalves.middle = (args.includes('--support-all') ? [2, 3, 4, 5, 6] : [5, 6]).map((h) =>
      middleSupport(words, h, opt('--support', 0)),
    );
    byHalves.supportSeconds = +((performance.now() - t) / 1000).toFixed(1);
  }
  if (opt('--stacks', 0) > 0) {
    // words of the configuration: bit k set when the digit is in box k's right column
    const words = wordsOf(rows);
    t = performance.now();
    const cpu = process.cpuUsage();
    const levels = [];
    const res = stackTransfer(R, words, 0, { maxHalfSteps: opt('--stacks', 0), onLevel: (_, n) => levels.push(n) });
    const used = process.cpuUsage(cpu);
    Object.assign(byHalves, {
      stackStates: levels,
      stackTransitions: res.transitions,
      ...(res.lookahead ? { nextHalfTransitions: res.lookahead.nextHalf, nextBoxFillings: res.lookahead.nextBox } : {}),
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
