#!/usr/bin/env node
// Runs some Burnside terms of a shape through the one class-sum runner (src/classSum/burnsideClassSum.ts, run by
// runClassSum with a checkpoint: Ctrl-C keeps what finished, running the same command again goes on), and prints a
// JSON line per term: class, τ, |Fix|/|C(τ)|, its units (chunks), configuration classes, orbits and the wall seconds
// of its units in their threads; then the run's wall and CPU seconds (every thread, sessions joined). For checking
// the road end to end and measuring dear terms; the whole count is `essentially-different --box B --checkpoint FILE`
// (docs/essentially-different.md).
//
//   npm run build && nice -n 10 node scripts/essential-run-terms.mjs --box 6x2 --terms '3644:2,2,2,2,2,2 4802:4,4,4' \
//       --checkpoint dear.json [--workers 1]
const dist = new URL('../dist/', import.meta.url);
const load = async (m) => import(new URL(m, dist).href);
const { burnsideClassSum } = await load('classSum/burnsideClassSum.js');
const { runClassSum, ClassSumInterrupted } = await load('classSum/runClassSum.js');
const { centralizerOrder } = await load('essential/cycleTypes.js');
const { parseBoxShape } = await load('grid/shape.js');
const { existsSync } = await import('node:fs');
const { AbortController } = globalThis;

const arg = (name, d) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? d : process.argv[i + 1];
};
const shape = parseBoxShape(arg('--box', '6x2'));
const checkpoint = arg('--checkpoint');
const workers = Number(arg('--workers', '1'));
const sum = burnsideClassSum(shape);
const { terms, units } = sum.classList();
const wanted = arg('--terms', '')
  .split(/\s+/)
  .filter(Boolean)
  .map((t) => {
    const [k, tau] = t.split(':');
    const i = terms.findIndex((x) => x.k === Number(k) && x.tau.join(',') === tau);
    if (i < 0) throw new Error(`no term ${t} (class:τ as "2,2,1,…") among the ${terms.length} of ${shape.name}`);
    if (terms[i].kind !== 'counter') throw new Error(`term ${t} is read from the column-set table, not counted`);
    return i;
  });
const ids = units.flatMap((u, i) => (wanted.includes(u.term) ? [i] : []));
const controller = new AbortController();
process.on('SIGINT', () => controller.abort());
let run;
try {
  run = await runClassSum(sum, ids, {
    workers,
    signal: controller.signal,
    ...(checkpoint ? { checkpoint, resume: existsSync(checkpoint) } : {}),
    onProgress: (done, total) => process.stderr.write(`\r${done}/${total} units`),
  });
} catch (e) {
  if (e instanceof ClassSumInterrupted) {
    process.stderr.write(`\n${e.message}; kept in ${e.checkpoint}\n`);
    process.exit(130);
  }
  throw e;
}
process.stderr.write('\n');
for (const t of wanted) {
  const mine = ids.filter((u) => units[u].term === t);
  let fixed = 0n,
    wall = 0;
  for (const u of mine) {
    fixed += run.values.get(u);
    wall += Number(run.details.get(u)?.[3] ?? 0n) / 1e6;
  }
  const d = run.details.get(mine[0]) ?? [];
  const c = BigInt(centralizerOrder(terms[t].tau));
  console.log(
    JSON.stringify({
      class: terms[t].k,
      tau: terms[t].tau.join(','),
      count: (fixed / c).toString(),
      divisible: fixed % c === 0n,
      units: mine.length,
      configurationClasses: Number(d[0] ?? 0),
      orbits: Number(d[1] ?? 0),
      wall: Math.round(wall * 1000) / 1000,
    }),
  );
}
console.log(JSON.stringify({ resumed: run.resumed, seconds: run.seconds, cpuSeconds: run.cpuSeconds }));
