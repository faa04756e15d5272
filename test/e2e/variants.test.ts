import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../src/grid/parseGrid.js';
import { parseRules, type Rules } from '../../src/grid/rules.js';
import { boxShape } from '../../src/grid/shape.js';
import { cli, tempDir, expectBadInput } from '../helpers/cli.js';
import { rulesDlxCount } from '../helpers/rulesDlx.js';
import { SKEWED_REGIONS } from '../helpers/jigsaws.js';

/**
 * The variants through the CLI: solve, generate and rate under --variant, every generated puzzle checked with the
 * exact-cover oracle over the rules (unique, every clue needed, its solution the oracle's), and bad input refused
 * in one line with status 2 and nothing written.
 */
const TMP = tempDir('sudoku-count-variants-');
const S33 = boxShape(3, 3);

/** Unique and minimal by the oracle; the solution printed is the oracle's. */
function checkPuzzle(rules: Rules, puzzleText: string, solutionText: string): void {
  const puzzle = parseGrid(rules.shape, puzzleText);
  const r = rulesDlxCount(rules, puzzle, 2);
  expect(r.count, puzzleText).toBe(1);
  expect(r.solution?.join('')).toBe(Array.from(parseGrid(rules.shape, solutionText)).join(''));
  for (let i = 0; i < puzzle.length; i++) {
    if (puzzle[i] === 0) continue;
    const d = puzzle[i];
    puzzle[i] = 0;
    expect(rulesDlxCount(rules, puzzle, 2).count, `clue ${i} is needed`).toBe(2);
    puzzle[i] = d;
  }
}

describe('sudoku-count with --variant', () => {
  it('generate: unique, minimal puzzles under each variant by the oracle; grids say not uniform', async () => {
    // one puzzle each (with --count 2, anti-knight's second puzzle of seed 7 took ~17 CPU s of this file's ~30); seed
    // 4, whose four puzzles take ~1.5 CPU s (seed 7: ~2.8, anti-knight's alone 1.8); the windoku run below prints 3
    // under one seed
    for (const variant of ['x', 'windoku', 'disjoint-groups', 'anti-knight']) {
      const r = await cli(['generate', '--variant', variant, '--seed', '4', '--json']);
      expect(r.code, r.stderr).toBe(0);
      const rules = parseRules(S33, variant);
      for (const line of r.stdout.trimEnd().split('\n')) {
        const o = JSON.parse(line) as Record<string, unknown>;
        expect(o['rules']).toBe(rules.name);
        expect(o['uniform']).toBe(false);
        expect(o['minimal']).toBe(true);
        checkPuzzle(rules, o['puzzle'] as string, o['solution'] as string);
      }
    }
    const text = await cli(['generate', '--variant', 'x', '--seed', '3']);
    expect(text.stdout).toMatch(/: 3x3\+x; \d+ clues, minimal; .*random-fill grid \(not uniform\)$/m);
    // same seed, same puzzles, with any number of workers
    const one = await cli(['generate', '--variant', 'windoku', '--count', '3', '--seed', '11']);
    const two = await cli(['generate', '--variant', 'windoku', '--count', '3', '--seed', '11', '--workers', '2']);
    expect(one.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(two.stdout).toBe(one.stdout);
  });

  it('solve --limit 1, empty grid, the jigsaw of docs/variants.md: a grid at once, every house checked', async () => {
    // before: the depth-first search sank into a subtree with no solution (nothing in 240 s); now the tightest
    // house digit is branched on and the runs restart (src/solve/restartingCounter.ts)
    const file = join(TMP, 'docs-jigsaw.txt');
    writeFileSync(file, SKEWED_REGIONS.join('\n') + '\n');
    const rules = parseRules(S33, `jigsaw=${file}`, () =>
      [...SKEWED_REGIONS.join('')].map((ch) => ch.charCodeAt(0) - 65),
    );
    const empty = '.'.repeat(81);
    const [one, two] = await Promise.all([
      cli(['solve', '--limit', '1', '--variant', `jigsaw=${file}`, empty], { timeout: 20_000 }),
      cli(['solve', '--json', '--variant', `jigsaw=${file}`, empty], { timeout: 20_000 }),
    ]);
    expect([one.code, two.code]).toEqual([0, 0]);
    const grid = parseGrid(S33, one.stdout.trim());
    expect(grid.every((d) => d >= 1 && d <= 9)).toBe(true);
    for (let h = 0; h < rules.houseCount; h++) {
      const digits = new Set(Array.from(rules.houses.subarray(h * 9, h * 9 + 9), (c) => grid[c]));
      expect(digits.size, `house ${h}`).toBe(9);
    }
    expect(rulesDlxCount(rules, grid, 2).count).toBe(1); // the oracle: a full grid of these rules
    const o = JSON.parse(two.stdout) as { count: number; limited: boolean };
    expect([o.count, o.limited]).toEqual([2, true]);
  });

  it('generate: symmetries the variant keeps, and a refusal for the others', async () => {
    const r = await cli(['generate', '--variant', 'x', '--symmetry', 'rotational', '--seed', '5', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const p = (JSON.parse(r.stdout) as { puzzle: string }).puzzle;
    for (let i = 0; i < 81; i++) expect(p[i] === '.', `cell ${i}`).toBe(p[80 - i] === '.');
    // a jigsaw whose regions a half-turn does not keep
    const file = join(TMP, 'jigsaw.txt');
    writeFileSync(file, [...SKEWED_REGIONS, ''].join('\n'));
    expectBadInput(
      await cli(['generate', '--variant', `jigsaw=${file}`, '--symmetry', 'rotational']),
      /--symmetry rotational does not keep the houses of 3x3\+jigsaw\.[0-9a-f]+/,
    );
  });

  it('solve and rate: counts under the rules, and the steps name the house', async () => {
    // X-Sudoku: the empty 4x4 grid has 48 completions here; the oracle agrees (test/unit/solve)
    const r = await cli(['solve', '--box', '2x2', '--variant', 'x', '--count', '................']);
    expect(r.stdout.trim()).toBe(String(rulesDlxCount(parseRules(boxShape(2, 2), 'x'), new Uint8Array(16)).count));
    const made = await cli(['generate', '--variant', 'x', '--seed', '12', '--json']);
    const { puzzle } = JSON.parse(made.stdout) as { puzzle: string };
    const solved = await cli(['solve', '--variant', 'x', '--json', puzzle]);
    expect((JSON.parse(solved.stdout) as { count: number; rules: string }).rules).toBe('3x3+x');
    const rated = await cli(['rate', '--variant', 'x', '--steps', '--json', puzzle]);
    expect(rated.code, rated.stderr).toBe(0);
    const o = JSON.parse(rated.stdout) as { rules: string; steps: Array<{ text: string }> };
    expect(o.rules).toBe('3x3+x');
    expect(o.steps.length).toBeGreaterThan(0);
    // without the diagonals the same puzzle is not unique
    const plain = await cli(['solve', '--count', '--limit', '2', puzzle]);
    expect(plain.stdout.trim()).toBe('2+');
  });

  it('estimate --compare --variant: every method under the rules, against the exhaustive count', async () => {
    const args = ['estimate', '--box', '2x2', '--variant', 'x', '--compare', '--samples', '4000', '--seed', '3'];
    const r = await cli(args);
    expect(r.code).toBe(0);
    const out = JSON.parse((await cli([...args, '--json'])).stdout) as {
      rules: string;
      exact: number;
      runs: { method: string; samples: number }[];
      ridderVersusKnuth: unknown;
    };
    expect(r.stdout).toMatch(/^Every estimator on 2x2\+x,/);
    expect(out.rules).toBe('2x2+x');
    expect(out.exact).toBe(rulesDlxCount(parseRules(boxShape(2, 2), 'x'), new Uint8Array(16)).count);
    expect(out.runs.map((x) => x.method).sort()).toEqual(
      ['crude', 'hybrid', 'knuth', 'knuth-mrv', 'knuth-random', 'ridder'].sort(),
    );
    // ridder under the rules is knuth's row walk: the same draws, the same samples
    expect(out.ridderVersusKnuth).toMatchObject({ identical: true });
  });

  it('estimate --variant --checkpoint: the header names the rules, --resume finishes the same run', async () => {
    const args = ['estimate', '--box', '2x2', '--variant', 'x', '--method', 'knuth', '--samples', '100000'];
    const whole = JSON.parse((await cli([...args, '--seed', '3', '--json'])).stdout) as { mean: number };
    const file = join(TMP, 'x.jsonl');
    expect((await cli([...args, '--seed', '3', '--checkpoint', file])).code).toBe(0);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(JSON.parse(lines[0])).toMatchObject({ box: '2x2+x', method: 'knuth', seed: 3 });
    // a run killed after two batches, resumed: the same estimate as the run in one go
    writeFileSync(file, lines.slice(0, 3).join('\n') + '\n');
    const resumed = await cli(['estimate', '--resume', file, '--json']);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ mean: whole.mean, rules: '2x2+x', samples: 100000 });
    expectBadInput(
      await cli(['estimate', '--resume', file, '--variant', 'anti-knight']),
      /--variant anti-knight differs from the checkpoint's x/,
    );
  });

  it('bad input: one line, status 2, nothing written', async () => {
    expectBadInput(await cli(['solve', '--variant', 'diagonal', '1']), /unknown variant 'diagonal'/);
    expectBadInput(await cli(['solve', '--box', '2x3', '--variant', 'windoku', '1']), /windoku is defined on 9x9/);
    expectBadInput(await cli(['generate', '--box', '2x2', '--variant', 'centre-dot']), /centre-dot needs .*odd sides/);
    expectBadInput(await cli(['solve', '--box', '6x6', '--variant', 'x', '1']), /up to n = 31/);
    // givens that break a diagonal
    const clash = '1' + '.'.repeat(79) + '1';
    expectBadInput(
      await cli(['solve', '--variant', 'x', clash]),
      /argument 1: givens clash: r1c1 and r9c9 both hold 1, in diagonal ↘/,
    );
    expectBadInput(
      await cli(['rate', '--variant', 'anti-king', '.'.repeat(20) + '1' + '.'.repeat(9) + '1' + '.'.repeat(50)]),
      /givens clash: r3c3 and r4c4 both hold 1, a king's move apart \(anti-king\)/,
    );
    expectBadInput(
      await cli(['generate', '--variant', 'x', '--grids', 'uniform']),
      /--grids uniform: no uniform sampler/,
    );
    const jig = join(TMP, 'jig4.txt');
    writeFileSync(jig, 'AABB\nAABB\nCCDD\nCCDD\n');
    expectBadInput(
      await cli(['estimate', '--box', '2x2', '--variant', `jigsaw=${jig}`, '--checkpoint', join(TMP, 'c.jsonl')]),
      /a checkpoint does not record jigsaw regions/,
    );
    expect(existsSync(join(TMP, 'c.jsonl'))).toBe(false);
    const bad = join(TMP, 'bad.txt');
    writeFileSync(bad, 'AAABBBCCC\nAAABBBCC\n');
    expectBadInput(await cli(['solve', '--variant', `jigsaw=${bad}`, '1']), /bad\.txt line 2: 8 cells, a row has 9/);
    expectBadInput(
      await cli(['solve', '--variant', `jigsaw=${join(TMP, 'none.txt')}`, '1']),
      /jigsaw file .*none\.txt: no such file or folder/,
    );
  });
});
