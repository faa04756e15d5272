import { fullMask, popcount } from '../grid/bits.js';
import type { BoxShape } from '../grid/shape.js';
import { cycleType, lcm, permutationOfType, type CycleType } from './cycleTypes.js';

/**
 * Filling grids fixed by a symmetry g up to a relabelling τ:
 *
 *   X(g(c)) = τ(X(c)) for every cell c          (equivalently g·X = τ·X, see gridGroup)
 *
 * The cells of each orbit (c, g(c), g²(c), …) of g are tied: the digit d of its first cell (the orbit's
 * smallest cell) writes τ^j(d) in g^j(c). An orbit of length m takes only digits with τ^m(d) = d and none
 * that would repeat in a unit inside the orbit (τ^(j−i)(d) ≠ d when g^i(c) and g^j(c) share a unit).
 *
 * A variant's extra units (its extra houses: diagonals, windows, groups, …, and its pairs: anti-king,
 * anti-knight; `extraUnits`, each a list of cells that must hold different digits) are checked like rows,
 * columns and boxes: one mask of used digits each, read for every cell of a tried orbit.
 *
 * The state is one mask of used digits per row, column and box, and the grid (−1 = empty); `place` and
 * `unplace` write and erase a whole orbit. The searches below work on a list of orbits, fewest candidates
 * first, and can be asked for one filling per orbit of C(τ) (the relabellings commuting with τ):
 *
 * τ's cycles are blocks of consecutive digits (permutationOfType). C(τ) permutes the cycles of each length and
 * rotates each cycle, so while no digit of a cycle is placed ("untouched"), the untouched cycles of one length
 * are interchangeable, and so are the rotations of each. A canonical search therefore tries a digit of an
 * untouched cycle only if the cycle is the first untouched one of its length and the digit is its first. Each
 * C(τ)-orbit of fillings has exactly one member found this way, provided every filling uses every digit (as
 * any band or row does): then C(τ) acts freely, and relabelling a filling so that, along its own search path,
 * cycles are first touched in order at their first digit, picks one member. (The choices of the search depend
 * only on which cells are filled and on the masks, which relabelling permutes, so the path is well defined.)
 */
export class TiedSearch {
  readonly shape: BoxShape;
  readonly n: number;
  /** Cells n². */
  readonly cells: number;
  readonly tauType: CycleType;
  /** τ as a digit permutation (digits 0..n−1). */
  readonly tau: Int32Array;
  /** Order of τ. */
  readonly tauOrder: number;
  /** powDigit[j·n + d] = τ^j(d), 0 ≤ j < tauOrder. */
  readonly powDigit: Int32Array;
  /** pre[j·2^n + m] = τ^(−j)(m) for digit masks m. */
  private readonly pre: Int32Array;
  readonly rowOf: Int32Array;
  readonly colOf: Int32Array;
  readonly boxOf: Int32Array;
  /** Orbits of g: orbit o has cells oCells[oStart[o] .. oStart[o+1]), the j-th being g^j of the first. */
  readonly orbitCount: number;
  readonly oStart: Int32Array;
  readonly oCells: Int32Array;
  /** Digits the first cell of each orbit may take. */
  readonly oAllowed: Int32Array;
  readonly orbitOfCell: Int32Array;
  /** τ's cycle of each digit, and per set of touched cycles (bit i = cycle i): their digits, and the fresh ones. */
  readonly cycleOf: Int32Array;
  readonly cycleFirst: Int32Array;
  readonly cycleLen: Int32Array;
  private readonly touchedDigits: Int32Array;
  private readonly freshDigits: Int32Array;

  readonly rowUsed: Int32Array;
  readonly colUsed: Int32Array;
  readonly boxUsed: Int32Array;
  /** The extra units (none for the plain rules): their masks of used digits, and each cell's units. */
  readonly extraUsed: Int32Array;
  readonly extraStart: Int32Array;
  readonly extraList: Int32Array;
  private readonly hasExtra: boolean;
  /** The grid: digit 0..n−1, or −1 for an empty cell. */
  readonly grid: Int8Array;
  private readonly full: number;
  private readonly stride: number;
  /** Nodes visited by the searches (each placement of an orbit), for the statistics. */
  nodes = 0;

  constructor(
    shape: BoxShape,
    cellMap: ArrayLike<number>,
    tauType: CycleType,
    extraUnits: ReadonlyArray<ArrayLike<number>> = [],
  ) {
    const { rows: R, cols: C, n } = shape;
    const N = n * n;
    this.shape = shape;
    this.n = n;
    this.cells = N;
    this.tauType = tauType;
    const tau = permutationOfType(tauType);
    if (tau.length !== n) throw new RangeError(`τ of type ${tauType.join(',')} has ${tau.length} points, not ${n}`);
    this.tau = tau;
    const full = fullMask(n);
    this.full = full;
    this.stride = full + 1;

    let tOrder = 1;
    for (const l of cycleType(tau)) tOrder = lcm(tOrder, l);
    this.tauOrder = tOrder;
    const powDigit = new Int32Array(tOrder * n);
    for (let d = 0; d < n; d++) powDigit[d] = d;
    for (let j = 1; j < tOrder; j++) for (let d = 0; d < n; d++) powDigit[j * n + d] = tau[powDigit[(j - 1) * n + d]];
    this.powDigit = powDigit;
    const pre = new Int32Array(tOrder * (full + 1));
    const back = new Int32Array(n);
    for (let j = 0; j < tOrder; j++) {
      for (let d = 0; d < n; d++) back[powDigit[j * n + d]] = d;
      const base = j * (full + 1);
      for (let m = 1; m <= full; m++) pre[base + m] = pre[base + (m & (m - 1))] | (1 << back[31 - Math.clz32(m & -m)]);
    }
    this.pre = pre;

    this.rowOf = new Int32Array(N);
    this.colOf = new Int32Array(N);
    this.boxOf = new Int32Array(N);
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        this.rowOf[r * n + c] = r;
        this.colOf[r * n + c] = c;
        this.boxOf[r * n + c] = Math.floor(r / R) * R + Math.floor(c / C);
      }

    // each cell's extra units, as lists
    const perCell: number[][] = Array.from({ length: N }, () => []);
    extraUnits.forEach((u, i) => {
      for (let k = 0; k < u.length; k++) perCell[u[k]].push(i);
    });
    this.extraStart = new Int32Array(N + 1);
    for (let c = 0; c < N; c++) this.extraStart[c + 1] = this.extraStart[c] + perCell[c].length;
    this.extraList = Int32Array.from(perCell.flat());
    this.extraUsed = new Int32Array(extraUnits.length);
    this.hasExtra = extraUnits.length > 0;
    const shareExtra = (a: number, b: number) => perCell[a].some((u) => perCell[b].includes(u));

    const starts: number[] = [];
    const cellsList: number[] = [];
    const allowed: number[] = [];
    const orbitOfCell = new Int32Array(N).fill(-1);
    for (let c0 = 0; c0 < N; c0++) {
      if (orbitOfCell[c0] >= 0) continue;
      const o = allowed.length;
      const cells: number[] = [];
      for (let c = c0; orbitOfCell[c] < 0; c = cellMap[c]) {
        orbitOfCell[c] = o;
        cells.push(c);
      }
      if (cellMap[cells[cells.length - 1]] !== c0) throw new RangeError('cellMap is not a permutation');
      const m = cells.length;
      let ok = 0;
      for (let d = 0; d < n; d++) {
        if (powDigit[(m % tOrder) * n + d] !== d) continue;
        let clash = false;
        for (let i = 0; i < m && !clash; i++)
          for (let j = i + 1; j < m && !clash; j++) {
            const a = cells[i],
              b = cells[j];
            const share =
              this.rowOf[a] === this.rowOf[b] ||
              this.colOf[a] === this.colOf[b] ||
              this.boxOf[a] === this.boxOf[b] ||
              shareExtra(a, b);
            if (share && powDigit[((j - i) % tOrder) * n + d] === d) clash = true;
          }
        if (!clash) ok |= 1 << d;
      }
      starts.push(cellsList.length);
      cellsList.push(...cells);
      allowed.push(ok);
    }
    starts.push(cellsList.length);
    this.orbitCount = allowed.length;
    this.oStart = Int32Array.from(starts);
    this.oCells = Int32Array.from(cellsList);
    this.oAllowed = Int32Array.from(allowed);
    this.orbitOfCell = orbitOfCell;

    const k = tauType.length;
    this.cycleOf = new Int32Array(n);
    this.cycleFirst = new Int32Array(k);
    this.cycleLen = new Int32Array(k);
    for (let i = 0, start = 0; i < k; i++) {
      for (let j = 0; j < tauType[i]; j++) this.cycleOf[start + j] = i;
      this.cycleFirst[i] = start;
      this.cycleLen[i] = tauType[i];
      start += tauType[i];
    }
    this.touchedDigits = new Int32Array(1 << k);
    this.freshDigits = new Int32Array(1 << k);
    for (let s = 0; s < 1 << k; s++) {
      const lengthsDone = new Set<number>();
      for (let i = 0; i < k; i++) {
        if (s & (1 << i)) {
          for (let j = 0; j < tauType[i]; j++) this.touchedDigits[s] |= 1 << (this.cycleFirst[i] + j);
        } else if (!lengthsDone.has(tauType[i])) {
          lengthsDone.add(tauType[i]);
          this.freshDigits[s] |= 1 << this.cycleFirst[i];
        }
      }
    }

    this.rowUsed = new Int32Array(n);
    this.colUsed = new Int32Array(n);
    this.boxUsed = new Int32Array(n);
    this.grid = new Int8Array(N).fill(-1);
  }

  /** Digits the first cell of orbit o can take now (any digit: `touched` < 0; canonical: the touched-cycle set). */
  candidates(o: number, touched = -1): number {
    const { oStart, oCells, pre, stride, full, rowUsed, colUsed, boxUsed, rowOf, colOf, boxOf, tauOrder } = this;
    let m = this.oAllowed[o];
    if (touched >= 0) m &= this.touchedDigits[touched] | this.freshDigits[touched];
    const end = oStart[o + 1];
    for (let i = oStart[o], j = 0; i < end && m; i++) {
      const c = oCells[i];
      let used = rowUsed[rowOf[c]] | colUsed[colOf[c]] | boxUsed[boxOf[c]];
      if (this.hasExtra)
        for (let k = this.extraStart[c]; k < this.extraStart[c + 1]; k++) used |= this.extraUsed[this.extraList[k]];
      m &= pre[j * stride + (full & ~used)];
      if (++j === tauOrder) j = 0;
    }
    return m;
  }

  /** Write digit d in orbit o's first cell and τ^j(d) in the others (the digits must be free). */
  place(o: number, d: number): void {
    const { oStart, oCells, powDigit, n, tauOrder } = this;
    const end = oStart[o + 1];
    for (let i = oStart[o], j = 0; i < end; i++) {
      const c = oCells[i];
      const e = powDigit[j * n + d];
      const bit = 1 << e;
      this.rowUsed[this.rowOf[c]] |= bit;
      this.colUsed[this.colOf[c]] |= bit;
      this.boxUsed[this.boxOf[c]] |= bit;
      if (this.hasExtra)
        for (let k = this.extraStart[c]; k < this.extraStart[c + 1]; k++) this.extraUsed[this.extraList[k]] |= bit;
      this.grid[c] = e;
      if (++j === tauOrder) j = 0;
    }
  }

  unplace(o: number): void {
    const { oStart, oCells } = this;
    const end = oStart[o + 1];
    for (let i = oStart[o]; i < end; i++) {
      const c = oCells[i];
      const bit = ~(1 << this.grid[c]);
      this.rowUsed[this.rowOf[c]] &= bit;
      this.colUsed[this.colOf[c]] &= bit;
      this.boxUsed[this.boxOf[c]] &= bit;
      if (this.hasExtra)
        for (let k = this.extraStart[c]; k < this.extraStart[c + 1]; k++) this.extraUsed[this.extraList[k]] &= bit;
      this.grid[c] = -1;
    }
  }

  /**
   * Visit every filling of the given orbits (extending whatever is placed), fewest candidates first; with
   * `canonical`, one per C(τ)-orbit (see the class comment; `touched` is the set of cycles already touched by
   * what is placed). Returns the sum of what `leaf` returns; `leaf` hears the cycles touched so far.
   */
  search(orbits: Int32Array, canonical: boolean, leaf: (touched: number) => number, touched = 0): number {
    const k = orbits.length;
    const order = Int32Array.from(orbits);
    const masks = new Int32Array(k);
    const rec = (depth: number, touchedNow: number): number => {
      if (depth === k) return leaf(touchedNow);
      const t = canonical ? touchedNow : -1;
      // fewest candidates first among orbits depth..k−1; move the chosen one to position depth
      let best = depth,
        bestMask = 0,
        bestCount = 99;
      for (let i = depth; i < k; i++) {
        const m = this.candidates(order[i], t);
        if (m === 0) return 0;
        const pc = popcount(m);
        if (pc < bestCount) {
          best = i;
          bestMask = m;
          bestCount = pc;
          if (pc === 1) break;
        }
      }
      const o = order[best];
      order[best] = order[depth];
      order[depth] = o;
      masks[depth] = bestMask;
      let sum = 0;
      for (let m = bestMask; m; m &= m - 1) {
        const d = 31 - Math.clz32(m & -m);
        this.nodes++;
        this.place(o, d);
        sum += rec(depth + 1, canonical ? touchedNow | (1 << this.cycleOf[d]) : 0);
        this.unplace(o);
      }
      return sum;
    };
    return rec(0, touched);
  }

  /**
   * Visit the canonical fillings of the given orbits in a fixed order (the orbits in the order given), so that
   * `canonicalize` can recognise them. Returns the sum of what `leaf` returns.
   */
  searchInOrder(orbits: Int32Array, canonical: boolean, leaf: () => number): number {
    const k = orbits.length;
    const rec = (depth: number, touched: number): number => {
      if (depth === k) return leaf();
      const o = orbits[depth];
      let sum = 0;
      for (let m = this.candidates(o, canonical ? touched : -1); m; m &= m - 1) {
        const d = 31 - Math.clz32(m & -m);
        this.nodes++;
        this.place(o, d);
        sum += rec(depth + 1, canonical ? touched | (1 << this.cycleOf[d]) : 0);
        this.unplace(o);
      }
      return sum;
    };
    return rec(0, 0);
  }

  /**
   * Relabel (by an element ρ of C(τ)) the digits `leaders[i]` of the first cells of some orbits, listed in the
   * order searchInOrder uses, into the canonical member of their C(τ)-orbit, in place; ρ is written to `rho`
   * (rho[d] = ρ(d)). The leaders must touch every cycle of τ (the filling uses every digit).
   */
  canonicalize(leaders: Uint8Array, rho: Int32Array): void {
    const { cycleOf, cycleFirst, cycleLen, n, tauType } = this;
    const k = tauType.length;
    rho.fill(-1);
    let used = 0;
    for (let i = 0; i < leaders.length; i++) {
      const d = leaders[i];
      if (rho[d] < 0) {
        // d's cycle goes to the first unused cycle of its length, d to that cycle's first digit
        const cy = cycleOf[d],
          len = cycleLen[cy];
        let target = 0;
        while (target < k && ((used >> target) & 1 || cycleLen[target] !== len)) target++;
        used |= 1 << target;
        const s = d - cycleFirst[cy];
        for (let j = 0; j < len; j++) rho[cycleFirst[cy] + ((s + j) % len)] = cycleFirst[target] + j;
      }
      leaders[i] = rho[d];
    }
    for (let d = 0; d < n; d++) if (rho[d] < 0) throw new Error('internal: a canonical filling must use every digit');
  }
}
