import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boxShape } from '../../src/grid/shape.js';
import { splitPuzzles } from '../../src/io/readPuzzles.js';
import { cli as cliRun, PUZZLES, tempDir, type CliResult, expectBadInput } from '../helpers/cli.js';
import { dlxCount } from '../helpers/dlx.js';

const TMP = tempDir('sudoku-count-solve-');

function cli(args: string[], input?: string): Promise<CliResult> {
  return cliRun(['solve', ...args], input === undefined ? {} : { input });
}

function file(name: string, text: string): string {
  const path = join(TMP, name);
  writeFileSync(path, text);
  return path;
}

/** Independent check that a solution is a valid 9×9 grid keeping the clues. */
function valid9(puzzle: string, solution: string): boolean {
  if (!/^[1-9]{81}$/.test(solution)) return false;
  for (let i = 0; i < 81; i++) if (/[1-9]/.test(puzzle[i]) && puzzle[i] !== solution[i]) return false;
  for (let a = 0; a < 9; a++) {
    const row = new Set(),
      col = new Set(),
      box = new Set();
    for (let k = 0; k < 9; k++) {
      row.add(solution[a * 9 + k]);
      col.add(solution[k * 9 + a]);
      box.add(solution[(3 * Math.floor(a / 3) + Math.floor(k / 3)) * 9 + 3 * (a % 3) + (k % 3)]);
    }
    if (row.size + col.size + box.size !== 27) return false;
  }
  return true;
}

const P = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const counted = readFileSync(join(PUZZLES, 'counted.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => l.split(':'));

describe('sudoku-count solve: output', () => {
  it('prints the solution of a puzzle given as an argument', async () => {
    const r = await cli([P]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = r.stdout.trim();
    expect(valid9(P, out)).toBe(true);
  });

  it('--count --limit 2 --file: counted.txt counts, stopping at 2 ("2+")', async () => {
    const r = await cli(['--count', '--limit', '2', '--file', join(PUZZLES, 'counted.txt')]);
    expect(r.code).toBe(0);
    const out = r.stdout.trimEnd().split('\n');
    expect(out).toHaveLength(counted.length);
    out.forEach((line, i) => expect(line).toBe(Number(counted[i][1]) >= 2 ? '2+' : counted[i][1]));
  });

  it('--count: the full counts; default: solution, unsolvable or multiple', async () => {
    const path = join(PUZZLES, 'counted.txt');
    const counts = (await cli(['--count', '--file', path])).stdout.trimEnd().split('\n');
    expect(counts).toEqual(counted.map(([, c]) => c));
    const solved = (await cli(['--file', path])).stdout.trimEnd().split('\n');
    solved.forEach((line, i) => {
      const [, c, solution] = counted[i];
      if (c === '0') expect(line).toBe('unsolvable');
      else if (c === '1') expect(line).toBe(solution);
      else expect(line).toBe('multiple');
    });
  });

  it("reads stdin with '-' and prints one JSON object per line with --json", async () => {
    const some = counted
      .slice(0, 3)
      .concat(counted.filter(([, c]) => c === '0').slice(0, 1), counted.filter(([, c]) => Number(c) > 100).slice(0, 1));
    const r = await cli(['--count', '--json', '-'], some.map((x) => x.join(':')).join('\n') + '\n');
    expect(r.code).toBe(0);
    const objs = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objs).toHaveLength(some.length);
    objs.forEach((o, i) => {
      const [puzzle, c, solution] = some[i];
      expect(Object.keys(o).sort()).toEqual(['count', 'limited', 'puzzle', 'rules', 'seconds', 'solution']);
      expect(o['puzzle']).toBe(puzzle);
      expect(o['count']).toBe(Number(c));
      expect(o['limited']).toBe(false);
      expect(typeof o['seconds']).toBe('number');
      if (c === '0') expect(o['solution']).toBeNull();
      if (solution) expect(o['solution']).toBe(solution);
    });
    const lim = JSON.parse((await cli(['--count', '--limit', '2', '--json', some[4][0]])).stdout) as Record<
      string,
      unknown
    >;
    expect([lim['count'], lim['limited']]).toEqual([2, true]);
  });

  it('--box 2x3 with | separators; the count agrees with the DLX', async () => {
    const puzzle = '1.....|..3...|......|......|...5..|.....6';
    const dlx = dlxCount(puzzle, { box: boxShape(2, 3) });
    expect((await cli(['--box', '2x3', puzzle])).stdout).toBe('multiple\n');
    expect((await cli(['--box', '2x3', '--count', puzzle])).stdout).toBe(`${dlx.count}\n`);
    expect(dlx.count).toBeGreaterThan(1000);
  });

  it('--limit 1 prints the first solution without checking uniqueness', async () => {
    const r = await cli(['--limit', '1', '12' + '.'.repeat(79)]);
    expect(r.code).toBe(0);
    expect(valid9('12' + '.'.repeat(79), r.stdout.trim())).toBe(true);
  });

  it('reads grid layouts over several lines, comments, blank lines and puzzle:extra lines from a file', async () => {
    const rows = Array.from({ length: 9 }, (_, r) => P.slice(9 * r, 9 * r + 9));
    const layout = rows
      .map(
        (x, r) =>
          `${x.slice(0, 3)} ${x.slice(3, 6)} | ${x.slice(6)}` + (r === 2 || r === 5 ? '\n------+-------+------' : ''),
      )
      .join('\n');
    const text = `# a comment\n${P}:1\n\n${layout}\n\n${P.replace(/\./g, '0')}\n`;
    const r = await cli(['--file', file('layout.txt', text)]);
    expect(r.code).toBe(0);
    const out = r.stdout.trimEnd().split('\n');
    expect(out).toHaveLength(3);
    expect(new Set(out).size).toBe(1);
    expect(valid9(P, out[0])).toBe(true);
  });

  it('16x16 puzzles use letters for 10..16', async () => {
    // the pattern grid for 4×4 boxes, with every third cell blanked
    const n = 16;
    const digit = (d: number) => '123456789ABCDEFG'[d - 1];
    let full = '';
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) full += digit((((r % 4) * 4 + Math.floor(r / 4) + c) % n) + 1);
    const puzzle = [...full].map((ch, i) => (i % 3 === 0 ? '.' : ch)).join('');
    const r = await cli(['--box', '4x4', '--limit', '1', puzzle]);
    expect(r.code).toBe(0);
    const out = r.stdout.trim();
    expect(out).toHaveLength(256);
    for (let i = 0; i < 256; i++) if (puzzle[i] !== '.') expect(out[i]).toBe(puzzle[i]);
  });
});

describe('sudoku-count solve: bad input is one line and status 2', () => {
  it('wrong length', async () => {
    expectBadInput(await cli([P.slice(1)]), /argument 1: 80 cells, a 3x3 grid has 81/);
    expectBadInput(await cli([P + '1']), /argument 1: more than 81 cells/);
  });

  it('a character that is not a digit of the shape', async () => {
    expectBadInput(await cli([P.slice(0, 80) + 'x']), /argument 1: character 81 'x' is not a digit of a 3x3 grid/);
    expectBadInput(await cli(['A' + P.slice(1)]), /character 1 'A' is not a digit of a 3x3 grid/);
  });

  it('givens that clash: names the digit, the unit and both cells', async () => {
    expectBadInput(await cli(['55' + P.slice(2)]), /argument 1: givens clash: two 5s in row 1 \(r1c1 and r1c2\)/);
    expectBadInput(
      await cli(['4' + '.'.repeat(8) + '4' + P.slice(10)]),
      /givens clash: two 4s in column 1 \(r1c1 and r2c1\)/,
    );
    expectBadInput(
      await cli([P, P.slice(0, 10) + '4' + P.slice(11)]),
      /argument 2: givens clash: two 4s in box 1 \(r1c1 and r2c2\)/,
    );
  });

  it('in a file or on stdin: names the line, and the character on it', async () => {
    const path = file('bad.txt', `${P}\n${P}\n${P.slice(0, 40)}?${P.slice(41)}\n`);
    expectBadInput(
      await cli(['--file', path]),
      new RegExp(`${path.replace(/[/.]/g, '\\$&')} line 3: character 41 '\\?' is not a digit`),
    );
    expectBadInput(await cli(['-'], `${P}\n${P.slice(1)}\n`), /stdin line 2: 80 cells, a 3x3 grid has 81/);
    expectBadInput(await cli(['-'], `${P}\n\n${'55' + P.slice(2)}\n`), /stdin line 3: givens clash: two 5s in row 1/);
    expectBadInput(await cli(['--file', join(TMP, 'missing.txt')]), /cannot read .*missing\.txt: no such file/);
  });

  it('no puzzles at all (no argument, an empty stdin, a file of comments), and bad options', async () => {
    expectBadInput(await cli([]), /no puzzles/);
    expectBadInput(await cli(['-'], ''), /no puzzles in stdin/);
    expectBadInput(await cli(['--file', file('empty.txt', '# nothing here\n\n')]), /no puzzles in .*empty\.txt/);
    expectBadInput(await cli(['--limit', '0', P]), /--limit.*must be a whole number ≥ 1/);
    expectBadInput(await cli(['--box', '2x', P]), /--box/);
  });

  it('a clash-free puzzle with no solution is not an error', async () => {
    const stuck = '12345678.' + '........9' + '.'.repeat(63);
    expect(await cli([stuck])).toEqual({ code: 0, stdout: 'unsolvable\n', stderr: '' });
    expect(await cli(['--count', stuck])).toEqual({ code: 0, stdout: '0\n', stderr: '' });
  });
});

describe('splitPuzzles', () => {
  const s = boxShape(2, 2);
  it('one per line, grid layouts, comments and extra fields', () => {
    const text = '1234341221434321\n# comment\n12|34\n34|12\n-----\n21|43\n43|21\n\n1...............:7:extra\r\n';
    expect(splitPuzzles(s, text, 'f')).toEqual([
      { where: 'f line 1', text: '1234341221434321' },
      { where: 'f lines 3–7', text: '12|34\n34|12\n21|43\n43|21' },
      { where: 'f line 9', text: '1...............' },
    ]);
  });

  it('names the lines of a puzzle with the wrong number of cells', () => {
    expect(() => splitPuzzles(s, '1234\n3412\n\n', 'f')).toThrow(/f lines 1–2: 8 cells, a 2x2 grid has 16/);
    expect(() => splitPuzzles(s, '123434122143432\n1234341221434321\n', 'f')).toThrow(/f line 1: 15 cells/);
    expect(() => splitPuzzles(s, '12343412214343211\n', 'f')).toThrow(/f line 1: 17 cells/);
    expect(() => splitPuzzles(s, '1234\n34x2\n', 'f')).toThrow(
      /f line 2: character 3 'x' is not a digit of a 2x2 grid/,
    );
  });
});
