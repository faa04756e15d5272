#!/usr/bin/env node
// npm run bench -- shards [--runs K] [--shards K] [--processes P] [--box B]: the shard protocol's overhead. For 9x9
// (band method) and 5x2 (column sets), or box B alone: the CPU seconds (user + system, every thread, process start-up
// included) of one `count --box B --workers 1`, against those of the sharded count with the same threads: the plan,
// every shard (`--workers 1`, one process each, one after the other) and the merge. Prints medians over K runs, the
// ratio, and checks that both give the same N; then the floor: the CPU seconds of a shard whose result is already there
// (it starts, loads its modules, reads and checks the plan, takes the lock, and exits) and of a bare `node -e ''`. CPU
// time comes from the shell's `times` (children's user and system time). Two more columns: the floor, what the
// sharded count would cost if the plan, every shard and the merge cost no more than a bare Node.js start-up on top of
// the one run's work ((one run + (shards + 2) × `node -e ''`) / one run: no protocol can go below it with a process per
// shard), and the CPU seconds of the sharded count above that floor, as a share of the one run. They state what the
// target (ratio ≤ 1.10) is up against; the ratio is the figure the target is judged by. Then the same shards packed
// into P processes (`--processes P`, default 2: `count --plan F --shard 0-7`, `--shard 8-15`, as a Slurm script with
// `--pack 8` runs them), with the plan and the merge: its CPU seconds and ratio to the one run. Each run's figures
// follow the table.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : dflt;
};
const runs = opt('--runs', 3);
const shards = opt('--shards', 16);
const processes = opt('--processes', 2);
const packs = Array.from({ length: processes }, (_, k) => [
  Math.floor((k * shards) / processes),
  Math.floor(((k + 1) * shards) / processes) - 1,
]).filter(([a, b]) => a <= b);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** CPU seconds (children's user + system, from bash's `times`) and stdout of a bash script run in `dir`. */
function run(script, dir) {
  const out = execFileSync('bash', ['-c', `cd "$WORK"\n${script}\ntimes`], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', NODE: process.execPath, CLI: cli, WORK: dir },
    maxBuffer: 1 << 26,
  });
  const lines = out.trimEnd().split('\n');
  const [user, sys] = lines[lines.length - 1].split(' ').map((t) => {
    const m = /(\d+)m([\d.]+)s/.exec(t);
    return Number(m[1]) * 60 + Number(m[2]);
  });
  return { cpu: user + sys, out: lines.slice(0, -2).join('\n') };
}

const lastN = (s) =>
  s
    .split('\n')
    .filter((l) => l.startsWith('N = '))
    .pop();

console.log(
  `# shard overhead: CPU seconds (user + system, all threads and process start-ups), ${runs} runs, medians; ` +
    `${shards} shards, one thread each`,
);
const bare = [];
for (let r = 0; r < runs; r++)
  bare.push(run(`for i in $(seq 1 ${shards}); do "$NODE" -e ''; done`, tmpdir()).cpu / shards);
console.log(
  `load average before: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log(
  '| box | one run (--workers 1) | plan | shards | merge | sharded in all | ratio | same N | a shard already ' +
    `counted | node -e "" | floor ratio | above the floor | shards in ${packs.length} processes | sharded in all, ` +
    'packed | ratio, packed | same N, packed |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const runLines = [];
const boxAt = args.indexOf('--box');
for (const box of boxAt >= 0 ? [args[boxAt + 1]] : ['3x3', '5x2']) {
  const one = [],
    plan = [],
    shard = [],
    merge = [],
    all = [],
    noop = [],
    packed = [],
    packedAll = [];
  let same = true,
    samePacked = true;
  for (let r = 0; r < runs; r++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-shards-'));
    const a = run(`"$NODE" "$CLI" count --box ${box} --workers 1`, dir);
    const p = run(`"$NODE" "$CLI" count --box ${box} --plan plan.json --shards ${shards} >/dev/null`, dir);
    const s = run(
      `mkdir res; for i in $(seq 0 ${shards - 1}); do "$NODE" "$CLI" count --plan plan.json --shard $i --out res ` +
        '--workers 1 >/dev/null; done',
      dir,
    );
    const m = run('"$NODE" "$CLI" count --merge res --plan plan.json', dir);
    // the same shards again: each finds its result there and exits (start-up, modules, plan read, lock: the floor)
    const again = run(
      `for i in $(seq 0 ${shards - 1}); do "$NODE" "$CLI" count --plan plan.json --shard $i --out res ` +
        '--workers 1 >/dev/null; done',
      dir,
    );
    // the same shards packed into a few processes, into a folder made by the first (a path not there)
    const k = run(
      packs
        .map(([a, b]) => `"$NODE" "$CLI" count --plan plan.json --shard ${a}-${b} --out packed/ --workers 1 >/dev/null`)
        .join('\n'),
      dir,
    );
    const km = run('"$NODE" "$CLI" count --merge packed --plan plan.json', dir);
    rmSync(dir, { recursive: true, force: true });
    packed.push(k.cpu);
    packedAll.push(p.cpu + k.cpu + km.cpu);
    samePacked &&= lastN(a.out) === lastN(km.out);
    noop.push(again.cpu / shards);
    one.push(a.cpu);
    plan.push(p.cpu);
    shard.push(s.cpu);
    merge.push(m.cpu);
    all.push(p.cpu + s.cpu + m.cpu);
    same &&= lastN(a.out) === lastN(m.out) && lastN(a.out) !== undefined;
  }
  const f = (x) => median(x).toFixed(2);
  const floor = median(one) + (shards + 2) * median(bare);
  // every run, for the record (the medians below are what the table shows)
  for (let r = 0; r < runs; r++)
    runLines.push(
      `${box} run ${r + 1}: one run ${one[r].toFixed(2)}, plan ${plan[r].toFixed(2)}, shards ${shard[r].toFixed(2)}, ` +
        `merge ${merge[r].toFixed(2)}, ratio ${(all[r] / one[r]).toFixed(3)}; packed: shards ` +
        `${packed[r].toFixed(2)}, ratio ${(packedAll[r] / one[r]).toFixed(3)}`,
    );
  console.log(
    `| ${box} | ${f(one)} | ${f(plan)} | ${f(shard)} | ${f(merge)} | ${f(all)} | ` +
      `${(median(all) / median(one)).toFixed(2)} | ${same ? 'yes' : 'NO'} | ${median(noop).toFixed(3)} | ` +
      `${median(bare).toFixed(3)} | ${(floor / median(one)).toFixed(2)} | ` +
      `${(((median(all) - floor) / median(one)) * 100).toFixed(1)} % | ${f(packed)} | ${f(packedAll)} | ` +
      `${(median(packedAll) / median(one)).toFixed(2)} | ${samePacked ? 'yes' : 'NO'} |`,
  );
}
console.log(runLines.join('\n'));
console.log(
  `load average after: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
