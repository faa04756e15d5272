import type { Command } from 'commander';
import { cellName, describeClash, digitText, findClash, formatGrid, parseGrid } from '../../grid/parseGrid.js';
import { InputError, SHAPE_3X3, type BoxShape } from '../../grid/shape.js';
import { readPuzzles, type PuzzleText } from '../../io/readPuzzles.js';
import { describeRating } from '../../puzzle/describeRating.js';
import type { Rating } from '../../puzzle/puzzleRater.js';
import { rateTask, type RateTaskResult } from '../../puzzle/puzzleTasks.js';
import { TECHNIQUES } from '../../puzzle/techniques.js';
import { boxOption, progressSpinner } from '../common.js';

interface RateCliOptions {
  box?: BoxShape;
  file?: string[];
  steps?: boolean;
  json?: boolean;
}

/** Puzzles rated per task (the unit a worker pool would hand out). */
const BATCH = 2000;

export function registerRate(program: Command): void {
  program
    .command('rate')
    .description(
      'rate puzzles by the human techniques they need (singles … XY-wing, quads): grade, hardest step on the ' +
        'Sudoku Explainer scale, technique counts, or "needs search"',
    )
    .argument('[puzzles...]', "puzzles in the grid text format ('.' or '0' empty); '-' reads stdin")
    .option('--box <RxC>', 'box shape: R rows by C columns (default 3x3)', boxOption('solve'))
    .option(
      '--file <path>',
      "read puzzles from a file, one per line or in grid layout ('-' for stdin); may be repeated",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('--steps', 'list every deduction in words (cell, digit, technique)')
    .option(
      '--json',
      'one JSON object per puzzle: puzzle, grade, rating, hardest, needsSearch, open, placed, techniques, solution, ' +
        'steps',
    )
    .action(async (args: string[], opts: RateCliOptions) => {
      process.stdout.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'EPIPE') process.exit(0);
        throw e;
      });
      const shape = opts.box ?? SHAPE_3X3;
      const texts: PuzzleText[] = [];
      for (let i = 0; i < args.length; i++) {
        if (args[i] === '-') texts.push(...(await readPuzzles(shape, '-')));
        else texts.push({ where: `argument ${i + 1}`, text: args[i] });
      }
      for (const path of opts.file ?? []) texts.push(...(await readPuzzles(shape, path)));
      if (texts.length === 0)
        throw new InputError("rate: no puzzles: give them as arguments, with --file FILE, or '-' to read stdin");

      // read and check every puzzle before rating any: bad input stops the run with nothing printed
      const N = shape.n * shape.n;
      const all = new Uint8Array(texts.length * N);
      texts.forEach(({ where, text }, i) => {
        const cells = parseGrid(shape, text, where);
        const clash = findClash(shape, cells);
        if (clash) throw new InputError(`${where}: ${describeClash(shape, clash)}`);
        all.set(cells, i * N);
      });

      const spinner = (await progressSpinner(`rating ${texts.length} puzzles`)).start();
      const lines: string[] = [];
      try {
        for (let first = 0; first < texts.length; first += BATCH) {
          const last = Math.min(texts.length, first + BATCH);
          const results = rateTask({
            rows: shape.rows,
            cols: shape.cols,
            puzzles: all.subarray(first * N, last * N),
            steps: opts.steps === true,
          });
          results.forEach((r, k) => {
            const i = first + k;
            if (r.solutions !== 1) throw new InputError(`${texts[i].where}: ${notUnique(r)}`);
            const puzzle = all.subarray(i * N, (i + 1) * N);
            lines.push(...(opts.json ? [jsonLine(shape, puzzle, r)] : textLines(r, opts.steps === true)));
          });
          spinner.text = `rated ${last} of ${texts.length} puzzles`;
        }
      } finally {
        spinner.stop();
      }
      for (let i = 0; i < lines.length; i += 1000) process.stdout.write(lines.slice(i, i + 1000).join('\n') + '\n');
    });
}

/** "hidden-single-box 30, naked-single 8, pointing 2". */
function techniqueCounts(r: Rating): string {
  const parts: string[] = [];
  r.counts.forEach((c, t) => {
    if (c > 0) parts.push(`${TECHNIQUES[t].key} ${c}`);
  });
  return parts.join(', ');
}

/** Why a puzzle cannot be rated properly, with what the techniques did make of it. */
function notUnique(r: RateTaskResult): string {
  const what = r.solutions === 0 ? 'no solution' : 'several solutions (at least 2)';
  const hardest = r.hardest >= 0 ? TECHNIQUES[r.hardest] : null;
  const upTo = hardest ? `, hardest ${hardest.rating.toFixed(1)} ${hardest.name}` : '';
  const end = r.contradiction ? 'then reach a contradiction' : 'then stall';
  return (
    `${what}, so it has no proper rating; the techniques place ${r.placed} of its ${r.open} open cells` +
    `${upTo}, ${end}`
  );
}

function textLines(r: RateTaskResult, steps: boolean): string[] {
  const counts = techniqueCounts(r);
  const out = [`${describeRating(r)}${counts ? `: ${counts}` : ''}`];
  if (steps && r.steps) {
    r.steps.forEach((s, k) => {
      const t = TECHNIQUES[s.technique];
      out.push(`  ${k + 1}. ${s.text}  [${t.name}, ${t.rating.toFixed(1)}]`);
    });
    if (r.needsSearch) out.push(`  stalled: ${r.open - r.placed} cells open; the rest needs search`);
  }
  return out;
}

function jsonLine(shape: BoxShape, puzzle: Uint8Array, r: RateTaskResult): string {
  const techniques: Record<string, number> = {};
  r.counts.forEach((c, t) => {
    if (c > 0) techniques[TECHNIQUES[t].key] = c;
  });
  const hardest = r.hardest >= 0 ? TECHNIQUES[r.hardest] : null;
  return JSON.stringify({
    puzzle: formatGrid(shape, puzzle),
    grade: r.grade,
    rating: hardest ? hardest.rating : 0,
    hardest: hardest ? hardest.key : null,
    needsSearch: r.needsSearch,
    open: r.open,
    placed: r.placed,
    techniques,
    solution: r.solution ? formatGrid(shape, r.solution) : null,
    ...(r.steps
      ? {
          steps: r.steps.map((s) => ({
            technique: TECHNIQUES[s.technique].key,
            rating: TECHNIQUES[s.technique].rating,
            text: s.text,
            ...(s.place
              ? { place: { cell: cellName(shape, s.place.cell), digit: digitText(shape, s.place.digit) } }
              : {}),
            ...(s.eliminate
              ? { eliminate: s.eliminate.map(([c, d]) => ({ cell: cellName(shape, c), digit: digitText(shape, d) })) }
              : {}),
          })),
        }
      : {}),
  });
}
