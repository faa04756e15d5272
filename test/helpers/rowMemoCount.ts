import type { GridGroup } from '../../src/essential/gridGroup.js';
import { TiedSearch } from '../../src/essential/tiedSearch.js';
import type { CycleType } from '../../src/essential/cycleTypes.js';

/** The count of rowMemoCount, with its statistics. */
export interface RowMemoCount {
  /** |Fix(g, τ)| / |C(τ)|. */
  readonly count: number;
  /** Row groups (closures of rows under g), and memo entries over all of them. */
  readonly groups: number;
  readonly states: number;
  readonly nodes: number;
}

/**
 * |Fix(g, τ)| / |C(τ)| for a g that does not transpose, by a memoised search over groups of rows: the rows are cut
 * into their closures under g (a fixed row alone, the rows a cycle of g's row part moves together), taken in order
 * of their first row; the cells of a group form whole orbits of g, so a group is filled at once by the TiedSearch,
 * one filling per C(τ)-orbit of the whole grid (canonical, with the set of τ's cycles touched so far carried
 * across groups).
 *
 * Once groups 0..j−1 are filled, what is left to count depends only on j, the touched cycles, and the used-digit
 * masks of the columns and boxes (every row of the later groups is empty; a row of an earlier group is full and is
 * met by nothing left): the count of the rest is memoised by those. For R×2 and 2×R boxes this is the column-set
 * idea applied to fixed grids — after a band, only its column masks matter — and it keeps the involutions of 5×2
 * and 2×5 (13 million canonical fixed bands in one class) to the number of distinct masks.
 *
 *   count(j, touched, masks) = Σ over canonical fillings e of group j: count(j + 1, touched ∪ cycles(e), masks + e)
 */
export function rowMemoCount(group: GridGroup, x: number, tauType: CycleType): RowMemoCount {
  const { shape } = group;
  const { n } = shape;
  if (group.parts(x).t !== 0) throw new Error('internal: rowMemoCount takes a non-transposing element');
  const cellMap = group.cellMap(x);
  const search = new TiedSearch(shape, cellMap, tauType, []);
  for (let o = 0; o < search.orbitCount; o++)
    if (search.oAllowed[o] === 0) return { count: 0, groups: 0, states: 0, nodes: 0 };
  // the closures of the rows under g (row r goes to row cellMap[r·n] / n)
  const groupOfRow = new Int32Array(n).fill(-1);
  let groups = 0;
  for (let r0 = 0; r0 < n; r0++) {
    if (groupOfRow[r0] >= 0) continue;
    for (let r = r0; groupOfRow[r] < 0; r = Math.floor(cellMap[r * n] / n)) groupOfRow[r] = groups;
    groups++;
  }
  const orbitsOf: number[][] = Array.from({ length: groups }, () => []);
  for (let o = 0; o < search.orbitCount; o++)
    orbitsOf[groupOfRow[search.rowOf[search.oCells[search.oStart[o]]]]].push(o);
  const groupOrbits = orbitsOf.map((l) => Int32Array.from(l));
  const memo: Array<Map<string, number>> = groupOrbits.map(() => new Map<string, number>());
  let states = 0;
  const rec = (j: number, touched: number): number => {
    if (j === groups) return 1;
    let key = String.fromCharCode(touched);
    for (let c = 0; c < n; c++) key += String.fromCharCode(search.colUsed[c]);
    for (let b = 0; b < n; b++) key += String.fromCharCode(search.boxUsed[b]);
    const table = memo[j];
    let v = table.get(key);
    if (v === undefined) {
      v = search.search(groupOrbits[j], true, (t) => rec(j + 1, t), touched);
      if (table.size >= MAX_STATES) throw new Error(`internal: more than ${MAX_STATES} states after row group ${j}`);
      table.set(key, v);
      states++;
    }
    return v;
  };
  const count = rec(0, 0);
  if (!Number.isSafeInteger(count)) throw new Error('internal: a fixed-grid count passed 2^53');
  return { count, groups, states, nodes: search.nodes };
}

/** Most memo entries after one row group (a Map holds at most 2^24). */
const MAX_STATES = (1 << 24) - 1;
