import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/io/json.js';
import { CLI, cli, ROOT, tempDir } from '../helpers/cli.js';
import { resealed } from '../helpers/reseal.js';

/** count, classes and essentially-different with --variant through the CLI (n ≤ 6), and their refusals. */
const TMP = tempDir('sudoku-count-variant-count-');

describe('sudoku-count count --variant', () => {
  it('2x3 x: the stages, both routes, N', async () => {
    const r = await cli(['count', '--box', '2x3', '--variant', 'x']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/variant symmetry group G_V .* 8 {2}× 6! relabellings = 5,760/);
    expect(r.stdout).toMatch(
      /classes \(the 4 elements of G_V keeping the block; relabel\) +16 .*Σ m_C = 36 = blocks ✓/,
    );
    expect(r.stdout).toMatch(/exhaustive route .* 8,640 .*= N ✓/);
    expect(r.stdout).toMatch(/\nN = 6! · Σ m_C·n_C = 8,640\n$/);
  });

  it('--json: N exact, both routes', async () => {
    const r = await cli(['count', '--box', '3x2', '--variant', 'anti-king', '--json']);
    expect(r.code).toBe(0);
    const o = fromJson(r.stdout) as Record<string, unknown>;
    expect(o['rules']).toBe('3x2+anti-king');
    expect(BigInt(o['total'] as number)).toBe(74_160n);
    expect(o['exhaustive']).toBe(o['total']);
  });

  it('5x1 disjoint-groups: two-row blocks, not the whole grid; = its transpose 1x5', async () => {
    // the groups of n×1 are the rows and its boxes the columns: Latin squares of order 5, 161,280 (and 1x5 is their
    // transpose); before, the n×1 block was the whole grid and 6x1 did not end in 400 s (topRows says which). 6x1 took
    // ~7 CPU s a run here, 5x1 0.4 s, by the same route; 1x6's N (812,851,200) is counted in e2e/progress.test.ts
    const [a, b] = await Promise.all(
      ['5x1', '1x5'].map((box) =>
        cli(['count', '--box', box, '--variant', 'disjoint-groups', '--json'], { timeout: 40_000 }),
      ),
    );
    expect([a.code, b.code]).toEqual([0, 0]);
    const [x, y] = [a, b].map((r) => fromJson(r.stdout) as Record<string, unknown>);
    expect(x['topRows']).toBe(2);
    expect(BigInt(x['total'] as number)).toBe(161_280n);
    expect(x['exhaustive']).toBe(x['total']); // the exact-cover route, every grid with row 1 fixed
    expect([y['total'], y['exhaustive']]).toEqual([x['total'], x['total']]);
  });

  it('essentially-different --variant: the group order, Burnside = direct', async () => {
    const r = await cli(['essentially-different', '--box', '2x3', '--variant', 'x']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/G_V the 8 line moves .*order with relabelling 5,760/);
    expect(r.stdout).toMatch(/8 conjugacy classes of G_V: 3 with fixed grids/);
    const j = fromJson(
      (await cli(['essentially-different', '--box', '2x3', '--variant', 'x', '--json'])).stdout,
    ) as Record<string, unknown>;
    expect([j['total'], j['identity'], j['groupOrder'], j['classes']]).toEqual([3, 12, 8, 8]);
    expect((j['direct'] as Record<string, unknown>)['direct']).toBe(3);
    expect((j['classRows'] as unknown[]).length).toBe(8);
    expect(r.stdout).toMatch(/= Burnside ✓/);
    expect(r.stdout).toMatch(/Essentially different grids: 3\n$/);
  });

  it('essentially-different --variant anti-knight on 9x9: the identity term from a copy of the table', async () => {
    // a copy of the shipped table (a file from elsewhere): every value compared with data/'s, then taken
    const file = join(TMP, 'anti-knight.bin');
    copyFileSync(join(ROOT, 'data', 'variant-table-3x3+anti-knight.bin'), file);
    const r = await cli([
      'essentially-different',
      '--variant',
      'anti-knight',
      '--identity-from',
      file,
      '--workers',
      '1',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/G_V the 8 line moves/);
    expect(r.stdout).toMatch(/generators of G_V \(3\): /);
    expect(r.stdout).toMatch(/5 conjugacy classes of G_V: 4 with fixed grids, 1 zero by the unit lemma/);
    expect(r.stdout).toMatch(
      /identity's term N\/9! = 8,490,104: file .*anti-knight\.bin \(23,696 classes\): every value = the shipped data\/variant-table-3x3\+anti-knight\.bin's ✓\n/,
    );
    // 1,061,973 = (8,490,104 + 5,680)/8: the non-identity terms also checked by exact cover
    // (npm run bench -- variant-essential)
    expect(r.stdout).toMatch(/Σ size·fixed = 8,495,784 = 8 × 1,061,973\n/);
    expect(r.stdout).toMatch(/\nEssentially different grids: 1,061,973\n$/);
  });

  it('essentially-different --variant x --group: the 9x9 group, named, with its order', async () => {
    const r = await cli(['essentially-different', '--variant', 'x', '--group']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/G_V: the 96 of the 3,359,232 line moves .*transposition/);
    expect(r.stdout).toMatch(/with relabelling: 96 × 9! = 34,836,480/);
    const j = fromJson((await cli(['essentially-different', '--variant', 'windoku', '--group', '--json'])).stdout);
    expect((j as Record<string, unknown>)['groupOrder']).toBe(128);
  });

  it('classes --variant --out writes the committed table, and replaces only its own kind', async () => {
    const out = join(TMP, 'x.json');
    const r = await cli(['classes', '--box', '2x3', '--variant', 'x', '--out', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(ROOT, 'data', 'variant-classes-2x3+x.json'), 'utf8'));
    expect((await cli(['classes', '--box', '2x3', '--variant', 'x', '--out', out])).code).toBe(0);
    const mine = join(TMP, 'mine.txt');
    writeFileSync(mine, 'precious\n');
    const refused = await cli(['classes', '--box', '2x3', '--variant', 'x', '--out', mine]);
    expect(refused.code).toBe(2);
    expect(readFileSync(mine, 'utf8')).toBe('precious\n');
  });

  it('--workers 2 gives what one thread gives', async () => {
    const one = await cli(['count', '--box', '2x3', '--variant', 'x', '--json', '--workers', '1']);
    const two = await cli(['count', '--box', '2x3', '--variant', 'x', '--json', '--workers', '2']);
    expect(two.code).toBe(0);
    expect(fromJson(two.stdout)).toMatchObject({ total: (fromJson(one.stdout) as { total: unknown }).total });
  });

  it('--checkpoint keeps every class; --resume goes on from it to the same N; another run is refused', async () => {
    const ckpt = join(TMP, 'ak.ckpt');
    const first = await cli(['count', '--box', '2x3', '--variant', 'anti-knight', '--json', '--checkpoint', ckpt]);
    expect(first.code).toBe(0);
    // the one checkpoint format (src/io/shardFiles.ts): the count named in its head, [class, n_C] a line
    const held = fromJson(readFileSync(ckpt, 'utf8')) as { format: string; method: string; box: string; values: [] };
    expect([held.format, held.method, held.box]).toEqual([
      'sudoku-count/shard-checkpoint',
      'variant',
      '2x3+anti-knight',
    ]);
    const total = (fromJson(first.stdout) as { total: unknown; classes: number }).total;
    expect(held.values.length).toBe((fromJson(first.stdout) as { classes: number }).classes);
    // drop half the classes and change nothing else: resuming counts them again, to the same N
    const text = readFileSync(ckpt, 'utf8');
    const rows = text.split('\n').filter((l) => l.startsWith('  ['));
    // (sealed again, as a run writes it: a checkpoint edited without its seal is refused, below)
    writeFileSync(
      ckpt,
      resealed(text, (b) => b.replace(rows.join(',\n'), rows.slice(0, rows.length >> 1).join(',\n'))),
    );
    const again = await cli(['count', '--box', '2x3', '--variant', 'anti-knight', '--json', '--resume', ckpt]);
    expect(again.code).toBe(0);
    expect((fromJson(again.stdout) as { total: unknown }).total).toEqual(total);
    const other = await cli(['count', '--box', '2x3', '--variant', 'x', '--resume', ckpt]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/is for 2x3\+anti-knight, not 2x3\+x/);
    // a checkpoint of another class list (another version's count) is refused, naming it
    const wrong = resealed(readFileSync(ckpt, 'utf8'), (b) =>
      b.replace(/"plan":"[0-9a-f]{16}"/, '"plan":"0123456789abcdef"'),
    );
    writeFileSync(ckpt, wrong);
    const bad = await cli(['count', '--box', '2x3', '--variant', 'anti-knight', '--resume', ckpt]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/is of another class list of 2x3\+anti-knight .*start afresh with --checkpoint/);
  });

  it('9x9 anti-king (edge-table route): Ctrl-C stops it at once, status 130, checkpoint kept', async () => {
    const ckpt = join(TMP, 'ak9.ckpt');
    const child = spawn(
      process.execPath,
      [CLI, 'count', '--variant', 'anti-king', '--workers', '2', '--checkpoint', ckpt],
      // progress lines every 0.1 s: the first line of the edge-table stage says the run (and its Ctrl-C handler) is
      // on, so the signal is sent then, not after a fixed wait (under load that fell before the handler: a kill)
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, CI: 'true', SUDOKU_COUNT_PROGRESS_SECONDS: '0.1' },
      },
    );
    let stderr = '';
    const running = new Promise<void>((r) =>
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (/edge table, share/.test(stderr)) r();
      }),
    );
    await running;
    const t0 = performance.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
    expect(code).toBe(130);
    expect(performance.now() - t0).toBeLessThan(1500); // generous: the machines are shared
    expect(stderr).toMatch(/interrupted after \d+ of \d+ classes; saved to .*ak9\.ckpt: continue with --resume/);
    const held = fromJson(readFileSync(ckpt, 'utf8')) as { format: string; box: string };
    expect([held.format, held.box]).toEqual(['sudoku-count/shard-checkpoint', '3x3+anti-king']);
  });

  it.each([
    [
      ['count', '--variant', 'x,centre-dot'],
      /3x3\+x\+centre-dot: the 9x9 count of x \+ centre-dot has no measured cost/,
    ],
    [['count', '--variant', 'x,anti-knight'], /the 9x9 count of x \+ anti-knight has no measured cost/],
    [
      ['essentially-different', '--variant', 'x,anti-knight'],
      /3x3\+x\+anti-knight: the identity's term N\/9! is the count's, and the 9x9 count of x \+ anti-knight has no measured cost.*give it with --identity-from FILE/,
    ],
    [
      ['essentially-different', '--box', '2x3', '--variant', 'x', '--identity-term', '12'],
      /--identity-from and --identity-term are for 9x9/,
    ],
    [['essentially-different', '--identity-term', '12'], /--identity-from and --identity-term are for --variant/],
    [['essentially-different', '--variant', 'x', '--identity-term', '1e9'], /must be a whole number ≥ 0/],
    [
      ['essentially-different', '--variant', 'x', '--identity-from', '/nonexistent/x.json'],
      /--identity-from \/nonexistent\/x.json: no such file or folder/,
    ],
    [['count', '--box', '2x4', '--variant', 'x'], /2x4: variant totals are counted for n ≤ 6/],
    [
      ['count', '--box', '2x3', '--variant', 'x', '--checkpoint', 'a', '--resume', 'b'],
      /--checkpoint starts a new run and --resume continues one/,
    ],
    [['count', '--box', '2x3', '--variant', 'windoku'], /windoku is defined on 9x9/],
    [['count', '--box', '2x3', '--variant', 'frob'], /unknown variant 'frob'/],
    [['count', '--box', '2x3', '--variant', 'x', '--counter', 'dlx'], /count --variant takes .* not --counter/],
    [['count', '--box', '1x5'], /box shape 1x5: counting needs boxes of at least 2 rows/],
    [['essentially-different', '--box', '1x5'], /1x5: boxes of one row or one column make Latin squares/],
    [['essentially-different', '--box', '2x3', '--variant', 'x', '--direct'], /not --direct/],
    [['classes', '--box', '4x4', '--variant', 'x'], /4x4.*count handles/],
    [['essentially-different', '--group'], /--group is for --variant/],
    [['classes', '--variant', 'anti-king'], /3x3\+anti-king is counted by middle bands \(the edge-table route\)/],
    [['essentially-different', '--checkpoint', 'c.json'], /--checkpoint and --resume are for --variant on 9x9/],
    [
      ['essentially-different', '--box', '2x3', '--variant', 'x', '--checkpoint', 'c.json'],
      /--checkpoint and --resume keep the count this command runs itself .*every grid is listed here/,
    ],
    [
      ['essentially-different', '--variant', 'x', '--identity-term', '12', '--resume', 'c.json'],
      /--checkpoint and --resume keep the count this command runs itself \(9x9, no --identity-from/,
    ],
  ])('%j → one line, status 2', async (args, pattern) => {
    const r = await cli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(pattern);
  });
});
