import type { Rules } from '../grid/rules.js';
import { factorialBig, InputError } from '../grid/shape.js';
import { CountInterrupted } from '../count/dlxCompletions.js';
import { antiKingJoinExact } from './antiKingMiddleJoin.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import { TaskRun } from '../parallel/taskRun.js';
import type * as AntiKingEdgeTask from './antiKingEdgeTask.js';
import type { VariantClassRow, VariantCount, VariantPoolOptions } from './countVariantGrids.js';

/**
 * N of anti-king on an R×3 box shape (three bands: 9×9, 2×3) by the edge-table route (docs/variant-counts.md,
 * "9×9 anti-king: the edge table"). Relabel so that the middle band's first row is 1..n; then
 *
 *     N = n! · Σ_B n(B),   n(B) = Σ_K U[K] · U[π_B(K̄)]
 *
 * over the middle bands B, where U (src/variants/antiKingEdgeTable.ts) counts the edge bands by column sets once for
 * all B, and the join (src/variants/antiKingMiddleJoin.ts) is a lookup per column-set option. The middle bands are
 * taken up to reversing columns and rows (src/variants/antiKingMiddleBands.ts), weighted by orbit size.
 *
 * Stages: U in `shares` pool tasks filling one SharedArrayBuffer (disjoint entries), then the middle-band classes in
 * runs of BANDS_PER_TASK. The result is a VariantCount whose "classes" are the middle-band classes (block = the
 * band, size = orbit size, completions = n(B)), so checkpoints and --json work as for the other routes; the result
 * does not depend on the number of workers.
 */
export function antiKingEdgeFits(rules: Rules): boolean {
  const { shape } = rules;
  return (
    shape.cols === 3 &&
    (shape.rows === 2 || shape.rows === 3) &&
    rules.variants.length === 1 &&
    rules.variants[0] === 'anti-king'
  );
}

/** Middle bands per join task: ~4 ms each on 9×9, so a task is a few tenths of a second (Ctrl-C on one thread). */
const BANDS_PER_TASK = 64;

/** Shares of U: on 9×9 ~0.2–0.4 s each. */
const TABLE_SHARES = 32;

export async function countAntiKingEdge(rules: Rules, options: VariantPoolOptions = {}): Promise<VariantCount> {
  if (!antiKingEdgeFits(rules)) throw new Error(`internal: ${rules.name} does not fit the edge-table route`);
  const R = rules.shape.rows;
  const n = rules.n;
  const t0 = performance.now();
  const pool = typedTaskPool<typeof AntiKingEdgeTask>(
    new URL('./antiKingEdgeTask.js', import.meta.url),
    options.workers ?? 1,
  );
  let done = options.resume?.length ?? 0;
  let C = 0;
  const taskRun = new TaskRun(options.signal, () => new CountInterrupted(done, C));
  let edgeBands = 0;
  let max = 0;
  const L = R * n;
  const work = async () => {
    // the middle-band classes, on the pool (a second of search: the main thread stays free for Ctrl-C)
    options.onProgress?.('classes', 0, 1);
    // (a checkpointed run found them already, to name its checkpoint: then only M and the group's order)
    const found = options.foundMiddle;
    const middle = found
      ? { ...found, ...(await taskRun.race(pool.run('middleBandFacts', { R, spec: rules.spec }))) }
      : await taskRun.race(pool.run('middleBands', { R, spec: rules.spec }));
    const rowOf = (id: number): string => bandText(middle.bands.subarray(id * L, (id + 1) * L), R, n);
    C = middle.weights.length;
    const t1 = performance.now();
    const completions = new Float64Array(C).fill(-1);
    for (const r of options.resume ?? []) {
      if (!Number.isSafeInteger(r.id) || r.id < 0 || r.id >= C)
        throw new InputError(`checkpoint: class ${r.id} does not exist (${C} middle-band classes of ${rules.name})`);
      if (r.block !== rowOf(r.id))
        throw new InputError(`checkpoint: class ${r.id} is band ${r.block} there but not here`);
      if (completions[r.id] >= 0) throw new InputError(`checkpoint: class ${r.id} appears twice`);
      completions[r.id] = r.completions;
    }
    const entries = middle.parts ** R;
    // the edge table: only if some class is still open (a finished checkpoint needs none)
    const table = new SharedArrayBuffer(done < C ? entries * 2 : 0);
    if (done < C) {
      let shared = 0;
      const shares = Array.from({ length: TABLE_SHARES }, (_, share) => async () => {
        const r = await pool.run('fillEdgeShare', { R, table, share, shares: TABLE_SHARES });
        edgeBands += r.bands;
        max = Math.max(max, r.max);
        shared++;
      });
      options.onProgress?.('table', 0, TABLE_SHARES);
      await taskRun.run(shares, pool.threads, () => options.onProgress?.('table', shared, TABLE_SHARES));
      if (!antiKingJoinExact(R, max)) throw new Error(`internal: edge-table entry ${max} too large for exact joins`);
    }
    const t2 = performance.now();
    const tasks: Array<() => Promise<void>> = [];
    for (let first = 0; first < C; first += BANDS_PER_TASK) {
      const end = Math.min(C, first + BANDS_PER_TASK);
      let open = false;
      for (let j = first; j < end; j++) if (completions[j] < 0) open = true;
      if (!open) continue;
      tasks.push(async () => {
        const out = await pool.run('joinMiddleBands', { R, table, bands: middle.bands.slice(first * L, end * L) });
        if (taskRun.stopping) return;
        for (let id = first; id < end; id++) {
          if (completions[id] >= 0) continue;
          completions[id] = out[id - first];
          done++;
          options.onClassDone?.({ id, block: rowOf(id), completions: out[id - first] });
        }
      });
    }
    options.onProgress?.('completions', done, C);
    await taskRun.run(tasks, pool.threads, () => options.onProgress?.('completions', done, C));
    return { middle, rowOf, completions, entries, t1, t2, table: table.byteLength > 0 };
  };
  let result: Awaited<ReturnType<typeof work>>;
  try {
    result = await work();
  } finally {
    taskRun.dispose();
    await pool.close();
  }
  const { middle, rowOf, completions, entries, t1, t2, table } = result;
  const t3 = performance.now();
  const classRows: VariantClassRow[] = [];
  let sum = 0n;
  let sizeSum = 0;
  for (let id = 0; id < C; id++) {
    if (!Number.isSafeInteger(completions[id]) || completions[id] < 0)
      throw new Error(`internal: n(B) of middle-band class ${id} is not exact`);
    const value = BigInt(completions[id]);
    sum += BigInt(middle.weights[id]) * value;
    sizeSum += middle.weights[id];
    classRows.push({ id, block: rowOf(id), size: middle.weights[id], completions: value });
  }
  if (sizeSum !== middle.all) throw new Error(`internal: Σ orbit sizes = ${sizeSum}, ${middle.all} middle bands`);
  return {
    rules: rules.name,
    box: rules.shape.name,
    n,
    variants: rules.variants,
    groupOrder: middle.groupOrder,
    fullGroupOrder: middle.fullGroupOrder,
    topRows: R,
    blocks: middle.all,
    stabilizerOrder: 4,
    classes: C,
    classSizeSum: sizeSum,
    totalWithFixedRow: sum,
    total: sum * factorialBig(n),
    classRows,
    route: 'edge-table',
    edgeTable: { entries, parts: middle.parts, built: table, bands: edgeBands, max },
    seconds: {
      classes: (t1 - t0) / 1000,
      table: (t2 - t1) / 1000,
      completions: (t3 - t2) / 1000,
      total: (t3 - t0) / 1000,
    },
  };
}

/** A middle band as text: rows joined by '/' (as a checkpoint names it). */
export function bandText(band: Uint8Array, R: number, n: number): string {
  const rows: string[] = [];
  for (let r = 0; r < R; r++) rows.push(Array.from(band.subarray(r * n, r * n + n), (d) => d.toString(36)).join(''));
  return rows.join('/');
}
