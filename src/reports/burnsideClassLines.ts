import type { EssentialClassRow } from '../essential/essentiallyDifferent.js';
import { grouped } from '../grid/grouped.js';

/**
 * The per-class table of a Burnside count (plain or variant), one line a class with fixed grids: class, size,
 * order, representative, the relabelling types τ with grids, F₁(g) (under `fixedLabel`), seconds.
 */
export function burnsideClassLines(rows: readonly EssentialClassRow[], fixedLabel: string): string[] {
  const table: string[][] = [['class', 'size', 'order', 'representative', 'τ', fixedLabel, 'seconds']];
  for (const c of rows) {
    if (c.fixed === 0n) continue;
    const types = c.id === 0 ? c.relabellings : c.terms.filter((t) => t.count > 0).map((t) => t.relabelling);
    table.push([
      String(c.id),
      grouped(c.size),
      String(c.representative.order),
      c.representative.text,
      types.join(' '),
      grouped(c.fixed),
      c.seconds.toFixed(3),
    ]);
  }
  return classTableLines(table);
}

/**
 * A per-class table of a Burnside count, its header first, as lines indented by two: columns 3 and 4 (the
 * representative and the relabelling types) left-aligned, the others right-aligned, each as wide as its widest.
 */
export function classTableLines(table: readonly (readonly string[])[]): string[] {
  const widths = table[0].map((_, j) => Math.max(...table.map((row) => row[j].length)));
  const cell = (v: string, j: number) => (j === 3 || j === 4 ? v.padEnd(widths[j]) : v.padStart(widths[j]));
  return table.map((row) => ('  ' + row.map(cell).join('  ')).trimEnd());
}
