import { InputError } from '../grid/shape.js';

/**
 * A jigsaw's regions from a file: n lines of n cells, each cell one letter or digit naming its region (lines with
 * whitespace hold one token per cell instead, e.g. "1 1 2 10 …" for n ≥ 10). Blank lines and lines starting with
 * '#' are skipped. Regions are numbered 0..n−1 in order of first appearance. Refuses, naming the line: a line of
 * the wrong length, a cell in no region ('.'), more than n region names, a region of the wrong size, and a file
 * of the wrong number of lines.
 *
 *   AAABBBCCC
 *   AAABBBCCC      (3x3 boxes, as a jigsaw)
 *   …
 */
export function parseJigsaw(text: string, n: number, name: string): number[] {
  const regions: number[] = [];
  const ids = new Map<string, number>();
  const firstLine = new Map<number, number>();
  let rows = 0;
  const lines = text.split(/\r?\n/);
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k].trim();
    if (line === '' || line.startsWith('#')) continue;
    const where = `${name} line ${k + 1}`;
    if (++rows > n) throw new InputError(`${where}: more than ${n} lines of regions (a grid of side ${n})`);
    const tokens = /\s/.test(line) ? line.split(/\s+/) : [...line];
    if (tokens.length !== n) throw new InputError(`${where}: ${tokens.length} cells, a row has ${n}`);
    tokens.forEach((t, c) => {
      if (t === '.') throw new InputError(`${where}: cell r${rows}c${c + 1} is in no region ('.')`);
      let id = ids.get(t);
      if (id === undefined) {
        if (ids.size === n)
          throw new InputError(`${where}: region '${t}' is region ${n + 1}, a grid of side ${n} has ${n}`);
        id = ids.size;
        ids.set(t, id);
        firstLine.set(id, k + 1);
      }
      regions.push(id);
    });
  }
  if (rows < n) throw new InputError(`${name}: ${rows} lines of regions, a grid of side ${n} needs ${n}`);
  if (ids.size < n) throw new InputError(`${name}: ${ids.size} regions, a grid of side ${n} needs ${n}`);
  const size = new Int32Array(n);
  for (const r of regions) size[r]++;
  for (const [t, id] of ids)
    if (size[id] !== n)
      throw new InputError(`${name} line ${firstLine.get(id)}: region '${t}' has ${size[id]} cells, not ${n}`);
  return regions;
}
