#!/usr/bin/env node
/**
 * An independent check of the clue-count distribution of minimal 9×9 puzzles (docs/puzzles.md): a top-down
 * generator that shares nothing with src/puzzle or src/solve (its own shuffle, from a mulberry32 stream, and its
 * own plain backtracking solver with fewest-candidates branching), run on uniform grids from `sudoku-count sample`.
 * It prints the mean, the standard deviation and the histogram, to set against `generate --json`'s clue counts.
 *
 *   node scripts/check-clue-distribution.mjs [--count K] [--seed S]     (K = 2000 by default: ~40 s)
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const COUNT = opt('count', 2000);
const SEED = opt('seed', 1);

const grids = execFileSync(
  process.execPath,
  [join(root, 'dist', 'cli', 'main.js'), 'sample', '--count', String(COUNT), '--seed', String(SEED)],
  { encoding: 'utf8', maxBuffer: 1 << 30 },
)
  .trim()
  .split('\n');

let state = (SEED * 0x9e3779b9) >>> 0;
/** mulberry32: a uniform float in [0, 1). */
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const peers = [];
for (let c = 0; c < 81; c++) {
  const r = Math.floor(c / 9),
    k = c % 9,
    set = new Set();
  for (let i = 0; i < 9; i++) set.add(r * 9 + i).add(i * 9 + k);
  const br = r - (r % 3),
    bk = k - (k % 3);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) set.add((br + i) * 9 + bk + j);
  set.delete(c);
  peers.push([...set]);
}

/** Solutions of g (digits 0..9, 0 empty), counted up to limit. */
function count(g, limit) {
  let best = -1,
    bestN = 10,
    bestMask = 0;
  for (let c = 0; c < 81; c++) {
    if (g[c] !== 0) continue;
    let used = 0;
    for (const p of peers[c]) used |= 1 << g[p];
    const mask = ~used & 0x3fe;
    let n = 0;
    for (let m = mask; m; m &= m - 1) n++;
    if (n === 0) return 0;
    if (n < bestN) [best, bestN, bestMask] = [c, n, mask];
  }
  if (best < 0) return 1;
  let total = 0;
  for (let d = 1; d <= 9 && total < limit; d++) {
    if ((bestMask & (1 << d)) === 0) continue;
    g[best] = d;
    total += count(g, limit - total);
  }
  g[best] = 0;
  return total;
}

const histogram = new Map();
let sum = 0,
  sumSq = 0;
for (const line of grids) {
  const g = Array.from(line, Number);
  const order = [...Array(81).keys()];
  for (let i = 80; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  let clues = 81;
  for (const c of order) {
    const d = g[c];
    g[c] = 0;
    if (count(g, 2) === 1) clues--;
    else g[c] = d;
  }
  histogram.set(clues, (histogram.get(clues) ?? 0) + 1);
  sum += clues;
  sumSq += clues * clues;
}
const n = grids.length,
  mean = sum / n,
  sd = Math.sqrt(sumSq / n - mean * mean);
console.log(
  `${n} minimal puzzles (independent top-down, sample --seed ${SEED}): mean ${mean.toFixed(3)} ± ` +
    `${(sd / Math.sqrt(n)).toFixed(3)} (standard error), sd ${sd.toFixed(3)}`,
);
const keys = [...histogram.keys()].sort((a, b) => a - b);
console.log(keys.map((k) => `${k}: ${histogram.get(k)}`).join(', '));
