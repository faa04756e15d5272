import type { Command } from 'commander';
import { chainTable } from '../../count/chainTable.js';
import { defaultWorkers } from '../../count/countGrids.js';
import type { BoxShape } from '../../grid/shape.js';
import type { LevelName } from '../../symmetry/classChain.js';
import { toJson } from '../../io/json.js';
import { workersOption, boxOption, grouped, progressSpinner } from '../common.js';
import { bandMethodShapes } from '../../grid/support.js';

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
      if (opts.json) {
        process.stdout.write(
          toJson({
            box: t.box,
            steps: [
              { step: 'bands', count: t.bands, seconds: t.seconds.bands },
              { step: 'lexReduced', count: t.lexReduced, seconds: 0 },
              ...t.levels.map((l) => ({
                step: l.name,
                count: l.count,
                seconds: l.name === 'symmetry' ? t.seconds.classes : round(l.seconds),
                joins: l.joins,
                mismatches: l.mismatches,
                sum: l.sum,
              })),
            ],
            completionsSeconds: t.seconds.completions,
            distinctCompletions: t.distinctCompletions,
            distinctMatchColumnSets: t.distinctMatchColumnSets,
            verified: t.verified,
            totalWithFixedBox: t.totalWithFixedBox,
            total: t.total,
          }) + '\n',
        );
      } else {
        const s = (x: number) => `${x.toFixed(3)} s`;
        const rows: Array<[string, string, string]> = [
          [`standard top bands`, grouped(t.bands), s(t.seconds.bands)],
          [`lexicographically reduced (×${t.lexMultiplicity})`, grouped(t.lexReduced), '(same pass)'],
        ];
        for (const l of t.levels) {
          const time = l.name === 'symmetry' ? t.seconds.classes : l.seconds;
          const check =
            l.name === 'symmetry'
              ? `Σ m_C = ${grouped(t.classSizeSum)}`
              : `${grouped(l.joins)} joins, ` +
                `${l.mismatches === 0 ? 'n_C equal across every one ✓' : `${l.mismatches} with different n_C ✗`}`;
          rows.push([LABEL[l.name], grouped(l.count), `${s(time)}   ${check}`]);
        }
        rows.push([`completions n_C of the symmetry classes`, '', s(t.seconds.completions)]);
        rows.push([
          'distinct values of n_C',
          grouped(t.distinctCompletions),
          t.distinctMatchColumnSets
            ? '= the column-set classes, one value each ✓'
            : 'fewer than the column-set classes: some share a value',
        ]);
        const sumsAgree = t.levels.every((l) => l.sum === t.totalWithFixedBox);
        rows.push([
          `Σ m_C·n_C, the same at all ${t.levels.length} levels`,
          grouped(t.totalWithFixedBox),
          sumsAgree ? '✓' : '✗',
        ]);
        const w0 = Math.max(...rows.map((x) => x[0].length));
        const w1 = Math.max(...rows.map((x) => x[1].length));
        const out = [`The Felgenhauer–Jarvis chain for ${t.box} bands`];
        for (const [a, b, c] of rows) out.push(`  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`.trimEnd());
        out.push(`  chain: ${[t.bands, t.lexReduced, ...t.levels.map((l) => l.count)].map(grouped).join(' → ')}`);
        out.push(`N = ${t.n}! · Σ m_C·n_C = ${grouped(t.total)}`);
        process.stdout.write(out.join('\n') + '\n');
      }
      if (!t.verified) throw new Error('the chain check failed: a join or a level sum does not keep the count');
    });
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

const LABEL: Record<LevelName, string> = {
  symmetry: 'symmetry classes (box/column/row perms, relabel)',
  'pair-swaps': '+ pair swaps (2 rows × 2 columns)',
  rectangles: '+ rectangles (2 rows × k columns; column pairs)',
  'column-sets': 'column-set classes (same column digit-sets)',
};
