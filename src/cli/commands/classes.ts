import { InvalidArgumentError, Option, type Command } from 'commander';
import { chainLevel, chainTable } from '../../count/chainTable.js';
import { defaultWorkers } from '../../count/countGrids.js';
import { SHAPE_3X3 } from '../../grid/shape.js';
import { countMethodShapes } from '../../grid/support.js';
import { affordableVariants9 } from '../../variants/variantCountSupport.js';
import { CLASS_TABLE_OUTPUT, classTableToJson } from '../../io/classTableJson.js';
import { COLUMN_SET_CLASSES_OUTPUT, columnSetClassesToJson } from '../../io/columnSetClassesJson.js';
import { prepareOutput } from '../../io/outputFile.js';
import { isColumnSetCertificate } from '../../io/columnSetCertificateFile.js';
import { readHead } from '../../io/readBounded.js';
import { LEVEL_NAMES, type LevelName } from '../../symmetry/classChain.js';
import { MAX_SEED } from '../../random/maxSeed.js';
import { columnSetRunShape, runColumnSetCount } from '../columnSetRun.js';
import {
  pathOption,
  workersOption,
  counterOption,
  flagsGiven,
  grouped,
  InputError,
  integerOption,
  progressSpinner,
  seedOption,
  VARIANT_FLAG,
} from '../common.js';
import { CommandFailed } from '../commandFailed.js';
import { dlxRunPlan } from '../dlxRun.js';
import { addColumnSetOptions, countMethod, type CountCliOptions } from './count.js';
import { VARIANT_HELP } from '../../grid/rules.js';
import { requireShape } from '../../grid/support.js';
import {
  boxOrVariantBoxOption,
  refuseWithVariant,
  runVariantClasses,
  runVariantTableCheck,
  variantRunRules,
} from '../variantRun.js';
import { processIo } from '../../io/processIo.js';

/** --level: a level's name, or its number of classes (416, 174, 71 or 44 for 3x3), checked once counted. */
function levelOption(value: string): string {
  if (LEVEL_NAMES.includes(value as LevelName) || /^\d+$/.test(value)) return value;
  throw new InvalidArgumentError(
    `expected one of ${LEVEL_NAMES.join(', ')}, or a level's class count (as \`chain\` prints them)`,
  );
}

export function registerClasses(program: Command): void {
  const command = program
    .command('classes')
    .description(
      'write the class tables as JSON: representative, m_C, n_C of every class at every level of the chain; by ' +
        'column sets, every configuration class with its orbit and F',
    )
    .option(
      '--box <RxC>',
      `box shape (${countMethodShapes()}; 6x2 and 2x6 with --class or --from-results; with --variant, n ≤ 6)`,
      boxOrVariantBoxOption('sharded-count'),
    )
    .option(
      VARIANT_FLAG,
      `the top-block classes of a variant (n ≤ 6, and 9x9 ${affordableVariants9('classes')}): each block, m_C and ` +
        'n_C, as JSON: ' +
        VARIANT_HELP,
    )
    .option(
      '--level <level>',
      `one level only: ${LEVEL_NAMES.join(' | ')}, or its class count (as \`chain\` prints them)`,
      levelOption,
    )
    .option('--out <FILE>', 'write to FILE instead of stdout (replaces only a class table it wrote before)', pathOption)
    .option('--force', '--out may replace a file that is not a class table')
    .option(
      '--verify <FILE>',
      'check a compact table (a variant table, or a column-set certificate): its checksum and sums, its digest ' +
        "against the classes listed now (or --plan's), and units counted again (--recount)",
      pathOption,
    )
    .option(
      '--plan <FILE>',
      "a sharded column-set count's plan: its class list, for --from-results, --class and --verify (6x2 without " +
        '--plan: the shipped data/6x2/plan.json.gz)',
      pathOption,
    )
    .option(
      '--from-results <RESULT...>',
      "shard results of --plan's column-set count (files, or folders of them): with --format table --out F, " +
        'write its certificate, partial until every shard is there',
    )
    .option(
      '--class <I>',
      'column sets: count class I alone (its orbit and F, by the engine of the count; a 6x2 class: seconds to a ' +
        'minute)',
      integerOption(0),
    )
    .option(
      '--recount <K>',
      '--verify: count K units drawn at random again and refuse on any difference (every unit where the whole ' +
        'count takes under a minute: then always)',
      integerOption(1),
    )
    .option('--seed <S>', `--verify --recount: seed of the draw, 0..${MAX_SEED} (default: random, printed)`, seedOption)
    .addOption(
      new Option(
        '--format <name>',
        "json (every class, default) or table (compact binary, to --out: a variant's units' values, or a " +
          'column-set certificate: class, orbit, F)',
      ).choices(['json', 'table']),
    )
    .option('--workers <K>', 'threads for the completion counts', workersOption)
    .option(
      '--counter <name>',
      'band method: n_C by column-set-sum (default) or dlx (see count --help)',
      counterOption,
    );
  addColumnSetOptions(command).action(
    async (
      opts: CountCliOptions & {
        level?: string;
        out?: string;
        force?: boolean;
        format?: 'json' | 'table';
        verify?: string;
        recount?: number;
        seed?: number;
        plan?: string;
        fromResults?: string[];
        class?: number;
      },
    ) => {
      const used = flagsGiven;
      if (opts.verify !== undefined) {
        const { verify, recount, seed, workers, plan, ...rest } = opts;
        const extra = used(rest);
        if (extra.length > 0)
          throw new InputError(
            `classes --verify takes the rules from the table: no other option but --recount, --seed, --workers, ` +
              `--plan (not ${extra.join(', ')})`,
          );
        if (seed !== undefined && recount === undefined)
          throw new InputError('--seed draws the units of --recount K: give --recount too');
        if (isColumnSetCertificate(readHead(verify, 64) ?? '')) {
          await (
            await import('../certificateRun.js')
          ).runCertificateCheck(verify, plan, { units: recount, seed, workers });
          return;
        }
        if (plan !== undefined)
          throw new InputError(
            `--plan gives the class list of a column-set certificate; ${verify} is not one (a variant table names ` +
              'its rules itself)',
          );
        await runVariantTableCheck(verify, { units: recount, seed, workers });
        return;
      }
      if (opts.class !== undefined) {
        const { class: id, box, plan, workers, ...rest } = opts;
        const extra = used(rest);
        if (extra.length > 0)
          throw new InputError(`--class takes --box or --plan, and --workers (not ${extra.join(', ')})`);
        await (await import('../certificateRun.js')).runOneClass(box, plan, id, workers);
        return;
      }
      if (opts.fromResults !== undefined) {
        const { fromResults, plan, box, out, force, format, ...rest } = opts;
        const extra = used(rest);
        if (extra.length > 0)
          throw new InputError(
            `--from-results takes --plan, --box, --format table, --out, --force (not ${extra.join(', ')})`,
          );
        if (plan === undefined) throw new InputError('--from-results: of which plan? Give --plan FILE');
        if (format !== 'table' || out === undefined)
          throw new InputError('--from-results writes a certificate: give --format table --out FILE');
        processIo().stderr.write(
          await (
            await import('../certificateRun.js')
          ).writeShardCertificate(fromResults, plan, box, out, force === true),
        );
        return;
      }
      if (opts.plan !== undefined)
        throw new InputError('--plan gives the class list for --from-results, --class or --verify');
      if (opts.recount !== undefined || opts.seed !== undefined)
        throw new InputError('--recount and --seed are for --verify (and count --merge): they check a table read back');
      if (opts.variant !== undefined) {
        const { box, json: _json, workers, variant, out, force, format, checkpoint, resume, ...rest } = opts;
        refuseWithVariant('classes', rest);
        await runVariantClasses(variantRunRules(box, variant), out, force === true, {
          workers,
          format,
          checkpoint,
          resume,
        });
        return;
      }
      if (opts.box) requireShape('count', opts.box);
      const dlx = opts.counter === 'dlx';
      if (dlx) {
        if (opts.checkpoint !== undefined || opts.resume !== undefined)
          throw new InputError('classes --counter dlx keeps no checkpoint (count --counter dlx does)');
        dlxRunPlan({ ...(opts.box ? { box: opts.box } : {}), ...(opts.method ? { method: opts.method } : {}) });
      }
      const shape = columnSetRunShape(opts, SHAPE_3X3);
      if (countMethod(shape, opts) === 'column-sets') {
        if (opts.level !== undefined)
          throw new InputError("--level names a level of the band method's chain; column sets have one level");
        if (opts.format === 'table') {
          if (opts.out === undefined)
            throw new InputError('--format table writes a compact binary certificate: give --out FILE');
          const { writeTableCertificate } = await import('../certificateRun.js');
          const { prepareOutput: prepare } = await import('../../io/outputFile.js');
          const { COLUMN_SET_CERTIFICATE_OUTPUT } = await import('../../io/columnSetCertificateFile.js');
          prepare(opts.out, { ...COLUMN_SET_CERTIFICATE_OUTPUT, force: opts.force === true }); // fails before the work
          const table = await runColumnSetCount(shape, opts);
          processIo().stderr.write(writeTableCertificate(table, opts.out, opts.force === true));
          return;
        }
        const out =
          opts.out !== undefined
            ? prepareOutput(opts.out, { ...COLUMN_SET_CLASSES_OUTPUT, force: opts.force === true })
            : null;
        const table = await runColumnSetCount(shape, opts);
        const text = columnSetClassesToJson(table);
        if (out) {
          out.write(text);
          processIo().stderr.write(
            `wrote the ${table.classes} configuration classes of ${table.box} (N = ${grouped(table.total)}) to ` +
              `${opts.out}\n`,
          );
        } else {
          processIo().stdout.write(text);
        }
        return;
      }
      if (opts.format !== undefined)
        throw new InputError(
          '--format chooses the form of a variant table or a column-set certificate: the band method writes JSON',
        );
      // the output path is checked before the work, so a bad path fails at once
      const out =
        opts.out !== undefined ? prepareOutput(opts.out, { ...CLASS_TABLE_OUTPUT, force: opts.force === true }) : null;
      const spinner = await progressSpinner('building the class tables');
      spinner.start();
      const table = await chainTable({
        box: shape,
        workers: opts.workers ?? defaultWorkers(shape),
        counter: dlx ? 'dlx' : 'column-set-sum',
        onProgress: (e) => {
          if (e.stage === 'dlx' && e.phase === 'progress')
            spinner.text = `DLX route: ${e.done}/${e.total} classes, ${grouped(e.middleBands ?? 0)} second bands`;
        },
      }).finally(() => spinner.stop());
      const bad = table.dlx?.firstMismatch;
      if (bad)
        throw new CommandFailed(
          1,
          `n_C of class ${bad.id} (band ${bad.band}) differs: DLX route ${bad.completions}, column-set sum ` +
            `${bad.columnSetSum}; no table written`,
        );
      const level = opts.level !== undefined ? chainLevel(table, opts.level) : undefined;
      const text = classTableToJson(table, level);
      if (out) {
        out.write(text);
        processIo().stderr.write(
          `wrote the ${level ?? 'whole chain of'} classes of ${table.box} (N = ${grouped(table.total)}) to ` +
            `${opts.out}\n`,
        );
      } else {
        processIo().stdout.write(text);
      }
    },
  );
}
