import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, PUZZLES, expectBadInput } from '../helpers/cli.js';

const rate = (args: string[], input?: string) => cli(['rate', ...args], input === undefined ? {} : { input });
const lines = (file: string) =>
  readFileSync(join(PUZZLES, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');

const ROYLE0 = lines('royle17.txt')[0];

describe('sudoku-count rate', () => {
  it('one line per puzzle: grade, rating, hardest technique, counts; every puzzle rated', async () => {
    // two SE 9.0 puzzles of the Sudoku Exchange sample (test/fixtures/puzzles/SOURCES.md) need dynamic forcing chains
    const diabolical = lines('sudoku-exchange-se.txt')
      .filter((l) => l.endsWith(' 9.0'))
      .slice(0, 2)
      .map((l) => l.split(/\s+/)[1]);
    const r = await rate(['--file', '-'], [...lines('royle17.txt').slice(0, 20), ...diabolical].join('\n'));
    expect(r.code).toBe(0);
    const out = r.stdout.trimEnd().split('\n');
    expect(out).toHaveLength(22);
    for (const line of out)
      expect(line).toMatch(/^(easy|medium|hard|expert) \d+\.\d \([a-zA-Z0-9 ,+()-]+\): [a-z-]+ \d+/);
    for (const line of out.slice(20)) expect(line).toMatch(/^expert (8\.[5-9]|9\.\d) \(dynamic forcing chains\)/);
  });

  it('--budget: a puzzle that needs a technique above it is refused in one line, status 2', async () => {
    expectBadInput(
      await rate([
        '--budget',
        '2',
        '900050003000697000000000000007805100020709050300000004200000009006000400409103608',
      ]),
      /^sudoku-count: error: argument 1: its rating needs a technique above the budget \(SE 2; \d+ of 55 open cells placed below it\); --budget to raise it\n$/,
    );
    expectBadInput(await rate(['--budget', 'x', ROYLE0]), /--budget <SE>.*not a rating from 1 to 20/);
  });

  it('--json and --steps: the deductions in words, each with its technique; the solution', async () => {
    const [text, json] = await Promise.all([rate(['--steps', ROYLE0]), rate(['--steps', '--json', ROYLE0])]);
    expect(text.code).toBe(0);
    const t = text.stdout.trimEnd().split('\n');
    expect(t[1]).toMatch(
      /^ {2}1\. r\dc\d = \d \(the only place for \d in (box|row|column) \d\) {2}\[hidden single in a box, 1\.2\]$/,
    );
    const o = JSON.parse(json.stdout) as {
      puzzle: string;
      grade: string;
      rating: number;
      hardest: string;
      techniques: Record<string, number>;
      steps: Array<{ technique: string; text: string; place?: { cell: string; digit: string } }>;
      solution: string;
      open: number;
      placed: number;
    };
    expect(o.puzzle).toBe(ROYLE0.replace(/0/g, '.'));
    expect(o.steps.length).toBe(t.length - 1);
    const solved = [...o.puzzle];
    for (const s of o.steps) {
      if (!s.place) continue;
      const m = /^r(\d)c(\d)$/.exec(s.place.cell)!;
      solved[(Number(m[1]) - 1) * 9 + Number(m[2]) - 1] = s.place.digit;
    }
    if (o.placed === o.open) expect(solved.join('')).toBe(o.solution);
    const counted = Object.values(o.techniques).reduce((a, b) => a + b, 0);
    expect(counted).toBe(o.steps.length);
  });

  it('rates 16x16 and 2x3 puzzles from generate', async () => {
    const [big, small] = await Promise.all([
      cli(['generate', '--box', '4x4', '--seed', '2', '--clues', '150', '--count', '2']),
      cli(['generate', '--box', '2x3', '--seed', '4', '--count', '3']),
    ]);
    const [r16, r6] = await Promise.all([
      rate(['--box', '4x4', '--file', '-'], big.stdout),
      rate(['--box', '2x3', '--json', '--file', '-'], small.stdout),
    ]);
    expect(r16.code).toBe(0);
    expect(r16.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(r6.code).toBe(0);
    const made = small.stdout.trimEnd().split('\n');
    r6.stdout
      .trimEnd()
      .split('\n')
      .forEach((line, i) => {
        const o = JSON.parse(line) as { puzzle: string; grade: string };
        expect(o.puzzle).toBe(made[i].slice(0, 36));
        // generate printed the same grade
        expect(made[i]).toContain(`; ${o.grade}`);
      });
  });

  it('a puzzle without one solution: says which (counted up to 2) and rates nothing; status 2', async () => {
    const several = ROYLE0.replace(/[1-9]/, '0');
    expectBadInput(
      await rate([ROYLE0, several]),
      /^sudoku-count: error: argument 2: several solutions \(at least 2\), so no rating\n$/,
    );
    const none = lines('counted.txt')
      .find((l) => l.endsWith(':0'))!
      .split(':')[0];
    expectBadInput(await rate([none]), /^sudoku-count: error: argument 1: no solution, so no rating\n$/);
    // with two workers the pool rates a small file in several blocks, but the lines still go out a full block
    // (about 2,000 puzzles) at a time: a refusal at the end of 60 puzzles leaves stdout empty
    const many = [...lines('royle17.txt').slice(0, 60), several].join('\n');
    expectBadInput(
      await rate(['--file', '-', '--workers', '2'], many),
      /^sudoku-count: error: [^\n]*61: several solutions \(at least 2\), so no rating\n$/,
    );
  });

  it('bad input: one line, status 2, nothing on stdout', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['12'], /argument 1: 2 cells, a 3x3 grid has 81/],
      [['11' + '.'.repeat(79)], /givens clash: two 1s in row 1/],
      [[], /rate: no puzzles/],
      [['--box', '2x2', '1...5'], /character 5 '5' is not a digit of a 2x2 grid/],
      [['--file', join(PUZZLES, 'missing.txt')], /cannot read .*missing\.txt: no such file/],
      [['--box', '7x7', ROYLE0], /n = 49 digits is too big/],
    ];
    const results = await Promise.all(cases.map(([args]) => rate(args)));
    results.forEach((r, i) => expectBadInput(r, cases[i][1]));
  });
});
