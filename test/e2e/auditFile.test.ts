import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { createGenerator } from '../../src/audit/createGenerator.js';
import { formatGrid } from '../../src/grid/parseGrid.js';
import { boxShape } from '../../src/grid/shape.js';
import { gridIndex } from '../../src/rank/gridIndex.js';
import { cli as run, tempDir, type CliResult, expectBadInput as oneLineRefusal } from '../helpers/cli.js';

const cli = (args: string[], input?: string): Promise<CliResult> =>
  run(['audit', ...args], input === undefined ? {} : { input });

const S22 = boxShape(2, 2);
const ix22 = gridIndex({ box: S22 });
/** K uniform 2x2 grids as lines (fixed seed). */
function lines22(K: number, seed = 1): string[] {
  const rng = xoroshiro128plus(seed);
  return Array.from({ length: K }, () => formatGrid(S22, ix22.sample(rng)));
}

describe('sudoku-count audit --file', () => {
  it('reads files and stdin, BOM, CRLF, comments, notes; infers 2x2; JSON has the tests and verdict', async () => {
    const dir = tempDir();
    const [a, ...rest] = lines22(400);
    const f = join(dir, 'a.txt');
    writeFileSync(f, `\ufeff# my generator\r\n${a}:first\r\n\r\n${rest.slice(0, 199).join('\r\n')}`);
    const r = await cli(['--file', f, '--file', '-', '--json'], rest.slice(199).join('\n') + '\n');
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout) as {
      box: string;
      grids: number;
      tests: { id: string; pValue: number; rejects: boolean; departure: string }[];
      uniform: boolean;
      verdict: string;
      familyP: number;
      repeats: { grids: { pairs: number; estimate: number } };
      skipped: { count: number };
    };
    expect(o.box).toBe('2x2');
    expect(o.grids).toBe(400);
    expect(o.tests.map((t) => t.id)).toContain('digits');
    // a uniform source (fixed seed): the Bonferroni p of the audit is above 10⁻⁴ with probability 1 − 10⁻⁴
    expect(o.familyP).toBeGreaterThan(1e-4);
    expect(o.uniform).toBe(true);
    expect(o.repeats.grids.pairs).toBeGreaterThan(0); // 288 grids: C(400,2)/288 ≈ 277 pairs expected
    expect(o.skipped.count).toBe(0);
  });

  it('prints one line a test and one verdict line; --report draws the charts', async () => {
    const dir = tempDir();
    const f = join(dir, 'g.txt');
    writeFileSync(f, lines22(300, 2).join('\n'));
    const html = join(dir, 'r.html');
    const r = await cli(['--file', f, '--report', html]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^audit of 300 2x2 grids from /);
    expect(r.stdout).toMatch(/\n {2}top-band +top band's class .* p = /);
    expect(r.stdout).toMatch(/\n {2}repeats +repeated grids: [\d,]+ pairs of equal grids/);
    expect(r.stdout.match(/\n {2}verdict +/g)).toHaveLength(1);
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(/<meta name="generator" content="sudoku-count audit report">/);
    expect(page.match(/<svg/g)!.length).toBe(4);
    expect(page).not.toMatch(/<script/);
  });

  it('judges the template generator on 4x4 in letters and in numbers; 36 cells need --box', async () => {
    const dir = tempDir();
    const s = boxShape(4, 4);
    const gen = createGenerator('template-blocks', s);
    const rng = xoroshiro128plus(3);
    const grids = Array.from({ length: 100 }, () => gen.generate(rng, new Uint8Array(256)));
    const letters = join(dir, 'l.txt'),
      numbers = join(dir, 'n.txt');
    writeFileSync(letters, grids.map((g) => formatGrid(s, g)).join('\n') + '\n');
    writeFileSync(numbers, grids.map((g) => Array.from(g).join(' ')).join('\n') + '\n');
    for (const f of [letters, numbers]) {
      const r = await cli(['--file', f, '--json']);
      expect(r.code).toBe(0);
      const o = JSON.parse(r.stdout) as {
        box: string;
        total: null;
        tests: { id: string }[];
        repeats: { totalLowerBound: number };
      };
      expect(o.box).toBe('4x4');
      expect(o.total).toBeNull();
      // without a count of 4x4 grids: repeats against a lower bound of N, and the digit test (which a template
      // with random row and column permutations passes: its digits by cell are uniform, docs/audit.md)
      expect(o.tests.map((t) => t.id)).toEqual(['repeats', 'digits']);
      expect(o.repeats.totalLowerBound).toBeGreaterThan(1e20);
    }
    const six = join(dir, 'six.txt');
    writeFileSync(six, '123456456123231564564231312645645312\n');
    oneLineRefusal(await cli(['--file', six]), /six\.txt line 1: 36 cells make a 6×6 grid .* 2x3, 3x2: say which/);
    const ok = await cli(['--file', six, '--box', '2x3', '--json']);
    expect(ok.code).toBe(0);
  });

  it('--skip-invalid skips bad lines and counts them', async () => {
    const dir = tempDir();
    const good = lines22(50, 4);
    const f = join(dir, 's.txt');
    writeFileSync(f, [good[0], '1234123412341234', ...good.slice(1), '12.4341221434321'].join('\n'));
    const r = await cli(['--file', f, '--skip-invalid', '--json']);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.stdout) as { grids: number; skipped: { count: number; first: string } };
    expect(o.grids).toBe(50);
    expect(o.skipped.count).toBe(2);
    expect(o.skipped.first).toMatch(/s\.txt line 2: not a grid: two 1s in column 1 \(r1c1 and r2c1\)/);
  });

  it('refuses bad input in one line with status 2', async () => {
    const dir = tempDir();
    const [g1, g2] = lines22(2, 5);
    const file = (name: string, text: string | Buffer) => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    };
    const grid81 = '123456789456789123789123456231564897564897231897231564312645978645978312978312645';
    const cases: Array<[string[], RegExp]> = [
      [
        ['--file', file('mixed.txt', `${g1}\n${grid81}\n`)],
        /mixed\.txt line 2: 81 cells, but the grids before it are 2x2 \(16 cells\): one shape a run/,
      ],
      [
        ['--file', file('partial.txt', `${g1}\n${g2.slice(0, 5)}.${g2.slice(6)}\n`)],
        /partial\.txt line 2: cell r2c2 is empty: a partial grid/,
      ],
      [
        ['--file', file('invalid.txt', `${g1}\n1234123412341234\n`)],
        /invalid\.txt line 2: not a grid: two 1s in column 1 \(r1c1 and r2c1\)/,
      ],
      [
        ['--file', file('letters.txt', `${g1}\n12x4341221434321\n`)],
        /letters\.txt line 2: cell r1c3: character 3 'x' is not a digit of a 2x2 grid/,
      ],
      [
        ['--file', file('short.txt', `${g1}\n123434122143432\n`), '--box', '2x2'],
        /short\.txt line 2: 15 cells, a 2x2 grid has 16/,
      ],
      [['--file', file('empty.txt', '# nothing\n\n')], /no grids in .*empty\.txt/],
      [
        ['--file', file('bin.dat', Buffer.from([0x31, 0x32, 0x00, 0xff, 0x0a]))],
        /bin\.dat line 1: byte 0x00 at column 3: a binary file/,
      ],
      [['--file', file('huge.txt', '1'.repeat(1.5 * 2 ** 20))], /huge\.txt line 1: longer than 1,048,576 bytes/],
      [['--file', file('odd.txt', '12345\n')], /odd\.txt line 1: 5 cells is not a grid of any size/],
      [['--file', join(dir, 'missing.txt')], /cannot read .*missing\.txt: no such file/],
      [['--file', dir], /it is a directory/],
      [
        ['--file', file('x.txt', `${g1}\n`), '--seed', '3'],
        /--seed is for the built-in generators; leave it out with --file/,
      ],
      [['--file', '-', '--file', '-'], /stdin \('-'\) can be read only once/],
      [['--generator', 'uniform', '--skip-invalid'], /--skip-invalid is for --file/],
    ];
    const results = await Promise.all(cases.map(([args]) => cli(args)));
    results.forEach((r, i) => oneLineRefusal(r, cases[i][1]));
    // binary and huge lines are not grids to skip: they end the run even with --skip-invalid
    oneLineRefusal(await cli(['--file', join(dir, 'bin.dat'), '--skip-invalid']), /a binary file/);
    oneLineRefusal(
      await cli(['--file', join(dir, 'invalid.txt'), '--skip-invalid', '--box', '3x3']),
      /no valid grid in .*2 lines skipped/,
    );
  });
});
