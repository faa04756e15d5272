import type { AutomorphismCensus } from '../essential/automorphismCensus.js';
import type { EssentiallyDifferent } from '../essential/essentiallyDifferent.js';
import type { GridOrbits } from '../essential/gridOrbits.js';
import { grouped } from '../grid/grouped.js';
import type { VariantBurnside } from '../variants/variantBurnside.js';
import type { VariantEssential } from '../variants/essentiallyDifferentVariant.js';
import { burnsideClassLines } from './burnsideClassLines.js';
import { seconds as s } from './stageTable.js';

/** "in 2 workers"; a merge's seconds are the shards' own, summed. */
const workersWords = (w: number | null): string =>
  w === null ? 'summed over the shards' : `in ${w} worker${w > 1 ? 's' : ''}`;

/** The direct route alone (jigsaw rules on n ≤ 6, whose regions replace the boxes the tied search knows). */
export function variantEssentialText(r: VariantEssential): string {
  const out = [
    `Essentially different grids of ${r.rules}, by Burnside's lemma over the variant's own group`,
    `  group: G_V × S_n, G_V the line moves (rows/columns in bands/stacks, bands, stacks, transposition) that keep ` +
      `every house and pair; |G_V| = ${grouped(r.groupOrder)} (${r.generators} generators), order with ` +
      `relabelling ${grouped(r.fullGroupOrder)}`,
    `  grids with row 1 = 1..n (exact cover): ${grouped(r.grids)}`,
    `  Σ over g in G_V of the grids whose relabelling class g fixes: ${grouped(r.fixedSum)} = ` +
      `${grouped(r.groupOrder)} × ${grouped(r.burnside)}`,
    `  direct route (union-find over the generators): ${grouped(r.direct)} orbits ` +
      (BigInt(r.direct) === r.burnside ? '= Burnside ✓' : '≠ Burnside ✗'),
    '  by automorphism group order (in G_V × S_n):',
    '    |Aut|  grids',
    ...r.byAutomorphisms.map(([a, k]) => `    ${String(a).padStart(5)}  ${grouped(k)}`),
    `  time ${r.seconds.toFixed(3)} s`,
    `Essentially different grids: ${grouped(r.burnside)}`,
  ];
  return out.join('\n');
}

export function variantBurnsideText(r: VariantBurnside, direct?: VariantEssential): string {
  const out = [
    `Essentially different grids of ${r.rules}, by Burnside's lemma over the variant's own group`,
    `  group G_V × S_${r.n}: G_V the ${grouped(r.groupOrder)} line moves (rows/columns in bands/stacks, bands, ` +
      `stacks, transposition) that keep every house and pair; order with relabelling ${grouped(r.fullGroupOrder)}`,
    `  generators of G_V (${r.generators.length}): ${r.generators.join('; ')}`,
    `  ${r.classes} conjugacy classes of G_V: ${r.nonZeroClasses} with fixed grids, ${r.zeroByLemma} zero by the ` +
      `unit lemma, ${r.zeroBySearch} zero by search`,
    ...burnsideClassLines(r.classRows, `fixed (row 1 = 1..${r.n})`),
    `  identity's term N/${r.n}! = ${grouped(r.identity)}: ${r.identitySource}`,
    `  Σ size·fixed = ${grouped(r.burnsideSum)} = ${grouped(r.groupOrder)} × ${grouped(r.total)}`,
  ];
  if (direct) {
    out.push(
      `  second route: every grid listed; Burnside element by element ${grouped(direct.burnside)}, ` +
        `orbits by union-find ${grouped(direct.direct)} ` +
        (direct.burnside === r.total && BigInt(direct.direct) === r.total ? '= Burnside ✓' : '≠ Burnside ✗'),
      '  by automorphism group order (in G_V × S_n):',
      '    |Aut|  grids',
      ...direct.byAutomorphisms.map(([a, k]) => `    ${String(a).padStart(5)}  ${grouped(k)}`),
    );
  }
  out.push(
    `  time: classes ${s(r.seconds.classes)}, other terms ${s(r.seconds.fixed)} in ${r.workers} worker` +
      `${r.workers > 1 ? 's' : ''}, total ${s(r.seconds.total)}` +
      (r.seconds.identity > 0 ? ` (+ identity ${s(r.seconds.identity)})` : ''),
    `Essentially different grids: ${grouped(r.total)}`,
  );
  return out.join('\n');
}

/** `essentially-different`: Burnside's sum over the conjugacy classes, with the census and the direct route if run. */
export function essentiallyDifferentText(
  r: EssentiallyDifferent,
  census?: AutomorphismCensus,
  direct?: GridOrbits,
): string {
  const s = (x: number) => x.toFixed(3);
  const out = [
    `Essentially different ${r.n}×${r.n} Sudoku grids with ${r.box} boxes, by Burnside's lemma`,
    `  group G: ${grouped(r.groupOrder)} elements, ${r.classes} conjugacy classes; ` +
      `${r.nonZeroClasses} with fixed grids, ${r.zeroByLemma} zero by the unit lemma, ` +
      `${r.zeroBySearch} zero by search`,
    ...burnsideClassLines(r.classRows, 'fixed (box 1 standard)'),
    `  Σ size·fixed = ${grouped(r.burnsideSum)} = ${grouped(r.groupOrder)} × ${grouped(r.total)}`,
    `  time: classes ${s(r.seconds.classes)} s, identity (${r.method === 'bands' ? 'band method' : 'column sets'}) ` +
      `${s(r.seconds.identity)} s, ` +
      `other terms ${s(r.seconds.fixed)} s ${workersWords(r.workers)}, ` +
      `total ${s(r.seconds.total)} s`,
  ];
  if (direct) {
    out.push(
      `  direct route: ${grouped(direct.grids)} grids with box 1 standard (exact cover), ` +
        `${grouped(direct.orbits)} orbits = Burnside ✓`,
    );
  }
  const byAut = census?.byOrder ?? direct?.byAutomorphisms;
  if (byAut) {
    out.push(
      '  by automorphism group order (' +
        (census ? `census of fixed grids, ${census.seconds.toFixed(3)} s; ` : '') +
        `Σ |G|/|Aut| = N/${r.n}! ✓):`,
    );
    out.push('    |Aut|  grids');
    for (const [a, k] of byAut) out.push(`    ${String(a).padStart(5)}  ${grouped(k)}`);
    if (census) out.push(`    non-trivial: ${grouped(census.nonTrivial)}`);
  }
  out.push(`Essentially different grids: ${grouped(r.total)}`);
  return out.join('\n') + '\n';
}

/**
 * `essentially-different --box 6x2` (2x6) while the column-set table is partial: what is missing, how many terms it
 * holds, and what was counted and kept (`kept`: the checkpoint) or can be.
 */
export function burnsideMissingLine(
  box: string,
  n: number,
  missing: string,
  fromTable: number,
  counted: number,
  kept: string | null,
): string {
  return (
    `essentially-different --box ${box} gives no total: its identity's term N/${n}! is missing: ${missing}, and ` +
    `with it the ${fromTable} band-swap terms with h the identity; ` +
    (kept !== null
      ? `the other ${grouped(counted)} terms are counted and kept in ${kept}`
      : `--checkpoint FILE counts and keeps the other ${grouped(counted)} terms`) +
    ' (docs/essentially-different.md, "6x2 and 2x6"); --classes gives the classes and the unit lemma\'s zeros'
  );
}

/**
 * The refusal of a Burnside count that only a checkpoint or shards can afford (6×2, 2×6 once the certificate is
 * whole): its terms, their declared CPU-hours and the two ways to run them.
 */
export function burnsideDearLine(box: string, counted: number, hours: number): string {
  return (
    `essentially-different --box ${box} counts ${grouped(counted)} terms in about ${hours.toFixed(1)} CPU-hours ` +
    `(declared): give --checkpoint FILE (resumable; Ctrl-C keeps what is counted), or run them as shards: ` +
    `--plan FILE --shards K, then count --plan FILE --shard I --out R/ and count --merge R/ --plan FILE ` +
    `(docs/essentially-different.md, "6x2 and 2x6"; the committed plan and results: data/essential-6x2/)`
  );
}
