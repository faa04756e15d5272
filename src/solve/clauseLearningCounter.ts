import { cellTables, type CellTables } from '../grid/cellTables.js';
import type { BoxShape } from '../grid/shape.js';
import type { SearchGuide, SolvedCount } from './puzzleCounter.js';

/**
 * Finds one or two solutions of a big puzzle by conflict-driven clause learning (CDCL), for the questions a
 * depth-first search answers too slowly from 16×16 on: "is this puzzle unique?" and "is there a solution other
 * than S that differs at this cell?". On the 25×25 uniqueness checks of a removal pass at 48 % clues the
 * depth-first counter takes 150,000–470,000 branches (3–15 s) per check; this takes 450–1,200 conflicts (0.1 s).
 * It counts by finding a solution, forbidding it with a clause, and finding the next: fine up to a small limit,
 * which is what it is used for (puzzleCounter sends it limits of 1 and 2 only).
 *
 * The formula, over the candidates the givens leave (variable v = "cell c holds digit d"):
 *   every open cell holds a digit           one constraint per cell: x(c,d1) ∨ x(c,d2) ∨ …
 *   every unit holds every missing digit     one constraint per unit and digit: x(c1,d) ∨ x(c2,d) ∨ …
 *   at most one                              x(c,d) → ¬x(c,e) and ¬x(p,d) for each peer p: kept as lists of
 *                                            implications (binary clauses)
 * The at-least-one constraints are not watched clauses but counters of their literals not yet false (each
 * variable is in four: its cell's, and its digit's in its row, column and box): a counter at 1 makes its last
 * literal true, at 0 is a conflict. Watching them as clauses moved watches on nearly every assignment; counters
 * do not move. Learnt clauses (and the clauses that forbid solutions found) are watched.
 *
 *   literal  2v = x true, 2v + 1 = x false        clause arena  [size, lbd, lit, lit, …] at its reference
 *   reason   ≥ 0 a clause reference; −1 a decision or level 0; −2 … −1 − 2·nv the binary clause ¬p ∨ ¬v with
 *            p = −2 − r; below that the at-least-one constraint k = −2 − 2·nv − r
 *
 * The solver: two watched literals per long clause, first-UIP conflict analysis with local minimisation,
 * VSIDS activities in a binary heap, phases, Luby restarts (unit 100 conflicts), and at restarts the learnt
 * clauses of high literal-block distance (LBD) are thinned out, the arena compacted. A guide's `maxNodes` bounds
 * the conflicts. Phases: with a guide's `prefer`, always its digits (true) and not the others, so the search
 * stays near that solution; saving phases instead let it drift, and the second solutions it found differed from
 * the first in 100–250 of a 25×25 puzzle's ~360 open cells, found about 30 % later (docs/puzzles.md). Without a
 * guide, saved phases.
 */
const UNASSIGNED = -1;

export class ClauseLearningCounter {
  readonly tables: CellTables;
  /** Called every 65,536 conflicts with the conflicts so far (progress; a caller stops a search by throwing). */
  onTick: ((nodes: number) => void) | null = null;
  private readonly n: number;
  private readonly N: number;
  // ---- per count: the variables ----
  private nv = 0;
  private varCell = new Int32Array(0);
  private varDigit = new Int32Array(0);
  /** Variable of (cell, digit), −1 when the digit is not a candidate: at[c·(n+1) + d]. */
  private varAt: Int32Array;
  // ---- implications of x(c,d) true: ¬ the other candidates of c, ¬ x(p,d) for peers p (CSR) ----
  private implStart = new Int32Array(1);
  private impl = new Int32Array(0);
  // ---- at-least-one constraints (CSR), each variable's four, and their counters of literals not yet false ----
  private consStart = new Int32Array(1);
  private consVars = new Int32Array(0);
  private varCons = new Int32Array(0);
  private consLeft = new Int32Array(0);
  // ---- clauses ----
  private arena = new Int32Array(1 << 16);
  private arenaTop = 0;
  private originalTop = 0;
  private learnts: number[] = [];
  /**
   * For each literal, the clauses watching it, as pairs [clause, blocker literal]: the first watchLen[l] entries
   * of watches[l] (a list is cut by its length there, not by resizing the array: setting an array's length took 8 %
   * of the time).
   */
  private watches: number[][] = [];
  private watchLen = new Int32Array(0);
  /** The literals of the reason reasonLits() read last. */
  private reasonBuf = new Int32Array(0);
  // ---- assignment ----
  private value = new Int8Array(0);
  private level = new Int32Array(0);
  private reason = new Int32Array(0);
  private trail = new Int32Array(0);
  private trailTop = 0;
  private qhead = 0;
  private levelStart: number[] = [];
  // ---- heuristics ----
  private activity = new Float64Array(0);
  private varInc = 1;
  private phase = new Uint8Array(0);
  /** Phases stay the guide's preferred solution (see the class comment). */
  private fixedPhase = false;
  private heap = new Int32Array(0);
  private heapSize = 0;
  private heapPos = new Int32Array(0);
  private seen = new Uint8Array(0);
  private conflicts = 0;
  private maxConflicts = Infinity;
  private levelMark = new Int32Array(0);
  /** Variables marked in `seen` by the minimisation, to unmark. */
  private readonly marked: number[] = [];
  private levelStamp = 0;

  constructor(shape: BoxShape) {
    this.tables = cellTables(shape);
    this.n = shape.n;
    this.N = this.tables.cells;
    this.varAt = new Int32Array(this.N * (this.n + 1));
  }

  /** Count the completions of `cells` (n² digits, 0 = empty) up to `limit`; see SolutionCounter.count. */
  count(cells: ArrayLike<number>, limit = Infinity, solution?: Uint8Array, guide?: SearchGuide): SolvedCount {
    this.conflicts = 0;
    this.maxConflicts = guide?.maxNodes ?? Infinity;
    const prefer = guide?.prefer ?? null;
    const notCell = prefer ? (guide?.notCell ?? -1) : -1;
    let count = 0;
    let solved = false;
    let aborted = false;
    if (limit > 0 && this.build(cells, prefer, notCell)) {
      while (count < limit) {
        const r = this.solve();
        if (r === null) {
          aborted = true;
          break;
        }
        if (!r) break;
        count++;
        if (solution && !solved) {
          for (let c = 0; c < this.N; c++) solution[c] = cells[c];
          for (let v = 0; v < this.nv; v++) if (this.value[v] === 1) solution[this.varCell[v]] = this.varDigit[v];
          solved = true;
        }
        if (count >= limit || !this.block()) break;
      }
    }
    return { count, limited: count >= limit && !aborted, nodes: this.conflicts, solved, aborted };
  }

  // -------------------------------------------------------------------- the formula

  /** Variables, implications and clauses of a puzzle. False when it plainly has no solution. */
  private build(cells: ArrayLike<number>, prefer: ArrayLike<number> | null, notCell: number): boolean {
    const { n, N, varAt } = this;
    const { cellUnits, unitCells, peers, peerCount: P } = this.tables;
    const used = new Uint8Array(3 * n * (n + 1));
    for (let c = 0; c < N; c++) {
      const d = cells[c];
      if (d === 0) continue;
      for (let k = 3 * c; k < 3 * c + 3; k++) {
        const slot = cellUnits[k] * (n + 1) + d;
        if (used[slot]) return false; // clashing givens
        used[slot] = 1;
      }
    }
    varAt.fill(-1);
    const vc: number[] = [],
      vd: number[] = [];
    for (let c = 0; c < N; c++) {
      if (cells[c] !== 0) continue;
      let any = false;
      for (let d = 1; d <= n; d++) {
        if (used[cellUnits[3 * c] * (n + 1) + d] || used[cellUnits[3 * c + 1] * (n + 1) + d]) continue;
        if (used[cellUnits[3 * c + 2] * (n + 1) + d]) continue;
        if (c === notCell && prefer && prefer[c] === d) continue;
        varAt[c * (n + 1) + d] = vc.length;
        vc.push(c);
        vd.push(d);
        any = true;
      }
      if (!any) return false;
    }
    const nv = (this.nv = vc.length);
    this.varCell = Int32Array.from(vc);
    this.varDigit = Int32Array.from(vd);
    // implications: for v = (c, d): the other candidates of c, and d in each peer
    const start = new Int32Array(nv + 1);
    const list: number[] = [];
    for (let v = 0; v < nv; v++) {
      start[v] = list.length;
      const c = vc[v],
        d = vd[v];
      for (let e = 1; e <= n; e++) {
        const w = varAt[c * (n + 1) + e];
        if (w >= 0 && w !== v) list.push(2 * w + 1);
      }
      for (let j = c * P; j < c * P + P; j++) {
        const w = varAt[peers[j] * (n + 1) + d];
        if (w >= 0) list.push(2 * w + 1);
      }
    }
    start[nv] = list.length;
    this.implStart = start;
    this.impl = Int32Array.from(list);
    // assignment and heuristics
    this.value = new Int8Array(nv).fill(UNASSIGNED);
    this.level = new Int32Array(nv);
    this.reason = new Int32Array(nv).fill(-1);
    this.trail = new Int32Array(nv);
    this.trailTop = 0;
    this.qhead = 0;
    this.levelStart = [];
    this.activity = new Float64Array(nv);
    this.varInc = 1;
    this.phase = new Uint8Array(nv);
    this.fixedPhase = prefer !== null;
    if (prefer) for (let v = 0; v < nv; v++) this.phase[v] = prefer[vc[v]] === vd[v] ? 1 : 0;
    this.seen = new Uint8Array(nv);
    this.levelMark = new Int32Array(nv + 1);
    this.levelStamp = 0;
    this.heap = new Int32Array(nv);
    this.heapPos = new Int32Array(nv).fill(-1);
    this.heapSize = 0;
    for (let v = 0; v < nv; v++) this.heapInsert(v);
    // constraints: every open cell holds a digit, every unit every missing digit
    this.arenaTop = 0;
    this.learnts = [];
    this.watches = Array.from({ length: 2 * nv }, () => []);
    this.watchLen = new Int32Array(2 * nv);
    this.reasonBuf = new Int32Array(nv + 2);
    const units: number[] = [];
    const cStart: number[] = [];
    const cVars: number[] = [];
    const varCons = new Int32Array(4 * nv);
    const filled = new Int32Array(nv);
    const close = () => {
      const k = cStart.length - 1;
      const size = cVars.length - cStart[k];
      if (size === 0) return false; // a digit with no place in a unit
      if (size === 1) units.push(2 * cVars[cStart[k]]);
      for (let i = cStart[k]; i < cVars.length; i++) varCons[4 * cVars[i] + filled[cVars[i]]++] = k;
      return true;
    };
    for (let c = 0; c < N; c++) {
      if (cells[c] !== 0) continue;
      cStart.push(cVars.length);
      for (let d = 1; d <= n; d++) {
        const v = varAt[c * (n + 1) + d];
        if (v >= 0) cVars.push(v);
      }
      close();
    }
    for (let u = 0; u < 3 * n; u++) {
      for (let d = 1; d <= n; d++) {
        if (used[u * (n + 1) + d]) continue;
        cStart.push(cVars.length);
        for (let i = u * n; i < u * n + n; i++) {
          const v = varAt[unitCells[i] * (n + 1) + d];
          if (v >= 0) cVars.push(v);
        }
        if (!close()) return false;
      }
    }
    cStart.push(cVars.length);
    this.consStart = Int32Array.from(cStart);
    this.consVars = Int32Array.from(cVars);
    this.varCons = varCons;
    this.consLeft = new Int32Array(cStart.length - 1);
    for (let k = 0; k + 1 < cStart.length; k++) this.consLeft[k] = cStart[k + 1] - cStart[k];
    this.originalTop = this.arenaTop;
    for (const l of units) {
      const x = this.litValue(l);
      if (x === 0) return false;
      if (x === UNASSIGNED) this.assign(l, -1);
    }
    return this.propagate() === null;
  }

  /** Forbid the current solution (its true variables), back at level 0. False when no other can exist. */
  private block(): boolean {
    const lits: number[] = [];
    for (let v = 0; v < this.nv; v++) if (this.value[v] === 1 && this.level[v] > 0) lits.push(2 * v + 1);
    this.cancelUntil(0);
    if (lits.length === 0) return false;
    if (lits.length === 1) {
      this.assign(lits[0], -1);
      return this.propagate() === null;
    }
    this.addClause(lits, 0);
    this.originalTop = this.arenaTop;
    return true;
  }

  private addClause(lits: readonly number[], lbd: number): number {
    const need = this.arenaTop + lits.length + 2;
    if (need > this.arena.length) {
      const bigger = new Int32Array(Math.max(need, 2 * this.arena.length));
      bigger.set(this.arena.subarray(0, this.arenaTop));
      this.arena = bigger;
    }
    const ref = this.arenaTop;
    this.arena[ref] = lits.length;
    this.arena[ref + 1] = lbd;
    for (let i = 0; i < lits.length; i++) this.arena[ref + 2 + i] = lits[i];
    this.arenaTop = need;
    this.watch(lits[0], ref, lits[1]);
    this.watch(lits[1], ref, lits[0]);
    return ref;
  }

  private watch(l: number, ref: number, blocker: number): void {
    const k = this.watchLen[l],
      ws = this.watches[l];
    ws[k] = ref;
    ws[k + 1] = blocker;
    this.watchLen[l] = k + 2;
  }

  // -------------------------------------------------------------------- search

  private litValue(l: number): number {
    const x = this.value[l >> 1];
    return x === UNASSIGNED ? UNASSIGNED : x ^ (l & 1);
  }

  private assign(l: number, reason: number): void {
    const v = l >> 1;
    this.value[v] = (l & 1) ^ 1;
    this.level[v] = this.levelStart.length;
    this.reason[v] = reason;
    this.trail[this.trailTop++] = l;
  }

  /**
   * Unit propagation from the queue. Returns null, or the conflict as a clause reference (≥ 0) or a binary
   * conflict between true variables v and w, encoded −2 − (v·nv + w)... as the pair [¬v, ¬w] in `binConflict`.
   */
  private readonly binConflict: [number, number] = [0, 0];

  private propagate(): number | null {
    const { value, level, reason, trail, implStart, impl, arena, watches, watchLen } = this;
    const { varCons, consLeft, consStart, consVars } = this;
    const lv = this.levelStart.length;
    const consBase = -2 - 2 * this.nv; // reason/conflict code of constraint k: consBase − k
    let top = this.trailTop;
    let qhead = this.qhead;
    let conflict: number | null = null;
    outer: while (qhead < top) {
      const p = trail[qhead++];
      if ((p & 1) === 0) {
        // x(v) true: its implications
        const v = p >> 1;
        for (let j = implStart[v], end = implStart[v + 1]; j < end; j++) {
          const q = impl[j]; // ¬w
          const w = q >> 1;
          const x = value[w];
          if (x === 1) {
            this.binConflict[0] = p ^ 1;
            this.binConflict[1] = q;
            conflict = -1;
            break outer;
          }
          if (x === UNASSIGNED) {
            value[w] = 0;
            level[w] = lv;
            reason[w] = -2 - p;
            trail[top++] = q;
          }
        }
      } else {
        // x(v) false: its four constraints lose a literal
        const v = p >> 1;
        // all four counted down first: a conflict in one leaves the literal fully counted out (cancelUntil undoes it)
        for (let t = 4 * v; t < 4 * v + 4; t++) consLeft[varCons[t]]--;
        for (let t = 4 * v; t < 4 * v + 4; t++) {
          const k = varCons[t];
          if (consLeft[k] > 1) continue;
          // the last literal not false, if any, must be true
          let last = -1;
          for (let i = consStart[k], end = consStart[k + 1]; i < end; i++) {
            const w = consVars[i];
            if (value[w] !== 0) {
              last = w;
              break;
            }
          }
          if (last < 0) {
            conflict = consBase - k;
            break outer;
          }
          if (value[last] === UNASSIGNED) {
            value[last] = 1;
            level[last] = lv;
            reason[last] = consBase - k;
            trail[top++] = 2 * last;
          }
        }
      }
      // long clauses watching ¬p, which is now false; a watch is [clause, blocker]: a literal of the clause that,
      // when true, shows the clause satisfied without reading it. Literal l is true when value = 1 − (l & 1) and
      // false when value = l & 1.
      const falseLit = p ^ 1;
      const ws = watches[falseLit];
      const len = watchLen[falseLit];
      let i = 0,
        j = 0;
      while (i < len) {
        const ref = ws[i],
          blocker = ws[i + 1];
        i += 2;
        if (value[blocker >> 1] === ((blocker & 1) ^ 1)) {
          ws[j++] = ref;
          ws[j++] = blocker;
          continue;
        }
        const a = ref + 2;
        if (arena[a] === falseLit) {
          arena[a] = arena[a + 1];
          arena[a + 1] = falseLit;
        }
        const first = arena[a];
        const fv = value[first >> 1];
        if (fv === ((first & 1) ^ 1)) {
          ws[j++] = ref;
          ws[j++] = first;
          continue;
        }
        let moved = false;
        for (let k = a + 2, end = a + arena[ref]; k < end; k++) {
          const l = arena[k];
          if (value[l >> 1] !== (l & 1)) {
            arena[a + 1] = l;
            arena[k] = falseLit;
            const wk = watchLen[l],
              wl = watches[l];
            wl[wk] = ref;
            wl[wk + 1] = first;
            watchLen[l] = wk + 2;
            moved = true;
            break;
          }
        }
        if (moved) continue;
        ws[j++] = ref;
        ws[j++] = first;
        if (fv === (first & 1)) {
          while (i < len) ws[j++] = ws[i++];
          watchLen[falseLit] = j;
          conflict = ref;
          break outer;
        }
        const w = first >> 1;
        value[w] = (first & 1) ^ 1;
        level[w] = lv;
        reason[w] = ref;
        trail[top++] = first;
      }
      watchLen[falseLit] = j;
    }
    this.trailTop = top;
    this.qhead = qhead;
    return conflict;
  }

  /**
   * The literals of a reason or conflict, into reasonBuf (their count returned): a clause's, a binary clause's
   * two, or an at-least-one constraint's.
   */
  private reasonLits(r: number, implied: number): number {
    const out = this.reasonBuf;
    let size = 0;
    const consBase = -2 - 2 * this.nv;
    if (r >= 0) {
      for (let k = r + 2, end = k + this.arena[r]; k < end; k++) out[size++] = this.arena[k];
    } else if (r === -1) {
      out[size++] = this.binConflict[0];
      out[size++] = this.binConflict[1];
    } else if (r > consBase) {
      out[size++] = implied; // implied ∨ ¬p
      out[size++] = (-2 - r) ^ 1;
    } else {
      // x(c1) ∨ x(c2) ∨ …, the implied literal first (when there is one)
      const k = consBase - r;
      if (implied >= 0) out[size++] = implied;
      for (let i = this.consStart[k], end = this.consStart[k + 1]; i < end; i++) {
        const l = 2 * this.consVars[i];
        if (l !== implied) out[size++] = l;
      }
    }
    return size;
  }

  /** True: a solution (in `value`); false: none; null: the conflict budget ran out. */
  private solve(): boolean | null {
    let restart = 1;
    let nextRestart = this.conflicts + 100 * luby(restart);
    let nextReduce = this.conflicts + 2000;
    const learnt: number[] = [];
    for (;;) {
      const confl = this.propagate();
      if (confl !== null) {
        this.conflicts++;
        if ((this.conflicts & 0xffff) === 0 && this.onTick !== null) this.onTick(this.conflicts);
        if (this.levelStart.length === 0) return false;
        if (this.conflicts > this.maxConflicts) return null;
        const back = this.analyze(confl, learnt);
        this.cancelUntil(back);
        if (learnt.length === 1) this.assign(learnt[0], -1);
        else {
          const ref = this.addClause(learnt, this.lbd(learnt));
          this.learnts.push(ref);
          this.assign(learnt[0], ref);
        }
        this.varInc *= 1 / 0.95;
        if (this.varInc > 1e100) {
          for (let v = 0; v < this.nv; v++) this.activity[v] *= 1e-100;
          this.varInc *= 1e-100;
        }
        if (this.conflicts >= nextRestart) {
          restart++;
          nextRestart = this.conflicts + 100 * luby(restart);
          this.cancelUntil(0);
          if (this.conflicts >= nextReduce) {
            nextReduce = this.conflicts + 2000 + 300 * this.learnts.length ** 0.5;
            if (!this.reduce()) return false;
          }
        }
        continue;
      }
      // decide: the unassigned variable of highest activity, in its saved phase
      let v = -1;
      while (this.heapSize > 0) {
        const top = this.heapPop();
        if (this.value[top] === UNASSIGNED) {
          v = top;
          break;
        }
      }
      if (v < 0) return true;
      this.levelStart.push(this.trailTop);
      this.assign(2 * v + (this.phase[v] ? 0 : 1), -1);
    }
  }

  /** First-UIP analysis of a conflict into `learnt` (asserting literal first); returns the level to go back to. */
  private analyze(confl: number, learnt: number[]): number {
    const { seen, level, reason, trail, reasonBuf: lits } = this;
    const current = this.levelStart.length;
    learnt.length = 0;
    learnt.push(0);
    let counter = 0;
    let p = -1;
    let idx = this.trailTop - 1;
    let r = confl;
    for (;;) {
      const size = this.reasonLits(r, p);
      for (let k = p === -1 ? 0 : 1; k < size; k++) {
        const q = lits[k];
        const v = q >> 1;
        if (seen[v] || level[v] === 0) continue;
        seen[v] = 1;
        this.bump(v);
        if (level[v] >= current) counter++;
        else learnt.push(q);
      }
      while (!seen[trail[idx] >> 1]) idx--;
      p = trail[idx--];
      seen[p >> 1] = 0;
      counter--;
      if (counter === 0) break;
      r = reason[p >> 1];
      if (r >= 0) {
        // the implied literal must come first in its reason
        const a = r + 2;
        if (this.arena[a] !== p) {
          for (let k = a + 1; k < a + this.arena[r]; k++) {
            if (this.arena[k] === p) {
              this.arena[k] = this.arena[a];
              this.arena[a] = p;
              break;
            }
          }
        }
      }
    }
    learnt[0] = p ^ 1;
    // local minimisation: drop a literal whose reason's other literals are all in the clause (or at level 0)
    const all = learnt.length;
    const marked = this.marked;
    marked.length = 0;
    for (let k = 1; k < all; k++) {
      seen[learnt[k] >> 1] = 1;
      marked.push(learnt[k] >> 1);
    }
    let kept = 1;
    for (let k = 1; k < all; k++) {
      const q = learnt[k];
      const rv = reason[q >> 1];
      let redundant = rv !== -1;
      if (redundant) {
        const size = this.reasonLits(rv, q ^ 1);
        for (let t = 1; t < size && redundant; t++) {
          const w = lits[t] >> 1;
          if (!seen[w] && level[w] > 0) redundant = false;
        }
      }
      if (!redundant) learnt[kept++] = q;
    }
    for (const v of marked) seen[v] = 0; // every one marked, dropped ones too
    learnt.length = kept;
    // back to the second-highest level in the clause, its literal second (watched)
    let back = 0,
      at = 1;
    for (let k = 1; k < learnt.length; k++) {
      const lv = level[learnt[k] >> 1];
      if (lv > back) {
        back = lv;
        at = k;
      }
    }
    if (learnt.length > 1) {
      const t = learnt[1];
      learnt[1] = learnt[at];
      learnt[at] = t;
    }
    return back;
  }

  private lbd(lits: readonly number[]): number {
    const stamp = ++this.levelStamp;
    let k = 0;
    for (const l of lits) {
      const lv = this.level[l >> 1];
      if (this.levelMark[lv] !== stamp) {
        this.levelMark[lv] = stamp;
        k++;
      }
    }
    return k;
  }

  private cancelUntil(lv: number): void {
    if (this.levelStart.length <= lv) return;
    const stop = this.levelStart[lv];
    const { varCons, consLeft } = this;
    for (let i = this.trailTop - 1; i >= stop; i--) {
      const l = this.trail[i];
      const v = l >> 1;
      if (i < this.qhead && (l & 1) === 1) {
        // a false literal already counted out of its constraints
        for (let t = 4 * v; t < 4 * v + 4; t++) consLeft[varCons[t]]++;
      }
      if (!this.fixedPhase) this.phase[v] = this.value[v];
      this.value[v] = UNASSIGNED;
      this.reason[v] = -1;
      if (this.heapPos[v] < 0) this.heapInsert(v);
    }
    this.trailTop = stop;
    this.qhead = stop;
    this.levelStart.length = lv;
  }

  /**
   * At level 0: drop the clauses satisfied there and the false literals of the others, keep the better half of
   * the learnt clauses (low LBD, then short), and rebuild the arena and the watches. False when a clause empties.
   */
  private reduce(): boolean {
    const { arena } = this;
    const learnt = this.learnts.slice().sort((a, b) => arena[a + 1] - arena[b + 1] || arena[a] - arena[b]);
    const keepLearnt = new Set(learnt.slice(0, Math.ceil(learnt.length / 2)).filter((r) => arena[r] > 0));
    for (const r of learnt) if (arena[r + 1] <= 2 && arena[r] > 0) keepLearnt.add(r); // glue clauses stay
    const old = arena.slice(0, this.arenaTop);
    const originalTop = this.originalTop;
    this.arenaTop = 0;
    this.learnts = [];
    this.watchLen.fill(0);
    const units: number[] = [];
    const lits: number[] = [];
    for (let r = 0; r < old.length; r += 2 + Math.abs(old[r])) {
      const size = old[r];
      if (size < 0) continue;
      const isLearnt = r >= originalTop;
      if (isLearnt && !keepLearnt.has(r)) continue;
      lits.length = 0;
      let satisfied = false;
      for (let k = r + 2; k < r + 2 + size; k++) {
        const x = this.litValue(old[k]);
        if (x === 1) satisfied = true;
        else if (x === UNASSIGNED) lits.push(old[k]);
      }
      if (satisfied) continue;
      if (lits.length === 0) return false;
      if (lits.length === 1) {
        units.push(lits[0]);
        continue;
      }
      const ref = this.addClause(lits, old[r + 1]);
      if (isLearnt) this.learnts.push(ref);
      else this.originalTop = this.arenaTop;
    }
    if (this.learnts.length === 0) this.originalTop = this.arenaTop;
    else this.originalTop = this.learnts[0];
    for (let v = 0; v < this.nv; v++) if (this.value[v] !== UNASSIGNED) this.reason[v] = -1; // level 0
    for (const l of units) {
      const x = this.litValue(l);
      if (x === 0) return false;
      if (x === UNASSIGNED) this.assign(l, -1);
    }
    return this.propagate() === null;
  }

  // -------------------------------------------------------------------- VSIDS heap (max-activity first)

  private bump(v: number): void {
    this.activity[v] += this.varInc;
    if (this.heapPos[v] >= 0) this.heapUp(this.heapPos[v]);
  }

  private heapInsert(v: number): void {
    this.heap[this.heapSize] = v;
    this.heapPos[v] = this.heapSize;
    this.heapUp(this.heapSize++);
  }

  private heapPop(): number {
    const { heap, heapPos } = this;
    const top = heap[0];
    heapPos[top] = -1;
    const last = heap[--this.heapSize];
    if (this.heapSize > 0) {
      heap[0] = last;
      heapPos[last] = 0;
      this.heapDown(0);
    }
    return top;
  }

  private heapUp(i: number): void {
    const { heap, heapPos, activity } = this;
    const v = heap[i];
    const a = activity[v];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pv = heap[parent];
      if (activity[pv] >= a) break;
      heap[i] = pv;
      heapPos[pv] = i;
      i = parent;
    }
    heap[i] = v;
    heapPos[v] = i;
  }

  private heapDown(i: number): void {
    const { heap, heapPos, activity } = this;
    const size = this.heapSize;
    const v = heap[i];
    const a = activity[v];
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && activity[heap[child + 1]] > activity[heap[child]]) child++;
      if (activity[heap[child]] <= a) break;
      heap[i] = heap[child];
      heapPos[heap[i]] = i;
      i = child;
    }
    heap[i] = v;
    heapPos[v] = i;
  }
}

/** The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, … (i ≥ 1). */
function luby(i: number): number {
  for (;;) {
    let k = 1;
    while ((1 << k) - 1 < i) k++;
    if (i === (1 << k) - 1) return 1 << (k - 1);
    i -= (1 << (k - 1)) - 1;
  }
}
