#!/usr/bin/env node
// Recounts Burnside terms with today's column-configuration counter (countFixedByColumnSets) and compares them with a
// stored run: a JSONL file of scripts/essential-term-costs.mjs (counted lines; timed-out ones skipped) or the JSON of
// `essentially-different --json` as data/essential-5x2.json keeps it (every class row's terms; the every-band term,
// which the command takes from the column-set count, is skipped). A line per difference, then the totals.
//
//   npm run build && node scripts/essential-recount-terms.mjs --box 6x2 --terms data/essential-6x2/terms.jsonl
//   npm run build && node scripts/essential-recount-terms.mjs --box 5x2 --terms data/essential-5x2.json
import { readFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const load = async (m) => import(new URL(m, dist).href);
const { gridGroup } = await load('essential/gridGroup.js');
const { conjugacyClasses } = await load('essential/conjugacyClasses.js');
const { relabellingTypes } = await load('essential/relabellingTypes.js');
const { columnSetGroup } = await load('essential/columnSetTerms.js');
const { parseBoxShape } = await load('grid/shape.js');
const { countFixedByColumnSets, countsEveryBand } = await load('essential/columnSetFixedGrids.js');

const arg = (name, d) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? d : process.argv[i + 1];
};
const shape = parseBoxShape(arg('--box', '6x2'));
const G = gridGroup(shape);
const cc = conjugacyClasses(G);
const rx2 = columnSetGroup(G);
const file = arg('--terms', 'data/essential-6x2/terms.jsonl');
const text = readFileSync(file, 'utf8');
let terms;
if (file.endsWith('.json')) {
  // counts pass 2^53: read them as strings
  const json = JSON.parse(text.replace(/"(count|fixed)":\s*(\d+)(?=[,}\s])/g, '"$1":"$2"'));
  terms = json.output.classRows.flatMap((row) =>
    row.terms.map((t) => ({ class: row.id, tau: t.cycleType.join(','), count: t.count })),
  );
} else
  terms = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .filter((o) => o.count !== undefined);
let n = 0,
  differ = 0,
  skipped = 0,
  cpu = 0;
for (const t of terms) {
  const x = cc.reps[t.class];
  const tau = relabellingTypes(shape, G.cellMap(x)).admissible.find((a) => a.join(',') === t.tau);
  if (!tau) throw new Error(`class ${t.class}: no admissible type ${t.tau}`);
  if (countsEveryBand(rx2.group, rx2.element(x), tau)) {
    skipped++;
    continue;
  }
  const t0 = process.cpuUsage();
  const r = countFixedByColumnSets(rx2.group, rx2.element(x), tau);
  const u = process.cpuUsage(t0);
  cpu += (u.user + u.system) / 1e6;
  n++;
  if (String(r.count) !== String(t.count)) {
    differ++;
    console.log(`class ${t.class} τ ${t.tau}: ${r.count}, the file ${t.count}`);
  }
}
console.log(
  `${shape.name}: ${n} terms recounted, ${differ} differ, ${skipped} every-band skipped, ${cpu.toFixed(1)} CPU s`,
);
process.exit(differ === 0 ? 0 : 1);
