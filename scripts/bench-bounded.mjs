#!/usr/bin/env node
// npm run bench -- bounded [--runs K]
// Peak memory (max RSS of the whole process, worker threads included) of the cases of issue 23: output to a
// reader that does not read, endless or huge input, and long runs. Each case runs in a fresh process under
// `sh -c`, with a preloaded hook that writes process.resourceUsage().maxRSS when the process exits (a closed
// pipe ends the process through exit too). Medians of K runs (default 3); the machine is shared: see the load.
// BENCH_CLI=path/to/main.js measures another build (an older one, for a before/after table).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = process.env.BENCH_CLI ?? join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const dir = mkdtempSync(join(tmpdir(), 'bench-bounded-'));
const rssFile = join(dir, 'rss');
const hook = join(dir, 'hook.mjs');
writeFileSync(
  hook,
  "import { writeFileSync } from 'node:fs';\n" +
    "process.on('exit', () => writeFileSync(process.env.RSS_FILE, String(process.resourceUsage().maxRSS)));\n",
);

// inputs
const grid = '123456789456789123789123456214365897365897214897214365531642978642978531978531642';
const puzzle = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
writeFileSync(join(dir, 'grids.txt'), `${grid}\n`.repeat(200_000));
writeFileSync(join(dir, 'numbers.txt'), Array.from({ length: 200_000 }, (_, i) => String(i * 7919)).join('\n') + '\n');
writeFileSync(join(dir, 'puzzles.txt'), `${puzzle}\n`.repeat(20_000));

const node = `node --import ${hook} ${cli}`;
const CASES = [
  ['sample --count 1e7 | sleep 5 (a reader that does not read)', `${node} sample --count 1e7 --seed 1 | sleep 5`],
  ['sample --count 2e5 > /dev/null', `${node} sample --count 2e5 --seed 1 > /dev/null`],
  ['generate --count 1e9 | sleep 10', `${node} generate --count 1e9 --seed 1 | sleep 10`],
  ['generate --count 1e6 | head -2', `${node} generate --count 1e6 --seed 1 | head -2 > /dev/null`],
  ['rate - < /dev/zero', `${node} rate - < /dev/zero 2> /dev/null`],
  ['solve - < /dev/zero', `${node} solve - < /dev/zero 2> /dev/null`],
  ['rank, 200,000 grids (16 MB) on stdin', `${node} rank - < ${dir}/grids.txt > /dev/null`],
  ['unrank, 200,000 numbers on stdin', `${node} unrank - < ${dir}/numbers.txt > /dev/null`],
  ['solve, 20,000 puzzles on stdin', `${node} solve - < ${dir}/puzzles.txt > /dev/null`],
  ['rate, 20,000 puzzles on stdin', `${node} rate - < ${dir}/puzzles.txt > /dev/null`],
  [
    'estimate --box 2x2 --batch 1 --samples 2e5',
    `${node} estimate --method knuth --box 2x2 --batch 1 --samples 2e5 --seed 1 --workers 1 > /dev/null`,
  ],
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

console.log(
  `peak RSS (max RSS of the process), median of ${runs} runs; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log('| case | peak RSS (MB) | wall (s) |');
console.log('|---|---|---|');
for (const [name, command] of CASES) {
  const rss = [],
    wall = [];
  for (let i = 0; i < runs; i++) {
    rmSync(rssFile, { force: true });
    const t0 = performance.now();
    try {
      execFileSync('sh', ['-c', command], { env: { ...process.env, CI: 'true', RSS_FILE: rssFile }, stdio: 'ignore' });
    } catch {
      // a refused input ends with status 2: its memory is what is measured
    }
    wall.push((performance.now() - t0) / 1000);
    rss.push(Number(readFileSync(rssFile, 'utf8')) / 1024);
  }
  console.log(`| ${name.replace(/\|/g, '\\|')} | ${median(rss).toFixed(0)} | ${median(wall).toFixed(2)} |`);
}
rmSync(dir, { recursive: true, force: true });
