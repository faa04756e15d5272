import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlan, resultText } from '../../src/io/shardFiles.js';
import { parseVariantTable, variantTableBytes } from '../../src/io/variantTableFile.js';
import { fromJson } from '../../src/io/json.js';
import { drawUnits } from '../../src/shards/recountUnits.js';
import { resolveRules } from '../../src/grid/support.js';
import { variantUnits, type VariantTable } from '../../src/variants/variantTable.js';
import { cli, ROOT, tempDir, type CliResult } from '../helpers/cli.js';
import { resealed } from '../helpers/reseal.js';

/**
 * Issue 42, "results that cannot be quietly wrong": every file the tool reads back is sealed (a one-byte edit is
 * refused by name), the seal's checksum is no guard against edits (a value edited and sealed again), and the
 * recounts (count --merge, classes --verify; --recount K) and the keyed seal (SUDOKU_COUNT_SEAL_KEY) are.
 */
const TMP = tempDir('sudoku-count-sealed-');

function refused(r: CliResult, pattern: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
}

/** The first "[unit,value]" line of a sealed shard file with its value raised by one, sealed again. */
function raiseFirstValue(path: string): number {
  let unit = -1;
  writeFileSync(
    path,
    resealed(readFileSync(path, 'utf8'), (body) =>
      body.replace(/\n {2}\[(\d+),(\d+)\]/, (_m, u: string, v: string) => {
        unit = Number(u);
        return `\n  [${u},${BigInt(v) + 1n}]`;
      }),
    ),
  );
  return unit;
}

/** A variant table with unit `u`'s value raised by `by` and its sums and checksum made to fit: a resealed edit. */
function editedTable(t: VariantTable, u: number, by = 1): Uint8Array {
  const values = Float64Array.from(t.values);
  values[u] += by;
  const totalWithFixedRow = t.totalWithFixedRow + BigInt(t.orbits[u] * by);
  return variantTableBytes({
    ...t,
    values,
    totalWithFixedRow,
    total: (t.total / t.totalWithFixedRow) * totalWithFixedRow,
  });
}

describe('sealed checkpoints (item 1)', () => {
  it('count --variant --checkpoint: a one-byte edit of an n_C is refused on --resume, naming the file', async () => {
    const ckpt = join(TMP, 'an.ckpt');
    const first = await cli(['count', '--box', '2x3', '--variant', 'anti-knight', '--json', '--checkpoint', ckpt]);
    expect(first.code).toBe(0);
    const text = readFileSync(ckpt, 'utf8');
    expect(text).toMatch(/^\{"format":"sudoku-count\/shard-checkpoint",/);
    expect(text).toMatch(/\],"sha256":"[0-9a-f]{64}"\}\n$/);
    // one digit of the first class's n_C changed: before the seal, the run resumed and printed a wrong N
    const edited = text.replace(/\n {2}\[0,(\d)/, (_m, d: string) => `\n  [0,${(Number(d) + 1) % 10}`);
    expect(edited).not.toBe(text);
    writeFileSync(ckpt, edited);
    const again = await cli(['count', '--box', '2x3', '--variant', 'anti-knight', '--json', '--resume', ckpt]);
    refused(again, new RegExp(`checkpoint ${ckpt}: corrupt: its checksum does not match its content`));
    expect(readFileSync(ckpt, 'utf8')).toBe(edited); // left as it was
    writeFileSync(ckpt, text.slice(0, text.length >> 1)); // torn
    refused(
      await cli(['count', '--box', '2x3', '--variant', 'anti-knight', '--resume', ckpt]),
      /an\.ckpt: corrupt: cut short or damaged/,
    );
  });

  it.each(['1', '2'])(
    'a variant checkpoint of the retired format (@%s) is refused, saying how to start afresh',
    async (v) => {
      const ckpt = join(TMP, 'old.ckpt');
      writeFileSync(
        ckpt,
        `{\n  "format": "sudoku-count/variant-checkpoint@${v}",\n  "rules": "2x3+anti-knight",\n` +
          '  "classes": [\n  ]\n}\n',
      );
      refused(
        await cli(['count', '--box', '2x3', '--variant', 'anti-knight', '--resume', ckpt]),
        new RegExp(
          `old\\.ckpt is a sudoku-count/variant-checkpoint@${v} file, which this version does not resume ` +
            '.*start afresh with --checkpoint',
        ),
      );
    },
  );

  it('count --method column-sets --checkpoint: an edited F is refused on --resume', async () => {
    const ckpt = join(TMP, 'cs.json');
    expect((await cli(['count', '--box', '3x2', '--method', 'column-sets', '--checkpoint', ckpt])).code).toBe(0);
    const text = readFileSync(ckpt, 'utf8');
    writeFileSync(
      ckpt,
      text.replace(/\n {2}\[(\d+),(\d)/, (_m, id: string, d: string) => `\n  [${id},${(Number(d) + 1) % 10}`),
    );
    refused(await cli(['count', '--box', '3x2', '--resume', ckpt]), /cs\.json: corrupt: its checksum does not match/);
  });
});

describe('spot-check recounts (item 2)', () => {
  it('3x3 shards: a value edited and sealed again is refused: every unit is counted again', async () => {
    const dir = join(TMP, 'plan3');
    mkdirSync(dir);
    const plan = join(dir, 'p.json');
    expect((await cli(['count', '--box', '3x3', '--plan', plan, '--shards', '3'])).code).toBe(0);
    const results = join(dir, 'R');
    expect((await cli(['count', '--plan', plan, '--shard', '0-2', '--out', `${results}/`])).code).toBe(0);
    const good = await cli(['count', '--merge', results]);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(
      /N counted whole again on this machine, from no file \(the count is cheap\): the same ✓/,
    );
    expect(good.stdout).toMatch(/N = 9! · Σ m_C·n_C = 6,670,903,752,021,072,936,960\n/);
    const file = join(results, readdirSync(results).sort()[1]);
    const unit = raiseFirstValue(file);
    // the seal holds (it was computed again): before the recount, this merged to a wrong N
    const plain = await cli(['count', '--merge', results, '--plan', plan]);
    refused(
      plain,
      new RegExp(`recount \\(every unit counted again\\): unit ${unit} is \\d+ in ${file}, counted again \\d+`),
    );
    refused(await cli(['count', '--merge', results, '--recount', '2', '--seed', '9']), /edited or miscounted; refused/);
  });

  it('4x2 by column sets: a plan edited and sealed again (its scale) is refused: N counted whole again', async () => {
    const dir = join(TMP, 'plan42');
    mkdirSync(dir);
    const plan = join(dir, 'p.json');
    expect(
      (await cli(['count', '--box', '4x2', '--method', 'column-sets', '--plan', plan, '--shards', '2'])).code,
    ).toBe(0);
    expect((await cli(['count', '--plan', plan, '--shard', '0-1', '--out', join(dir, 'R/')])).code).toBe(0);
    expect((await cli(['count', '--merge', join(dir, 'R'), '--plan', plan])).code).toBe(0);
    // every unit's value is right, but the plan multiplies them by another scale: only N counted whole can tell
    writeFileSync(
      plan,
      resealed(readFileSync(plan, 'utf8'), (b) =>
        b.replace(/"scale":(\d+)/, (_m, k: string) => `"scale":${Number(k) + 1}`),
      ),
    );
    refused(
      await cli(['count', '--merge', join(dir, 'R'), '--plan', plan]),
      /the merged N, \d+, is not N counted whole on this machine, 29136487207403520: the plan or a result was edited/,
    );
  });

  it('9x9 anti-knight: a resealed shard value is refused by the shipped table; --recount K names it too', async () => {
    // the shards' results are taken from the committed table (the same units, classes in class order), not counted
    const dir = join(TMP, 'an9');
    mkdirSync(dir);
    const plan = join(dir, 'p.json');
    expect((await cli(['count', '--variant', 'anti-knight', '--plan', plan, '--shards', '2'])).code).toBe(0);
    const p = readPlan(plan, { payload: false });
    const table = parseVariantTable(readFileSync(join(ROOT, 'data', 'variant-table-3x3+anti-knight.bin')), 'table');
    const seed = 12345;
    const drawn = drawUnits(p.units, 3, seed);
    for (let s = 0; s < p.shards; s++) {
      const values = new Map(p.assignment[s].map((u) => [u, BigInt(table.values[u]) + (u === drawn[1] ? 1n : 0n)]));
      const r = { ...p, plan: p.id, combined: false, shard: s, facts: {}, seconds: 1, cpuSeconds: 1, values };
      writeFileSync(join(dir, `shard-${s}.json`), resultText(r)); // sealed as a shard seals it
    }
    const files = [0, 1].map((s) => join(dir, `shard-${s}.json`));
    // without a recount: every value compared with the shipped table (before, the merge could not tell)
    refused(
      await cli(['count', '--merge', ...files, '--json']),
      new RegExp(
        `unit ${drawn[1]} is \\d+ in .*shard-\\d\\.json, \\d+ in the shipped ` +
          'data/variant-table-3x3\\+anti-knight\\.bin: edited, or counted by another version; refused',
      ),
    );
    const r = await cli(['count', '--merge', ...files, '--recount', '3', '--seed', String(seed)]);
    refused(
      r,
      new RegExp(`recount \\(3 units drawn with seed ${seed}\\): unit ${drawn[1]} is \\d+ in .*shard-\\d\\.json`),
    );
    refused(await cli(['count', '--merge', ...files, '--seed', '3']), /--seed draws the units of --recount K/);
    // untouched: every value = the shipped table's
    const values = new Map(p.assignment[1].map((u) => [u, BigInt(table.values[u])]));
    const shard1 = { ...p, plan: p.id, combined: false, shard: 1, facts: {}, seconds: 1, cpuSeconds: 1, values };
    const rest = p.assignment[0].map((u) => [u, BigInt(table.values[u])] as const);
    const shard0 = { ...shard1, shard: 0, values: new Map(rest) };
    writeFileSync(files[0], resultText(shard0));
    writeFileSync(files[1], resultText(shard1));
    const ok = await cli(['count', '--merge', ...files]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(
      /\n {2}every value = the shipped data\/variant-table-3x3\+anti-knight\.bin's ✓; values not counted again/,
    );
    expect(ok.stdout).toMatch(/N = 9! · Σ m_C·n_C = 3,080,888,939,520\n$/);
    refused(await cli(['count', '--box', '3x3', '--recount', '3']), /--recount and --seed are for --merge/);
  });

  it('classes --verify: a resealed 9x9 table is refused by the shipped table; 2x3 recounted whole', async () => {
    const table = parseVariantTable(readFileSync(join(ROOT, 'data', 'variant-table-3x3+anti-knight.bin')), 'table');
    const path = join(TMP, 'an.bin');
    writeFileSync(path, editedTable(table, 11937));
    // checksum and sums hold; before, only a recount that happened to draw unit 11937 could tell
    refused(
      await cli(['classes', '--verify', path]),
      /an\.bin: class 11937 is \d+ \(orbit \d+\) there, \d+ \(orbit \d+\) in the shipped data\/variant-table-3x3\+anti-knight\.bin: edited, or counted by another version; refused/,
    );
    const small = join(TMP, 'x23.bin');
    expect((await cli(['classes', '--box', '2x3', '--variant', 'x', '--format', 'table', '--out', small])).code).toBe(
      0,
    );
    const ok = await cli(['classes', '--verify', small]);
    expect(ok.stdout).toMatch(/every one of the 16 units counted again \(the whole count is cheap\): each agrees ✓/);
    writeFileSync(small, editedTable(parseVariantTable(readFileSync(small), small), 3));
    refused(
      await cli(['classes', '--verify', small]),
      /recount \(every unit counted again\): unit 3 is \d+ in .*x23\.bin/,
    );
  });

  it('--identity-from: any resealed one-unit edit refused, deterministically; JSON too', async () => {
    const table = parseVariantTable(readFileSync(join(ROOT, 'data', 'variant-table-3x3+anti-knight.bin')), 'table');
    const ed = (file: string) =>
      cli(['essentially-different', '--variant', 'anti-knight', '--identity-from', file, '--workers', '1']);
    // the issue's case: a unit of orbit 2 raised by 4 (N/9! + 8: |G_V| = 8 divides the Burnside sum still) gave
    // 1,061,974 (right: 1,061,973); and the first and last units, where a spot check of 2 units would almost never look
    const u2 = table.orbits.findIndex((o) => o === 2);
    for (const [u, by] of [
      [u2, 4],
      [0, 1],
      [table.count - 1, 1],
    ]) {
      const path = join(TMP, `an-identity-${u}.bin`);
      writeFileSync(path, editedTable(table, u, by));
      refused(
        await ed(path),
        new RegExp(
          `--identity-from .*an-identity-${u}\\.bin: class ${u} is ${table.values[u] + by} ` +
            `\\(orbit ${table.orbits[u]}\\) ` +
            `there, ${table.values[u]} \\(orbit ${table.orbits[u]}\\) in the shipped ` +
            'data/variant-table-3x3\\+anti-knight\\.bin: edited, or counted by another version; refused',
        ),
      );
    }
    // a count's JSON with its three keys edited consistently (N/9! + 8): refused, a table asked for
    const json = join(TMP, 'an-identity.json');
    writeFileSync(
      json,
      '{"rules":"3x3+anti-knight","totalWithFixedRow":8490112,"total":3080891842560,' +
        '"classRows":[{"size":1,"completions":8490112}]}',
    );
    refused(
      await ed(json),
      /--identity-from .*an-identity\.json: a JSON file is not taken \(it carries no seal: an edit made to fit would pass\): give a compact table \(the shipped data\/variant-table-3x3\+anti-knight\.bin, or/,
    );
  });

  it('--identity-from for rules the repository ships no table of: the keyed seal, or refused', async () => {
    // 9x9 x + anti-knight: no shipped table, no declared cost (its count is refused); a table of it made here from
    // its class list (1.6 s) with values chosen so the Burnside sum holds (the other terms add up to 44; |G_V| = 8)
    const rules = resolveRules('variant-count', '3x3', 'x,anti-knight', 'essentially-different');
    const units = variantUnits(rules);
    const values = new Float64Array(units.count);
    // one unit's value v with orbit·v ≡ 4 (mod 8): the Burnside sum (N/9! + 44) a multiple of 8
    const u = units.orbits.findIndex((o) => [1, 2, 4].includes(o));
    values[u] = 4 / units.orbits[u];
    expect(u).toBeGreaterThanOrEqual(0);
    const fake: VariantTable = {
      rules: rules.name,
      box: '3x3',
      n: 9,
      variants: rules.variants,
      route: units.route,
      units: units.units,
      count: units.count,
      digest: units.digest,
      orbitSum: units.orbits.reduce((a, b) => a + b, 0),
      totalWithFixedRow: 4n,
      total: 4n * 362880n,
      orbits: units.orbits,
      values,
    };
    const plain = join(TMP, 'xak.bin');
    writeFileSync(plain, variantTableBytes(fake));
    const ed = (file: string, env: Record<string, string> = {}) =>
      cli(['essentially-different', '--variant', 'x,anti-knight', '--identity-from', file, '--json'], { env });
    refused(
      await ed(plain),
      /--identity-from .*xak\.bin: no table of 3x3\+x\+anti-knight ships with the repository to compare it with, and it is not counted again here: the 9x9 count of x \+ anti-knight has no measured cost .*; it carries no keyed seal, so an edited value would pass unseen: write and read it with SUDOKU_COUNT_SEAL_KEY set, or give the identity's term with --identity-term N\n$/,
    );
    const keyedFile = join(TMP, 'xak-keyed.bin');
    process.env['SUDOKU_COUNT_SEAL_KEY'] = 'k1';
    try {
      writeFileSync(keyedFile, variantTableBytes(fake));
    } finally {
      delete process.env['SUDOKU_COUNT_SEAL_KEY'];
    }
    const ok = await ed(keyedFile, { SUDOKU_COUNT_SEAL_KEY: 'k1' });
    expect(ok.code).toBe(0);
    const j = fromJson(ok.stdout) as Record<string, unknown>;
    expect(j['identityCheck']).toEqual({ values: 'keyed', shipped: null, recount: null });
    expect(j['identitySource']).toMatch(
      /\(23,696 classes, digest [0-9a-f]{16} = the classes listed now ✓\): its keyed seal \(SUDOKU_COUNT_SEAL_KEY\) holds ✓$/,
    );
    expect(j['identity']).toBe(4);
    refused(await ed(keyedFile, { SUDOKU_COUNT_SEAL_KEY: 'k2' }), /xak-keyed\.bin: its HMAC does not match/);
    refused(await ed(keyedFile), /xak-keyed\.bin: no table of 3x3\+x\+anti-knight ships with the repository/);
  });

  it('the keyed seal: written with SUDOKU_COUNT_SEAL_KEY, refused without it or under another key', async () => {
    const dir = join(TMP, 'keyed');
    mkdirSync(dir);
    const key = { SUDOKU_COUNT_SEAL_KEY: 'k1' };
    const plan = join(dir, 'p.json');
    expect((await cli(['count', '--box', '2x2', '--plan', plan, '--shards', '2'], { env: key })).code).toBe(0);
    const R = join(dir, 'R');
    expect((await cli(['count', '--plan', plan, '--shard', '0-1', '--out', `${R}/`], { env: key })).code).toBe(0);
    const file = join(R, 'shard-0-of-2.json');
    expect(readFileSync(file, 'utf8')).toMatch(/\],"hmac-sha256":"[0-9a-f]{64}","sha256":"[0-9a-f]{64}"\}\n$/);
    expect((await cli(['count', '--merge', R, '--plan', plan], { env: key })).code).toBe(0);
    expect((await cli(['count', '--merge', R])).code).toBe(0); // no key at read time: the checksum alone
    refused(
      await cli(['count', '--merge', R], { env: { SUDOKU_COUNT_SEAL_KEY: 'k2' } }),
      /shard-0-of-2\.json: its HMAC does not match SUDOKU_COUNT_SEAL_KEY/,
    );
    writeFileSync(file, resealed(readFileSync(file, 'utf8'))); // sealed again by a hand without the key
    refused(await cli(['count', '--merge', R], { env: key }), /shard-0-of-2\.json: not sealed with a key/);

    const t = join(dir, 't.bin');
    const write = ['classes', '--box', '2x3', '--variant', 'x', '--format', 'table', '--out', t];
    expect((await cli(write, { env: key })).code).toBe(0);
    expect((await cli(['classes', '--verify', t], { env: key })).code).toBe(0);
    refused(
      await cli(['classes', '--verify', t], { env: { SUDOKU_COUNT_SEAL_KEY: 'k2' } }),
      /t\.bin: its HMAC does not match SUDOKU_COUNT_SEAL_KEY/,
    );
    expect((await cli(write)).code).toBe(0); // written without the key
    refused(await cli(['classes', '--verify', t], { env: key }), /t\.bin: not sealed with a key/);
  });
});

describe('rules (item 5)', () => {
  it('two jigsaw files, or a variant named twice, are refused in one line', async () => {
    const a = join(TMP, 'a.txt');
    const b = join(TMP, 'b.txt');
    writeFileSync(a, 'AABB\nAABB\nCCDD\nCCDD\n');
    writeFileSync(b, 'AAAB\nACBB\nCCDB\nCDDD\n');
    // before: A was dropped without a word and B's grids counted
    refused(
      await cli(['count', '--box', '2x2', '--variant', `jigsaw=${a},jigsaw=${b}`]),
      /variant jigsaw is given twice \('jigsaw=.*a\.txt' and 'jigsaw=.*b\.txt'\): a grid has one set of regions/,
    );
    refused(
      await cli(['solve', '--variant', 'x,windoku,x', '.'.repeat(81)]),
      /variant x is given twice in 'x,windoku,x'/,
    );
    expect((await cli(['count', '--box', '2x2', '--variant', `jigsaw=${b}`])).code).toBe(0);
  });
});
