import type { ColumnSetCount } from '../colsets/countByColumnSets.js';
import { grouped } from '../grid/grouped.js';
import { seconds as s, stageTable } from './stageTable.js';

/** "; K graphs memoised" (always, or when there are any). */
function memo(entries: number, sep: string, always = false): string {
  return always || entries > 0 ? `${sep}${grouped(entries)} graphs memoised` : '';
}

/** The text report of a column-set count. */
export function columnSetText(r: ColumnSetCount): string {
  const R = r.n / 2;
  const rows: Array<[string, string, string]> = [
    [`band configurations T: C(${r.n},${R})^${R}`, grouped(r.configurations), ''],
    [
      'configuration classes (relabel digits, permute boxes, swap columns)',
      grouped(r.classes),
      `${s(r.seconds.classes)}   Σ orbit sizes = configurations ✓`,
    ],
    [
      r.workers === null
        ? `bands F per class (summed over the shards${memo(r.memoEntries, '; ')})`
        : `bands F per class (${r.workers} worker${r.workers > 1 ? 's' : ''}${memo(r.memoEntries, '; ', true)})`,
      grouped(r.classes - r.resumed),
      s(r.seconds.bands) + (r.resumed > 0 ? `   (${grouped(r.resumed)} more from the checkpoint)` : ''),
    ],
    ['bands: Σ orbit·F', grouped(r.bands), ''],
  ];
  const out = [`Counting ${r.n}×${r.n} Sudoku grids with ${r.box} boxes by column sets`];
  if (r.transposed)
    out.push(`  (counted as ${r.countedAs}: transposing a grid turns ${r.box} boxes into ${r.countedAs}, same N)`);
  out.push(...stageTable(rows));
  out.push(`  total time ${s(r.seconds.total)}`);
  out.push(`N = Σ orbit·F² = ${grouped(r.total)}`);
  return out.join('\n') + '\n';
}
