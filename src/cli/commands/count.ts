import { Option, type Command } from 'commander';
import type { ColumnSetCount } from '../../colsets/countByColumnSets.js';
import { countGrids, defaultWorkers, type ProgressEvent, type Stage } from '../../count/countGrids.js';
import { SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { countMethodShapes, requireShape, shapeProblem } from '../../grid/support.js';
import { toJson } from '../../io/json.js';
import { columnSetRunShape, runColumnSetCount } from '../columnSetRun.js';
import { boxOption, grouped, InputError, pathOption, progressSpinner, workersOption } from '../common.js';

export type CountMethod = 'bands' | 'column-sets';

export interface CountCliOptions {
  box?: BoxShape;
  method?: CountMethod;
  json?: boolean;
  workers?: number;
  checkpoint?: string;
  resume?: string;
}

/** The method a run uses: --method; else column sets with a checkpoint, or where the band method does not apply. */
export function countMethod(shape: BoxShape, opts: CountCliOptions): CountMethod {
  const saving = opts.checkpoint !== undefined || opts.resume !== undefined;
  const method = opts.method ?? (!saving && shapeProblem('band-method', shape) === null ? 'bands' : 'column-sets');
  requireShape(method === 'bands' ? 'band-method' : 'column-sets', shape);
  if (method === 'bands' && saving)
    throw new InputError(
      `--checkpoint and --resume are for the column-set method (R×2 and 2×R boxes); ${shape.name} is counted by ` +
        'the band method in seconds',
    );
  return method;
}

/** The options count and classes share for the column-set method. */
export function addColumnSetOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--method <name>',
        'bands (Felgenhauer–Jarvis) or column-sets (R×2 and 2×R boxes); default: bands where it applies',
      ).choices(['bands', 'column-sets']),
    )
    .option('--checkpoint <FILE>', 'column-set method: keep the finished classes in FILE (a new file)', pathOption)
    .option('--resume <FILE>', 'column-set method: continue the run kept in FILE (and keep saving to it)', pathOption);
}

const STAGE_TEXT: Record<Stage, string> = {
  bands: 'enumerating standard top bands',
  classes: 'collapsing bands into classes',
  columnSets: 'tabulating bands by column sets',
  completions: 'counting completions per class',
};

export function registerCount(program: Command): void {
  const command = program
    .command('count')
    .description(
      'count all n×n Sudoku grids exactly, stage by stage (Felgenhauer–Jarvis band reduction; R×2 boxes by ' +
        'column sets)',
    )
    .option('--box <RxC>', `box shape: R rows by C columns (${countMethodShapes()})`, boxOption('count'))
    .option('--json', 'print one JSON object on stdout')
    .option('--workers <K>', 'threads (the result does not depend on it)', workersOption);
  addColumnSetOptions(command).action(async (opts: CountCliOptions) => {
    const shape = columnSetRunShape(opts, SHAPE_3X3);
    if (countMethod(shape, opts) === 'column-sets') {
      const r = await runColumnSetCount(shape, opts);
      if (opts.json) {
        const { classRows: _rows, digest: _digest, ...count } = r;
        process.stdout.write(toJson({ method: 'column-sets', ...count }) + '\n');
      } else {
        process.stdout.write(columnSetReport(r));
      }
      return;
    }
    const spinner = await progressSpinner('counting');
    spinner.start();
    const onProgress = (e: ProgressEvent) => {
      if (e.phase === 'start') spinner.text = STAGE_TEXT[e.stage];
      else if (e.phase === 'progress') spinner.text = `${STAGE_TEXT[e.stage]}: ${e.done}/${e.total}`;
    };
    const r = await countGrids({
      box: shape,
      workers: opts.workers ?? defaultWorkers(shape),
      onProgress,
    }).finally(() => spinner.stop());
    if (opts.json) {
      process.stdout.write(toJson(r) + '\n');
      return;
    }
    const s = (x: number) => `${x.toFixed(3)} s`;
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
        s(r.seconds.columnSets) + (r.workers > 1 ? '   (in a worker, while the classes are found)' : ''),
      ],
      [
        `completions n_C per class (${r.workers} worker${r.workers > 1 ? 's' : ''})`,
        grouped(r.classes),
        s(r.seconds.completions),
      ],
      ['grids with box 1 fixed: Σ m_C·n_C', grouped(r.totalWithFixedBox), ''],
    ];
    const w0 = Math.max(...rows.map((x) => x[0].length));
    const w1 = Math.max(...rows.map((x) => x[1].length));
    const out = [`Counting ${r.n}×${r.n} Sudoku grids with ${r.box} boxes`];
    for (const [a, b, c] of rows) out.push(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`.trimEnd());
    out.push(`  total time ${s(r.seconds.total)}`);
    out.push(`N = ${r.n}! · Σ m_C·n_C = ${grouped(r.total)}`);
    process.stdout.write(out.join('\n') + '\n');
  });
}

/** The text report of a column-set count. */
export function columnSetReport(r: ColumnSetCount): string {
  const s = (x: number) => `${x.toFixed(3)} s`;
  const R = r.n / 2;
  const rows: Array<[string, string, string]> = [
    [`band configurations T: C(${r.n},${R})^${R}`, grouped(r.configurations), ''],
    [
      'configuration classes (relabel digits, permute boxes, swap columns)',
      grouped(r.classes),
      `${s(r.seconds.classes)}   Σ orbit sizes = configurations ✓`,
    ],
    [
      `bands F per class (${r.workers} worker${r.workers > 1 ? 's' : ''}; ${grouped(r.memoEntries)} graphs memoised)`,
      grouped(r.classes - r.resumed),
      s(r.seconds.bands) + (r.resumed > 0 ? `   (${grouped(r.resumed)} more from the checkpoint)` : ''),
    ],
    ['bands: Σ orbit·F', grouped(r.bands), ''],
  ];
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  const out = [`Counting ${r.n}×${r.n} Sudoku grids with ${r.box} boxes by column sets`];
  if (r.transposed)
    out.push(`  (counted as ${r.countedAs}: transposing a grid turns ${r.box} boxes into ${r.countedAs}, same N)`);
  for (const [a, b, c] of rows) out.push(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`.trimEnd());
  out.push(`  total time ${s(r.seconds.total)}`);
  out.push(`N = Σ orbit·F² = ${grouped(r.total)}`);
  return out.join('\n') + '\n';
}
