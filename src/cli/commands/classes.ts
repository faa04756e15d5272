import type { Command } from 'commander';
import { classTable, defaultWorkers } from '../../count/countGrids.js';
import type { BoxShape } from '../../grid/shape.js';
import { classTableToJson, writeTextFile } from '../../io/classTableJson.js';
import { bandBoxOption, grouped, integerOption, progressSpinner } from '../common.js';

export function registerClasses(program: Command): void {
  program
    .command('classes')
    .description('write the class table (representative, m_C, stabiliser, n_C of every class) as JSON')
    .option('--box <RxC>', 'box shape (2x2, 2x3, 3x2, 3x3, 4x2)', bandBoxOption)
    .option('--out <FILE>', 'write to FILE instead of stdout')
    .option('--workers <K>', 'threads for the completion counts', integerOption(1))
    .action(async (opts: { box?: BoxShape; out?: string; workers?: number }) => {
      const spinner = await progressSpinner('building the class table');
      spinner.start();
      const table = await classTable({ box: opts.box ?? '3x3', workers: opts.workers ?? defaultWorkers(opts.box) }).finally(() => spinner.stop());
      const text = classTableToJson(table);
      if (opts.out) {
        writeTextFile(opts.out, text);
        process.stderr.write(`wrote ${table.classes} classes of ${table.box} (N = ${grouped(table.total)}) to ${opts.out}\n`);
      } else {
        process.stdout.write(text);
      }
    });
}
