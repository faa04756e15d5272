import { fullMask } from '../grid/bits.js';
import { UnionFind } from '../symmetry/unionFind.js';
import { generatorsOf } from './centralizer.js';
import type { CycleType } from './cycleTypes.js';
import type { GridGroup } from './gridGroup.js';
import { orderedColumnSetKeyer } from './orderedColumnSetKeyer.js';
import { regionPlan, type RegionPlan } from './regionPlan.js';
import { preserves, seedGroup } from './seedGroup.js';
import { TiedSearch } from './tiedSearch.js';

/**
 * |Fix(g, τ)| / |C(τ)|: the grids X with X(g(c)) = τ(X(c)) for every cell, counted up to the relabellings that
 * commute with τ (a whole number: C(τ) acts freely on them). Summed over one τ per cycle type, this is the
 * number of grids with box 1 standard that g fixes up to some relabelling (see essentiallyDifferent).
 *
 * The grid is split into g-invariant regions (regionPlan): levels 1, 2, … filled in turn, then the middle, then
 * the last band; every filling goes through the TiedSearch (cells of an orbit of g tied by τ).
 *
 *   level 1   its fillings, one per C(τ)-orbit (canonical). They fall into orbits of H × C(τ), H the elements
 *             of G that commute with g and map level 1 onto itself: h ∈ H sends a fixed grid extending seed s
 *             to a fixed grid extending h·s (g(hX) = hgX = hτX = τ(hX)), so every seed of an orbit has the
 *             same number of completions. Orbits by union-find over generators of H; one seed per orbit goes
 *             on, weighted by the orbit's number of canonical seeds.
 *   level i   the stabiliser S of what is placed (pairs h, ρ with ρ(h·X) = X so far, h mapping level i onto
 *             itself) acts on the level's fillings; a filling goes on when no element of S sends it to a
 *             lexicographically smaller one, weighted |S|/|S_e|, with S_e as the next stabiliser. Once S is
 *             the identity alone, everything left is one plain search.
 *   the rest  the middle and the last band, counted; memoised by the used-digit masks of the units they meet
 *             (the last band's count for each set of column needs, likewise).
 *
 * The weights make the sum over representatives equal to the sum over all canonical seeds: exactly
 * |Fix(g, τ)|/|C(τ)|. With a visitor, every cell is put in a level, and each representative full grid is handed
 * out with its weight: one grid per orbit of Γ × C(τ), Γ the elements of H mapping every level onto itself.
 */
export interface FixedCount {
  /** |Fix(g, τ)| / |C(τ)|. */
  readonly count: number;
  /** Canonical seeds (level-1 fillings), and their orbits under H. */
  readonly seeds: number;
  readonly seedOrbits: number;
  /** Order of H (the elements commuting with g that map the seed region onto itself). */
  readonly seedGroup: number;
  /** Fillings enumerated at the later levels, and their orbits. */
  readonly extensions: number;
  readonly extensionOrbits: number;
  /** Entries of the last band's table (0 without one). */
  readonly tableEntries: number;
  /** Search nodes, all stages. */
  readonly nodes: number;
}

/**
 * Called with one grid (digits 0..n−1) per orbit of Γ × C(τ) on Fix(g, τ), Γ the elements commuting with g that
 * map every level onto itself, and the number of C(τ)-orbits of fixed grids it stands for (the weights add up to
 * the count). The grid is valid only during the call.
 */
export type FixedGridVisitor = (grid: Int8Array, weight: number) => void;

/**
 * A variant's fixed grids (src/variants/variantFixedGrids.ts): its extra units (extra houses and pairs, as cell
 * lists) constrain the search as rows, columns and boxes do, and only elements of the variant's group G_V
 * (`member[id]` = 1) may join seeds or fill stabilisers (an element outside G_V does not map the variant's grids
 * to grids). g itself must be in G_V.
 */
export interface FixedVariant {
  readonly extraUnits: readonly Int32Array[];
  readonly member: Uint8Array;
}

export function countFixedGrids(
  group: GridGroup,
  x: number,
  tauType: CycleType,
  plan: RegionPlan = regionPlan(group, x),
  visit?: FixedGridVisitor,
  variant?: FixedVariant,
): FixedCount {
  const { shape } = group;
  const { n } = shape;
  const N = n * n;
  const cellMap = group.cellMap(x);
  if (visit) plan = everyCellInALevel(plan, N);
  if (variant && !variant.member[x]) throw new Error('internal: the element is not in the variant group');
  const extra = variant?.extraUnits ?? [];
  const search = new TiedSearch(shape, cellMap, tauType, extra);
  const stats = { seeds: 0, seedOrbits: 0, seedGroup: 0, extensions: 0, extensionOrbits: 0, tableEntries: 0 };
  for (let o = 0; o < search.orbitCount; o++) {
    if (search.oAllowed[o] === 0) return { count: 0, ...stats, nodes: 0 };
  }
  const inAny = new Uint8Array(N);
  for (const m of plan.levels) for (let c = 0; c < N; c++) inAny[c] |= m[c];
  const orbitsWhere = (pred: (cell: number) => boolean): Int32Array => {
    const out: number[] = [];
    for (let o = 0; o < search.orbitCount; o++) if (pred(search.oCells[search.oStart[o]])) out.push(o);
    return Int32Array.from(out);
  };
  const levelOrbits = plan.levels.map((m) => orbitsWhere((c) => m[c] === 1));
  const last = plan.last;
  const lastOrbits = last ? orbitsWhere((c) => last[c] === 1) : new Int32Array(0);
  const middleOrbits = orbitsWhere((c) => !inAny[c] && !(last && last[c]));
  for (const m of [...plan.levels, ...(last ? [last] : [])]) {
    for (let c = 0; c < N; c++) if (m[c] && !m[cellMap[c]]) throw new Error('internal: a region is not g-invariant');
  }

  // the last band: its number of fillings given what its columns still need, memoised by that need
  const keyer = orderedColumnSetKeyer(shape);
  const table = new Map<number | string, number>();
  const full = fullMask(n);
  // a variant's extra units that meet the last band and something else: their masks join the key
  const lastExtra = last ? extra.flatMap((u, i) => (u.some((c) => last[c]) && u.some((c) => !last[c]) ? [i] : [])) : [];
  const lastKey =
    lastExtra.length === 0
      ? () => keyer(search.colUsed, full)
      : () => {
          let key = `${keyer(search.colUsed, full)}:`;
          for (const i of lastExtra) key += String.fromCharCode(search.extraUsed[i]);
          return key;
        };
  const leaf =
    lastOrbits.length > 0
      ? () => {
          const key = lastKey();
          let v = table.get(key);
          if (v === undefined) {
            v = search.search(lastOrbits, false, () => 1);
            table.set(key, v);
          }
          return v;
        }
      : () => 1;
  /**
   * What is left to count (the given orbits, then the last band) depends only on the masks of used digits of the
   * rows, columns and boxes holding the cells still empty: counts are memoised by those masks. Fillings of a
   * level that differ only in where digits sit inside a unit the rest never meets share an entry.
   */
  const memo = new Map<string, number>();
  const unitsOfRest = new Map<Int32Array, Int32Array>();
  const countRest = (orbits: Int32Array): number => {
    let units = unitsOfRest.get(orbits);
    if (!units) {
      const used = new Uint8Array(3 * n + extra.length);
      const mark = (c: number) => {
        used[search.rowOf[c]] = 1;
        used[n + search.colOf[c]] = 1;
        used[2 * n + search.boxOf[c]] = 1;
        for (let k = search.extraStart[c]; k < search.extraStart[c + 1]; k++) used[3 * n + search.extraList[k]] = 1;
      };
      for (const o of [...orbits, ...lastOrbits])
        for (let j = search.oStart[o]; j < search.oStart[o + 1]; j++) mark(search.oCells[j]);
      units = Int32Array.from([...used.keys()].filter((u) => used[u]));
      unitsOfRest.set(orbits, units);
    }
    let key = `${orbits.length}:`;
    for (const u of units)
      key += String.fromCharCode(
        u < n
          ? search.rowUsed[u]
          : u < 2 * n
            ? search.colUsed[u - n]
            : u < 3 * n
              ? search.boxUsed[u - 2 * n]
              : search.extraUsed[u - 3 * n],
      );
    let v = memo.get(key);
    if (v === undefined) {
      v = search.search(orbits, false, leaf);
      memo.set(key, v);
    }
    return v;
  };
  /** After the last level: count the middle and the last band, or hand the full grid to the visitor. */
  const after = (weight: number): number => {
    if (!visit) return countRest(middleOrbits);
    visit(search.grid, weight);
    return 1;
  };

  // level 1: canonical seeds; with nothing after them, each is one grid
  const seedOrbits = levelOrbits[0];
  if (!visit && levelOrbits.length === 1 && middleOrbits.length === 0 && lastOrbits.length === 0) {
    const count = search.searchInOrder(seedOrbits, true, () => 1);
    return { count, ...stats, seeds: count, seedOrbits: count, seedGroup: 1, nodes: search.nodes };
  }
  const k1 = seedOrbits.length;
  const seeds = collect(search, seedOrbits, true);
  stats.seeds = seeds.count;

  // H: the elements commuting with g that map level 1 onto itself, as cell maps
  const member = new Uint8Array(group.order);
  const scratch = new Int32Array(N);
  const H = seedGroup(group, x, plan.levels[0]).filter((h) => !variant || variant.member[h] === 1);
  stats.seedGroup = H.length;
  const hMaps = new Uint8Array(H.length * N);
  H.forEach((h, i) => hMaps.set(group.cellMap(h, scratch), i * N));
  const hIndex = new Map<number, number>();
  H.forEach((h, i) => hIndex.set(h, i));
  const rho = new Int32Array(n);
  const img = new Uint8Array(Math.max(k1, ...levelOrbits.map((l) => l.length)));
  const gens = generatorsOf(group, H, member).map((h) => hIndex.get(h) ?? -1);
  const uf = new UnionFind(seeds.count);
  for (const gi of gens) {
    const tr = transport(search, hMaps.subarray(gi * N, (gi + 1) * N), seedOrbits);
    for (let s = 0; s < seeds.count; s++) {
      tr.apply(seeds.leaders, s * k1, img);
      const view = img.subarray(0, k1);
      search.canonicalize(view, rho);
      const s2 = seeds.find(view);
      if (s2 < 0) throw new Error('internal: the image of a seed under H is not a seed');
      uf.union(s, s2);
    }
  }
  const weight = new Float64Array(seeds.count);
  for (let s = 0; s < seeds.count; s++) weight[uf.find(s)]++;

  /** Elements of H (indices, with their relabellings) that fix what is placed and map the next level onto itself. */
  interface Stabilizer {
    readonly elems: number[];
    readonly rhos: Int32Array[];
  }
  /** Orbits of levels i.. and of the middle, for a plain search once nothing is left to reduce by. */
  const restFrom = levelOrbits.map((_, i) =>
    Int32Array.from([...levelOrbits.slice(i).flatMap((l) => [...l]), ...middleOrbits]),
  );
  const extend = (i: number, stab: Stabilizer, weightSoFar: number): number => {
    if (stab.elems.length === 1) {
      // only the identity fixes what is placed: every filling of the rest is its own orbit
      return visit
        ? search.search(restFrom[i], false, () => {
            visit(search.grid, weightSoFar);
            return 1;
          })
        : countRest(restFrom[i]);
    }
    return extendByMinimum(i, stab, weightSoFar);
  };

  /**
   * Level i with the stabiliser S of what is placed: every filling e of the level is tried, and kept when no
   * element of S moves it to a lexicographically smaller filling (reading the level's orbit leaders in order);
   * it then stands for its |S|/|S_e| images, S_e (the elements mapping it to itself) going on to the next level.
   */
  const levelTransport = new Map<number, ReturnType<typeof transport>>();
  const transportOf = (a: number, i: number) => {
    const key = a * levelOrbits.length + i;
    let tr = levelTransport.get(key);
    if (!tr) {
      tr = transport(search, hMaps.subarray(a * N, (a + 1) * N), levelOrbits[i]);
      levelTransport.set(key, tr);
    }
    return tr;
  };
  const extendByMinimum = (i: number, stab: Stabilizer, weightSoFar: number): number => {
    const orbits = levelOrbits[i];
    const k = orbits.length;
    const trs = stab.elems.map((a) => transportOf(a, i));
    const keepsNext = stab.elems.map(
      (a) => i + 1 < levelOrbits.length && preserves(hMaps.subarray(a * N, (a + 1) * N), plan.levels[i + 1]),
    );
    const e = new Uint8Array(k);
    const image = new Uint8Array(k);
    const fixing = new Int32Array(stab.elems.length);
    return search.searchInOrder(orbits, false, () => {
      stats.extensions++;
      for (let j = 0; j < k; j++) e[j] = search.grid[search.oCells[search.oStart[orbits[j]]]];
      let fixed = 0;
      for (let a = 0; a < stab.elems.length; a++) {
        trs[a].apply(e, 0, image);
        const r = stab.rhos[a];
        let cmp = 0;
        for (let j = 0; j < k && cmp === 0; j++) cmp = r[image[j]] - e[j];
        if (cmp < 0) return 0; // a smaller image: not the representative
        if (cmp === 0) fixing[fixed++] = a;
      }
      stats.extensionOrbits++;
      const w = stab.elems.length / fixed;
      if (i + 1 === levelOrbits.length) return w * after(weightSoFar * w);
      const next: Stabilizer = { elems: [], rhos: [] };
      for (let f = 0; f < fixed; f++) {
        const a = fixing[f];
        if (!keepsNext[a]) continue;
        next.elems.push(stab.elems[a]);
        next.rhos.push(stab.rhos[a]);
      }
      return w * extend(i + 1, next, weightSoFar * w);
    });
  };

  // which elements of H also map level 2 onto itself; how each moves a seed (made when first needed)
  const keepsLevel2 = Uint8Array.from(H, (_, a) =>
    levelOrbits.length > 1 && preserves(hMaps.subarray(a * N, (a + 1) * N), plan.levels[1]) ? 1 : 0,
  );
  const seedTransport: Array<ReturnType<typeof transport> | undefined> = new Array<undefined>(H.length);
  let count = 0;
  for (let s = 0; s < seeds.count; s++) {
    if (weight[s] === 0) continue;
    stats.seedOrbits++;
    for (let j = 0; j < k1; j++) search.place(seedOrbits[j], seeds.leaders[s * k1 + j]);
    let r: number;
    if (levelOrbits.length > 1) {
      // the elements of H that fix this seed up to a relabelling ρ ∈ C(τ), and map level 2 onto itself
      const stab: Stabilizer = { elems: [], rhos: [] };
      const seedView = seeds.leaders.subarray(s * k1, (s + 1) * k1);
      for (let a = 0; a < H.length; a++) {
        if (!keepsLevel2[a]) continue;
        const tr = (seedTransport[a] ??= transport(search, hMaps.subarray(a * N, (a + 1) * N), seedOrbits));
        tr.apply(seeds.leaders, s * k1, img);
        const view = img.subarray(0, k1);
        search.canonicalize(view, rho);
        let same = true;
        for (let j = 0; j < k1 && same; j++) same = view[j] === seedView[j];
        if (same) {
          stab.elems.push(a);
          stab.rhos.push(Int32Array.from(rho));
        }
      }
      r = extend(1, stab, weight[s]);
    } else {
      r = after(weight[s]);
    }
    count += weight[s] * r;
    for (let j = 0; j < k1; j++) search.unplace(seedOrbits[j]);
  }
  if (!Number.isSafeInteger(count)) throw new Error('internal: a fixed-grid count passed 2^53');
  stats.tableEntries = table.size;
  return { count, ...stats, nodes: search.nodes };
}

/** The plan with the middle and the last band made one more level, so that every cell is in a level. */
function everyCellInALevel(plan: RegionPlan, N: number): RegionPlan {
  const rest = new Uint8Array(N).fill(1);
  for (const m of plan.levels) for (let c = 0; c < N; c++) if (m[c]) rest[c] = 0;
  const levels = [...plan.levels];
  if (rest.some((v) => v === 1)) levels.push(rest);
  return { levels, last: null };
}

/**
 * Every filling of `orbits` (canonical or all), as leader digits back to back, with a lookup by content. The search
 * takes the orbits in order and digits in increasing order, so the fillings come out in increasing lexicographic
 * order (checked as they come): `find` is a binary search, no per-seed key (5×2 has classes with 13 million
 * seeds, near the most entries a Map holds).
 */
function collect(
  search: TiedSearch,
  orbits: Int32Array,
  canonical: boolean,
): { count: number; leaders: Uint8Array; find(digits: Uint8Array): number } {
  const k = orbits.length;
  let leaders = new Uint8Array(Math.max(16, k * 64));
  let count = 0;
  const compare = (a: Uint8Array, i: number): number => {
    for (let j = 0, at = i * k; j < k; j++) if (a[j] !== leaders[at + j]) return a[j] - leaders[at + j];
    return 0;
  };
  search.searchInOrder(orbits, canonical, () => {
    if ((count + 1) * k > leaders.length) {
      const bigger = new Uint8Array(leaders.length * 2);
      bigger.set(leaders);
      leaders = bigger;
    }
    for (let i = 0; i < k; i++) leaders[count * k + i] = search.grid[search.oCells[search.oStart[orbits[i]]]];
    if (count > 0 && compare(leaders.subarray(count * k, (count + 1) * k), count - 1) <= 0)
      throw new Error('internal: fillings out of lexicographic order');
    count++;
    return 1;
  });
  const find = (digits: Uint8Array): number => {
    let lo = 0,
      hi = count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compare(digits, mid);
      if (c === 0) return mid;
      if (c < 0) hi = mid - 1;
      else lo = mid + 1;
    }
    return -1;
  };
  return { count, leaders, find };
}

/**
 * How an element h commuting with g moves a filling of some orbits (given by their leaders): the leader of
 * orbit i in h·X is X at h⁻¹(leader_i), a cell of orbit src[i] at position pow[i], holding τ^pow[i] of that
 * orbit's leader.
 */
function transport(
  search: TiedSearch,
  hMap: ArrayLike<number>,
  orbits: Int32Array,
): { apply(leaders: Uint8Array, offset: number, out: Uint8Array): void } {
  const k = orbits.length;
  const N = search.cells;
  const inv = new Int32Array(N);
  for (let c = 0; c < N; c++) inv[hMap[c]] = c;
  const pos = new Int32Array(search.orbitCount).fill(-1);
  orbits.forEach((o, i) => (pos[o] = i));
  const src = new Int32Array(k),
    pow = new Int32Array(k);
  for (let i = 0; i < k; i++) {
    const c = inv[search.oCells[search.oStart[orbits[i]]]];
    const o = search.orbitOfCell[c];
    if (pos[o] < 0) throw new Error('internal: an element does not map the region onto itself');
    src[i] = pos[o];
    let j = 0;
    while (search.oCells[search.oStart[o] + j] !== c) j++;
    pow[i] = j % search.tauOrder;
  }
  const { powDigit, n } = search;
  return {
    apply(leaders, offset, out) {
      for (let i = 0; i < k; i++) out[i] = powDigit[pow[i] * n + leaders[offset + src[i]]];
    },
  };
}
