import type { Command } from 'commander';
import { chainTable } from '../../count/chainTable.js';
import { defaultWorkers } from '../../count/countGrids.js';
import type { BoxShape } from '../../grid/shape.js';
import { toJson } from '../../io/json.js';
import { chainJson, chainText } from '../../reports/chainText.js';
import { workersOption, boxOption, progressSpinner } from '../common.js';
import { bandMethodShapes } from '../../grid/support.js';
import { processIo } from '../../io/processIo.js';

export function registerChain(program: Command): void {
  program
    .command('chain')
    .description(
      'the Felgenhauer–Jarvis chain: bands → reduced → symmetry classes → pair swaps → rectangles → column ' +
        'sets, each step checked to keep n_C',
    )
    .option('--box <RxC>', `box shape (${bandMethodShapes()})`, boxOption('band-method'))
    .option('--json', 'print one JSON object on stdout')
    .option('--workers <K>', 'threads for the completion counts', workersOption)
    .action(async (opts: { box?: BoxShape; json?: boolean; workers?: number }) => {
      const spinner = await progressSpinner('counting and collapsing classes');
      spinner.start();
      const t = await chainTable({ box: opts.box ?? '3x3', workers: opts.workers ?? defaultWorkers(opts.box) }).finally(
        () => spinner.stop(),
      );
      processIo().stdout.write(opts.json ? toJson(chainJson(t)) + '\n' : chainText(t));
      if (!t.verified) throw new Error('the chain check failed: a join or a level sum does not keep the count');
    });
}
