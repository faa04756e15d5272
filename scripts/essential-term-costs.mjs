#!/usr/bin/env node
// Measures the Burnside terms of `essentially-different --box RxC` (R×2 or 2×R beyond the band method) one at a time
// with the column-configuration counter (countFixedByColumnSets), each in a worker thread stopped after a time limit:
// a JSON line per (class, cycle type of τ) with its count and CPU seconds, or "timeout" with the limit.
//
//   npm run build && nice -n 5 node scripts/essential-term-costs.mjs --box 6x2 [--limit S] [--threads K]
//       [--classes 'K …'] [--done FILE] > costs.jsonl
//
// --done FILE: skip the terms FILE (an earlier output) already has, counted or timed out.
//
// The identity's class and the classes the unit lemma settles are skipped. A term that times out is not counted:
// its cost is more than the limit (docs/essentially-different.md, "6x2 and 2x6").
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { clearTimeout, setTimeout } from 'node:timers';

const dist = new URL('../dist/', import.meta.url);
const load = async (m) => import(new URL(m, dist).href);

async function setup(box) {
  const { gridGroup } = await load('essential/gridGroup.js');
  const { conjugacyClasses } = await load('essential/conjugacyClasses.js');
  const { relabellingTypes } = await load('essential/relabellingTypes.js');
  const { columnSetGroup } = await load('essential/columnSetTerms.js');
  const { parseBoxShape } = await load('grid/shape.js');
  const shape = parseBoxShape(box);
  const group = gridGroup(shape);
  const classes = conjugacyClasses(group);
  return { shape, group, classes, relabellingTypes, rx2: columnSetGroup(group) };
}

if (!isMainThread) {
  const { shape, group, classes, relabellingTypes, rx2 } = await setup(workerData.box);
  const { countFixedByColumnSets } = await load('essential/columnSetFixedGrids.js');
  parentPort.on('message', ({ k, tau }) => {
    const x = classes.reps[k];
    const types = relabellingTypes(shape, group.cellMap(x)).admissible;
    const t0 = process.cpuUsage();
    const r = countFixedByColumnSets(rx2.group, rx2.element(x), types[tau]);
    const u = process.cpuUsage(t0);
    parentPort.postMessage({
      count: String(r.count),
      swapsBands: r.swapsBands,
      configurations: r.configurations,
      configurationClasses: r.configurationClasses,
      configurationOrbits: r.configurationOrbits,
      liveOrbits: r.liveOrbits,
      cpu: (u.user + u.system) / 1e6,
    });
  });
  parentPort.postMessage('ready');
} else {
  const arg = (name, d) => {
    const i = process.argv.indexOf(name);
    return i < 0 ? d : process.argv[i + 1];
  };
  const box = arg('--box', '6x2');
  const limit = Number(arg('--limit', '10'));
  const threads = Number(arg('--threads', '1'));
  const only = arg('--classes', null);
  const doneFile = arg('--done', null);
  const done = new Set();
  if (doneFile) {
    const { readFileSync } = await import('node:fs');
    for (const line of readFileSync(doneFile, 'utf8').split('\n'))
      if (line.trim()) {
        const o = JSON.parse(line);
        done.add(`${o.class}:${o.tau}`);
      }
  }
  const { shape, group, classes, relabellingTypes } = await setup(box);
  const jobs = [];
  for (let k = 1; k < classes.count; k++) {
    if (only && !only.split(/\s+/).includes(String(k))) continue;
    const types = relabellingTypes(shape, group.cellMap(classes.reps[k])).admissible;
    types.forEach((t, tau) => {
      if (!done.has(`${k}:${t.join(',')}`)) jobs.push({ k, tau, type: t.join(','), size: classes.sizes[k] });
    });
  }
  process.stderr.write(`${box}: ${jobs.length} terms, limit ${limit} s, ${threads} thread(s)\n`);
  const spawn = () =>
    new Promise((resolve) => {
      const w = new Worker(fileURLToPath(import.meta.url), { workerData: { box } });
      w.once('message', () => resolve(w));
    });
  let next = 0;
  const run = async () => {
    let w = await spawn();
    while (next < jobs.length) {
      const job = jobs[next++];
      const t0 = Date.now();
      const out = await new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), limit * 1000);
        w.once('message', (m) => {
          clearTimeout(timer);
          resolve(m);
        });
        w.postMessage({ k: job.k, tau: job.tau });
      });
      const wall = (Date.now() - t0) / 1000;
      const row = { class: job.k, size: job.size, tau: job.type };
      if (out === null) {
        await w.terminate();
        w = await spawn();
        console.log(JSON.stringify({ ...row, timeout: limit }));
      } else console.log(JSON.stringify({ ...row, ...out, wall }));
    }
    await w.terminate();
  };
  await Promise.all(Array.from({ length: threads }, run));
}
