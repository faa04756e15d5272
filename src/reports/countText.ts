import type { GridCount, ProgressEvent, Stage } from '../count/countGrids.js';
import { grouped } from '../grid/grouped.js';
import { parseBoxShape } from '../grid/shape.js';
import { seconds as s, stageTable } from './stageTable.js';

/** The human-readable report of a count. */
export function countText(r: GridCount): string {
  const rows: Array<[string, string, string]> = [
    [`standard top bands (box 1 = 1..${r.n})`, grouped(r.bands), s(r.seconds.bands)],
    [`lexicographically reduced (×${r.lexMultiplicity} each)`, grouped(r.lexReduced), '(same pass)'],
    [
      `classes (box, column, row perms; relabel)`,
      grouped(r.classes),
      `${s(r.seconds.classes)}   Σ m_C = ${grouped(r.classSizeSum)} = bands ✓`,
    ],
    [
      'column-set table F (entries)',
      grouped(r.columnSetEntries),
      s(r.seconds.columnSets) +
        (r.workers > 1 && parseBoxShape(r.box).cols !== 3 ? '   (in a worker, while the classes are found)' : ''),
    ],
    [
      `completions n_C per class (${r.workers} worker${r.workers > 1 ? 's' : ''})`,
      grouped(r.classes),
      s(r.seconds.completions),
    ],
  ];
  const d = r.dlx;
  const after: string[] = [];
  if (d) {
    const counted = d.classes.length;
    const secs = r.seconds.dlx ?? 0;
    const fresh = d.classes.filter((c) => !c.resumed);
    const freshBands = fresh.reduce((a, c) => a + c.middleBands, 0);
    const freshSeconds = fresh.reduce((a, c) => a + c.seconds, 0);
    const what = d.level === 'symmetry' ? 'n_C per class' : `n_C per ${d.level} class`;
    const twoBands = parseBoxShape(r.box).cols === 2;
    const how = twoBands ? 'every bottom band enumerated' : 'every middle band, the bottom band from F';
    rows.push([
      `DLX route: ${what}, ${how}`,
      grouped(counted),
      `${s(secs)}   ${grouped(d.middleBands)} ${twoBands ? 'bottom' : 'middle'} bands` +
        (freshSeconds > 0 ? `, ${(freshBands / freshSeconds / 1e6).toFixed(1)} M/s per thread` : '') +
        (d.resumed > 0 ? `; ${d.resumed} from the checkpoint` : ''),
    ]);
    const bad = d.firstMismatch;
    after.push(
      bad
        ? `  class ${bad.id} (band ${bad.band}): DLX route ${grouped(bad.completions)} ≠ column-set sum ` +
            `${grouped(bad.columnSetSum)} ✗`
        : `  n_C by the DLX route = n_C by the column-set sum, class by class (${grouped(counted)} classes) ✓`,
    );
  }
  rows.push(['grids with box 1 fixed: Σ m_C·n_C', grouped(r.totalWithFixedBox), '']);
  const table = stageTable(rows);
  const out = [
    `Counting ${r.n}×${r.n} Sudoku grids with ${r.box} boxes`,
    ...table.slice(0, -1),
    ...after,
    ...table.slice(-1),
  ];
  out.push(`  total time ${s(r.seconds.total)}`);
  out.push(`N = ${r.n}! · Σ m_C·n_C = ${grouped(r.total)}`);
  return out.join('\n');
}

const STAGE_TEXT: Record<Stage, string> = {
  bands: 'enumerating standard top bands',
  classes: 'collapsing bands into classes',
  columnSets: 'tabulating bands by column sets',
  completions: 'counting completions per class',
  dlx: 'DLX route: enumerating second bands',
};

/** What `count`'s progress line says of a stage: at its start, and `done/total` while it runs; null at its end. */
export function countProgressText(e: ProgressEvent): string | null {
  if (e.phase === 'start') return STAGE_TEXT[e.stage];
  if (e.phase === 'progress') return `${STAGE_TEXT[e.stage]}: ${e.done}/${e.total}`;
  return null;
}
