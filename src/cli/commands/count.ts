import { InvalidArgumentError, type Command } from 'commander';
import { countGrids, defaultWorkers, type GridCount, type ProgressEvent, type Stage } from '../../count/countGrids.js';
import {
  CountInterrupted,
  type CounterName,
  type DlxClassResult,
  type DlxOptions,
} from '../../count/dlxCompletions.js';
import { parseBoxShape, type BoxShape } from '../../grid/shape.js';
import { openDlxCheckpoint, type DlxCheckpointFile } from '../../io/dlxCheckpoint.js';
import { toJson } from '../../io/json.js';
import { LEVEL_NAMES, type LevelName } from '../../symmetry/classChain.js';
import { CommandFailed } from '../commandFailed.js';
import { boxOption, counterOption, grouped, InputError, progressSpinner, workersOption } from '../common.js';
import { bandMethodShapes } from '../../grid/support.js';

const STAGE_TEXT: Record<Stage, string> = {
  bands: 'enumerating standard top bands',
  classes: 'collapsing bands into classes',
  columnSets: 'tabulating bands by column sets',
  completions: 'counting completions per class',
  dlx: 'DLX route: enumerating second bands',
};

/** --level for the DLX route: which classes to count, by name. */
export function dlxLevelOption(value: string): LevelName {
  if ((LEVEL_NAMES as readonly string[]).includes(value)) return value as LevelName;
  throw new InvalidArgumentError(`expected one of ${LEVEL_NAMES.join(', ')}`);
}

interface CountCliOptions {
  box?: BoxShape;
  json?: boolean;
  workers?: number;
  counter?: CounterName;
  level?: LevelName;
  checkpoint?: string;
}

/** "3 min 20 s", "45 s". */
function duration(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const t = Math.round(s);
  if (t < 90) return `${t} s`;
  const m = Math.floor(t / 60);
  return m < 90 ? `${m} min ${t % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function registerCount(program: Command): void {
  program
    .command('count')
    .description('count all n×n Sudoku grids exactly, stage by stage (Felgenhauer–Jarvis band reduction)')
    .option('--box <RxC>', `box shape: R rows by C columns (${bandMethodShapes()})`, boxOption('band-method'))
    .option('--json', 'print one JSON object on stdout')
    .option('--workers <K>', 'threads for the completion counts (result does not depend on it)', workersOption)
    .option(
      '--counter <name>',
      'how n_C is counted: column-sets (the column-set sum, default) or dlx (every middle band enumerated, the ' +
        'bottom band from F; checked class by class against the column-set sum)',
      counterOption,
    )
    .option(
      '--level <level>',
      `dlx: count one representative per class of this level: ${LEVEL_NAMES.join(' | ')} (default symmetry)`,
      dlxLevelOption,
    )
    .option('--checkpoint <FILE>', 'dlx: keep finished classes in FILE, and go on from it when it exists')
    .action(async (opts: CountCliOptions) => {
      const counter = opts.counter ?? 'column-sets';
      if (counter !== 'dlx' && (opts.level !== undefined || opts.checkpoint !== undefined)) {
        throw new InputError(
          `--${opts.level !== undefined ? 'level' : 'checkpoint'} is for --counter dlx ` +
            '(the column-set sum counts every class in about a second)',
        );
      }
      const box = opts.box ?? '3x3';
      const boxName = typeof box === 'string' ? box : box.name;
      const level = opts.level ?? 'symmetry';
      const twoBands = (opts.box?.cols ?? 3) === 2;

      // the DLX route: checkpoint, Ctrl-C
      let dlx: DlxOptions | undefined;
      const controller = new AbortController();
      const onSigint = () => controller.abort();
      const finished: DlxClassResult[] = [];
      let lastWrite = 0;
      let file: DlxCheckpointFile | null = null;
      const save = () => {
        file?.save(finished);
        lastWrite = performance.now();
      };
      if (counter === 'dlx') {
        if (opts.checkpoint !== undefined) {
          // locked, read, and checked for writing now: a path that cannot be written fails before the work
          file = openDlxCheckpoint(opts.checkpoint, { box: boxName, level });
          finished.push(...file.classes);
        }
        dlx = {
          level,
          resume: [...finished],
          onClassDone: (r) => {
            finished.push(r);
            if (performance.now() - lastWrite >= 1000) save();
          },
          signal: controller.signal,
        };
        process.once('SIGINT', onSigint);
      }

      const spinner = await progressSpinner('counting');
      spinner.start();
      let dlxStart = 0;
      let dlxFirst: number | null = null;
      const onProgress = (e: ProgressEvent) => {
        if (e.phase === 'start') {
          spinner.text =
            e.stage === 'completions' && counter === 'dlx'
              ? 'column-set sum per class (to check against)'
              : STAGE_TEXT[e.stage];
          if (e.stage === 'dlx') dlxStart = performance.now();
        } else if (e.phase === 'progress' && e.stage === 'dlx') {
          const done = e.done ?? 0;
          const total = e.total ?? 0;
          const bands = e.middleBands ?? 0;
          dlxFirst ??= done;
          const secs = (performance.now() - dlxStart) / 1000;
          const rate = secs > 0 ? (bands / secs / 1e6).toFixed(1) : '…';
          const left = done > dlxFirst ? (secs / (done - dlxFirst)) * (total - done) : Infinity;
          spinner.text =
            `DLX route: ${done}/${total} classes, ${grouped(bands)} ${twoBands ? 'bottom' : 'middle'} bands` +
            (done < total ? `, ${rate} M/s, about ${duration(left)} left` : '');
        } else if (e.phase === 'progress') {
          spinner.text = `${spinner.text.replace(/: \d+\/\d+$/, '')}: ${e.done}/${e.total}`;
        }
      };
      let r: GridCount;
      try {
        r = await countGrids({
          box,
          workers: opts.workers ?? defaultWorkers(opts.box),
          onProgress,
          counter,
          ...(dlx ? { dlx } : {}),
        });
      } catch (e) {
        if (e instanceof CountInterrupted) {
          spinner.stop();
          save();
          throw new CommandFailed(
            130,
            `interrupted after ${e.done} of ${e.total} classes` +
              (opts.checkpoint !== undefined
                ? `; they are kept in ${opts.checkpoint}: run the same command to go on`
                : ' (--checkpoint FILE keeps them)'),
          );
        }
        // any other failure: keep what was finished, unless writing the checkpoint is what failed
        if (counter === 'dlx' && finished.length > 0) {
          try {
            save();
          } catch {
            // the original error says more
          }
        }
        throw e;
      } finally {
        spinner.stop();
        process.off('SIGINT', onSigint);
      }
      save();
      file?.release();

      if (opts.json) {
        process.stdout.write(toJson(r) + '\n');
      } else {
        process.stdout.write(countText(r) + '\n');
      }
      const bad = r.dlx?.firstMismatch;
      if (bad) {
        throw new CommandFailed(
          1,
          `n_C of class ${bad.id} (band ${bad.band}) differs: DLX route ${bad.completions}, column-set sum ` +
            `${bad.columnSetSum}`,
        );
      }
    });
}

/** The human-readable report of a count. */
export function countText(r: GridCount): string {
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
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  const out = [`Counting ${r.n}×${r.n} Sudoku grids with ${r.box} boxes`];
  rows.forEach(([a, b, c], i) => {
    out.push(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`.trimEnd());
    if (d && i === rows.length - 2) out.push(...after);
  });
  out.push(`  total time ${s(r.seconds.total)}`);
  out.push(`N = ${r.n}! · Σ m_C·n_C = ${grouped(r.total)}`);
  return out.join('\n');
}
