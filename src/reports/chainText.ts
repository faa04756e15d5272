import type { ChainTable } from '../count/chainTable.js';
import { grouped } from '../grid/grouped.js';
import type { LevelName } from '../symmetry/classChain.js';

const round = (x: number) => Math.round(x * 1e6) / 1e6;

const LABEL: Record<LevelName, string> = {
  symmetry: 'symmetry classes (box/column/row perms, relabel)',
  'pair-swaps': '+ pair swaps (2 rows × 2 columns)',
  rectangles: '+ rectangles (2 rows × k columns; column pairs)',
  'column-sets': 'column-set classes (same column digit-sets)',
};

/** `chain --json`: the chain as steps (bands, lex-reduced, then each level with its joins, mismatches and sum). */
export function chainJson(t: ChainTable): object {
  return {
    box: t.box,
    steps: [
      { step: 'bands', count: t.bands, seconds: t.seconds.bands },
      { step: 'lexReduced', count: t.lexReduced, seconds: 0 },
      ...t.levels.map((l) => ({
        step: l.name,
        count: l.count,
        seconds: l.name === 'symmetry' ? t.seconds.classes : round(l.seconds),
        joins: l.joins,
        mismatches: l.mismatches,
        sum: l.sum,
      })),
    ],
    completionsSeconds: t.seconds.completions,
    distinctCompletions: t.distinctCompletions,
    distinctMatchColumnSets: t.distinctMatchColumnSets,
    verified: t.verified,
    totalWithFixedBox: t.totalWithFixedBox,
    total: t.total,
  };
}

/** `chain`: the Felgenhauer–Jarvis chain, one line a step with its count, time and check, then N. */
export function chainText(t: ChainTable): string {
  const s = (x: number) => `${x.toFixed(3)} s`;
  const rows: Array<[string, string, string]> = [
    [`standard top bands`, grouped(t.bands), s(t.seconds.bands)],
    [`lexicographically reduced (×${t.lexMultiplicity})`, grouped(t.lexReduced), '(same pass)'],
  ];
  for (const l of t.levels) {
    const time = l.name === 'symmetry' ? t.seconds.classes : l.seconds;
    const check =
      l.name === 'symmetry'
        ? `Σ m_C = ${grouped(t.classSizeSum)}`
        : `${grouped(l.joins)} joins, ` +
          `${l.mismatches === 0 ? 'n_C equal across every one ✓' : `${l.mismatches} with different n_C ✗`}`;
    rows.push([LABEL[l.name], grouped(l.count), `${s(time)}   ${check}`]);
  }
  rows.push([`completions n_C of the symmetry classes`, '', s(t.seconds.completions)]);
  rows.push([
    'distinct values of n_C',
    grouped(t.distinctCompletions),
    t.distinctMatchColumnSets
      ? '= the column-set classes, one value each ✓'
      : 'fewer than the column-set classes: some share a value',
  ]);
  const sumsAgree = t.levels.every((l) => l.sum === t.totalWithFixedBox);
  rows.push([
    `Σ m_C·n_C, the same at all ${t.levels.length} levels`,
    grouped(t.totalWithFixedBox),
    sumsAgree ? '✓' : '✗',
  ]);
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  const out = [`The Felgenhauer–Jarvis chain for ${t.box} bands`];
  for (const [a, b, c] of rows) out.push(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`.trimEnd());
  out.push(`  chain: ${[t.bands, t.lexReduced, ...t.levels.map((l) => l.count)].map(grouped).join(' → ')}`);
  out.push(`N = ${t.n}! · Σ m_C·n_C = ${grouped(t.total)}`);
  return out.join('\n') + '\n';
}
