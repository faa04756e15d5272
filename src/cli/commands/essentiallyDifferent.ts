import type { Command } from 'commander';
import { defaultWorkers } from '../../count/countGrids.js';
import { automorphismCensus, type AutomorphismCensus } from '../../essential/automorphismCensus.js';
import { essentiallyDifferent, type EssentialProgress } from '../../essential/essentiallyDifferent.js';
import { gridGroup } from '../../essential/gridGroup.js';
import { gridOrbits, gridOrbitsShapeProblem, type GridOrbits } from '../../essential/gridOrbits.js';
import { SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { bandMethodShapes } from '../../grid/support.js';
import { toJson } from '../../io/json.js';
import { VARIANT_HELP } from '../../grid/rules.js';
import { requireShape } from '../../grid/support.js';
import {
  burnsideClassLines,
  grouped,
  InputError,
  progressSpinner,
  VARIANT_FLAG,
  wholeNumberOption,
  workersOption,
} from '../common.js';

import {
  boxOrVariantBoxOption,
  refuseWithVariant,
  runVariantEssential,
  runVariantGroup,
  variantRunRules,
} from '../variantRun.js';

export function registerEssentiallyDifferent(program: Command): void {
  program
    .command('essentially-different')
    .description(
      'count the essentially different grids (up to relabelling, row/column/band/stack permutations and ' +
        "transposition) by Burnside's lemma over the conjugacy classes of the symmetry group",
    )
    .option(
      '--box <RxC>',
      `box shape: R rows by C columns (${bandMethodShapes()}, 5x2, 2x5; with --variant, n ≤ 6 and 3x3)`,
      boxOrVariantBoxOption('essentially-different'),
    )
    .option(
      VARIANT_FLAG,
      `up to the variant's own symmetries: Burnside over the classes of its group G_V (n ≤ 6, where every grid ` +
        `is also listed and the orbits found directly, and 9x9): ${VARIANT_HELP}`,
    )
    .option(
      '--group',
      "with --variant: print the variant's own symmetry group (order, generators) and count nothing; any shape up " +
        'to n = 9, 9x9 included',
    )
    .option(
      '--identity-from <FILE>',
      "with --variant on 9x9: the identity's term N/9! from a compact table of the same rules (`classes --variant V " +
        '--format table`), every value confirmed: equal to the shipped data/ table, or under the keyed seal, or ' +
        'counted again; without it the count runs first',
    )
    .option(
      '--identity-term <N>',
      "with --variant on 9x9: the identity's term N/9! (the grids with row 1 = 1..9), taken as given",
      wholeNumberOption,
    )
    .option(
      '--checkpoint <FILE>',
      'with --variant on 9x9 when the count runs here: keep its finished classes in FILE (as count --variant ' +
        '--checkpoint; Ctrl-C saves it)',
    )
    .option('--resume <FILE>', 'with --variant on 9x9: continue the count from a checkpoint (of either command)')
    .option('--json', 'print one JSON object on stdout, with every class')
    .option('--workers <K>', 'threads (the result does not depend on it)', workersOption)
    .option(
      '--automorphisms',
      'also count the essentially different grids by the order of their automorphism group (3x3: ~30 s)',
    )
    .option('--direct', 'also enumerate every grid and count the orbits directly (2x2, 2x3, 3x2)')
    .action(
      async (opts: {
        box?: BoxShape;
        json?: boolean;
        workers?: number;
        automorphisms?: boolean;
        direct?: boolean;
        variant?: string;
        group?: boolean;
        identityFrom?: string;
        identityTerm?: bigint;
        checkpoint?: string;
        resume?: string;
      }) => {
        if ((opts.identityFrom !== undefined || opts.identityTerm !== undefined) && opts.variant === undefined)
          throw new InputError('--identity-from and --identity-term are for --variant');
        if (opts.group && opts.variant === undefined) throw new InputError('--group is for --variant');
        if ((opts.checkpoint !== undefined || opts.resume !== undefined) && (opts.variant === undefined || opts.group))
          throw new InputError(
            "--checkpoint and --resume are for --variant on 9x9 (the count of the identity's term it runs itself)",
          );
        if (opts.variant !== undefined && opts.group) {
          refuseWithVariant('essentially-different --group', {
            automorphisms: opts.automorphisms,
            direct: opts.direct,
          });
          runVariantGroup(opts.box, opts.variant, opts.json === true);
          return;
        }
        if (opts.variant !== undefined) {
          refuseWithVariant('essentially-different', { automorphisms: opts.automorphisms, direct: opts.direct });
          await runVariantEssential(
            variantRunRules(opts.box, opts.variant, 'essentially-different'),
            opts.json === true,
            {
              workers: opts.workers,
              identityFrom: opts.identityFrom,
              identityTerm: opts.identityTerm,
              checkpoint: opts.checkpoint,
              resume: opts.resume,
            },
          );
          return;
        }
        const box = requireShape('essentially-different', opts.box ?? SHAPE_3X3);
        const directProblem = opts.direct ? gridOrbitsShapeProblem(box) : null;
        if (directProblem) throw new InputError(`--direct: ${directProblem}`);
        const workers = opts.workers ?? defaultWorkers(box);
        const spinner = await progressSpinner('conjugacy classes');
        spinner.start();
        const onProgress = (e: EssentialProgress) => {
          if (e.stage === 'classes' && e.phase === 'start') spinner.text = 'the group and its conjugacy classes';
          else if (e.stage === 'identity' && e.phase === 'start') spinner.text = "the identity's term, N/n!";
          else if (e.stage === 'fixed' && e.phase === 'progress') spinner.text = `fixed grids: ${e.done}/${e.total}`;
        };
        let census: AutomorphismCensus | undefined;
        let direct: GridOrbits | undefined;
        const r = await (async () => {
          const burnside = await essentiallyDifferent({ box, workers, onProgress });
          if (opts.automorphisms) {
            census = await automorphismCensus({
              burnside,
              workers,
              onProgress: (done, total) => (spinner.text = `automorphism groups: ${done}/${total} classes`),
            });
          }
          if (opts.direct) {
            spinner.text = 'every grid, orbits directly';
            direct = gridOrbits(gridGroup(box));
            if (BigInt(direct.orbits) !== burnside.total)
              throw new Error(`internal: ${direct.orbits} orbits directly, ${burnside.total} by Burnside`);
          }
          return burnside;
        })().finally(() => spinner.stop());
        if (opts.json) {
          process.stdout.write(
            toJson({ ...r, ...(census ? { automorphisms: census } : {}), ...(direct ? { direct } : {}) }) + '\n',
          );
          return;
        }
        const s = (x: number) => x.toFixed(3);
        const out = [
          `Essentially different ${r.n}×${r.n} Sudoku grids with ${r.box} boxes, by Burnside's lemma`,
          `  group G: ${grouped(r.groupOrder)} elements, ${r.classes} conjugacy classes; ` +
            `${r.nonZeroClasses} with fixed grids, ${r.zeroByLemma} zero by the unit lemma, ` +
            `${r.zeroBySearch} zero by search`,
          ...burnsideClassLines(r.classRows, 'fixed (box 1 standard)'),
          `  Σ size·fixed = ${grouped(r.burnsideSum)} = ${grouped(r.groupOrder)} × ${grouped(r.total)}`,
          `  time: classes ${s(r.seconds.classes)} s, identity (${r.method === 'bands' ? 'band method' : 'column sets'}) ` +
            `${s(r.seconds.identity)} s, ` +
            `other terms ${s(r.seconds.fixed)} s in ${r.workers} worker${r.workers > 1 ? 's' : ''}, ` +
            `total ${s(r.seconds.total)} s`,
        ];
        if (direct) {
          out.push(
            `  direct route: ${grouped(direct.grids)} grids with box 1 standard (exact cover), ` +
              `${grouped(direct.orbits)} orbits = Burnside ✓`,
          );
        }
        const byAut = census?.byOrder ?? direct?.byAutomorphisms;
        if (byAut) {
          out.push(
            '  by automorphism group order (' +
              (census ? `census of fixed grids, ${census.seconds.toFixed(3)} s; ` : '') +
              `Σ |G|/|Aut| = N/${r.n}! ✓):`,
          );
          out.push('    |Aut|  grids');
          for (const [a, k] of byAut) out.push(`    ${String(a).padStart(5)}  ${grouped(k)}`);
          if (census) out.push(`    non-trivial: ${grouped(census.nonTrivial)}`);
        }
        out.push(`Essentially different grids: ${grouped(r.total)}`);
        process.stdout.write(out.join('\n') + '\n');
      },
    );
}
