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
// --project K --done FILE: the projection of the terms FILE has as timed out: K of them drawn at random (seed
// --seed, default 1), each enumerated without F (its C(p) × C(τ)-orbits of configurations: countF false) and F
// counted on --sample M orbits drawn at random (default 8, one counter for them, as the run keeps one a term); a JSON
// line a term with the orbits, the enumeration's CPU seconds and the sampled F's CPU seconds. --limit bounds each
// term's whole measurement.
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
  const { countFixedByColumnSets, plainBandCounter } = await load('essential/columnSetFixedGrids.js');
  const { tiedBandCounter } = await load('essential/tiedBandCounter.js');
  parentPort.on('message', ({ k, tau, sample, seed }) => {
    const x = classes.reps[k];
    const types = relabellingTypes(shape, group.cellMap(x)).admissible;
    if (sample !== undefined) {
      // the orbits without F, then F on `sample` of them drawn at random
      const reps = [];
      let maps = null;
      const t0 = process.cpuUsage();
      const r = countFixedByColumnSets(rx2.group, rx2.element(x), types[tau], {
        countF: false,
        onOrbit: (cols, bandMaps) => {
          reps.push(Int32Array.from(cols));
          maps = bandMaps;
        },
      });
      const u0 = process.cpuUsage(t0);
      const enumerated = {
        swapsBands: r.swapsBands,
        configurations: r.configurations,
        configurationClasses: r.configurationClasses,
        configurationOrbits: r.configurationOrbits,
        enumerationCpu: (u0.user + u0.system) / 1e6,
      };
      parentPort.postMessage({ partial: [], enumerated });
      let state = seed >>> 0 || 1;
      const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
      const R = rx2.group.shape.rows;
      const trivial = maps.length === 1 && [maps[0].q, maps[0].p, maps[0].tau].every((a) => a.every((v, i) => v === i));
      const counters = trivial ? null : maps.map((h) => tiedBandCounter(R, h.q, h.p, h.tau));
      const plain = trivial ? plainBandCounter(R) : null;
      const times = [];
      for (let i = 0; i < Math.min(sample, reps.length); i++) {
        const cols = reps[Math.floor(next() * reps.length)];
        const t1 = process.cpuUsage();
        if (plain) plain(cols);
        else for (const c of counters) c.count(cols);
        const u1 = process.cpuUsage(t1);
        times.push((u1.user + u1.system) / 1e6);
        parentPort.postMessage({ partial: times.slice(), enumerated, bandMaps: maps.length, trivial });
      }
      parentPort.postMessage({ ...enumerated, bandMaps: maps.length, trivial, fCpu: times });
      return;
    }
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
  const project = arg('--project', null);
  const { shape, group, classes, relabellingTypes } = await setup(box);
  if (project !== null) {
    const { readFileSync } = await import('node:fs');
    const timedOut = readFileSync(doneFile, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l))
      .filter((o) => o.timeout !== undefined);
    let state = Number(arg('--seed', '1')) >>> 0 || 1;
    const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const pool = timedOut.slice();
    const chosen = [];
    while (chosen.length < Number(project) && pool.length > 0)
      chosen.push(...pool.splice(Math.floor(next() * pool.length), 1));
    const sample = Number(arg('--sample', '8'));
    process.stderr.write(`${box}: ${chosen.length} of ${timedOut.length} timed-out terms, ${sample} orbits each\n`);
    const spawnP = () =>
      new Promise((resolve) => {
        const w = new Worker(fileURLToPath(import.meta.url), { workerData: { box } });
        w.once('message', () => resolve(w));
      });
    let at = 0;
    const runP = async () => {
      while (at < chosen.length) {
        const o = chosen[at++];
        const types = relabellingTypes(shape, group.cellMap(classes.reps[o.class])).admissible;
        const tau = types.findIndex((t) => t.join(',') === o.tau);
        const w = await spawnP();
        let partial = [];
        let seen = {};
        const out = await new Promise((resolve) => {
          const timer = setTimeout(() => resolve(null), limit * 1000);
          w.on('message', (m) => {
            if (m.partial) {
              partial = m.partial;
              seen = { ...m.enumerated, ...(m.bandMaps ? { bandMaps: m.bandMaps, trivial: m.trivial } : {}) };
            } else {
              clearTimeout(timer);
              resolve(m);
            }
          });
          w.postMessage({ k: o.class, tau, sample, seed: o.class * 131 + tau });
        });
        await w.terminate();
        const row = { class: o.class, size: o.size, tau: o.tau };
        console.log(JSON.stringify(out ? { ...row, ...out } : { ...row, ...seen, timeout: limit, fCpu: partial }));
      }
    };
    await Promise.all(Array.from({ length: threads }, runP));
    process.exit(0);
  }
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
