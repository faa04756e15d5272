// node scripts/measure-6x2-halves.mjs [--every K] [--from A] [--to B] [--shards 7,556] [--prefixes]
// Issue 37, round 14, idea (b): could classes share half-tables? The column transfer takes a class's 12 columns in
// the order of columnOrder (and the orientation of columnTransfer: the one of fewer row sets per twin swap); its front
// six columns and its back six are each a "half": the tables a walk builds from that end depend only on that half
// (which digits each of its columns holds). Two classes whose halves are equal up to a relabelling of the digits and
// an order of the columns could share the half's tables (relabelled at the meeting). This puts each half in a
// canonical form (the least, over the 6! orders of its columns, of its twelve digit words sorted) and counts, over
// the classes given (every K-th class from A to B, default every 10th of all; or the classes of the shards given),
// the distinct halves and how many halves repeat one met before: the share of the half-walks sharing could save.
//   --prefixes  a side's table after k columns depends only on the set of those k columns, so a
//               class could reuse a table of an earlier class of its shard whose first k columns from that end are
//               the same set (up to relabelling); or, with --from/--to, of an earlier class of the range (a plan
//               that kept the tables). Runs the shipped transfer on every class (its order, meeting and
//               states per layer) and counts the states of the layers an earlier class of the same shard already
//               built, against all states (states, not transitions: a layer's transitions grow with its states).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const valueOf = (flag, fallback) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : fallback;
};
const { columnTransfer } = await import(pathToFileURL(join(root, 'dist', 'colsets', 'columnTransfer.js')).href);
const { columnOrder, rowSets } = await import(pathToFileURL(join(root, 'dist', 'colsets', 'columnOrder.js')).href);
const rowSetsCache = new Map();
/** A half's cost proxy, as columnOrder's: Σ over its first k = 1..6 columns of rowSets (the labelled row sets). */
function halfCost(columns) {
  const k = new Array(12).fill(0);
  let cost = 0;
  columns.forEach((u, i) => {
    for (let v = u; v; v &= v - 1) k[31 - Math.clz32(v & -v)]++;
    const sums = k.slice().sort((a, b) => a - b);
    const key = `${i + 1}:${sums.join(',')}`;
    if (!rowSetsCache.has(key)) rowSetsCache.set(key, rowSets(6, sums, i + 1));
    cost += rowSetsCache.get(key);
  });
  return cost;
}
const plan = JSON.parse(gunzipSync(readFileSync(join(root, 'data', '6x2', 'plan.json.gz'))).toString('utf8'));
const every = Number(valueOf('--every', '10'));
const from = Number(valueOf('--from', '0'));
const to = Number(valueOf('--to', String(plan.classRows.length)));
const shardList = valueOf('--shards', null);
const groups = shardList
  ? shardList.split(',').map((s) => ({ name: `shard ${s}`, classes: plan.assignment[Number(s)] }))
  : [{ name: `every ${every}th class of ${from}..${to - 1}`, classes: [] }];
if (!shardList) for (let c = from; c < to; c += every) groups[0].classes.push(c);

const FACT = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600];
/** The order of the twin group (vertices in the same steps), as columnTransfer counts it: 1 when above 48. */
function twinOrder(cols) {
  const steps = new Map();
  for (let v = 0; v < 12; v++) {
    let s = 0;
    cols.forEach((u, j) => (s |= ((u >> v) & 1) << j));
    steps.set(s, (steps.get(s) ?? 0) + 1);
  }
  let g = 1;
  for (const n of steps.values()) g *= FACT[n];
  return g > 48 ? 1 : g;
}
const PERMS6 = [];
{
  const rec = (p) => {
    if (p.length === 6) return void PERMS6.push(p.slice());
    for (let i = 0; i < 6; i++)
      if (!p.includes(i)) {
        p.push(i);
        rec(p);
        p.pop();
      }
  };
  rec([]);
}
const PERMS = [[[]]];
for (let k = 1; k <= 8; k++)
  PERMS.push(PERMS[k - 1].flatMap((p) => Array.from({ length: k }, (_, i) => p.toSpliced(i, 0, k - 1))));
/** Canonical form of k ≤ 8 columns (digit masks): the least over column orders of the sorted digit words. */
function canonical(columns) {
  let best = null;
  const w = new Array(12);
  for (const p of columns.length === 6 ? PERMS6 : PERMS[columns.length]) {
    w.fill(0);
    for (let i = 0; i < p.length; i++) for (let u = columns[p[i]]; u; u &= u - 1) w[31 - Math.clz32(u & -u)] |= 1 << i;
    w.sort((a, b) => a - b);
    const s = w.join(',');
    if (best === null || s < best) best = s;
  }
  return best;
}

if (args.includes('--prefixes')) {
  let all = 0,
    reused = 0;
  for (const { name, classes } of groups) {
    const seen = new Set();
    let shardAll = 0,
      shardReused = 0;
    for (const c of classes) {
      const words = Uint8Array.from(plan.classRows[c].slice(2));
      const r = columnTransfer(6, words);
      const cols = Array.from({ length: 12 }, (_, j) => {
        let mask = 0;
        if (r.transposed) for (let k = 0; k < 6; k++) mask |= 1 << (2 * k + ((words[j] >> k) & 1));
        else for (let d = 0; d < 12; d++) if (((words[d] >> (j >> 1)) & 1) === (j & 1)) mask |= 1 << d;
        return mask;
      });
      for (const [layers, back] of [
        [r.states, false],
        [r.backStates, true],
      ])
        layers.forEach((n, k) => {
          const set = (back ? r.order.slice(11 - k) : r.order.slice(0, k + 1)).map((j) => cols[j]);
          const key = `${r.transposed}|${canonical(set)}`;
          shardAll += n;
          if (seen.has(key)) shardReused += n;
          seen.add(key);
        });
    }
    all += shardAll;
    reused += shardReused;
    console.log(`${name}: ${shardAll} states, ${shardReused} in layers an earlier class built`);
  }
  console.log(`in all: ${all} states, ${reused} reusable (${((100 * reused) / all).toFixed(2)} %)`);
  process.exit(0);
}
const seenAll = new Map();
const seenPrefix = new Set();
let lastPrefix = new Set(),
  prefixLast = 0;
let prefixAll = 0,
  prefixRepeated = 0;
let halves = 0,
  repeatsAll = 0,
  costAll = 0,
  costRepeated = 0,
  selfSame = 0;
const t0 = process.cpuUsage();
for (const { name, classes } of groups) {
  const seen = new Map();
  let repeats = 0;
  for (const c of classes) {
    const words = plan.classRows[c].slice(2);
    const graph = (transpose) =>
      Array.from({ length: 12 }, (_, j) => {
        let mask = 0;
        if (transpose) for (let k = 0; k < 6; k++) mask |= 1 << (2 * k + ((words[j] >> k) & 1));
        else for (let d = 0; d < 12; d++) if (((words[d] >> (j >> 1)) & 1) === (j & 1)) mask |= 1 << d;
        return mask;
      });
    let cols = graph(false);
    let chosen = columnOrder(6, cols, 12);
    const colsT = graph(true);
    const other = columnOrder(6, colsT, 12);
    let transposed = false;
    if (other.rowSets / twinOrder(colsT) < chosen.rowSets / twinOrder(cols)) {
      cols = colsT;
      chosen = other;
      transposed = true;
    }
    const parts = [chosen.order.slice(0, 6), chosen.order.slice(6).reverse()].map((part) => part.map((j) => cols[j]));
    const keys = parts.map((part) => `${transposed}|${canonical(part)}`);
    if (keys[0] === keys[1]) selfSame++;
    // every prefix of each half (its first k columns from its end, k = 1..6), weighted by its rowSets: the share a
    // plan that kept every table a class built for the classes after it could reuse
    const thisPrefix = new Set();
    for (const part of parts) {
      const k = new Array(12).fill(0);
      part.forEach((u, i) => {
        for (let v = u; v; v &= v - 1) k[31 - Math.clz32(v & -v)]++;
        const sums = k.slice().sort((a, b) => a - b);
        const w = rowSetsCache.get(`${i + 1}:${sums.join(',')}`) ?? rowSets(6, sums, i + 1);
        const key = `${transposed}|${i + 1}|${canonical(part.slice(0, i + 1))}`;
        prefixAll += w;
        if (seenPrefix.has(key)) prefixRepeated += w;
        if (lastPrefix.has(key)) prefixLast += w;
        seenPrefix.add(key);
        thisPrefix.add(key);
      });
    }
    lastPrefix = thisPrefix;
    for (const [h, key] of keys.entries()) {
      const cost = halfCost(parts[h]);
      costAll += cost;
      if (seenAll.has(key)) costRepeated += cost;
      halves++;
      if (seen.has(key)) repeats++;
      if (seenAll.has(key)) repeatsAll++;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      seenAll.set(key, (seenAll.get(key) ?? 0) + 1);
    }
  }
  console.log(
    `${name}: ${classes.length} classes, ${seen.size} distinct halves of ${2 * classes.length}, ${repeats} repeats`,
  );
}
const u = process.cpuUsage(t0);
const top = [...seenAll.values()].sort((a, b) => b - a).slice(0, 10);
console.log(
  `in all: ${halves} halves, ${seenAll.size} distinct, ${repeatsAll} repeat one met before ` +
    `(${((100 * repeatsAll) / halves).toFixed(2)} %); classes whose two halves are the same: ${selfSame}; ` +
    `the most met: ${top.join(', ')}; ` +
    `weighted by the halves' Σ rowSets: ${((100 * costRepeated) / costAll).toFixed(2)} % ` +
    `repeat; every prefix of the halves (k = 1..6 columns), weighted by rowSets: ` +
    `${((100 * prefixRepeated) / prefixAll).toFixed(2)} % met before, ` +
    `${((100 * prefixLast) / prefixAll).toFixed(2)} % in the class just before; ` +
    `${((u.user + u.system) / 1e6).toFixed(1)} CPU s`,
);
