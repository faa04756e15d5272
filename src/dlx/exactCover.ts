/**
 * Exact cover by dancing links (Knuth's Algorithm X with the DLX1 layout), counting solutions.
 * Knows nothing of Sudoku: items are 1..N, options are lists of items. Items N+1..N+S are secondary (DLX1's
 * "secondary items"): covered at most once, never required; their headers stay out of the root's list (each links
 * to itself), so the search never branches on them, and choosing an option still hides every other option that
 * holds them.
 *
 * Layout (parallel Int32Arrays, one slot per node; no objects):
 *
 *   node 0            root of the item list (llink/rlink)
 *   nodes 1..N        item headers: top[i] = i; len[i] = options left that hold item i; ulink/dlink = its column
 *   node N+1          first spacer; then each option's nodes, then a spacer
 *   top[x]            item of node x; for a spacer, −(index of the option before it)
 *   spacer: ulink = first node of the option before it, dlink = last node of the option after it
 *
 * Search: an explicit level stack (no recursion); branch on the item with fewest options (ties: the
 * first in item order), so the search is deterministic.
 */
export interface ExactCoverProblem {
  readonly items: number;
  readonly options: number;
  readonly llink: Int32Array;
  readonly rlink: Int32Array;
  readonly ulink: Int32Array;
  readonly dlink: Int32Array;
  readonly top: Int32Array;
  readonly len: Int32Array;
}

/**
 * Build a problem with primary items 1..items, secondary items items+1..items+secondary, and the given options
 * (each a list of distinct items in 1..items+secondary).
 */
export function exactCoverProblem(
  items: number,
  options: ReadonlyArray<ArrayLike<number>>,
  secondary = 0,
): ExactCoverProblem {
  const all = items + secondary;
  let nodes = all + 2;
  for (const o of options) nodes += o.length + 1;
  const llink = new Int32Array(all + 2);
  const rlink = new Int32Array(all + 2);
  const ulink = new Int32Array(nodes);
  const dlink = new Int32Array(nodes);
  const top = new Int32Array(nodes);
  const len = new Int32Array(all + 1);
  for (let i = 0; i <= all; i++) {
    const primary = i <= items;
    llink[i] = !primary ? i : i === 0 ? items : i - 1;
    rlink[i] = !primary ? i : i === items ? 0 : i + 1;
    ulink[i] = i;
    dlink[i] = i;
    top[i] = i; // a header is its own item: reaching it again means the item's options are exhausted
  }
  let x = all + 1; // first spacer
  top[x] = 0;
  let spacer = x;
  let k = 0;
  for (const o of options) {
    k++;
    const first = x + 1;
    for (let j = 0; j < o.length; j++) {
      x++;
      const item = o[j];
      if (item < 1 || item > all)
        throw new RangeError(`exact cover: option ${k} names item ${item}, outside 1..${all}`);
      top[x] = item;
      len[item]++;
      const last = ulink[item];
      ulink[x] = last;
      dlink[last] = x;
      dlink[x] = item;
      ulink[item] = x;
    }
    dlink[spacer] = x; // last node of this option
    x++;
    top[x] = -k;
    ulink[x] = first;
    spacer = x;
  }
  dlink[spacer] = 0;
  return { items, options: options.length, llink, rlink, ulink, dlink, top, len };
}

export interface ExactCoverCount {
  /** Solutions found (stops at the limit). */
  readonly count: number;
  /** True when the search stopped because it reached the limit. */
  readonly limited: boolean;
  /** Search nodes visited (options tried). */
  readonly nodes: number;
}

/** Search nodes between two calls of `onTick` (65,536: a few milliseconds). */
const TICK_NODES = 0xffff;

/**
 * Count exact covers, stopping after `limit` (default: all). The problem is restored on return.
 * `onSolution` (optional) receives the chosen nodes' option indices, in a reused array. `onTick` (optional) is
 * called with the nodes so far every TICK_NODES + 1 nodes, so a caller holding the main thread can report progress.
 */
export function countExactCovers(
  problem: ExactCoverProblem,
  limit = Infinity,
  onSolution?: (options: Int32Array, size: number) => void,
  onTick?: (nodes: number) => void,
): ExactCoverCount {
  const { llink, rlink, ulink, dlink, top, len } = problem;

  const cover = (i: number): void => {
    for (let p = dlink[i]; p !== i; p = dlink[p]) {
      // hide the option of p
      for (let q = p + 1; q !== p;) {
        const x = top[q];
        if (x <= 0) {
          q = ulink[q];
          continue;
        }
        const u = ulink[q],
          d = dlink[q];
        dlink[u] = d;
        ulink[d] = u;
        len[x]--;
        q++;
      }
    }
    const l = llink[i],
      r = rlink[i];
    rlink[l] = r;
    llink[r] = l;
  };
  const uncover = (i: number): void => {
    const l = llink[i],
      r = rlink[i];
    rlink[l] = i;
    llink[r] = i;
    for (let p = ulink[i]; p !== i; p = ulink[p]) {
      for (let q = p - 1; q !== p;) {
        const x = top[q];
        if (x <= 0) {
          q = dlink[q];
          continue;
        }
        const u = ulink[q],
          d = dlink[q];
        dlink[u] = q;
        ulink[d] = q;
        len[x]++;
        q--;
      }
    }
  };
  /** Uncover the other items of the option of node x, in reverse order. */
  const uncoverOption = (x: number): void => {
    for (let p = x - 1; p !== x;) {
      const j = top[p];
      if (j <= 0) {
        p = dlink[p];
        continue;
      }
      uncover(j);
      p--;
    }
  };

  const choice = new Int32Array(problem.items + 1);
  const chosenOptions = new Int32Array(problem.items + 1);
  let level = 0;
  let count = 0;
  let nodes = 0;
  let limited = false;
  // state machine: 0 = enter level, 1 = try choice[level], 2 = backtrack
  let state = 0;
  for (;;) {
    if (state === 0) {
      if (rlink[0] === 0) {
        count++;
        if (onSolution) {
          for (let l = 0; l < level; l++) {
            let q = choice[l];
            while (top[q] > 0) q++;
            chosenOptions[l] = -top[q] - 1;
          }
          onSolution(chosenOptions, level);
        }
        if (count >= limit) {
          limited = true;
          break;
        }
        state = 2;
        continue;
      }
      let best = rlink[0],
        bestLen = len[best];
      for (let i = rlink[best]; i !== 0 && bestLen > 1; i = rlink[i]) {
        if (len[i] < bestLen) {
          best = i;
          bestLen = len[i];
        }
      }
      if (bestLen === 0) {
        state = 2;
        continue;
      } // an item nothing can cover: dead end
      cover(best);
      choice[level] = dlink[best];
      state = 1;
    } else if (state === 1) {
      const x = choice[level];
      const item = top[x];
      if (x === item) {
        uncover(item);
        state = 2;
        continue;
      } // this item's options are exhausted
      nodes++;
      if ((nodes & TICK_NODES) === 0) onTick?.(nodes);
      for (let p = x + 1; p !== x;) {
        const j = top[p];
        if (j <= 0) {
          p = ulink[p];
          continue;
        }
        cover(j);
        p++;
      }
      level++;
      state = 0;
    } else {
      if (level === 0) break;
      level--;
      const x = choice[level];
      uncoverOption(x);
      choice[level] = dlink[x];
      state = 1;
    }
  }
  // stopped at the limit: undo the open levels, so the problem is left as built
  if (limited) {
    while (level > 0) {
      level--;
      const x = choice[level];
      uncoverOption(x);
      uncover(top[x]);
    }
  }
  return { count, limited, nodes };
}
