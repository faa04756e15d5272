import { fullMask, popcount } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';
import { cycleType, permutationOfType, type CycleType } from './cycleTypes.js';

/**
 * Grids fixed by a symmetry g up to a given relabelling τ, counted up to relabellings that commute with τ:
 *
 *   Fix(g, τ) = { X : X(g(c)) = τ(X(c)) for every cell c },   result = |Fix(g, τ)| / |C(τ)|
 *
 * where C(τ) is the centraliser of τ in the symmetric group of the digits. C(τ) acts on Fix(g, τ) (ρ·X is
 * fixed when X is, as ρτ = τρ) and freely (a grid holds every digit), so |Fix(g, τ)|/|C(τ)| is its number of
 * orbits, a whole number, and it is what the search counts: one grid per orbit.
 *
 * The search ties the cells of each orbit (c, g(c), g²(c), …) of g: choosing the digit d of c writes τ^j(d) in
 * g^j(c). An orbit of length m takes only digits with τ^m(d) = d, and none that would repeat in a unit
 * inside the orbit (τ^(j−i)(d) ≠ d when g^i(c), g^j(c) share a unit). Orbits are chosen fewest candidates first.
 *
 * One grid per C(τ)-orbit: τ's cycles are blocks of consecutive digits (permutationOfType). C(τ) permutes
 * the cycles of each length and rotates each cycle, so at any node the cycles no digit of which is placed
 * yet ("untouched") are interchangeable within each length, and rotations of an untouched cycle are too. A
 * digit from an untouched cycle is therefore tried only if its cycle is the first untouched one of its length
 * and it is the cycle's first digit. Every orbit of full grids has exactly one member found this way (the one
 * relabelled so that, along its own search path, cycles are first touched in order at their first digit),
 * because C(τ) acts freely and the search's choices depend only on which cells are filled.
 *
 * This is the plain engine: the oracle for the specialised counters and the counter for classes whose totals
 * are small.
 */
export function countTiedGrids(shape: BoxShape, cellMap: ArrayLike<number>, tauType: CycleType): number {
  const { rows: R, cols: C, n } = shape;
  const N = n * n;
  const tau = permutationOfType(tauType);
  if (tau.length !== n) throw new RangeError(`τ has ${tau.length} points, not ${n}`);
  const full = fullMask(n);

  // τ's powers as digit maps, and as mask maps: pre[j][m] = τ^(−j)(m).
  let tOrder = 1;
  for (const l of cycleType(tau)) tOrder = lcmOf(tOrder, l);
  const powDigit: Int32Array[] = [];
  let cur = Int32Array.from({ length: n }, (_, d) => d);
  for (let j = 0; j < tOrder; j++) {
    powDigit.push(cur);
    cur = Int32Array.from(cur, (d) => tau[d]);
  }
  const pre: Int32Array[] = powDigit.map((pd) => {
    // d is in τ^(−j)(m) iff τ^j(d) is in m
    const back = new Int32Array(n);
    for (let d = 0; d < n; d++) back[pd[d]] = d;
    const t = new Int32Array(full + 1);
    for (let m = 1; m <= full; m++) t[m] = t[m & (m - 1)] | (1 << back[31 - Math.clz32(m & -m)]);
    return t;
  });

  // cells' units
  const rowOf = new Int32Array(N),
    colOf = new Int32Array(N),
    boxOf = new Int32Array(N);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      rowOf[r * n + c] = r;
      colOf[r * n + c] = c;
      boxOf[r * n + c] = Math.floor(r / R) * R + Math.floor(c / C);
    }

  // g's orbits on cells, each from its smallest cell
  const orbitStart: number[] = [];
  const orbitCells: number[] = [];
  const allowed: number[] = [];
  const seen = new Uint8Array(N);
  for (let c0 = 0; c0 < N; c0++) {
    if (seen[c0]) continue;
    const cells: number[] = [];
    for (let c = c0; !seen[c]; c = cellMap[c]) {
      seen[c] = 1;
      cells.push(c);
    }
    const m = cells.length;
    let ok = 0;
    for (let d = 0; d < n; d++) {
      if (powDigit[m % tOrder][d] !== d) continue;
      let clash = false;
      for (let i = 0; i < m && !clash; i++)
        for (let j = i + 1; j < m && !clash; j++) {
          const a = cells[i],
            b = cells[j];
          const share = rowOf[a] === rowOf[b] || colOf[a] === colOf[b] || boxOf[a] === boxOf[b];
          if (share && powDigit[(j - i) % tOrder][d] === d) clash = true;
        }
      if (!clash) ok |= 1 << d;
    }
    orbitStart.push(orbitCells.length);
    orbitCells.push(...cells);
    allowed.push(ok);
  }
  const orbits = allowed.length;
  orbitStart.push(orbitCells.length);
  const oStart = Int32Array.from(orbitStart);
  const oCells = Int32Array.from(orbitCells);
  const oAllowed = Int32Array.from(allowed);
  for (let o = 0; o < orbits; o++) if (oAllowed[o] === 0) return 0;

  // τ's cycles: cycleOf[d], the first digit of each cycle, and for each set of touched cycles the digits
  // an untouched cycle may contribute (the first digit of the first untouched cycle of each length)
  const cycleOf = new Int32Array(n);
  const cycleFirst: number[] = [];
  const cycleLen: number[] = [];
  {
    let start = 0;
    for (const l of tauType) {
      for (let i = 0; i < l; i++) cycleOf[start + i] = cycleFirst.length;
      cycleFirst.push(start);
      cycleLen.push(l);
      start += l;
    }
  }
  const k = cycleFirst.length;
  const fresh = new Int32Array(1 << k);
  const digitsOfCycles = new Int32Array(1 << k);
  for (let s = 0; s < 1 << k; s++) {
    const lengthsDone = new Set<number>();
    for (let i = 0; i < k; i++) {
      if (s & (1 << i)) {
        for (let j = 0; j < cycleLen[i]; j++) digitsOfCycles[s] |= 1 << (cycleFirst[i] + j);
        continue;
      }
      if (lengthsDone.has(cycleLen[i])) continue;
      lengthsDone.add(cycleLen[i]);
      fresh[s] = fresh[s] | (1 << cycleFirst[i]);
    }
  }

  const rowUsed = new Int32Array(n),
    colUsed = new Int32Array(n),
    boxUsed = new Int32Array(n);
  const assigned = new Uint8Array(orbits);
  let count = 0;

  const candidates = (o: number, touched: number): number => {
    let m = oAllowed[o] & (digitsOfCycles[touched] | fresh[touched]);
    for (let i = oStart[o], j = 0; i < oStart[o + 1] && m; i++, j++) {
      const c = oCells[i];
      m &= pre[j % tOrder][full & ~(rowUsed[rowOf[c]] | colUsed[colOf[c]] | boxUsed[boxOf[c]])];
    }
    return m;
  };
  const place = (o: number, d: number): void => {
    for (let i = oStart[o], j = 0; i < oStart[o + 1]; i++, j++) {
      const c = oCells[i];
      const bit = 1 << powDigit[j % tOrder][d];
      rowUsed[rowOf[c]] ^= bit;
      colUsed[colOf[c]] ^= bit;
      boxUsed[boxOf[c]] ^= bit;
    }
  };
  const rec = (left: number, touched: number): void => {
    if (left === 0) {
      count++;
      return;
    }
    let best = -1,
      bestMask = 0,
      bestCount = 99;
    for (let o = 0; o < orbits; o++) {
      if (assigned[o]) continue;
      const m = candidates(o, touched);
      const pc = popcount(m);
      if (pc < bestCount) {
        best = o;
        bestMask = m;
        bestCount = pc;
        if (pc <= 1) break;
      }
    }
    if (bestCount === 0) return;
    assigned[best] = 1;
    for (let m = bestMask; m; m &= m - 1) {
      const d = 31 - Math.clz32(m & -m);
      place(best, d);
      rec(left - 1, touched | (1 << cycleOf[d]));
      place(best, d);
    }
    assigned[best] = 0;
  };
  rec(orbits, 0);
  return count;
}

function lcmOf(a: number, b: number): number {
  let x = a,
    y = b;
  while (y) [x, y] = [y, x % y];
  return (a / x) * b;
}
