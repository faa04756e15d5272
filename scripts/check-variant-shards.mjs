#!/usr/bin/env node
// node scripts/check-variant-shards.mjs PLAN RESULT... [--classes K] [--seed S]: checks the n_C of finished shards
// of a sharded variant count (count --variant V --plan PLAN) by a second engine that shares no counting code with
// the shards' (the variant bitboards of src/solve): the exact-cover engine of src/dlx over every house and pair
// (src/variants/rulesExactCover.ts), which enumerates every completion of the class's top block. K classes (default
// 3) are drawn with a fixed seed from the results' classes (a RESULT may also be a running shard's .part); one JSON
// line per class (class, block, the shard's n_C, the exact cover's, CPU seconds), then a summary. Status 1 if any
// differs. Then the projection of the whole count's CPU-hours from the results' CPU seconds, with an interval.
// After `npm run build`.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => import(join(root, 'dist', p));
const { readCheckpoint, readPlan, readResult } = await dist('io/shardFiles.js');
const { variantShardRulesOf } = await dist('classSum/variantClassSum.js');
const { variantGroup } = await dist('variants/variantGroup.js');
const { variantTopBlocks } = await dist('variants/variantTopBlocks.js');
const { rulesExactCover } = await dist('variants/rulesExactCover.js');

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const at = args.indexOf(name);
  if (at < 0) return dflt;
  const v = Number(args[at + 1]);
  args.splice(at, 2);
  return v;
};
const k = opt('--classes', 3);
const seed = opt('--seed', 1);
if (args.length < 2) {
  process.stderr.write('usage: node scripts/check-variant-shards.mjs PLAN RESULT... [--classes K] [--seed S]\n');
  process.exit(2);
}
const [planPath, ...resultPaths] = args;
const plan = readPlan(planPath);
if (plan.method !== 'variant') {
  process.stderr.write(`${planPath}: a plan of the ${plan.box} count by ${plan.method}, not a variant count\n`);
  process.exit(2);
}
const values = new Map();
let cpuSeconds = 0;
for (const path of resultPaths) {
  // a finished result, or the checkpoint (.part) of a shard still running
  const r = path.endsWith('.part') ? readCheckpoint(path, plan.units) : readResult(path);
  if (r.plan !== plan.id) {
    process.stderr.write(`${path} is a shard of plan ${r.plan}, not of ${planPath} (${plan.id})\n`);
    process.exit(2);
  }
  for (const [c, v] of r.values) values.set(c, v);
  cpuSeconds += r.cpuSeconds;
}
const rules = variantShardRulesOf(plan.box);
const top = variantTopBlocks(variantGroup(rules));
const B = top.k * rules.n;
// a seeded draw of k of the classes counted (mulberry32)
let x = seed >>> 0;
const rand = () => {
  x = (x + 0x6d2b79f5) | 0;
  let t = Math.imul(x ^ (x >>> 15), 1 | x);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const ids = [...values.keys()].sort((a, b) => a - b);
for (let i = 0; i < Math.min(k, ids.length); i++) {
  const j = i + Math.floor(rand() * (ids.length - i));
  [ids[i], ids[j]] = [ids[j], ids[i]];
}
const cells = new Uint8Array(rules.cells);
let bad = 0;
for (const id of ids.slice(0, k)) {
  cells.fill(0);
  cells.set(top.representatives.subarray(id * B, (id + 1) * B));
  const u0 = process.cpuUsage();
  const count = BigInt(rulesExactCover(rules, cells).count);
  const u = process.cpuUsage(u0);
  const block = Array.from({ length: top.k }, (_, r) =>
    top.representatives.subarray(id * B + r * rules.n, id * B + (r + 1) * rules.n).join(''),
  ).join('/');
  const same = count === values.get(id);
  if (!same) bad++;
  process.stdout.write(
    JSON.stringify({
      class: id,
      block,
      shard: String(values.get(id)),
      exactCover: String(count),
      same,
      cpuSeconds: (u.user + u.system) / 1e6,
    }) + '\n',
  );
}
// the projection: CPU seconds of the classes counted, scaled to every class. The interval takes a class's time as
// proportional to its n_C (the engine finds the completions one by one; a class's own set-up is ~1 ms) and the
// classes counted as a random sample (a shard's are every K-th class): mean n_C ± 1.96·sd/√m
const m = values.size;
const ns = [...values.values()].map(Number);
const meanN = ns.reduce((a, b) => a + b, 0) / m;
const sdN = Math.sqrt(ns.reduce((a, b) => a + (b - meanN) ** 2, 0) / Math.max(1, m - 1));
const perClass = cpuSeconds / m;
const hours = (f) => ((perClass * f * top.sizes.length) / 3600).toFixed(0);
const rel = (1.96 * sdN) / meanN / Math.sqrt(m);
process.stdout.write(
  `projection: ${m} classes counted in ${cpuSeconds.toFixed(0)} CPU s (${perClass.toFixed(2)} s a class, n_C mean ` +
    `${meanN.toFixed(0)}, sd ${sdN.toFixed(0)}); all ${top.sizes.length} classes ≈ ${hours(1)} CPU-hours ` +
    `[${hours(1 - rel)}, ${hours(1 + rel)}]\n`,
);
const checked = Math.min(k, ids.length);
process.stdout.write(`${rules.name}: ${checked - bad} of ${checked} classes agree (exact cover vs the shards)\n`);
process.exitCode = bad ? 1 : 0;
