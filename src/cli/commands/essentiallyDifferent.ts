import { InvalidArgumentError, type Command } from 'commander';
import { defaultWorkers } from '../../count/countGrids.js';
import { essentiallyDifferent, type EssentialProgress } from '../../essential/essentiallyDifferent.js';
import type { BoxShape } from '../../grid/shape.js';
import { toJson } from '../../io/json.js';
import { maxWorkers } from '../../parallel/taskPool.js';
import { bandBoxOption, grouped, integerOption, progressSpinner } from '../common.js';

/** --workers: a whole number from 1 to maxWorkers(). */
function workersOption(value: string): number {
  const k = integerOption(1)(value);
  if (k > maxWorkers()) throw new InvalidArgumentError(`must be at most ${maxWorkers()}`);
  return k;
}

export function registerEssentiallyDifferent(program: Command): void {
  program
    .command('essentially-different')
    .description(
      'count the essentially different grids (up to relabelling, row/column/band/stack permutations and ' +
        "transposition) by Burnside's lemma over the conjugacy classes of the symmetry group",
    )
    .option('--box <RxC>', 'box shape: R rows by C columns (2x2, 2x3, 3x2, 3x3, 4x2)', bandBoxOption)
    .option('--json', 'print one JSON object on stdout, with every class')
    .option('--workers <K>', 'threads (the result does not depend on it)', workersOption)
    .action(async (opts: { box?: BoxShape; json?: boolean; workers?: number }) => {
      const spinner = await progressSpinner('conjugacy classes');
      spinner.start();
      const onProgress = (e: EssentialProgress) => {
        if (e.stage === 'classes' && e.phase === 'start') spinner.text = 'the group and its conjugacy classes';
        else if (e.stage === 'fixed' && e.phase === 'progress') spinner.text = `fixed grids: ${e.done}/${e.total}`;
      };
      const r = await essentiallyDifferent({
        box: opts.box ?? '3x3',
        workers: opts.workers ?? defaultWorkers(opts.box),
        onProgress,
      }).finally(() => spinner.stop());
      if (opts.json) {
        process.stdout.write(toJson(r) + '\n');
        return;
      }
      const s = (x: number) => x.toFixed(3);
      const table: string[][] = [
        ['class', 'size', 'order', 'representative', 'τ', 'fixed (box 1 standard)', 'seconds'],
      ];
      for (const c of r.classRows) {
        if (c.fixed === 0n) continue;
        table.push([
          String(c.id),
          grouped(c.size),
          String(c.representative.order),
          c.representative.text,
          c.id === 0
            ? c.relabellings.join(' ')
            : c.terms
                .filter((t) => t.count > 0)
                .map((t) => t.relabelling)
                .join(' '),
          grouped(c.fixed),
          s(c.seconds),
        ]);
      }
      const widths = table[0].map((_, j) => Math.max(...table.map((row) => row[j].length)));
      const left = new Set([3, 4]);
      const line = (row: string[]) =>
        '  ' + row.map((v, j) => (left.has(j) ? v.padEnd(widths[j]) : v.padStart(widths[j]))).join('  ');
      const out = [
        `Essentially different ${r.n}×${r.n} Sudoku grids with ${r.box} boxes, by Burnside's lemma`,
        `  group G: ${grouped(r.groupOrder)} elements, ${r.classes} conjugacy classes; ` +
          `${r.nonZeroClasses} with fixed grids, ${r.zeroByLemma} zero by the unit lemma, ` +
          `${r.zeroBySearch} zero by search`,
        ...table.map((row) => line(row).trimEnd()),
        `  Σ size·fixed = ${grouped(r.burnsideSum)} = ${grouped(r.groupOrder)} × ${grouped(r.total)}`,
        `  time: classes ${s(r.seconds.classes)} s, identity (band method) ${s(r.seconds.identity)} s, ` +
          `other terms ${s(r.seconds.fixed)} s in ${r.workers} worker${r.workers > 1 ? 's' : ''}, ` +
          `total ${s(r.seconds.total)} s`,
        `Essentially different grids: ${grouped(r.total)}`,
      ];
      process.stdout.write(out.join('\n') + '\n');
    });
}
