import type { Command } from 'commander';
import { countGrids, defaultWorkers, type ProgressEvent, type Stage } from '../../count/countGrids.js';
import type { BoxShape } from '../../grid/shape.js';
import { toJson } from '../../io/json.js';
import { workersOption, boxOption, grouped, progressSpinner } from '../common.js';
import { bandMethodShapes } from '../../grid/support.js';

const STAGE_TEXT: Record<Stage, string> = {
  bands: 'enumerating standard top bands',
  classes: 'collapsing bands into classes',
  columnSets: 'tabulating bands by column sets',
  completions: 'counting completions per class',
};

export function registerCount(program: Command): void {
  program
    .command('count')
    .description('count all n×n Sudoku grids exactly, stage by stage (Felgenhauer–Jarvis band reduction)')
    .option('--box <RxC>', `box shape: R rows by C columns (${bandMethodShapes()})`, boxOption('band-method'))
    .option('--json', 'print one JSON object on stdout')
    .option('--workers <K>', 'threads for the completion counts (result does not depend on it)', workersOption)
    .action(async (opts: { box?: BoxShape; json?: boolean; workers?: number }) => {
      const spinner = await progressSpinner('counting');
      spinner.start();
      const onProgress = (e: ProgressEvent) => {
        if (e.phase === 'start') spinner.text = STAGE_TEXT[e.stage];
        else if (e.phase === 'progress') spinner.text = `${STAGE_TEXT[e.stage]}: ${e.done}/${e.total}`;
      };
      const r = await countGrids({
        box: opts.box ?? '3x3',
        workers: opts.workers ?? defaultWorkers(opts.box),
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
