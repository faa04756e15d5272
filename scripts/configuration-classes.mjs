#!/usr/bin/env node
// npm run build && node scripts/configuration-classes.mjs [--workers W] [RxC ...]      (default 4x3, 1 worker)
// The column-configuration classes of one band of R×C boxes (issue 39): the orderly search
// (bandConfigurationClasses: canonical word multisets up to S_C≀S_R, with orbit sizes) and, as the second route,
// the number of classes by Burnside over S_n × S_C≀S_R (configurationClassCount). Prints per shape: the classes
// both ways, Σ orbit sizes against (n!/(R!)^C)^R, the multisets (Σ |G|/stabiliser against Burnside with g = 1),
// the search's nodes and its CPU and wall seconds, and the load. Exit status 1 if the two routes disagree.
import { availableParallelism, loadavg } from 'node:os';
import {
  bandConfigurationClassesOnThreads,
  bandConfigurationProblem,
  configurationClassCount,
} from '../dist/internals.js';

const args = process.argv.slice(2);
const at = args.indexOf('--workers');
const workers = at >= 0 ? Number(args[at + 1]) : 1;
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`configuration-classes: --workers ${args[at + 1]}: not a whole number ≥ 1`);
  process.exit(2);
}
if (at >= 0) args.splice(at, 2);
const shapes = args.length > 0 ? args : ['4x3'];
const grouped = (x) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const fact = (k) => (k <= 1 ? 1 : k * fact(k - 1));
let agree = true;
for (const text of shapes) {
  const m = /^(\d+)[x×](\d+)$/.exec(text);
  if (!m) {
    console.error(`configuration-classes: '${text}' is not RxC (rows by columns of a box), e.g. 4x3`);
    process.exit(2);
  }
  const [R, C] = [Number(m[1]), Number(m[2])];
  const problem = bandConfigurationProblem(R, C);
  if (problem !== null) {
    console.error(`configuration-classes: ${text}: ${problem}`);
    process.exit(2);
  }
  const load = loadavg()[0];
  const cpu0 = process.cpuUsage(),
    wall0 = performance.now();
  const classes = await bandConfigurationClassesOnThreads(R, C, { workers });
  const cpu = process.cpuUsage(cpu0),
    wall = (performance.now() - wall0) / 1000;
  const burnside = configurationClassCount(R, C);
  const n = R * C,
    G = fact(C) ** R * fact(R);
  let orbitSum = 0n,
    multisets = 0n;
  for (let c = 0; c < classes.count; c++) {
    orbitSum += BigInt(classes.orbitSizes[c]);
    const mult = new Map();
    for (const v of classes.words.subarray(c * n, (c + 1) * n)) mult.set(v, (mult.get(v) ?? 0) + 1);
    const inG = classes.stabilizers[c] / [...mult.values()].reduce((a, k) => a * fact(k), 1);
    multisets += BigInt(G / inG);
  }
  const same = BigInt(classes.count) === burnside.classes && multisets === burnside.multisets;
  agree &&= same && orbitSum === classes.configurations;
  console.log(`${R}x${C} (band of ${R} boxes of ${C} columns, |S_C≀S_R| = ${grouped(G)}):`);
  console.log(`  classes, orderly search     ${grouped(classes.count)}`);
  console.log(`  classes, Burnside           ${grouped(burnside.classes)}${same ? '' : '   ← DIFFERENT'}`);
  console.log(`  Σ orbit sizes               ${grouped(orbitSum)}`);
  console.log(`  (n!/(R!)^C)^R               ${grouped(classes.configurations)}`);
  console.log(`  word multisets              ${grouped(multisets)} (Σ |G|/stabiliser)`);
  console.log(`  word multisets, Burnside    ${grouped(burnside.multisets)}`);
  console.log(`  search nodes                ${grouped(classes.nodes)}`);
  const threads = `${workers} thread${workers > 1 ? 's' : ''}`;
  console.log(
    `  seconds                     ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU, ${wall.toFixed(1)} wall ` +
      `(${threads}, load average ${load.toFixed(1)} on ${availableParallelism()} cores)`,
  );
}
process.exit(agree ? 0 : 1);
