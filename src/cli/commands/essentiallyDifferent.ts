import type { Command } from 'commander';
import { defaultWorkers } from '../../count/countGrids.js';
import { SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { essentialClasses } from '../../essential/essentialClasses.js';
import { essentiallyDifferentRoutes } from '../../essential/essentiallyDifferentRoutes.js';
import { essentialClassesText } from '../../reports/essentialClassesText.js';
import { bandMethodShapes } from '../../grid/support.js';
import { toJson } from '../../io/json.js';
import { VARIANT_HELP } from '../../grid/rules.js';
import { requireShape } from '../../grid/support.js';
import { essentiallyDifferentText } from '../../reports/burnsideText.js';
import { fullGroupText } from '../../reports/fullGroupText.js';
import { burnsideRoad } from '../../classSum/burnsideClassSum.js';
import {
  flagsGiven,
  integerOption,
  InputError,
  VARIANT_FLAG,
  wholeNumberOption,
  stageSpinner,
  workersOption,
} from '../common.js';

import { fullGroupCount } from '../../variants/fullGroupCount.js';
import type { Rules } from '../../grid/rules.js';
import {
  boxOrVariantBoxOption,
  refuseWithVariant,
  runVariantEssential,
  runVariantGroup,
  variantRunRules,
} from '../variantRun.js';
import { processIo } from '../../io/processIo.js';

export function registerEssentiallyDifferent(program: Command): void {
  program
    .command('essentially-different')
    .description(
      'count the essentially different grids (up to relabelling, row/column/band/stack permutations and ' +
        "transposition) by Burnside's lemma over the conjugacy classes of the symmetry group",
    )
    .option(
      '--box <RxC>',
      `box shape: R rows by C columns (${bandMethodShapes()}, 5x2, 2x5, 6x2, 2x6 (6x2's total once its shards are ` +
        'all in; --checkpoint FILE counts its other terms before); with --variant, ' +
        'n ≤ 6 and 3x3)',
      // 6x2, 2x6: classes alone (the action refuses them without --classes, in its own words)
      boxOrVariantBoxOption('essentially-different', 'variant-count', 'essential-classes'),
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
        '--checkpoint; Ctrl-C saves it); 5x2, 2x5, 6x2, 2x6: keep the finished Burnside terms in FILE',
    )
    .option(
      '--resume <FILE>',
      'with --variant on 9x9: continue the count from a checkpoint (of either command); 5x2, 2x5, 6x2, 2x6: ' +
        'continue the Burnside terms kept in FILE',
    )
    .option(
      '--plan <FILE>',
      '5x2, 2x5, 6x2, 2x6 with --shards K: write a plan of the Burnside terms for shards (count them with count ' +
        '--plan FILE --shard I --out R, add them up with count --merge R --plan FILE)',
    )
    .option('--shards <K>', '--plan: split the terms into K shards balanced by estimated cost', integerOption(1))
    .option(
      '--full-group',
      "with --variant: also count under the variant's full group Γ_V, every row/column permutation and " +
        'transposition that maps its grids onto themselves (implied houses proved), and print both figures',
    )
    .option('--json', 'print one JSON object on stdout, with every class')
    .option('--workers <K>', 'threads (the result does not depend on it)', workersOption)
    .option(
      '--automorphisms',
      'also count the essentially different grids by the order of their automorphism group (3x3: ~30 s)',
    )
    .option('--direct', 'also enumerate every grid and count the orbits directly (2x2, 2x3, 3x2)')
    .option(
      '--classes',
      "count nothing: the conjugacy classes of G, their sizes and the unit lemma's zeros (every shape counted, and " +
        '6x2, 2x6)',
    )
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
        plan?: string;
        shards?: number;
        fullGroup?: boolean;
        classes?: boolean;
      }) => {
        if (opts.classes) {
          const { box: _box, json: _json, classes: _classes, ...rest } = opts;
          const used = flagsGiven(rest);
          if (used.length > 0) throw new InputError(`--classes takes --box and --json only, not ${used.join(', ')}`);
          const r = essentialClasses(requireShape('essential-classes', opts.box ?? SHAPE_3X3));
          processIo().stdout.write(opts.json ? toJson(r) + '\n' : essentialClassesText(r));
          return;
        }
        if (opts.fullGroup) {
          if (opts.variant === undefined) throw new InputError('--full-group is for --variant');
          if (
            opts.group ||
            opts.identityFrom !== undefined ||
            opts.checkpoint !== undefined ||
            opts.resume !== undefined
          )
            throw new InputError(
              "--full-group takes the identity's term from --identity-term or counts it (not --group, " +
                '--identity-from, --checkpoint or --resume)',
            );
          refuseWithVariant('essentially-different', { automorphisms: opts.automorphisms, direct: opts.direct });
          await runFullGroup(variantRunRules(opts.box, opts.variant, 'essentially-different'), opts);
          return;
        }
        if ((opts.identityFrom !== undefined || opts.identityTerm !== undefined) && opts.variant === undefined)
          throw new InputError('--identity-from and --identity-term are for --variant');
        if (opts.group && opts.variant === undefined) throw new InputError('--group is for --variant');
        if (
          (opts.checkpoint !== undefined || opts.resume !== undefined) &&
          (opts.variant === undefined || opts.group) &&
          !(opts.variant === undefined && !opts.group && opts.box !== undefined && burnsideRoad(opts.box))
        )
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
        const box = opts.box ?? SHAPE_3X3;
        if (burnsideRoad(box)) {
          // 5x2, 2x5, 6x2, 2x6: the Burnside terms as a class sum, run by the one runner (or planned for shards)
          if (opts.automorphisms || opts.direct)
            throw new InputError(
              `--automorphisms and --direct are for the shapes the band method counts, not ${box.name}`,
            );
          if (opts.plan !== undefined || opts.shards !== undefined) {
            if (opts.plan === undefined || opts.shards === undefined)
              throw new InputError(
                '--plan FILE and --shards K write a plan together (the shards: count --plan FILE --shard I)',
              );
            if (opts.checkpoint !== undefined || opts.resume !== undefined)
              throw new InputError('--plan writes a plan; --checkpoint and --resume keep a run on this machine');
            const { writePlan } = await import('../shardRun.js');
            const p = await writePlan(opts.plan, 'burnside', box.name, opts.shards);
            processIo().stdout.write(opts.json ? toJson(p.json) + '\n' : p.text);
            return;
          }
          const { runBurnside } = await import('../burnsideRun.js');
          await runBurnside(box, {
            json: opts.json,
            workers: opts.workers ?? defaultWorkers(box),
            checkpoint: opts.checkpoint,
            resume: opts.resume,
          });
          return;
        }
        if (opts.plan !== undefined || opts.shards !== undefined)
          throw new InputError('--plan and --shards are for 5x2, 2x5, 6x2 and 2x6 (the Burnside terms as shards)');
        requireShape('essentially-different', box);
        const { automorphisms, direct, workers } = opts;
        const spinner = await stageSpinner();
        const { burnside: r, ...also } = await essentiallyDifferentRoutes({
          box,
          workers,
          automorphisms,
          direct,
          onProgress: (e) => {
            if (e.stage === 'classes' && e.phase === 'start') spinner.text('the group and its conjugacy classes');
            else if (e.stage === 'identity' && e.phase === 'start') spinner.text("the identity's term, N/n!");
            else if (e.stage === 'fixed' && e.phase === 'progress') spinner.text(`fixed grids: ${e.done}/${e.total}`);
            else if (e.stage === 'automorphisms') spinner.text(`automorphism groups: ${e.done}/${e.total} classes`);
            else if (e.stage === 'direct') spinner.text('every grid, orbits directly');
          },
        }).finally(spinner.stop);
        // the census and the direct route after Burnside's fields, as they were asked
        processIo().stdout.write(
          opts.json ? toJson({ ...r, ...also }) + '\n' : essentiallyDifferentText(r, also.automorphisms, also.direct),
        );
      },
    );
}

/** `essentially-different --variant V --full-group`: Burnside under G_V and under Γ_V, one identity's term for both. */
async function runFullGroup(rules: Rules, opts: { json?: boolean; workers?: number; identityTerm?: bigint }) {
  const spinner = await stageSpinner();
  const { workers, identityTerm } = opts;
  const r = await fullGroupCount(rules, { workers, identityTerm, onStage: spinner.text }).finally(spinner.stop);
  // no grids: every map keeps them, and there is nothing to count under any group
  if (r === null) throw new InputError(`rules ${rules.name} have no grids: 0 under every group`);
  const { variant, full, direct } = r;
  if (opts.json) {
    processIo().stdout.write(
      toJson({ underVariantGroup: variant, underFullGroup: full, ...(direct ? { direct } : {}) }) + '\n',
    );
    return;
  }
  processIo().stdout.write(fullGroupText(variant, full, direct));
}
