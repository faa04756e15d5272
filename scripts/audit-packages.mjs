#!/usr/bin/env node
// Grids from sudoku generator packages people install from npm, and from sudoku-count's own generators, written
// one grid a line for `sudoku-count audit --file` (docs/audit.md#real-generators).
//
//   node scripts/audit-packages.mjs [--out DIR] [--count K] [--only name,name] [--audit] [--audit-only]
//
// The packages are installed with `npm install` into a fresh temporary folder (never into this repository, never
// as dependencies), at the exact versions below, and removed afterwards. Each file starts with comment lines
// naming the package, its version and licence, and the call that made the grids. With --audit, each file is then
// judged by `sudoku-count audit --file F --json` and a markdown table of the verdicts is printed; --audit-only
// judges the files an earlier run left in --out without making new ones.
//
// Package generators are not seeded (they call Math.random): their files differ from run to run. The project's
// own generators are seeded (seed 1).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const out = flag('--out', join(tmpdir(), 'sudoku-count-audit-grids'));
const countOverride = flag('--count', null);
const only = flag('--only', null)?.split(',');
const auditOnly = args.includes('--audit-only');
const audit = auditOnly || args.includes('--audit');

/** Each source: how many grids by default (the slow ones fewer), and how to make one as 81 characters. */
const PACKAGES = [
  {
    name: 'sudoku-gen',
    version: '1.0.2',
    licence: 'MIT',
    call: "getSudoku('easy').solution",
    count: 10000,
    make: (m) => () => m.getSudoku('easy').solution,
  },
  {
    name: 'sudoku-umd',
    version: '1.0.1',
    licence: 'MIT',
    call: "solve(generate('easy'))",
    count: 3000,
    make: (m) => () => m.solve(m.generate('easy')),
  },
  {
    name: 'sudoku',
    version: '0.0.3',
    licence: 'MIT (README; package.json names none)',
    call: 'solvepuzzle(makepuzzle()), digits 0..8 written 1..9',
    count: 3000,
    make: (m) => () =>
      m
        .solvepuzzle(m.makepuzzle())
        .map((d) => d + 1)
        .join(''),
  },
  {
    name: 'sudoku-core',
    version: '3.0.3',
    licence: 'MIT',
    call: "solve(generate('easy')).board",
    count: 1000,
    make: (m) => () => m.solve(m.generate('easy')).board.join(''),
  },
  {
    name: '@forfuns/sudoku',
    version: '1.3.0',
    licence: 'Apache-2.0',
    call: 'new Sudoku(generator(0)).getSolution()',
    count: 1000,
    esm: true,
    make: (m) => () => new m.Sudoku(m.generator(0)).getSolution().join(''),
  },
];

const OWN = [
  { name: 'backtracking', count: 10000 },
  { name: 'template', count: 10000 },
];

mkdirSync(out, { recursive: true });
const wanted = (name) => !only || only.includes(name);
const files = [];

const fileOf = (name) => join(out, `${name.replace(/[@/]/g, '_').replace(/^_/, '')}.txt`);
const tmp = mkdtempSync(join(tmpdir(), 'sudoku-count-packages-'));
try {
  const pkgs = auditOnly ? [] : PACKAGES.filter((p) => wanted(p.name));
  if (pkgs.length > 0) {
    writeFileSync(join(tmp, 'package.json'), '{"private":true}\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', ...pkgs.map((p) => `${p.name}@${p.version}`)], {
      cwd: tmp,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const require = createRequire(join(tmp, 'package.json'));
  for (const p of pkgs) {
    const mod = p.esm ? await import(pathToFileURL(require.resolve(p.name)).href) : require(p.name);
    const one = p.make(mod);
    const K = Number(countOverride ?? p.count);
    const lines = [
      `# ${K} grids from the npm package ${p.name}@${p.version} (licence: ${p.licence})`,
      `# made by ${p.call}, one call a grid, by scripts/audit-packages.mjs on ${new Date().toISOString().slice(0, 10)}`,
    ];
    const t0 = performance.now();
    const quiet = console.debug;
    console.debug = () => {}; // @forfuns/sudoku logs when it lowers a difficulty
    for (let i = 0; i < K; i++) lines.push(String(one()));
    console.debug = quiet;
    const seconds = (performance.now() - t0) / 1000;
    const file = fileOf(p.name);
    writeFileSync(file, lines.join('\n') + '\n');
    console.error(`${p.name}: ${K} grids in ${seconds.toFixed(1)} s -> ${file}`);
    files.push({ name: `${p.name}@${p.version}`, file, K });
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// the project's own generators, seeded
const lib = await import(pathToFileURL(join(root, 'dist', 'index.js')).href);
const { xoroshiro128plus } = await import('pure-rand/generator/xoroshiro128plus');
for (const g of OWN.filter((o) => wanted(o.name) && !auditOnly)) {
  const K = Number(countOverride ?? g.count);
  const shape = lib.boxShape(3, 3);
  const gen = lib.createGenerator(g.name, shape);
  const rng = xoroshiro128plus(1);
  const cells = new Uint8Array(81);
  const lines = [`# ${K} grids from sudoku-count's ${g.name} generator, seed 1 (scripts/audit-packages.mjs)`];
  for (let i = 0; i < K; i++) lines.push(lib.formatGrid(shape, gen.generate(rng, cells)));
  const file = fileOf(`own-${g.name}`);
  writeFileSync(file, lines.join('\n') + '\n');
  console.error(`${g.name}: ${K} grids -> ${file}`);
  files.push({ name: `sudoku-count ${g.name}`, file, K });
}

if (auditOnly) {
  for (const p of PACKAGES.filter((x) => wanted(x.name)))
    if (existsSync(fileOf(p.name))) files.push({ name: `${p.name}@${p.version}`, file: fileOf(p.name) });
  for (const g of OWN.filter((o) => wanted(o.name)))
    if (existsSync(fileOf(`own-${g.name}`)))
      files.push({ name: `sudoku-count ${g.name}`, file: fileOf(`own-${g.name}`) });
}
if (audit) {
  const cli = join(root, 'dist', 'cli', 'main.js');
  console.log(
    '| source | grids | verdict | tests rejecting (K for 50 % / 90 %) | repeats | reach (95 % interval) | ' +
      'classes up to symmetry |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const f of files) {
    const text = execFileSync(process.execPath, [cli, 'audit', '--file', f.file, '--json'], {
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
      maxBuffer: 1 << 28,
    });
    const r = JSON.parse(text.replace(/"total":(\d+)/, '"total":"$1"'));
    const rejecting = r.tests
      .filter((t) => t.rejects)
      .map((t) => `${t.id} (${t.k50 ?? '–'} / ${t.k90 ?? '–'})`)
      .join(', ');
    const g = r.repeats.grids;
    const reach =
      g.estimate === null
        ? `≥ ${Number(g.low.toPrecision(3))}`
        : `${Number(g.estimate.toPrecision(3))} (${Number(g.low.toPrecision(3))}–${Number(g.high.toPrecision(3))})`;
    console.log(
      `| ${f.name} | ${r.grids} | ${r.uniform ? 'consistent with uniform' : '**not uniform**'} | ` +
        `${rejecting || '–'} | ` +
        `${g.pairs} pairs (${g.repeated} grids) | ${reach} | ${r.repeats.classes.distinct} distinct |`,
    );
  }
}
