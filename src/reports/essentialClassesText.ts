import type { EssentialClasses } from '../essential/essentialClasses.js';
import { grouped } from '../grid/grouped.js';

/**
 * `essentially-different --classes` as text: the figures, then one line per class the unit lemma leaves (its size,
 * representative and the cycle types of τ, one term each); the zero classes are counted, not listed (--json has
 * every class with its witness).
 */
export function essentialClassesText(r: EssentialClasses): string {
  const out = [
    `Conjugacy classes of G for ${r.box} boxes (${r.n}×${r.n} grids), no term counted`,
    `  |G| = ${grouped(r.groupOrder)}: ${grouped(r.classes)} classes, sizes adding up to ${grouped(r.sizeSum)}` +
      (r.sizeSum === r.groupOrder ? ' = |G| ✓' : ' ≠ |G| ✗'),
    `  zero by the unit lemma: ${grouped(r.zeroByLemma)} classes`,
    `  left: the identity (N/${r.n}!) and ${grouped(r.otherClasses)} classes with ${grouped(r.terms)} terms ` +
      '(class, cycle type of τ):',
  ];
  const table = [['class', 'size', 'representative', 'τ']];
  for (const c of r.classRows)
    if (c.id > 0 && c.relabellings.length > 0)
      table.push([String(c.id), grouped(c.size), c.representative.text, c.relabellings.join(' ')]);
  const widths = table[0].map((_, j) => Math.max(...table.map((row) => row[j].length)));
  for (const row of table)
    out.push(('    ' + row.map((v, j) => (j < 2 ? v.padStart(widths[j]) : v.padEnd(widths[j]))).join('  ')).trimEnd());
  out.push(`  time ${r.seconds.toFixed(3)} s`);
  return out.join('\n') + '\n';
}
