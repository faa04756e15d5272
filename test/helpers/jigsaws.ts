/**
 * 9×9 jigsaw layouts the tests share, one string a row, a letter a region.
 *   BOXES_AS_REGIONS  the nine 3×3 boxes written as regions (a jigsaw that must behave as plain Sudoku)
 *   SKEWED_REGIONS    regions B, E and F bent out of their boxes: a half-turn and the transpose do not keep them
 */
export const BOXES_AS_REGIONS: readonly string[] = [
  'AAABBBCCC',
  'AAABBBCCC',
  'AAABBBCCC',
  'DDDEEEFFF',
  'DDDEEEFFF',
  'DDDEEEFFF',
  'GGGHHHIII',
  'GGGHHHIII',
  'GGGHHHIII',
];

export const SKEWED_REGIONS: readonly string[] = [
  'AAABBBCCC',
  'AAABBACCC',
  'AABBBBCCC',
  'DDDEEEFFF',
  'DDDEEEFFE',
  'DDDEEFFFF',
  'GGGHHHIII',
  'GGGHHHIII',
  'GGGHHHIII',
];

/**
 * A random jigsaw layout (regions as numbers 0..n−1, one per cell in reading order): the boxes of R×C, then
 * `swaps` exchanges of two cells between neighbouring regions, each kept only when both regions stay connected.
 * Such layouts may have no grid at all.
 */
export function randomJigsaw(R: number, C: number, swaps: number, next: () => number): number[] {
  const n = R * C,
    N = n * n;
  const rnd = (k: number) => (next() >>> 0) % k;
  const steps: ReadonlyArray<readonly [number, number]> = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ];
  const neighbours = (c: number): number[] => {
    const y = Math.floor(c / n),
      x = c % n;
    return steps
      .filter(([dy, dx]) => y + dy >= 0 && y + dy < n && x + dx >= 0 && x + dx < n)
      .map(([dy, dx]) => (y + dy) * n + x + dx);
  };
  const connected = (reg: number[], r: number): boolean => {
    const cells = reg.flatMap((v, c) => (v === r ? [c] : []));
    const seen = new Set([cells[0]]);
    const stack = [cells[0]];
    while (stack.length > 0)
      for (const q of neighbours(stack.pop() as number))
        if (reg[q] === r && !seen.has(q)) {
          seen.add(q);
          stack.push(q);
        }
    return seen.size === cells.length;
  };
  const reg = Array.from({ length: N }, (_, c) => Math.floor(c / n / R) * R + Math.floor((c % n) / C));
  for (let done = 0; done < swaps;) {
    const a = rnd(N);
    const near = neighbours(a).filter((q) => reg[q] !== reg[a]);
    if (near.length === 0) continue;
    const A = reg[a],
      B = reg[near[rnd(near.length)]];
    // a cell of B (not a's neighbour in B) touching A goes to A in exchange
    const back = reg.flatMap((v, c) => (v === B && neighbours(c).some((q) => q !== a && reg[q] === A) ? [c] : []));
    if (back.length === 0) continue;
    const b = back[rnd(back.length)];
    reg[a] = B;
    reg[b] = A;
    if (connected(reg, A) && connected(reg, B)) done++;
    else [reg[a], reg[b]] = [A, B];
  }
  return reg;
}
