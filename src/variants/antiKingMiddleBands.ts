/**
 * The middle bands of the anti-king three-band route (docs/variant-counts.md, "9×9 anti-king: the edge table"), for
 * a box shape R×3: every band of R rows × n columns (n = 3R) whose first row is 1 2 … n, rows permutations, boxes
 * holding 1..n, columns without repeats, anti-king inside the band; up to the two moves that keep a middle band a
 * middle band, each followed by the relabelling that makes its first row 1..n again:
 *   - reversing the columns (the grid's columns reversed; digit d becomes n+1−d),
 *   - reversing the rows (the whole grid upside down: band 1 and band 3 trade places; the last row becomes the first,
 *     relabelled to 1..n).
 * Both keep the rules, so n(B) is the same across an orbit. A band is kept when it is the least of its (at most 4)
 * images, rows compared as numbers in turn, with weight = the orbit's size.
 *
 *   bands    the representatives, R·n digits each, back to back (row 0 = 1..n)
 *   weights  orbit sizes (1, 2 or 4); Σ weights = all
 *   all      every middle band with first row 1..n
 */
export interface AntiKingMiddleBands {
  readonly R: number;
  readonly n: number;
  readonly bands: Uint8Array;
  readonly weights: Uint8Array;
  readonly all: number;
}

export function antiKingMiddleBands(R: number): AntiKingMiddleBands {
  const n = 3 * R;
  const L = R * n;
  const g = new Uint8Array(L);
  for (let c = 0; c < n; c++) g[c] = c + 1;
  const rowUsed = new Int32Array(R);
  const boxUsed = new Int32Array(R);
  const colUsed = new Int32Array(n);
  for (let c = 0; c < n; c++) {
    rowUsed[0] |= 1 << (c + 1);
    boxUsed[Math.floor(c / 3)] |= 1 << (c + 1);
    colUsed[c] = 1 << (c + 1);
  }
  const kept: number[] = [];
  const weights: number[] = [];
  let all = 0;
  const images = [new Uint8Array(L), new Uint8Array(L), new Uint8Array(L)];
  const relabel = new Uint8Array(n + 1);
  /** a < b, rows 1..R−1 compared in turn (row 0 is 1..n in both). */
  const compare = (a: Uint8Array, b: Uint8Array): number => {
    for (let i = n; i < L; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return 0;
  };
  const visit = (): void => {
    all++;
    // columns reversed, digits d → n+1−d
    const [cr, rr, both] = images;
    for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) cr[r * n + c] = n + 1 - g[r * n + (n - 1 - c)];
    // rows reversed, then relabelled so the new first row (the old last) is 1..n
    const flip = (src: Uint8Array, out: Uint8Array): void => {
      for (let c = 0; c < n; c++) relabel[src[(R - 1) * n + c]] = c + 1;
      for (let r = 0; r < R; r++) for (let c = 0; c < n; c++) out[r * n + c] = relabel[src[(R - 1 - r) * n + c]];
    };
    flip(g, rr);
    flip(cr, both);
    let size = 1;
    for (let i = 0; i < 3; i++) {
      const cmp = compare(images[i], g);
      if (cmp < 0) return;
      let seen = cmp === 0;
      for (let k = 0; k < i && !seen; k++) if (compare(images[k], images[i]) === 0) seen = true;
      if (!seen) size++;
    }
    for (let i = 0; i < L; i++) kept.push(g[i]);
    weights.push(size);
  };
  const fill = (i: number): void => {
    if (i === L) {
      visit();
      return;
    }
    const r = Math.floor(i / n);
    const c = i % n;
    const b = Math.floor(c / 3);
    let banned = rowUsed[r] | boxUsed[b] | colUsed[c];
    if (c > 0) banned |= 1 << g[i - n - 1];
    if (c < n - 1) banned |= 1 << g[i - n + 1];
    for (let d = 1; d <= n; d++) {
      const bit = 1 << d;
      if (banned & bit) continue;
      g[i] = d;
      rowUsed[r] |= bit;
      boxUsed[b] |= bit;
      colUsed[c] |= bit;
      fill(i + 1);
      rowUsed[r] &= ~bit;
      boxUsed[b] &= ~bit;
      colUsed[c] &= ~bit;
    }
    g[i] = 0;
  };
  fill(n);
  return { R, n, bands: Uint8Array.from(kept), weights: Uint8Array.from(weights), all };
}
