import { factorialBig, type BoxShape } from '../grid/shape.js';
import type { Rules } from '../grid/rules.js';
import { resolveRules } from '../grid/support.js';
import { HouseCounter } from '../solve/houseCounter.js';
import { rulesExactCover } from './rulesExactCover.js';
import { variantGroup } from './variantGroup.js';
import { variantTopBlocks } from './variantTopBlocks.js';

/**
 * N for a variant, by two routes that share no counting code (docs/variant-counts.md).
 *
 * Fast route: the top blocks with row 1 = 1..n (src/variants/variantTopBlocks.ts) in classes under the
 * variant's own symmetries that keep the block, times relabelling; the generic counter (HouseCounter) counts the
 * completions n_C of one block per class; N = n!·Σ m_C·n_C.
 *
 * Exhaustive route: the exact-cover engine (src/dlx, through src/variants/rulesExactCover.ts) enumerates every
 * grid with row 1 = 1..n (N/n! of them; relabelling is the only symmetry used), or with `exhaustive: 'all'` every
 * grid, nothing fixed.
 */
export interface VariantClassRow {
  readonly id: number;
  /** The representative's top block, rows joined by '/'. */
  readonly block: string;
  /** m_C. */
  readonly size: number;
  /** n_C. */
  readonly completions: bigint;
}

export interface VariantCount {
  /** Canonical rules name, e.g. "2x3+x". */
  readonly rules: string;
  readonly box: string;
  readonly n: number;
  readonly variants: readonly string[];
  /** |G_V|: the cell symmetries kept (row/column/band/stack moves, transposition). */
  readonly groupOrder: number;
  /** |G_V|·n!. */
  readonly fullGroupOrder: bigint;
  /** Rows of the top block. */
  readonly topRows: number;
  /** Valid top blocks with row 1 = 1..n. */
  readonly blocks: number;
  /** Elements of G_V that keep the top block. */
  readonly stabilizerOrder: number;
  readonly classes: number;
  /** Σ m_C (= blocks). */
  readonly classSizeSum: number;
  /** Σ m_C·n_C: grids with row 1 = 1..n. */
  readonly totalWithFixedRow: bigint;
  /** N = n!·Σ m_C·n_C. */
  readonly total: bigint;
  readonly classRows: readonly VariantClassRow[];
  /** The exhaustive route's N, when asked for. */
  readonly exhaustive?: bigint;
  /** What the exhaustive route enumerated: every grid with row 1 = 1..n (times n!), or every grid. */
  readonly exhaustiveRoute?: 'row1' | 'all';
  readonly seconds: { classes: number; completions: number; exhaustive?: number; total: number };
}

export interface VariantCountOptions {
  /** The exhaustive route: every grid with row 1 = 1..n (default), every grid, or none. */
  readonly exhaustive?: 'row1' | 'all' | 'none';
  readonly onProgress?: (stage: 'classes' | 'completions' | 'exhaustive', done: number, total: number) => void;
}

/**
 * The library's edge: N of a variant on a small shape (n ≤ 6), by both routes. `variant` is "x", "x,windoku", a
 * list of names or a Rules object; throws InputError (one line) for what is not taken.
 */
export function countVariantGrids(
  options: VariantCountOptions & { box?: BoxShape | string; variant: Rules | string | readonly string[] },
): VariantCount {
  return countVariantGridsOf(resolveRules('variant-count', options.box, options.variant), options);
}

/** Both routes on trusted rules (checked at the edge: src/grid/support.ts, operation 'variant-count'). */
export function countVariantGridsOf(rules: Rules, options: VariantCountOptions = {}): VariantCount {
  const t0 = performance.now();
  const { n } = rules;
  const group = variantGroup(rules);
  options.onProgress?.('classes', 0, 1);
  const top = variantTopBlocks(group);
  const t1 = performance.now();
  const B = top.k * n;
  const counter = new HouseCounter(rules);
  const givens = new Uint8Array(rules.cells);
  const classRows: VariantClassRow[] = [];
  let sum = 0n;
  let sizeSum = 0;
  const C = top.sizes.length;
  for (let id = 0; id < C; id++) {
    givens.set(top.representatives.subarray(id * B, (id + 1) * B));
    const completions = BigInt(counter.count(givens).count);
    const size = top.sizes[id];
    sum += BigInt(size) * completions;
    sizeSum += size;
    const rows: string[] = [];
    for (let r = 0; r < top.k; r++) rows.push(Array.from(givens.subarray(r * n, r * n + n), digitChar).join(''));
    classRows.push({ id, block: rows.join('/'), size, completions });
    if ((id & 255) === 255) options.onProgress?.('completions', id + 1, C);
  }
  if (sizeSum !== top.blocks) throw new Error(`internal: Σ m_C = ${sizeSum}, ${top.blocks} blocks`);
  const t2 = performance.now();
  let exhaustive: bigint | undefined;
  const route = options.exhaustive ?? 'row1';
  if (route !== 'none') {
    options.onProgress?.('exhaustive', 0, 1);
    const start = new Uint8Array(rules.cells);
    if (route === 'row1') for (let c = 0; c < n; c++) start[c] = c + 1;
    const found = BigInt(rulesExactCover(rules, start).count);
    exhaustive = route === 'row1' ? found * factorialBig(n) : found;
  }
  const t3 = performance.now();
  return {
    rules: rules.name,
    box: rules.shape.name,
    n,
    variants: rules.variants,
    groupOrder: group.order,
    fullGroupOrder: group.fullOrder,
    topRows: top.k,
    blocks: top.blocks,
    stabilizerOrder: top.stabilizerOrder,
    classes: C,
    classSizeSum: sizeSum,
    totalWithFixedRow: sum,
    total: sum * factorialBig(n),
    classRows,
    ...(exhaustive !== undefined && route !== 'none' ? { exhaustive, exhaustiveRoute: route } : {}),
    seconds: {
      classes: (t1 - t0) / 1000,
      completions: (t2 - t1) / 1000,
      ...(exhaustive !== undefined ? { exhaustive: (t3 - t2) / 1000 } : {}),
      total: (t3 - t0) / 1000,
    },
  };
}

function digitChar(d: number): string {
  return d.toString(36);
}
