import { describeElement } from '../essential/describeElement.js';
import { grouped } from '../grid/grouped.js';
import type { Rules } from '../grid/rules.js';
import { variantGroup } from '../variants/variantGroup.js';

/** What `essentially-different --variant V --group` says of G_V: its orders and its generators in words. */
export interface VariantGroupDoc {
  readonly rules: string;
  readonly groupOrder: number;
  readonly fullGroupOrder: bigint;
  readonly gridGroupOrder: number;
  readonly generators: readonly string[];
}

/** The variant's own symmetry group G_V, described; `transposable`: its line moves include the transposition. */
export function variantGroupDoc(rules: Rules): { readonly doc: VariantGroupDoc; readonly transposable: boolean } {
  const g = variantGroup(rules);
  const generators = g.generators.map((x) => describeElement(g.grid, x).text);
  const doc = {
    rules: rules.name,
    groupOrder: g.order,
    fullGroupOrder: g.fullOrder,
    gridGroupOrder: g.grid.order,
    generators,
  };
  return { doc, transposable: g.grid.transposable };
}

/** G_V in words. */
export function variantGroupText(rules: Rules, d: VariantGroupDoc, transposable: boolean): string {
  return (
    [
      `The symmetry group of ${rules.name}: G_V × S_${rules.n}`,
      `  G_V: the ${grouped(d.groupOrder)} of the ${grouped(d.gridGroupOrder)} line moves (rows/columns in ` +
        `bands/stacks, bands, stacks${transposable ? ', transposition' : ''}) that keep every house and pair`,
      `  with relabelling: ${grouped(d.groupOrder)} × ${rules.n}! = ${grouped(d.fullGroupOrder)}`,
      `  generators of G_V (${d.generators.length}):`,
      ...d.generators.map((t) => `    ${t}`),
    ].join('\n') + '\n'
  );
}
