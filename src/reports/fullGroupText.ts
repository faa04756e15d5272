import { grouped } from '../grid/grouped.js';
import type { FullGroupBurnside } from '../variants/fullGroupBurnside.js';
import type { FullGroupOrbits } from '../variants/fullGroupOrbits.js';
import type { VariantBurnside } from '../variants/variantBurnside.js';
import { classTableLines } from './burnsideClassLines.js';

/**
 * `essentially-different --variant V --full-group`: Burnside under G_V and under Γ_V (the cell pairs, implied
 * houses, generators and the per-class table of Γ_V), with the direct route where it ran (n ≤ 6).
 */
export function fullGroupText(variant: VariantBurnside, full: FullGroupBurnside, direct?: FullGroupOrbits): string {
  const p = full.pairs;
  const same = full.groupOrder === full.variantGroupOrder;
  const out = [
    `Essentially different grids of ${full.rules} under two groups (each with relabelling)`,
    `  G_V: the ${grouped(variant.groupOrder)} elements of the Sudoku group G that keep every house and pair`,
    `  Γ_V: every row/column permutation and transposition that maps the grids onto themselves: ` +
      `${grouped(full.groupOrder)} elements, ${grouped(full.orderInG)} of them in G` +
      (same ? ' (Γ_V = G_V)' : ''),
    `    cell pairs in ${grouped(p.orbits)} orbits of G_V: ${grouped(p.explicit)} share a house or pair, ` +
      `${grouped(p.implied)} more share an implied house, ` +
      `${grouped(p.solver)} more shown distinct by exhaustive search, ` +
      `${grouped(p.witnessed)} equal in some grid (${p.witnessGrids} witness grids), ` +
      `${grouped(p.undecided)} undecided` +
      (full.proved ? '' : ': Γ_V is a subgroup of the full group, not proved to be all of it'),
    ...full.impliedHouses.map((h, i) => `    implied house ${i + 1}: ${h.cells} = ${h.combination}`),
    `    generators (${full.generators.length}): ${full.generators.join('; ')}`,
    `  ${full.classes} conjugacy classes of Γ_V: ${full.nonZeroClasses} with fixed grids, ` +
      `${full.zeroByLemma} zero by the unit lemma, ${full.zeroBySearch} zero by search`,
    ...classTableLines([
      ['class', 'size', 'in G', 'representative', 'τ', `fixed (row 1 = 1..${full.n})`, 'seconds'],
      ...full.classRows
        .filter((c) => c.fixed > 0n)
        .map((c) => [
          String(c.id),
          grouped(c.size),
          c.inG ? 'yes' : 'no',
          c.representative,
          c.relabellings.join(' '),
          grouped(c.fixed),
          c.seconds.toFixed(3),
        ]),
    ]),
    `  identity's term N/${full.n}! = ${grouped(full.identity)}: ${full.identitySource}`,
    `  Σ size·fixed = ${grouped(full.burnsideSum)} = ${grouped(full.groupOrder)} × ${grouped(full.total)}`,
    `  time: group ${full.seconds.group.toFixed(3)} s, classes ${full.seconds.classes.toFixed(3)} s, ` +
      `terms ${full.seconds.fixed.toFixed(3)} s in ${full.workers} worker${full.workers > 1 ? 's' : ''}`,
  ];
  if (direct)
    out.push(
      `  direct route: ${grouped(direct.grids)} grids with row 1 fixed, ` +
        `${grouped(direct.orbits)} orbits of Γ_V = Burnside ✓`,
    );
  out.push(
    `Essentially different grids under G_V (order ${grouped(variant.groupOrder)}): ${grouped(variant.total)}`,
    `Essentially different grids under Γ_V (order ${grouped(full.groupOrder)}): ${grouped(full.total)}`,
  );
  return out.join('\n') + '\n';
}
