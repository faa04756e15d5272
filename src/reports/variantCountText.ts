import { grouped } from '../grid/grouped.js';
import type { VariantCount } from '../variants/countVariantGrids.js';
import { seconds as s, stageTable } from './stageTable.js';

/** count --variant: the stages of the top-block route (or of the edge-table route, edgeTableText). */
export function variantCountText(r: VariantCount): string {
  if (r.route === 'edge-table') return edgeTableText(r);
  const rowsText = r.topRows === 1 ? 'row 1' : `rows 1–${r.topRows}`;
  const rows: Array<[string, string, string]> = [
    [
      'variant symmetry group G_V (line moves keeping every house and pair)',
      grouped(r.groupOrder),
      `× ${r.n}! relabellings = ${grouped(r.fullGroupOrder)}`,
    ],
    [`top blocks (${rowsText}, row 1 = 1..${r.n})`, grouped(r.blocks), ''],
    [
      `classes (the ${r.stabilizerOrder} elements of G_V keeping the block; relabel)`,
      grouped(r.classes),
      `${s(r.seconds.classes)}   Σ m_C = ${grouped(r.classSizeSum)} = blocks ✓`,
    ],
    ...(r.route === 'band-pair'
      ? ([
          [
            `column-set keys (column sets, house digits; renaming, ${r.columnMoves ?? 1} column moves)`,
            grouped(r.keys ?? 0),
            s(r.seconds.keys ?? 0),
          ],
          ['completions per key (band-pair column-set sum)', grouped(r.keys ?? 0), s(r.seconds.completions)],
        ] as Array<[string, string, string]>)
      : ([['completions n_C per class (generic counter)', grouped(r.classes), s(r.seconds.completions)]] as Array<
          [string, string, string]
        >)),
    ['grids with row 1 fixed: Σ m_C·n_C', grouped(r.totalWithFixedRow), ''],
  ];
  if (r.exhaustive !== undefined) {
    const what = r.exhaustiveRoute === 'all' ? 'every grid' : `every grid with row 1 = 1..${r.n}, × ${r.n}!`;
    rows.push([
      `exhaustive route (exact cover, ${what})`,
      grouped(r.exhaustive),
      `${s(r.seconds.exhaustive ?? 0)}   ${r.exhaustive === r.total ? '= N ✓' : '≠ N ✗'}`,
    ]);
  }
  const out = [`Counting ${r.n}×${r.n} grids with ${r.box} boxes under ${r.variants.join(' + ')} (${r.rules})`];
  out.push(...stageTable(rows));
  out.push(`  total time ${s(r.seconds.total)}`);
  out.push(`N = ${r.n}! · Σ m_C·n_C = ${grouped(r.total)}`);
  return out.join('\n');
}

/** count --variant anti-king on 9×9: the edge-table route's stages (src/variants/countAntiKingEdge.ts). */
function edgeTableText(r: VariantCount): string {
  const R = r.topRows;
  const t = r.edgeTable ?? { entries: 0, parts: 0, built: false, bands: 0, max: 0 };
  const rows: Array<[string, string, string]> = [
    [
      'variant symmetry group G_V (line moves keeping every house and pair)',
      grouped(r.groupOrder),
      `× ${r.n}! relabellings = ${grouped(r.fullGroupOrder)}`,
    ],
    [`middle bands (rows ${R + 1}–${2 * R}, row ${R + 1} = 1..${r.n})`, grouped(r.blocks), ''],
    [
      `classes (reversing columns, rows, both; relabel)`,
      grouped(r.classes),
      `${s(r.seconds.classes)}   Σ orbit sizes = ${grouped(r.classSizeSum)} = bands ✓`,
    ],
    t.built
      ? [
          `edge table U: edge bands by column sets (${t.parts}^${R} entries, largest ${t.max})`,
          grouped(t.bands),
          s(r.seconds.table ?? 0),
        ]
      : ['edge table U: not built (the checkpoint holds every class)', '–', ''],
    ['n(B) per class: Σ_K U[K]·U[π(K̄)]', grouped(r.classes), s(r.seconds.completions)],
    [`grids with row ${R + 1} fixed: Σ size·n(B)`, grouped(r.totalWithFixedRow), ''],
  ];
  const out = [
    `Counting ${r.n}×${r.n} grids with ${r.box} boxes under ${r.variants.join(' + ')} (${r.rules}), ` +
      'edge-table route (docs/variant-counts.md)',
  ];
  out.push(...stageTable(rows));
  out.push(`  total time ${s(r.seconds.total)}`);
  out.push(`N = ${r.n}! · Σ size·n(B) = ${grouped(r.total)}`);
  return out.join('\n');
}
