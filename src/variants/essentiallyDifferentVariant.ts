import type { Rules } from '../grid/rules.js';
import type { BoxShape } from '../grid/shape.js';
import { resolveRules } from '../grid/support.js';
import { orbitsOfGrids } from '../essential/orbitsOfGrids.js';
import { rowOneGrids, VARIANT_ESSENTIAL_LIMIT } from './rowOneGrids.js';
import { variantGroup } from './variantGroup.js';

/**
 * Essentially different grids of a variant: orbits of G_V × S_n (the variant's own cell symmetries, and
 * relabelling) on its grids, two ways over the grids with row 1 = 1..n (one per relabelling class; listed by the
 * exact-cover engine, src/variants/rulesExactCover.ts):
 *
 *   Burnside   orbits = (1/|G_V|) Σ_{g ∈ G_V} F(g), F(g) the grids X with row 1 standard for which g·X is a
 *              relabelling of X (g fixes X's relabelling class). This is Burnside's lemma for G_V acting on
 *              relabelling classes, which are in one-to-one correspondence with the orbits' S_n-classes.
 *   direct     the components of a union-find joining X to std(g·X) for every generator g of G_V.
 *
 * The two must agree; Σ over orbits of |G_V|/|Aut| = N/n! holds by construction of the direct route.
 */
export interface VariantEssential {
  readonly rules: string;
  /** |G_V|. */
  readonly groupOrder: number;
  /** |G_V|·n!: the order of the whole group named in the report. */
  readonly fullGroupOrder: bigint;
  /** Generators of G_V used by the direct route. */
  readonly generators: number;
  /** Grids with row 1 = 1..n: N/n!. */
  readonly grids: number;
  /** Σ_g F(g). */
  readonly fixedSum: bigint;
  /** Orbits by Burnside: fixedSum / |G_V|. */
  readonly burnside: bigint;
  /** Orbits by union-find. */
  readonly direct: number;
  /** [|Aut| (in G_V × S_n), orbits with it], by increasing |Aut|. */
  readonly byAutomorphisms: ReadonlyArray<readonly [number, number]>;
  readonly seconds: number;
}

/** Limit on the grids held (row 1 standard). */
export { VARIANT_ESSENTIAL_LIMIT };

/** The library's edge: essentially different grids of a variant on a small shape (n ≤ 6). */
export function essentiallyDifferentVariant(options: {
  box?: BoxShape | string;
  variant: Rules | string | readonly string[];
}): VariantEssential {
  return essentiallyDifferentVariantOf(
    resolveRules('variant-count', options.box, options.variant, 'essentially-different-direct'),
  );
}

export function essentiallyDifferentVariantOf(rules: Rules): VariantEssential {
  const t0 = performance.now();
  const { n, cells: N } = rules;
  const group = variantGroup(rules);
  const { grids: chunks, image } = rowOneGrids(
    rules,
    `rules ${rules.name}: more than ${VARIANT_ESSENTIAL_LIMIT.toLocaleString('en-US')} grids with row 1 fixed, ` +
      'too many to hold for Burnside and the direct orbits (both list every such grid)',
  );
  const count = chunks.length;
  const sigma = new Uint8Array(n + 1);
  // Burnside: g·X is a relabelling of X when one σ sends X(c) to (g·X)(g(c)) = X(c)'s image at every cell
  let fixedSum = 0n;
  for (let e = 0; e < group.order; e++) {
    const map = group.maps.subarray(e * N, (e + 1) * N);
    let fixed = 0;
    for (const X of chunks) {
      sigma.fill(0);
      let ok = true;
      for (let c = 0; c < N && ok; c++) {
        // (g·X)(map[c]) = X(c); relabelling of X: X(map[c]) = σ(X(c))
        const a = X[c],
          b = X[map[c]];
        if (sigma[a] === 0) sigma[a] = b;
        else if (sigma[a] !== b) ok = false;
      }
      if (ok) fixed++;
    }
    fixedSum += BigInt(fixed);
  }
  if (fixedSum % BigInt(group.order) !== 0n)
    throw new Error(`internal: Σ F(g) = ${fixedSum} is not a multiple of |G_V| = ${group.order}`);

  // direct: union-find over the generators
  const maps = group.generators.map((g) => group.grid.cellMap(g));
  const direct = orbitsOfGrids(count, maps.length, (g, i) => image(maps[g], i), group.order, 'G_V');
  return {
    rules: rules.name,
    groupOrder: group.order,
    fullGroupOrder: group.fullOrder,
    generators: group.generators.length,
    grids: count,
    fixedSum,
    burnside: fixedSum / BigInt(group.order),
    direct: direct.orbits,
    byAutomorphisms: direct.byAutomorphisms,
    seconds: (performance.now() - t0) / 1000,
  };
}
