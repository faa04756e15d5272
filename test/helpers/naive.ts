/**
 * Deliberately naive reference computations for small shapes, sharing no code with src/: they exist to
 * check the fast machinery two independent ways.
 */

export interface Shape {
  rows: number;
  cols: number;
  n: number;
}

export function shape(rows: number, cols: number): Shape {
  return { rows, cols, n: rows * cols };
}

function permutationsOf<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  const out: T[][] = [];
  items.forEach((x, i) => {
    for (const rest of permutationsOf([...items.slice(0, i), ...items.slice(i + 1)])) out.push([x, ...rest]);
  });
  return out;
}

/** Is a full band (R rows of n digits, as arrays) valid: rows are permutations, boxes hold every digit? */
export function validBand(s: Shape, rows: number[][]): boolean {
  for (const row of rows) if (new Set(row).size !== s.n) return false;
  for (let b = 0; b < s.rows; b++) {
    const seen = new Set<number>();
    for (const row of rows) for (let c = b * s.cols; c < (b + 1) * s.cols; c++) seen.add(row[c]);
    if (seen.size !== s.n) return false;
  }
  return true;
}

/** Every band with box 1 = 1..n in reading order, as strings "row|row|…", by trying all row permutations. */
export function naiveStandardBands(s: Shape): string[] {
  const { rows: R, cols: C, n } = s;
  const out: string[] = [];
  const rowChoices: number[][][] = [];
  for (let r = 0; r < R; r++) {
    const head = Array.from({ length: C }, (_, c) => r * C + c + 1);
    const rest = Array.from({ length: n }, (_, i) => i + 1).filter((d) => !head.includes(d));
    rowChoices.push(permutationsOf(rest).map((p) => [...head, ...p]));
  }
  const rec = (r: number, acc: number[][]): void => {
    if (r === R) {
      if (validBand(s, acc)) out.push(acc.map((x) => x.join('')).join('|'));
      return;
    }
    for (const row of rowChoices[r]) {
      // prune: each box so far must have distinct digits
      const next = [...acc, row];
      let ok = true;
      for (let b = 0; b < R && ok; b++) {
        const seen = new Set<number>();
        for (const rr of next) for (let c = b * C; c < (b + 1) * C; c++) seen.add(rr[c]);
        if (seen.size !== next.length * C) ok = false;
      }
      if (ok) rec(r + 1, next);
    }
  };
  rec(0, []);
  return out;
}

/** All elements of the band group as functions on bands (arrays of rows), with relabelling to box 1 = 1..n. */
export function naiveGroup(s: Shape): Array<(rows: number[][]) => number[][]> {
  const { rows: R, cols: C } = s;
  const idx = (k: number) => Array.from({ length: k }, (_, i) => i);
  const rowPerms = permutationsOf(idx(R));
  const colPerms = permutationsOf(idx(C));
  const colTuples: number[][][] = [[]];
  for (let k = 0; k < R; k++) {
    const next: number[][][] = [];
    for (const t of colTuples) for (const p of colPerms) next.push([...t, p]);
    colTuples.splice(0, colTuples.length, ...next);
  }
  const out: Array<(rows: number[][]) => number[][]> = [];
  for (const rp of rowPerms)
    for (const bp of rowPerms)
      for (const cp of colTuples) {
        out.push((band) => {
          const moved = rp.map((r) => {
            const row: number[] = [];
            for (let k = 0; k < R; k++) for (let c = 0; c < C; c++) row.push(band[r][bp[k] * C + cp[k][c]]);
            return row;
          });
          const relabel = new Map<number, number>();
          for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) relabel.set(moved[r][c], r * C + c + 1);
          return moved.map((row) => row.map((d) => relabel.get(d)!));
        });
      }
  return out;
}

export function parseRows(band: string): number[][] {
  return band.split('|').map((row) => [...row].map((ch) => parseInt(ch, 36)));
}

export function showRows(rows: number[][]): string {
  return rows.map((r) => r.map((d) => d.toString(36).toUpperCase()).join('')).join('|');
}

/**
 * Orbits of the standard bands under the group: canonical form = smallest image string. Returns orbit sizes by
 * canonical form.
 */
export function naiveOrbits(s: Shape, bands: string[]): Map<string, number> {
  const group = naiveGroup(s);
  const orbits = new Map<string, number>();
  for (const b of bands) {
    const rows = parseRows(b);
    let best = b;
    for (const g of group) {
      const img = showRows(g(rows));
      if (img < best) best = img;
    }
    orbits.set(best, (orbits.get(best) ?? 0) + 1);
  }
  return orbits;
}

/** Independent check of a full grid (array of n² digits). */
export function isValidGrid(s: Shape, cells: ArrayLike<number>): boolean {
  const { rows: R, cols: C, n } = s;
  for (let u = 0; u < n; u++) {
    const row = new Set<number>(),
      col = new Set<number>(),
      box = new Set<number>();
    for (let i = 0; i < n; i++) {
      row.add(cells[u * n + i]);
      col.add(cells[i * n + u]);
      const br = Math.floor(u / R) * R,
        bc = (u % R) * C;
      box.add(cells[(br + Math.floor(i / C)) * n + bc + (i % C)]);
    }
    for (const set of [row, col, box]) {
      if (set.size !== n) return false;
      for (const d of set) if (d < 1 || d > n) return false;
    }
  }
  return true;
}

/** A small seeded generator for tests (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
