import { InvalidArgumentError, type Command } from 'commander';
import { chainTable } from '../../count/chainTable.js';
import { defaultWorkers } from '../../count/countGrids.js';
import type { BoxShape } from '../../grid/shape.js';
import { CLASS_TABLE_OUTPUT, classTableToJson } from '../../io/classTableJson.js';
import { prepareOutput } from '../../io/outputFile.js';
import type { LevelName } from '../../symmetry/classChain.js';
import {
  pathOption,
  workersOption,
  boxOption,
  counterOption,
  grouped,
  InputError,
  progressSpinner,
} from '../common.js';
import type { CounterName } from '../../count/dlxCompletions.js';
import { CommandFailed } from '../commandFailed.js';
import { bandMethodShapes } from '../../grid/support.js';

const LEVEL_NAMES: readonly LevelName[] = ['symmetry', 'pair-swaps', 'rectangles', 'column-sets'];

/** --level: a level's name, or its number of classes (416, 174, 71 or 44 for 3x3), checked once counted. */
function levelOption(value: string): string {
  if (LEVEL_NAMES.includes(value as LevelName) || /^\d+$/.test(value)) return value;
  throw new InvalidArgumentError(
    `expected one of ${LEVEL_NAMES.join(', ')}, or a level's class count (416, 174, 71, 44 for 3x3)`,
  );
}

export function registerClasses(program: Command): void {
  program
    .command('classes')
    .description('write the class tables (representative, m_C, n_C of every class at every level of the chain) as JSON')
    .option('--box <RxC>', `box shape (${bandMethodShapes()})`, boxOption('band-method'))
    .option(
      '--level <level>',
      `one level only: ${LEVEL_NAMES.join(' | ')}, or its class count (3x3: 416 | 174 | 71 | 44)`,
      levelOption,
    )
    .option('--out <FILE>', 'write to FILE instead of stdout (replaces only a class table it wrote before)', pathOption)
    .option('--force', '--out may replace a file that is not a class table')
    .option('--workers <K>', 'threads for the completion counts', workersOption)
    .option('--counter <name>', 'how n_C is counted: column-sets (default) or dlx (see count --help)', counterOption)
    .action(
      async (opts: {
        box?: BoxShape;
        level?: string;
        out?: string;
        force?: boolean;
        workers?: number;
        counter?: CounterName;
      }) => {
        // the output path is checked before the work, so a bad path fails at once
        const out =
          opts.out !== undefined
            ? prepareOutput(opts.out, { ...CLASS_TABLE_OUTPUT, force: opts.force === true })
            : null;
        const spinner = await progressSpinner('building the class tables');
        spinner.start();
        const table = await chainTable({
          box: opts.box ?? '3x3',
          workers: opts.workers ?? defaultWorkers(opts.box),
          counter: opts.counter ?? 'column-sets',
          onProgress: (e) => {
            if (e.stage === 'dlx' && e.phase === 'progress')
              spinner.text = `DLX route: ${e.done}/${e.total} classes, ${grouped(e.middleBands ?? 0)} middle bands`;
          },
        }).finally(() => spinner.stop());
        const bad = table.dlx?.firstMismatch;
        if (bad) {
          throw new CommandFailed(
            1,
            `n_C of class ${bad.id} (band ${bad.band}) differs: DLX route ${bad.completions}, column-set sum ` +
              `${bad.columnSetSum}; no table written`,
          );
        }
        let level: LevelName | undefined;
        if (opts.level !== undefined) {
          const found = table.levels.find((l) => l.name === opts.level || String(l.count) === opts.level);
          if (!found) {
            throw new InputError(
              `--level ${opts.level}: no level of ${table.box} has that name or class count ` +
                `(${table.levels.map((l) => `${l.name} ${l.count}`).join(', ')})`,
            );
          }
          level = found.name;
        }
        const text = classTableToJson(table, level);
        if (out) {
          out.write(text);
          process.stderr.write(
            `wrote the ${level ?? 'whole chain of'} classes of ${table.box} (N = ${grouped(table.total)}) to ` +
              `${opts.out}\n`,
          );
        } else {
          process.stdout.write(text);
        }
      },
    );
}
