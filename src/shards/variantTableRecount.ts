import { resolveRules } from '../grid/support.js';
import { bandText, countAntiKingEdge } from '../variants/countAntiKingEdge.js';
import type { VariantTable, VariantUnits } from '../variants/variantTable.js';
import type { ClassSum } from '../classSum/classSum.js';
import { variantClassSum } from '../classSum/variantClassSum.js';

/**
 * How `classes --verify --recount K` counts a variant table's units again (src/shards/recountUnits.ts), unit by unit
 * as the table holds them (`units`: the list verifyVariantTable found again):
 *
 *   solver, band-pair   as a sharded count counts a class (src/classSum/variantClassSum.ts), a unit by the first of its
 *                       top-block classes (a key of the band-pair route stands for classes that share one n_C)
 *   edge-table          9×9 anti-king's middle-band classes by the edge-table count itself (countAntiKingEdge), every
 *                       other class taken as the table has it: the edge table U is built (~10 CPU s), and only the
 *                       classes drawn are joined
 */
export function variantTableRecounter(table: VariantTable, units: VariantUnits): Pick<ClassSum, 'countUnits'> {
  if (units.route === 'edge-table') {
    const rules = resolveRules('variant-count', table.box, table.variants, 'shards');
    const { k: R, representatives: bands } = units.top;
    const L = R * rules.n;
    return {
      countUnits: async (ids, _payload, options) => {
        const drawn = new Set(ids);
        const resume = [];
        for (let id = 0; id < units.count; id++)
          if (!drawn.has(id))
            resume.push({
              id,
              block: bandText(bands.subarray(id * L, (id + 1) * L), R, rules.n),
              completions: table.values[id],
            });
        await countAntiKingEdge(rules, {
          workers: options.workers,
          resume,
          ...(options.signal ? { signal: options.signal } : {}),
          onClassDone: (row) => options.onUnitDone(row.id, BigInt(row.completions)),
        });
        return { facts: {}, setupSeconds: 0 };
      },
    };
  }
  const first = new Int32Array(units.count).fill(-1);
  for (let c = units.unitOf.length - 1; c >= 0; c--) first[units.unitOf[c]] = c;
  const count = variantClassSum(table.rules);
  return {
    countUnits: (ids, payload, options) =>
      count.countUnits(
        ids.map((u) => first[u]),
        payload,
        { ...options, onUnitDone: (c, v) => options.onUnitDone(units.unitOf[c], v) },
      ),
  };
}
