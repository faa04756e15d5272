#!/usr/bin/env node
/**
 * Benchmark of `audit --file` (grids from any source):
 *
 *   npm run bench -- audit-file            100,000 and 1,000,000 uniform 3×3 grids (`sample --seed 1`, written once
 *                                          to a temporary folder), each judged by `audit --file F --json` in a fresh
 *                                          process (--runs K for 100,000, default 3; one run of 1,000,000): wall
 *                                          seconds, CPU seconds of the process (user + system: what a loaded
 *                                          machine does not inflate much), the audit's own set-up and grid seconds,
 *                                          peak memory (maxRSS)
 *   node scripts/bench-audit-file.mjs --quick   100,000 only
 *
 * The targets (issue 22): 100,000 grids in ≤ 10 s and 1,000,000 in ≤ 90 s on 2 cores, with bounded memory. The
 * machine's load average is printed with the table: the figures are medians on a shared machine.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const quick = args.includes('--quick');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const load = () =>
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;
// the child reports its peak resident memory on exit (process.resourceUsage, kilobytes)
const rss =
  'data:text/javascript,' +
  "process.on('exit',()=>{const u=process.resourceUsage();" +
  "process.stderr.write('maxrss '+u.maxRSS+' cpu '+(u.userCPUTime+u.systemCPUTime)+'\\n')})";

const dir = mkdtempSync(join(tmpdir(), 'sudoku-count-bench-'));
try {
  console.log(`# audit --file: uniform 3×3 grids from \`sample --seed 1\`, ${load()}`);
  console.log(
    '| grids | file MB | runs | wall s (median) | CPU s (user + system) | set-up s | grids s | peak memory MB | ' +
      'verdict |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [K, k] of [
    [100_000, runs],
    [1_000_000, 1],
  ]) {
    if (quick && K > 100_000) continue;
    const file = join(dir, `u${K}.txt`);
    execFileSync('sh', ['-c', `"${process.execPath}" "${cli}" sample --count ${K} --seed 1 --workers 2 > "${file}"`], {
      env: { ...process.env, CI: 'true' },
    });
    const wall = [],
      setup = [],
      grids = [],
      mem = [],
      cpu = [];
    let verdict = '';
    for (let i = 0; i < k; i++) {
      const t0 = process.hrtime.bigint();
      const child = spawnSync(process.execPath, ['--import', rss, cli, 'audit', '--file', file, '--json'], {
        encoding: 'utf8',
        env: { ...process.env, CI: 'true' },
        maxBuffer: 1 << 26,
      });
      wall.push(Number(process.hrtime.bigint() - t0) / 1e9);
      if (child.status !== 0) throw new Error(`audit --file failed: ${child.stderr}`);
      const o = JSON.parse(child.stdout.replace(/"total":(\d+)/, '"total":"$1"'));
      setup.push(o.seconds.setup);
      grids.push(o.seconds.grids);
      verdict = o.uniform ? 'passes' : 'REJECTS';
      const stderr = child.stderr;
      mem.push(Number(/maxrss (\d+)/.exec(stderr)?.[1] ?? NaN));
      cpu.push(Number(/cpu (\d+)/.exec(stderr)?.[1] ?? NaN) / 1e6);
    }
    console.log(
      `| ${K.toLocaleString('en-US')} | ${(statSync(file).size / 2 ** 20).toFixed(1)} | ${k} | ` +
        `${median(wall).toFixed(2)} | ${median(cpu).toFixed(2)} | ${median(setup).toFixed(2)} | ` +
        `${median(grids).toFixed(2)} | ` +
        `${(median(mem) / 1024).toFixed(0)} | ${verdict} |`,
    );
  }
  console.log(`(after: ${load()})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
