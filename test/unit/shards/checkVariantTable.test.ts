import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/grid/shape.js';
import { resolveRules } from '../../../src/grid/support.js';
import { parseVariantTable } from '../../../src/io/variantTableFile.js';
import { checkVariantTable } from '../../../src/shards/checkVariantTable.js';
import { countVariantGridsPooled } from '../../../src/variants/countVariantGrids.js';
import { variantTableOf, variantUnits, type VariantTable } from '../../../src/variants/variantTable.js';
import { ROOT } from '../../helpers/paths.js';

/** `t` with unit `u`'s value raised by `by`, its sums made to fit (what a resealed edit holds). */
function edited(t: VariantTable, u: number, by = 1): VariantTable {
  const values = Float64Array.from(t.values);
  values[u] += by;
  const totalWithFixedRow = t.totalWithFixedRow + BigInt(t.orbits[u] * by);
  return { ...t, values, totalWithFixedRow, total: (t.total / t.totalWithFixedRow) * totalWithFixedRow };
}

const NOWHERE = join(ROOT, 'no-such-table.bin'); // not the reference's file

describe('checkVariantTable: every value confirmed, deterministically, or refused (issue 42)', async () => {
  // 2x3 x: 16 classes, its whole count well under a second (as every n ≤ 6)
  const rules = resolveRules('variant-count', '2x3', ['x'], 'shards');
  const table = variantTableOf(rules, await countVariantGridsPooled(rules), variantUnits(rules));
  const reference = { shown: 'data/ref.bin', path: join(ROOT, 'ref.bin'), table };

  it('shipped: every unit compared with the reference; the first difference named, wherever it is', async () => {
    const ok = await checkVariantTable(table, NOWHERE, { need: 'every-value', shipped: reference });
    expect(ok).toMatchObject({ values: 'shipped', shipped: 'data/ref.bin', self: false, units: null, recount: null });
    for (const u of [0, 7, table.count - 1]) {
      const check = checkVariantTable(edited(table, u), NOWHERE, {
        need: 'every-value',
        option: '--identity-from',
        shipped: reference,
      });
      await expect(check).rejects.toThrow(InputError);
      await expect(check).rejects.toThrow(
        new RegExp(
          `^--identity-from .*no-such-table\\.bin: class ${u} is ${table.values[u] + 1} ` +
            `\\(orbit ${table.orbits[u]}\\) ` +
            `there, ${table.values[u]} \\(orbit ${table.orbits[u]}\\) in the shipped data/ref\\.bin: edited`,
        ),
      );
    }
    await expect(
      checkVariantTable({ ...table, digest: '0123456789abcdef' }, NOWHERE, { need: 'as-asked', shipped: reference }),
    ).rejects.toThrow(/digest 0123456789abcdef\), the shipped data\/ref\.bin 16 classes \(solver route, digest/);
  });

  it('no reference, the count affordable: every unit counted again, an edit named', async () => {
    const ok = await checkVariantTable(table, NOWHERE, { need: 'every-value', shipped: null });
    expect(ok.values).toBe('recounted');
    expect(ok.recount).toMatchObject({ units: table.count, of: table.count, whole: true, compared: 'units' });
    expect(ok.units?.digest).toBe(table.digest);
    await expect(checkVariantTable(edited(table, 11), NOWHERE, { need: 'every-value', shipped: null })).rejects.toThrow(
      /recount \(every unit counted again\): unit 11 is \d+ in .*no-such-table\.bin, counted again/,
    );
  });

  it('no reference, keyed: taken as its key holder wrote it (its units listed again)', async () => {
    const keyed = { ...edited(table, 3), keyed: true };
    const ok = await checkVariantTable(keyed, NOWHERE, { need: 'every-value', shipped: null });
    expect(ok).toMatchObject({ values: 'keyed', recount: null });
    expect(ok.units?.count).toBe(table.count);
  });

  it('the repository ships the 9x9 tables: one found and compared by default', async () => {
    const path = join(ROOT, 'data', 'variant-table-3x3+anti-knight.bin');
    const an = parseVariantTable(readFileSync(path), path);
    const self = await checkVariantTable(an, path, { need: 'every-value' });
    expect(self).toMatchObject({ values: 'shipped', shipped: 'data/variant-table-3x3+anti-knight.bin', self: true });
    // the case: a unit of orbit 2 raised by 4 raises N/9! by 8, and the essentially different grids by one
    const u = an.orbits.findIndex((o) => o === 2);
    await expect(checkVariantTable(edited(an, u, 4), NOWHERE, { need: 'every-value' })).rejects.toThrow(
      new RegExp(`class ${u} is ${an.values[u] + 4} \\(orbit 2\\) there, ${an.values[u]} \\(orbit 2\\) in the shipped`),
    );
  });
});
