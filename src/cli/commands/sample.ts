import { randomInt } from 'node:crypto';
import { InvalidArgumentError, type Command } from 'commander';
import { formatGrid } from '../../grid/parseGrid.js';
import { SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { toJson } from '../../io/json.js';
import { MAX_SEED } from '../../random/streamStates.js';
import { sampleGrids } from '../../rank/sampleGrids.js';
import { boxOption, integerOption, progressSpinner, workersOption } from '../common.js';
import { lineOutput } from '../lineOutput.js';
import { supportedShapes } from '../../grid/support.js';
import { processIo } from '../../io/processIo.js';

interface SampleCliOptions {
  count?: number;
  seed?: number;
  box?: BoxShape;
  json?: boolean;
  workers?: number;
}

function seedOption(value: string): number {
  const x = integerOption(0)(value);
  if (x > MAX_SEED) throw new InvalidArgumentError(`must be a whole number 0..${MAX_SEED}`);
  return x;
}

export function registerSample(program: Command): void {
  program
    .command('sample')
    .description('exactly uniform random grids: a uniform number below N (no modulo bias), unranked')
    .option('--count <K>', 'how many grids (default 1; accepts 1e6)', integerOption(1))
    .option('--seed <S>', `generator seed 0..${MAX_SEED} (default: random, printed on stderr)`, seedOption)
    .option('--box <RxC>', `box shape: R rows by C columns (${supportedShapes('rank')})`, boxOption('rank'))
    .option('--json', 'print one JSON object per grid: seed, index, grid')
    .option('--workers <W>', 'threads (the grids do not depend on it; default 1)', workersOption)
    .action(async (opts: SampleCliOptions) => {
      const shape = opts.box ?? SHAPE_3X3;
      const seed = opts.seed ?? randomInt(0, MAX_SEED + 1);
      if (opts.seed === undefined) processIo().stderr.write(`sudoku-count: sample: seed ${seed}\n`);
      const count = opts.count ?? 1;
      const spinner = await progressSpinner(`sampling ${count} ${shape.name} grid${count > 1 ? 's' : ''}`);
      spinner.start();
      const out = lineOutput();
      let done = 0;
      try {
        for await (const block of sampleGrids({ box: shape, count, seed, workers: opts.workers ?? 1 })) {
          for (const { index, grid } of block) {
            const text = formatGrid(shape, grid);
            out.push(opts.json ? toJson({ seed, index, grid: text }) : text);
          }
          done += block.length;
          spinner.text = `sampling ${shape.name} grids: ${done}/${count}`;
          await out.ready(); // the next block waits for the reader
        }
      } finally {
        spinner.stop();
      }
      await out.flush();
    });
}
