import type { CandidateGrid } from '../candidateGrid.js';
import { lengthBonus } from './chains.js';
import { forcingFromBranches, type Branches } from './trial.js';

/**
 * Sudoku Explainer's deepest forcing chains, "dynamic forcing chains (+ dynamic forcing chains)" (SE 10.5 and up:
 * a dynamic forcing chain inside which other dynamic forcing chains prune candidates), as a nested trial:
 *
 *   outer   put candidate p in a copy of the grid (level 1) and follow its naked and hidden singles (the dynamic
 *           links) to the end;
 *   inner   then, for every candidate q left in that copy, put q in a second copy (level 2) and follow its
 *           singles: when they break it (a cell with no candidate, a digit with no place in a house), q goes
 *           from the first copy, whose singles are followed again; round after round until nothing more goes.
 *   result  when the first copy breaks, p goes (a contradiction forcing chain); when no candidate breaks it, what
 *           every candidate of a cell, or every place of a digit in a house, leads to holds (cell and region
 *           forcing chains, as the other trials take them: forcingFromBranches).
 *
 * This is trial and error of depth 2 with singles, which finished every puzzle we tried (all 375 of the forum's
 * hardest list). The complexity of a contradiction is the singles it takes: those of the outer copy plus
 * those of each inner trial that removed a candidate on the way; of all the contradictions the one of least
 * complexity is taken, rated base + SE's length bonus (complexity + 2, as the other trials). Approximate: SE counts
 * the nodes of its nested chains; we count placements.
 *
 * Hot loop on typed arrays: three levels of pencil marks (0 the grid, 1 the outer copy, 2 the inner one), one queue
 * of naked singles, nothing allocated per trial. Candidate sets are the grid's lo words.
 */
export function nestedTrial(g: CandidateGrid, technique: number, base: number, name: string): boolean {
  // up to 9×9, as the rater tries every chain (its pair table grows with the square of the candidates)
  if (g.n > 9) return false;
  const t = trialFor(g);
  t.load(g);
  const { N, n } = g;
  let best = -1;
  let bestCount = Infinity;
  const kept = t.kept;
  for (let c = 0; c < N; c++) {
    if (g.value[c] !== 0) continue;
    for (let m = g.lo[c]; m !== 0; m &= m - 1) {
      const d = 31 - Math.clz32(m & -m);
      t.bound = bestCount;
      const broke = t.branch(c, d);
      if (broke) {
        if (t.placements < bestCount) {
          bestCount = t.placements;
          best = c * n + d;
        }
      } else if (best < 0) {
        const k = c * n + d;
        kept.steps[k] = t.placements;
        kept.value.set(t.value.subarray(N, 2 * N), k * N);
        kept.lo.set(t.cand.subarray(N, 2 * N), k * N);
      }
    }
  }
  if (best < 0) return forcingFromBranches(g, kept, technique, base, name);
  const c = (best / n) | 0,
    d = best - c * n;
  // at most 11.9: below search (12.0), whatever the length
  g.stepRating = Math.min(11.9, Math.round((base + lengthBonus(bestCount + 2)) * 10) / 10);
  g.beginStep();
  g.eliminate(c, d);
  if (g.steps)
    g.noteEliminations(
      technique,
      `${name}: ${g.cellName(c)}=${g.digitName(d + 1)} breaks the grid in ${bestCount} singles, ` +
        'with the candidates whose own singles break it removed on the way',
      [[c, d + 1]],
    );
  return true;
}

/** One grid shape's nested trial state, built once per rules and reused. */
class NestedTrial {
  readonly N: number;
  readonly n: number;
  readonly H: number;
  /** Candidates of each cell, at level L in [L·N, L·N + N). */
  readonly cand: Int32Array;
  /** Digit of each cell (1..n, 0 open), likewise by level. */
  readonly value: Uint8Array;
  /** Digits placed in each house, at level L in [L·H, L·H + H). */
  readonly placed: Int32Array;
  /** Cells whose candidates fell to one (naked singles to follow). */
  private readonly queue: Int32Array;
  private qt = 0;
  /** Placements since the outer candidate was put (the contradiction's complexity). */
  placements = 0;
  /** A branch stops (as not breaking) once its placements reach this: it could not beat the best. */
  bound = Infinity;
  private readonly full: number;
  readonly kept: Branches;
  /** Candidates (c·n + d). */
  readonly P: number;
  /**
   * together[p·P + q] = 1 when, in this call, the singles of p then q (from the grid alone) were found not to break:
   * q's branch need not try p again before its first inner removal (the fixpoint of singles is order-free).
   */
  readonly together: Uint8Array;
  private readonly peerStart: Int32Array;
  private readonly peerList: Int32Array;
  private readonly cellHouseStart: Int32Array;
  private readonly cellHouseList: Int32Array;
  private readonly unitCells: Int32Array;

  constructor(g: CandidateGrid) {
    const { N, n, H } = g;
    this.N = N;
    this.n = n;
    this.H = H;
    this.cand = new Int32Array(3 * N);
    this.value = new Uint8Array(3 * N);
    this.placed = new Int32Array(3 * H);
    this.queue = new Int32Array(4 * N);
    this.full = (1 << n) - 1;
    this.P = N * n;
    this.together = new Uint8Array(this.P * this.P);
    this.kept = { value: new Uint8Array(N * N * n), lo: new Int32Array(N * N * n), steps: new Int32Array(N * n) };
    this.peerStart = g.peerStart;
    this.peerList = g.peerList;
    this.cellHouseStart = g.cellHouseStart;
    this.cellHouseList = g.cellHouseList;
    this.unitCells = g.unitCells;
  }

  load(g: CandidateGrid): void {
    this.together.fill(0);
    this.cand.set(g.lo, 0);
    this.value.set(g.value, 0);
    this.placed.set(g.unitLo, 0);
  }

  private copy(from: number, to: number): void {
    const { N, H } = this;
    this.cand.copyWithin(to * N, from * N, from * N + N);
    this.value.copyWithin(to * N, from * N, from * N + N);
    this.placed.copyWithin(to * H, from * H, from * H + H);
  }

  /** Put digit d (0-based) in cell c at level L; false at a contradiction. */
  private assign(L: number, c: number, d: number): boolean {
    const { N, H, cand, value, placed, peerList, cellHouseList, queue } = this;
    const o = L * N;
    const bit = 1 << d;
    if (value[o + c] !== 0 || (cand[o + c] & bit) === 0) return false;
    value[o + c] = d + 1;
    cand[o + c] = 0;
    this.placements++;
    for (let k = this.cellHouseStart[c], end = this.cellHouseStart[c + 1]; k < end; k++) {
      const u = L * H + cellHouseList[k];
      if (placed[u] & bit) return false;
      placed[u] |= bit;
    }
    for (let j = this.peerStart[c], end = this.peerStart[c + 1]; j < end; j++) {
      const q = o + peerList[j];
      const m = cand[q];
      if ((m & bit) === 0) continue;
      const left = m & ~bit;
      cand[q] = left;
      if (left === 0) return false;
      if ((left & (left - 1)) === 0) queue[this.qt++] = q - o;
    }
    return true;
  }

  /** Take digit d out of cell c at level L; false at a contradiction. */
  private eliminate(L: number, c: number, d: number): boolean {
    const i = L * this.N + c;
    const left = this.cand[i] & ~(1 << d);
    this.cand[i] = left;
    if (left === 0) return false;
    if ((left & (left - 1)) === 0) this.queue[this.qt++] = c;
    return true;
  }

  /** Follow naked and hidden singles at level L to the end; false at a contradiction. */
  private propagate(L: number): boolean {
    const { N, n, H, cand, value, placed, queue, unitCells, full } = this;
    const o = L * N;
    let qh = 0;
    for (;;) {
      while (qh < this.qt) {
        const c = queue[qh++];
        if (value[o + c] !== 0) continue;
        const m = cand[o + c];
        if (m === 0) return false;
        if ((m & (m - 1)) === 0 && !this.assign(L, c, 31 - Math.clz32(m))) return false;
      }
      let any = false;
      for (let u = 0; u < H; u++) {
        let once = 0,
          twice = 0;
        const at = u * n;
        for (let i = 0; i < n; i++) {
          const m = cand[o + unitCells[at + i]];
          twice |= once & m;
          once |= m;
        }
        const have = placed[L * H + u];
        if ((once | have) !== full) return false;
        for (let s = once & ~twice & ~have; s !== 0; s &= s - 1) {
          const b = s & -s;
          let i = 0;
          while (i < n && (cand[o + unitCells[at + i]] & b) === 0) i++;
          if (i === n) {
            if ((placed[L * H + u] & b) === 0) return false;
            continue;
          }
          if (!this.assign(L, unitCells[at + i], 31 - Math.clz32(b))) return false;
          any = true;
        }
      }
      if (!any && qh === this.qt) {
        this.qt = 0;
        return true;
      }
    }
  }

  /**
   * Put (c, d) at level 1 and follow it, with the inner trials; true when it breaks. `placements` is its
   * complexity; a branch past `bound` stops early (false).
   */
  branch(c: number, d: number): boolean {
    const { N, n, P, cand, value, together } = this;
    const p = c * n + d;
    this.copy(0, 1);
    this.qt = 0;
    this.placements = 0;
    if (!this.assign(1, c, d) || !this.propagate(1)) return true;
    // level 1 is still the singles of p alone (nothing removed by an inner trial yet)
    let pristine = true;
    for (let changed = true; changed;) {
      if (this.placements >= this.bound) return false;
      changed = false;
      for (let c2 = 0; c2 < N; c2++) {
        if (value[N + c2] !== 0) continue;
        for (let m = cand[N + c2]; m !== 0; m &= m - 1) {
          const b = m & -m;
          if ((cand[N + c2] & b) === 0 || value[N + c2] !== 0) continue;
          const e = 31 - Math.clz32(b);
          const q = c2 * n + e;
          // the singles of p and q together reach one fixpoint in any order: q's branch found them sound already
          if (pristine && together[q * P + p] === 1) continue;
          const before = this.placements;
          this.copy(1, 2);
          this.qt = 0;
          if (this.assign(2, c2, e) && this.propagate(2)) {
            this.placements = before;
            if (pristine) together[p * P + q] = 1;
            continue;
          }
          // q's own singles break the copy: it goes (its placements count towards the chain)
          this.qt = 0;
          pristine = false;
          if (!this.eliminate(1, c2, e) || !this.propagate(1)) return true;
          changed = true;
          if (this.placements >= this.bound) return false;
        }
      }
    }
    return false;
  }
}

const trials = new WeakMap<CandidateGrid, NestedTrial>();

function trialFor(g: CandidateGrid): NestedTrial {
  let t = trials.get(g);
  if (!t) {
    t = new NestedTrial(g);
    trials.set(g, t);
  }
  return t;
}
