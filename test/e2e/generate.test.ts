import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/grid/parseGrid.js';
import { boxShape, SHAPE_3X3 } from '../../src/grid/shape.js';
import { cli, tempDir, type CliResult, expectBadInput } from '../helpers/cli.js';
import { completes, dlxSolutions, minimalByDlx } from '../helpers/puzzleChecks.js';

const TMP = tempDir('sudoku-count-generate-');
const gen = (args: string[]) => cli(['generate', ...args]);
/** Most runs use the random fill: the uniform 3x3 sampler builds its tables (about 1 s) in every process. */
const FILL = ['--grids', 'random-fill'];

const jsonLines = (r: CliResult) =>
  r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('sudoku-count generate', () => {
  it('prints one checked puzzle per line; --json has every key; the default 3x3 grids are uniform', async () => {
    const [text, json] = await Promise.all([
      gen(['--seed', '42', '--count', '3']),
      gen(['--seed', '42', '--count', '3', '--json']),
    ]);
    expect(text.code).toBe(0);
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const objs = jsonLines(json);
    lines.forEach((line, i) => {
      const [puzzle, about] = [line.slice(0, 81), line.slice(81)];
      expect(about).toMatch(/^: \d+ clues, minimal; (easy|medium|hard|expert)\b.*; seed 42 #\d; uniform grid$/);
      const o = objs[i];
      expect(Object.keys(o)).toEqual([
        'number',
        'seed',
        'box',
        'rules',
        'gridSource',
        'uniform',
        'puzzle',
        'solution',
        'clues',
        'minimal',
        'symmetry',
        'grade',
        'rating',
        'hardest',
        'needsSearch',
        'techniques',
        'attempts',
        'checks',
        'counterSearches',
        'seconds',
      ]);
      expect(o).toMatchObject({ number: i + 1, seed: 42, box: '3x3', gridSource: 'uniform', puzzle, minimal: true });
      const p = parseGrid(SHAPE_3X3, puzzle);
      const s = parseGrid(SHAPE_3X3, o['solution'] as string);
      expect(completes(3, 3, p, s)).toBe(true);
      expect(dlxSolutions(3, 3, p)).toBe(1);
      expect(minimalByDlx(3, 3, p)).toBe(true);
    });
  });

  it('same seed, same puzzles: with 1 or 2 workers; --daily 2025-03-14 is --seed 20250314', async () => {
    const runs = await Promise.all([
      gen([...FILL, '--seed', '20250314', '--count', '40']),
      gen([...FILL, '--seed', '20250314', '--count', '40', '--workers', '2']),
      gen([...FILL, '--daily', '2025-03-14', '--count', '40']),
    ]);
    for (const r of runs) expect(r.code).toBe(0);
    expect(runs[1].stdout).toBe(runs[0].stdout);
    expect(runs[2].stdout).toBe(runs[0].stdout);
    expect(new Set(runs[0].stdout.split('\n').map((l) => l.slice(0, 81))).size).toBe(41); // 40 and ''
  });

  it('big shapes: the removal questions of one puzzle on 2 workers give the puzzles of 1 worker', async () => {
    // 25x25 is made one puzzle at a time, its questions asked ahead on the pool (PuzzleMaker.makeAhead)
    const args = ['--box', '5x5', '--seed', '3', '--count', '2', '--clues', '330'];
    const runs = await Promise.all([gen(args), gen([...args, '--workers', '2'])]);
    for (const r of runs) expect(r.code).toBe(0);
    expect(runs[1].stdout).toBe(runs[0].stdout);
    const lines = runs[0].stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.slice(0, 625).replace(/\./g, '')).toHaveLength(330);
  });

  it('--clues, --symmetry, --difficulty easy: as asked; easy ones fall to an independent singles solver', async () => {
    const r = await gen([...FILL, '--seed', '3', '--count', '4', '--clues', '27', '--symmetry', 'rotational']);
    expect(r.code).toBe(0);
    for (const line of r.stdout.trimEnd().split('\n')) {
      const p = parseGrid(SHAPE_3X3, line.slice(0, 81));
      expect(p.filter((d) => d !== 0)).toHaveLength(27);
      for (let i = 0; i < 81; i++) expect(p[i] === 0).toBe(p[80 - i] === 0);
      expect(dlxSolutions(3, 3, p)).toBe(1);
    }
    const easy = await gen([...FILL, '--seed', '5', '--count', '5', '--difficulty', 'easy', '--json']);
    for (const o of jsonLines(easy)) {
      expect(o['grade']).toBe('easy');
      expect(o['rating'] as number).toBeLessThanOrEqual(2.5);
    }
    const ranged = await gen([...FILL, '--seed', '5', '--count', '3', '--difficulty', '3.0-5.0', '--json']);
    for (const o of jsonLines(ranged)) {
      expect(o['rating'] as number).toBeGreaterThanOrEqual(3.0);
      expect(o['rating'] as number).toBeLessThanOrEqual(5.0);
    }
  });

  it('any shape: 6x6 boxes write whitespace-separated numbers that rate and solve read back', async () => {
    const r = await gen(['--box', '6x6', '--seed', '1', '--clues', '900']);
    expect(r.code).toBe(0);
    const [puzzle] = r.stdout.split(':');
    expect(puzzle.trim().split(' ')).toHaveLength(1296);
    const p = parseGrid(boxShape(6, 6), puzzle);
    expect(p.filter((d) => d !== 0)).toHaveLength(900);
    const [rate, solve] = await Promise.all([
      cli(['rate', '--box', '6x6', '--json', '-'], { input: r.stdout }),
      cli(['solve', '--box', '6x6', '-'], { input: puzzle }),
    ]);
    expect(rate.code).toBe(0);
    expect(solve.code).toBe(0);
    const s = parseGrid(boxShape(6, 6), solve.stdout);
    expect(completes(6, 6, p, s)).toBe(true);
    expect((JSON.parse(rate.stdout) as { solution: string }).solution).toBe(solve.stdout.trim());
  });

  it('--html writes the sheet (replacing its own, refusing others and folders) before printing', async () => {
    const path = join(TMP, 'sheet.html');
    const r = await gen([...FILL, '--seed', '8', '--count', '2', '--html', path]);
    expect(r.code).toBe(0);
    const html = readFileSync(path, 'utf8');
    expect(html.match(/<svg /g)).toHaveLength(4);
    for (const k of [1, 2])
      expect(html).toMatch(new RegExp(`<figcaption>#${k} · (easy|medium|hard|expert)</figcaption>`));
    expect(html).toContain('2 3x3 puzzles · seed 8');
    expect((await gen([...FILL, '--seed', '9', '--html', path])).code).toBe(0);
    expect(readFileSync(path, 'utf8')).toContain('seed 9');
    const mine = join(TMP, 'mine.html');
    writeFileSync(mine, 'my notes');
    expectBadInput(await gen([...FILL, '--html', mine]), /mine\.html exists and is not a puzzle sheet/);
    expect(readFileSync(mine, 'utf8')).toBe('my notes');
    expect((await gen([...FILL, '--seed', '9', '--html', mine, '--force'])).code).toBe(0);
    expectBadInput(await gen([...FILL, '--html', TMP]), /it is a folder/);
    symlinkSync(join(TMP, 'nowhere', 'x.html'), join(TMP, 'dangling.html'));
    expectBadInput(await gen([...FILL, '--html', join(TMP, 'dangling.html')]), /symbolic link/);
  });

  it('bad input: one line, status 2, nothing on stdout', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--daily', '2025-02-30'], /'2025-02-30': there is no such date/],
      [['--daily', 'tomorrow'], /not a date YYYY-MM-DD/],
      [['--seed', '1', '--daily', '2025-01-01'], /cannot be used with/],
      [['--clues', '30', '--minimal'], /cannot be used with/],
      [['--clues', '82'], /--clues 82: a 3x3 grid has 81 cells/],
      [[...FILL, '--seed', '1', '--clues', '15', '--attempts', '3'], /no 3x3 puzzle with 15 clues in 3 attempts/],
      [['--box', '7x6'], /n = 42 digits is too big/],
      [['--grids', 'uniform', '--box', '4x4'], /--grids uniform: box shape 4x4: .*too big for the band method/],
      [['--symmetry', 'spiral'], /Allowed choices are none, rotational, mirror, diagonal/],
      [['--difficulty', 'fiendish'], /not a grade \(easy, medium, hard, expert\) or a Sudoku Explainer range/],
      [['--seed', '-1'], /--seed/],
      [['--count', '0'], /--count/],
    ];
    const results = await Promise.all(cases.map(([args]) => gen(args)));
    results.forEach((r, i) => expectBadInput(r, cases[i][1]));
  });
});
