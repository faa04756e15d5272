#!/usr/bin/env node
/**
 * Benchmark of essentially different variant grids on 9x9 (src/variants/variantBurnside.ts):
 *
 *   npm run build && node scripts/bench-variant-essential.mjs [--runs K] [--rules 'V V …'] [--limit L] [--count 'V …']
 *
 *   terms   for each rules (default: x,windoku anti-knight x,disjoint-groups windoku disjoint-groups x), G_V, its
 *           conjugacy classes, and every term F₁(g) but the identity's by the tied search (one thread, medians of
 *           K runs, the slowest term named): Σ_{g ≠ 1} |K|·F₁(g)
 *   check   the second route term by term: for every class g ≠ 1 and every cycle type λ of τ (all 30 partitions of 9),
 *           |Fix(g, τ_λ)| by exact cover (src/variants/rulesExactCover.ts, the generic DLX; no code shared with the
 *           tied search): equal to the tied search's count × |C(τ_λ)| where the lemma allows λ and that is at most
 *           --limit L fixed grids (default 200,000; the heavier terms are skipped and counted), and 0 (no grid
 *           found) for every λ the unit lemma rules out; the skipped terms of at most --plain-limit P (default 3·10⁷)
 *           are checked by the tied search alone, every fixed grid enumerated (one per C(τ)-orbit) without the
 *           regions, seed orbits, stabilisers and memos of countFixedGrids
 *   full    (--full 'windoku', '' to skip) Burnside over the full group Γ_V (src/variants/fullGroupBurnside.ts) with
 *           the identity's term N/9! = 17,463,553,760 (the project's count, docs/variant-counts.md): windoku must give
 *           Michel's 68,239,994 (the test suite checks Γ_V, its implied houses and classes; this, the dear sum)
 *   count   (--count 'V …', default 'x,windoku anti-knight': 13 s and 80 s on 2 cores) the whole command: classes
 *           --variant V --format table --out a temporary file, then essentially-different --variant V --identity-from
 *           it (every value compared with the shipped data/ table of the same rules)
 * The machine is shared and noisy: the load average is printed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { partitionsOf, permutationOfType } from '../dist/essential/cycleTypes.js';
import { rulesFromSpec } from '../dist/grid/rules.js';
import { fixedByRulesExactCover } from '../dist/variants/rulesExactCover.js';
import { variantClassPlan } from '../dist/variants/variantBurnside.js';
import { fullGroupBurnside } from '../dist/variants/fullGroupBurnside.js';
import { countVariantFixed } from '../dist/variants/variantFixedGridsTask.js';
import { variantUnits } from '../dist/variants/variantUnits.js';
import { TiedSearch } from '../dist/essential/tiedSearch.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const runs = Number(opt('--runs', '3'));
const rulesList = opt('--rules', 'x,windoku anti-knight x,disjoint-groups windoku disjoint-groups x').split(/\s+/);
const limit = Number(opt('--limit', '200000'));
const plainLimit = Number(opt('--plain-limit', '30000000'));
const countList = opt('--count', 'x,windoku anti-knight').split(/\s+/).filter(Boolean);
const fullList = opt('--full', 'windoku').split(/\s+/).filter(Boolean);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** |C(τ)| for τ of cycle type λ: Π ℓ^m·m!. */
const centralizerOrder = (lambda) => {
  const m = new Map();
  for (const l of lambda) m.set(l, (m.get(l) ?? 0) + 1);
  let c = 1;
  for (const [l, k] of m) {
    c *= l ** k;
    for (let i = 2; i <= k; i++) c *= i;
  }
  return c;
};
const g = (x) => BigInt(x).toLocaleString('en-US');

console.log(`load average before: ${load()}`);
console.log('\n## terms (one thread) and the exact-cover check\n');
console.log(
  [
    '| rules | \\|G_V\\| | classes | non-zero | zero by the lemma | zero by search | Σ_{g≠1} \\|K\\|·F₁(g)',
    'terms s (median) | slowest term | exact cover: equal / skipped (> limit) / lemma zeros confirmed',
    'skipped ones by the plain tied search: equal / skipped | check s |',
  ].join(' | '),
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|---:|');
for (const name of rulesList) {
  const rules = rulesFromSpec({ rows: 3, cols: 3, variants: name.split(',') });
  const { group, classes, rows } = variantClassPlan(rules);
  const times = [];
  let sum = 0n,
    slowest = null,
    nonZero = 0,
    byLemma = 0,
    bySearch = 0;
  const counts = new Map();
  for (let run = 0; run < runs; run++) {
    let t = 0;
    sum = 0n;
    nonZero = byLemma = bySearch = 0;
    for (const { k, x, rt } of rows) {
      if (k === 0) continue;
      let f = 0;
      for (const tau of rt.admissible) {
        const r = countVariantFixed({ spec: rules.spec, members: group.elements, element: x, tauType: tau });
        t += r.seconds;
        f += r.count;
        counts.set(`${k}:${tau.join(',')}`, r.count);
        if (run === 0 && (!slowest || r.seconds > slowest.s)) slowest = { k, tau, s: r.seconds };
      }
      if (f > 0) nonZero++;
      else if (rt.admissible.length === 0) byLemma++;
      else bySearch++;
      sum += BigInt(classes.sizes[k]) * BigInt(f);
    }
    times.push(t);
  }
  // the second route
  const t0 = performance.now();
  let equal = 0,
    skipped = 0,
    zeros = 0,
    plainEqual = 0,
    plainSkipped = 0;
  const { units } = variantUnits(rules);
  for (const { k, x, rt } of rows) {
    if (k === 0) continue;
    const map = group.grid.cellMap(x);
    for (const lambda of partitionsOf(9)) {
      const admissible = rt.admissible.some((a) => a.join(',') === lambda.join(','));
      const tau = permutationOfType(lambda);
      if (!admissible) {
        const r = fixedByRulesExactCover(rules, map, tau, 1);
        if (r.count !== 0) throw new Error(`${name}: class ${k}, τ ${lambda}: a fixed grid the unit lemma rules out`);
        zeros++;
        continue;
      }
      const fast = counts.get(`${k}:${lambda.join(',')}`);
      const fix = fast * centralizerOrder(lambda);
      if (fix > limit) {
        skipped++;
        if (fast > plainLimit) {
          plainSkipped++;
          continue;
        }
        const search = new TiedSearch(rules.shape, map, lambda, units);
        const all = Int32Array.from({ length: search.orbitCount }, (_, o) => o);
        const plain = search.search(all, true, () => 1);
        if (plain !== fast) throw new Error(`${name}: class ${k}, τ ${lambda}: plain tied search ${plain}, ${fast}`);
        plainEqual++;
        continue;
      }
      const r = fixedByRulesExactCover(rules, map, tau);
      if (r.count !== fix)
        throw new Error(
          `${name}: class ${k}, τ ${lambda}: exact cover ${r.count}, tied search ${fast} × |C(τ)| = ${fix}`,
        );
      equal++;
    }
  }
  const dlxSeconds = (performance.now() - t0) / 1000;
  console.log(
    `| ${name} | ${g(group.order)} | ${classes.count} | ${nonZero} | ${byLemma} | ${bySearch} | ${g(sum)} | ` +
      `${median(times).toFixed(3)} | class ${slowest.k}, τ ${slowest.tau.join('')}: ${slowest.s.toFixed(3)} s | ` +
      `${equal} / ${skipped} / ${zeros} | ${plainEqual} / ${plainSkipped} | ${dlxSeconds.toFixed(1)} |`,
  );
}

/** Known totals under Γ_V with the identity's term they need (9×9 windoku: Michel 2007, docs/variant-counts.md). */
const FULL = { windoku: { identity: 17_463_553_760n, total: 68_239_994n } };
if (fullList.length > 0) {
  console.log('\n## Burnside over the full group Γ_V (one thread)\n');
  console.log('| rules | \\|Γ_V\\| | classes | s (wall) | total | expected |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const name of fullList) {
    const known = FULL[name];
    if (!known) throw new Error(`--full ${name}: no known total to check`);
    const t = performance.now();
    const b = await fullGroupBurnside(rulesFromSpec({ rows: 3, cols: 3, variants: name.split(',') }), {
      value: known.identity,
      source: 'bench',
    });
    const s = (performance.now() - t) / 1000;
    console.log(`| ${name} | ${b.groupOrder} | ${b.classes} | ${s.toFixed(1)} | ${b.total} | ${known.total} |`);
    if (b.total !== known.total) throw new Error(`${name}: ${b.total} under Γ_V, not ${known.total}`);
  }
}

if (countList.length > 0) {
  console.log(
    '\n## the whole command (classes --variant --format table, then essentially-different --identity-from)\n',
  );
  console.log('| rules | count s (wall) | essentially-different s (wall) | essentially different grids |');
  console.log('|---|---:|---:|---:|');
  const dir = mkdtempSync(join(tmpdir(), 'bench-variant-essential-'));
  try {
    for (const name of countList) {
      const file = join(dir, `${name}.bin`);
      let t = performance.now();
      execFileSync(process.execPath, [cli, 'classes', '--variant', name, '--format', 'table', '--out', file], {
        encoding: 'utf8',
        env: { ...process.env, CI: 'true' },
      });
      const countS = (performance.now() - t) / 1000;
      t = performance.now();
      const ed = execFileSync(
        process.execPath,
        [cli, 'essentially-different', '--variant', name, '--identity-from', file],
        {
          encoding: 'utf8',
          env: { ...process.env, CI: 'true' },
        },
      );
      const edS = (performance.now() - t) / 1000;
      const total = /Essentially different grids: ([\d,]+)/.exec(ed)?.[1];
      console.log(`| ${name} | ${countS.toFixed(1)} | ${edS.toFixed(1)} | ${total} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`\nload average after: ${load()}`);
