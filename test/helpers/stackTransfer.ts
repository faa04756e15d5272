/**
 * F of a band configuration by a transfer over the boxes (stacks), the route by digits (issue 25, 6×2 research).
 *
 * A band of R×2 boxes with configuration words v_d (bit k of v_d: digit d is in the right column of box k, see
 * configurationGraph) is filled when every digit d gets a row in every box k — a bijection π_d: boxes → rows (d is
 * once in each row of the band) — such that in each box the left-column digits (bit k = 0, "A") take distinct rows
 * and the right-column digits ("C") take distinct rows. F = the number of such families (π_d), = C_R(graph).
 *
 * The transfer walks the boxes k = 0 … R−1, each in two half-steps (its A digits, then its C digits). The state is
 * the set of rows each digit has used so far (R bits a digit). The count of completions of a state depends only on
 *   - the state up to a permutation of the rows (the constraints do not name rows: S_R), and
 *   - the digits up to swapping two with the same remaining signature (their bits for the boxes still to come),
 * so states are kept in a canonical form under S_R × (permutations within signature classes): the least list of
 * sorted row masks (bit i of a row: the i-th digit, class by class, has used it) over the digit orders within the
 * classes when they are few, else over the row permutations (masks sorted within each class). Each canonical state
 * carries the number of partial fillings that reach it (BigInt). After the last box one state is left, every mask
 * full: its weight is F.
 *
 *   2×2 band, after box 0: rows {d0, d1} and {d2, d3} (one left and one right digit each), classes by v_d >> 1
 *
 * The result reports the canonical states after every half-step (the measure of the route's cost) and the
 * transitions walked; `maxHalfSteps` stops early and looks one box ahead. Exact for any R ≤ 6; on 6×2 the states of
 * the middle boxes (10⁷–10⁸) make it too dear to count every class (docs/sharding.md, "6x2: where it stands").
 */
export interface StackTransferResult {
  readonly F: bigint;
  /** Canonical states after each half-step: 2R entries (box k's A digits, then its C digits). */
  readonly states: readonly number[];
  /** Transitions walked (partial fillings of one half-step from one canonical state). */
  readonly transitions: number;
  /** Canonical forms computed (one per transition). */
  readonly canonicalForms: number;
  /**
   * When stopped at a box boundary (maxHalfSteps even, below 2R): over the states reached, Σ perm_A (the
   * transitions the next half-step would walk) and Σ perm_A·perm_C (the fillings of the next box, an upper bound on
   * the states after it), perm_A and perm_C the ways to place the next box's left and right digits.
   */
  readonly lookahead?: { readonly nextHalf: number; readonly nextBox: number };
}

export interface StackTransferOptions {
  /** Stop after this many half-steps (fewer than 2R: the result then has F = -1n, for measuring the levels). */
  readonly maxHalfSteps?: number;
  /** Called after each half-step with its number of states (for progress in long measurements). */
  readonly onLevel?: (halfStep: number, states: number) => void;
}

function permutationsOf(n: number): number[][] {
  if (n === 0) return [[]];
  const out: number[][] = [];
  for (const p of permutationsOf(n - 1))
    for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out;
}

function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

const perRows = new Map<number, { count: number; table: Uint8Array }>();

/** table[p << R | mask]: mask with its rows renamed by the p-th permutation of R rows. */
function rowPermutations(R: number): { count: number; table: Uint8Array } {
  let t = perRows.get(R);
  if (t === undefined) {
    const perms = permutationsOf(R);
    const table = new Uint8Array(perms.length << R);
    perms.forEach((p, i) => {
      for (let mask = 0; mask < 1 << R; mask++) {
        let out = 0;
        for (let r = 0; r < R; r++) if ((mask >> r) & 1) out |= 1 << p[r];
        table[(i << R) | mask] = out;
      }
    });
    t = { count: perms.length, table };
    perRows.set(R, t);
  }
  return t;
}

export function stackTransfer(
  R: number,
  words: ArrayLike<number>,
  offset = 0,
  options: StackTransferOptions = {},
): StackTransferResult {
  if (!Number.isInteger(R) || R < 1 || R > 6) throw new RangeError(`stack transfer: R = ${R} is not in 1..6`);
  const n = 2 * R;
  const full = (1 << R) - 1;
  const { count: nPerm, table } = rowPermutations(R);
  const v = Array.from({ length: n }, (_, d) => words[offset + d]);
  const maxHalfSteps = options.maxHalfSteps ?? 2 * R;

  let transitions = 0,
    forms = 0;
  const levels: number[] = [];
  // state keys are byte strings: masks of the digits in `order` (class by class)
  let order = Array.from({ length: n }, (_, d) => d);
  let states = new Map<string, bigint>([[String.fromCharCode(...new Array<number>(R).fill(0)), 1n]]);

  const masks = new Uint8Array(n);
  const cand = new Uint8Array(n);
  const best = new Uint8Array(n);
  for (let k = 0; k < R; k++) {
    for (let half = 0; half < 2; half++) {
      const placing = v
        .map((w, d) => [w, d])
        .filter(([w]) => ((w >> k) & 1) === half)
        .map(([, d]) => d);
      // signature of what is left for digit d after this half-step: boxes k+1.., and box k's C side if half = 0
      const sig = (d: number): number => ((v[d] >> (k + 1)) << 1) | (half === 0 ? (v[d] >> k) & 1 : 0);
      const nextOrder = Array.from({ length: n }, (_, d) => d).sort((a, b) => sig(a) - sig(b) || a - b);
      const bounds: number[] = [0];
      for (let i = 1; i < n; i++) if (sig(nextOrder[i]) !== sig(nextOrder[i - 1])) bounds.push(i);
      bounds.push(n);
      const next = new Map<string, bigint>();
      // the digit permutations that keep every class (class by class, all orders), when they are few (R!/8 or fewer)
      const classSizes = bounds.slice(1).map((b, i) => b - bounds[i]);
      const groupSize = classSizes.reduce((a, s) => a * factorial(s), 1);
      const digitPerms: Int8Array[] = [];
      if (groupSize * 8 <= nPerm) {
        // pos[d]: the bit of digit d in a row mask, for each way to order every class
        const rec = (c: number, acc: number[]): void => {
          if (c === classSizes.length) {
            const pos = new Int8Array(n);
            acc.forEach((d, i) => (pos[d] = i));
            digitPerms.push(pos);
            return;
          }
          for (const p of permutationsOf(classSizes[c])) rec(c + 1, acc.concat(p.map((j) => nextOrder[bounds[c] + j])));
        };
        rec(0, []);
      }
      const rowsOf = new Uint16Array(R),
        bestRows = new Uint16Array(R);
      /** The canonical key: the row masks (bit i: the i-th digit of `nextOrder` has used the row), sorted. */
      const canonicalKey = (): string => {
        forms++;
        if (digitPerms.length > 0) {
          let have = false;
          for (const pos of digitPerms) {
            rowsOf.fill(0);
            for (let d = 0; d < n; d++)
              for (let u = masks[d]; u !== 0; u &= u - 1) rowsOf[31 - Math.clz32(u & -u)] |= 1 << pos[d];
            rowsOf.sort();
            let cmp = have ? 0 : -1;
            for (let i = 0; cmp === 0 && i < R; i++) cmp = rowsOf[i] - bestRows[i];
            if (cmp < 0) {
              bestRows.set(rowsOf);
              have = true;
            }
          }
          return String.fromCharCode(...bestRows);
        }
        let have = false;
        for (let p = 0; p < nPerm; p++) {
          const base = p << R;
          for (let c = 0; c + 1 < bounds.length; c++) {
            // insertion sort of the class's mapped masks
            for (let i = bounds[c]; i < bounds[c + 1]; i++) {
              const x = table[base | masks[nextOrder[i]]];
              let j = i;
              while (j > bounds[c] && cand[j - 1] > x) {
                cand[j] = cand[j - 1];
                j--;
              }
              cand[j] = x;
            }
          }
          let cmp = have ? 0 : -1;
          for (let i = 0; cmp === 0 && i < n; i++) cmp = cand[i] - best[i];
          if (cmp < 0) {
            best.set(cand);
            have = true;
          }
        }
        // the least representative, written as sorted row masks
        rowsOf.fill(0);
        for (let i = 0; i < n; i++)
          for (let u = best[i]; u !== 0; u &= u - 1) rowsOf[31 - Math.clz32(u & -u)] |= 1 << i;
        rowsOf.sort();
        return String.fromCharCode(...rowsOf);
      };
      for (const [key, weight] of states) {
        masks.fill(0);
        for (let r = 0; r < R; r++) {
          const row = key.charCodeAt(r);
          for (let i = 0; i < n; i++) if ((row >> i) & 1) masks[order[i]] |= 1 << r;
        }
        const walk = (i: number, taken: number): void => {
          if (i === placing.length) {
            transitions++;
            const k2 = canonicalKey();
            next.set(k2, (next.get(k2) ?? 0n) + weight);
            return;
          }
          const d = placing[i];
          const old = masks[d];
          for (let free = full & ~taken & ~old; free !== 0; free &= free - 1) {
            const bit = free & -free;
            masks[d] = old | bit;
            walk(i + 1, taken | bit);
          }
          masks[d] = old;
        };
        walk(0, 0);
      }
      states = next;
      order = nextOrder;
      levels.push(states.size);
      options.onLevel?.(levels.length - 1, states.size);
      if (levels.length >= maxHalfSteps && levels.length < 2 * R) {
        const result = { F: -1n, states: levels, transitions, canonicalForms: forms };
        if (half === 0) return result;
        const sides = [0, 1].map((h) => v.map((_, d) => d).filter((d) => ((v[d] >> (k + 1)) & 1) === h));
        const ways = (digits: number[], i: number, taken: number): number => {
          if (i === digits.length) return 1;
          let t = 0;
          for (let free = full & ~taken & ~masks[digits[i]]; free !== 0; free &= free - 1)
            t += ways(digits, i + 1, taken | (free & -free));
          return t;
        };
        let nextHalf = 0,
          nextBox = 0;
        for (const key of states.keys()) {
          masks.fill(0);
          for (let r = 0; r < R; r++) {
            const row = key.charCodeAt(r);
            for (let i = 0; i < n; i++) if ((row >> i) & 1) masks[order[i]] |= 1 << r;
          }
          const a = ways(sides[0], 0, 0);
          nextHalf += a;
          nextBox += a * ways(sides[1], 0, 0);
        }
        return { ...result, lookahead: { nextHalf, nextBox } };
      }
    }
  }
  let F = 0n;
  for (const w of states.values()) F += w;
  return { F, states: levels, transitions, canonicalForms: forms };
}
