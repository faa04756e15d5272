/**
 * The configuration classes of data/colsets-classes-RxC.json as the table src/essential/swapTermsByClasses.ts takes
 * (the route itself moved to src/ for essentially-different's band-swap terms; the tests check it against the
 * configuration counter on 3×2 and 4×2 and against data/essential-5x2.json on 5×2). This reader shares no code with
 * src/colsets: the words are read from the classes' printed configurations ("123|124|…", the left column's digits
 * of each stack), bit s of digit d's word set when d is in the right column of stack s.
 */
import { readFileSync } from 'node:fs';
import type { ColumnSetTermTable } from '../../src/essential/swapTermsByClasses.js';

const DIGITS = '123456789ABC';

export function readColumnSetClasses(file: string): ColumnSetTermTable & { readonly bands: bigint } {
  const text = readFileSync(file, 'utf8');
  // exact integers: the bands of a class and the totals pass 2^53, so read the numbers as text
  const json = JSON.parse(text.replace(/:(\d{16,})/g, ':"$1"')) as {
    n: number;
    classes: Array<{ configuration: string; orbit: number; bands: number | string }>;
  };
  const n = json.n,
    R = n / 2;
  const words = new Uint8Array(json.classes.length * n);
  json.classes.forEach((c, k) =>
    c.configuration.split('|').forEach((left, s) => {
      for (let d = 0; d < n; d++) if (!left.includes(DIGITS[d])) words[k * n + d] |= 1 << s;
    }),
  );
  const values = json.classes.map((c) => BigInt(c.bands));
  const orbits = json.classes.map((c) => c.orbit);
  return { rows: R, words, orbits, values, bands: values.reduce((s, v, k) => s + v * BigInt(orbits[k]), 0n) };
}
