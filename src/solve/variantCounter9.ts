import type { Rules } from '../grid/rules.js';
import { popcount } from '../grid/bits.js';
import { BAND_KEEP27, COLUMNS27, FULL27, KEEP, PEERS27, ROW_BOXES, SINGLE_ROW, triadRule } from './bitboardCounter9.js';
import type { PuzzleCounter } from './puzzleCounter.js';
import type { SearchGuide, SolvedCount } from './puzzleCounter.js';

/** Words per search layer: 27 boards, 3 unsolved sets, 2 spare. */
const LAYER = 32;
const U = 27;
const DEPTH = 82;

/**
 * The 9×9 variants on digit bitboards: BitboardCounter9's search (see its comment for the board layout, the band and
 * stack rules and the branching), with the extra houses and pairs of any rules that keep the 3×3 boxes (x, windoku,
 * disjoint groups, centre dot, asterisk, girandola, anti-king, anti-knight and their combinations; not jigsaw, whose
 * regions break the band and stack rules). The rows, columns and boxes propagate 27 cells at a time as in the plain
 * engine; what the rules add is data, derived once from them:
 *
 *   XP[3i .. 3i+3)   the extra peers of cell i (through an extra house or a pair) as three band words
 *   HX[3h .. 3h+3)   extra house h as three band words
 *
 *   extra house   for each digit d at each propagation step: no place left for d in the house is a dead end; one
 *                 place left that is unsolved puts d there (d leaves the cell's row, column and box, the other digits
 *                 leave the cell; the band rule then decides it)
 *   decided cell  as in BitboardCounter9, and d leaves the cell's extra peers too; an extra peer already holding d
 *                 is a dead end
 * So every placed digit clears all its peers, and a state with no unsolved cell at its fixpoint is a grid of the
 * rules: rows, columns and boxes by the plain argument, each extra house holds d at least once (checked) and at
 * most once (extra peers cleared), and no pair holds one digit twice.
 *
 * At limits 1 and 2 the triad rule (triadRule, from the rows, columns and boxes alone) joins the propagation and
 * branching takes the bivalue cell with the most unsolved peers, as in BitboardCounter9. This is the TypeScript twin
 * of the WebAssembly search (countVariant in fast9/assembly/fast9Core.ts, behind Fast9VariantCounter, which the
 * router uses at every limit): same counts, first solutions and branch counts; it is the core's fallback and
 * oracle. The property suite checks both against the exact-cover oracle.
 */
export class VariantCounter9 implements PuzzleCounter {
  private readonly s = new Int32Array(LAYER * (DEPTH + 1));
  private readonly XP: Int32Array;
  /**
   * The boards as the extra houses last saw them, per digit (one settle's scratch): a house none of whose cells
   * changed on d's board since gives nothing new (see settle).
   */
  private readonly seen = new Int32Array(27);
  /** XPC[b]: the cells of band b with extra peers (the others skip the extra-peer step). */
  private readonly XPC = new Int32Array(3);
  private readonly HX: Int32Array;
  /** Extra houses. */
  private readonly E: number;
  /** Rules with pairs: every house (HA, HN of them) and every cell's peers (FP), for the pair deduction. */
  private readonly pairs: boolean;
  private readonly HA: Int32Array;
  private readonly HN: number;
  private readonly FP: Int32Array;
  private nodes = 0;
  onTick: ((nodes: number) => void) | null = null;
  private solution: Uint8Array | null = null;
  private haveSolution = false;
  private prefer: ArrayLike<number> | null = null;
  private maxNodes = Infinity;
  private aborted = false;
  /** Limits 1 and 2: the triad rule joins the propagation and branching scores the cells, as in BitboardCounter9. */
  private triadMode = false;
  private readonly triadScratch = new Int32Array(72);

  /** 3×3 boxes (any extra houses and pairs, no jigsaw). */
  static supports(rules: Rules): boolean {
    return rules.shape.rows === 3 && rules.shape.cols === 3 && !rules.variants.includes('jigsaw');
  }

  constructor(readonly rules: Rules) {
    if (!VariantCounter9.supports(rules))
      throw new RangeError(`variant counter 9: ${rules.name} is not 3x3 with boxes`);
    const t = variantTables9(rules);
    this.XP = t.XP;
    this.XPC.set(t.XPC);
    this.E = t.E;
    this.HX = t.HX;
    this.pairs = rules.pairCount > 0;
    this.HN = t.HN;
    this.HA = t.HA;
    this.FP = t.FP;
  }

  /** Count the completions of 81 digits (0 = empty), stopping at `limit`; see PuzzleCounter.count. */
  count(cells: ArrayLike<number>, limit = Infinity, solution?: Uint8Array, guide?: SearchGuide): SolvedCount {
    this.nodes = 0;
    this.haveSolution = false;
    this.solution = solution ?? null;
    this.prefer = guide?.prefer ?? null;
    this.maxNodes = guide?.maxNodes ?? Infinity;
    this.aborted = false;
    this.triadMode = limit <= 2;
    let count = 0;
    const notCell = this.prefer ? (guide?.notCell ?? -1) : -1;
    if (limit > 0 && this.setup(cells, notCell)) count = this.search(0, limit);
    this.solution = null;
    this.prefer = null;
    const aborted = this.aborted;
    return { count, limited: count >= limit && !aborted, nodes: this.nodes, solved: this.haveSolution, aborted };
  }

  private setup(cells: ArrayLike<number>, notCell: number): boolean {
    const s = this.s;
    for (let i = 0; i < 27; i++) s[i] = FULL27;
    s[U] = s[U + 1] = s[U + 2] = FULL27;
    for (let cell = 0; cell < 81; cell++) {
      const v = cells[cell];
      if (v === 0) continue;
      const b = (cell / 27) | 0,
        p = cell - 27 * b;
      if ((s[3 * (v - 1) + b] & (1 << p)) === 0) return false;
      this.put(0, b, p, v - 1);
    }
    if (notCell >= 0 && this.prefer && cells[notCell] === 0) {
      const b = (notCell / 27) | 0;
      s[3 * (this.prefer[notCell] - 1) + b] &= ~(1 << (notCell - 27 * b));
    }
    return this.settle(0, 0x1ff);
  }

  /**
   * Put digit d in cell (band b, position p) at layer offset o: the other digits leave the cell, d leaves its row,
   * column and box (its extra peers when the band rule decides it). Returns the digits whose boards changed.
   */
  private put(o: number, b: number, p: number, d: number): number {
    const s = this.s;
    const bit = 1 << p;
    let changed = 1 << d;
    for (let e = 0, x = o + b; e < 9; e++, x += 3) {
      if (e !== d && (s[x] & bit) !== 0) {
        s[x] &= ~bit;
        changed |= 1 << e;
      }
    }
    const col = COLUMNS27[1 << (p % 9)];
    for (let bb = 0; bb < 3; bb++) s[o + 3 * d + bb] &= bb === b ? ~PEERS27[p] : ~col;
    return changed;
  }

  /** Propagate at layer offset o, starting with the digits in `dirty`, to a fixpoint. False at a dead end. */
  private settle(o: number, dirty: number): boolean {
    const { s, XP, HX, E, seen } = this;
    let touched = 0;
    // the extra houses of the parent's fixpoint (the layer before) were all looked at; at the root, none were
    if (E > 0) {
      if (o === 0) seen.fill(-1);
      else for (let i = 0; i < 27; i++) seen[i] = s[o - LAYER + i];
    }
    for (;;) {
      while (dirty !== 0) {
        const low = dirty & -dirty;
        dirty ^= low;
        touched |= low;
        const d = 31 - Math.clz32(low);
        const at = o + 3 * d;
        let f0 = s[at],
          f1 = s[at + 1],
          f2 = s[at + 2];
        for (;;) {
          // band rule, each band
          let g0 =
            f0 & BAND_KEEP27[ROW_BOXES[f0 & 511] | (ROW_BOXES[(f0 >>> 9) & 511] << 3) | (ROW_BOXES[f0 >>> 18] << 6)];
          let g1 =
            f1 & BAND_KEEP27[ROW_BOXES[f1 & 511] | (ROW_BOXES[(f1 >>> 9) & 511] << 3) | (ROW_BOXES[f1 >>> 18] << 6)];
          let g2 =
            f2 & BAND_KEEP27[ROW_BOXES[f2 & 511] | (ROW_BOXES[(f2 >>> 9) & 511] << 3) | (ROW_BOXES[f2 >>> 18] << 6)];
          if (g0 === 0 || g1 === 0 || g2 === 0) return false;
          // stack rule
          const c0 = (g0 | (g0 >>> 9) | (g0 >>> 18)) & 511;
          const c1 = (g1 | (g1 >>> 9) | (g1 >>> 18)) & 511;
          const c2 = (g2 | (g2 >>> 9) | (g2 >>> 18)) & 511;
          const k0 = KEEP[(c0 & 7) | ((c1 & 7) << 3) | ((c2 & 7) << 6)];
          const k1 = KEEP[((c0 >>> 3) & 7) | (((c1 >>> 3) & 7) << 3) | (((c2 >>> 3) & 7) << 6)];
          const k2 = KEEP[(c0 >>> 6) | ((c1 >>> 6) << 3) | ((c2 >>> 6) << 6)];
          g0 &= COLUMNS27[(k0 & 7) | ((k1 & 7) << 3) | ((k2 & 7) << 6)];
          g1 &= COLUMNS27[((k0 >>> 3) & 7) | (((k1 >>> 3) & 7) << 3) | (((k2 >>> 3) & 7) << 6)];
          g2 &= COLUMNS27[(k0 >>> 6) | ((k1 >>> 6) << 3) | ((k2 >>> 6) << 6)];
          if (g0 !== f0 || g1 !== f1 || g2 !== f2) {
            f0 = g0;
            f1 = g1;
            f2 = g2;
            continue;
          }
          // at the band and stack fixpoint, the extra houses: none left is a dead end, one unsolved left is placed
          let placed = false;
          const v0 = f0 ^ seen[3 * d],
            v1 = f1 ^ seen[3 * d + 1],
            v2 = f2 ^ seen[3 * d + 2];
          seen[3 * d] = f0;
          seen[3 * d + 1] = f1;
          seen[3 * d + 2] = f2;
          for (let h = 0, x = 0; h < E; h++, x += 3) {
            // nothing changed here since the last look: the house was neither empty nor down to one unsolved place
            if (((v0 & HX[x]) | (v1 & HX[x + 1]) | (v2 & HX[x + 2])) === 0) continue;
            const a0 = f0 & HX[x],
              a1 = f1 & HX[x + 1],
              a2 = f2 & HX[x + 2];
            if ((a0 | a1 | a2) === 0) return false;
            let b: number, bit: number;
            if (a1 === 0 && a2 === 0) {
              b = 0;
              bit = a0;
            } else if (a0 === 0 && a2 === 0) {
              b = 1;
              bit = a1;
            } else if (a0 === 0 && a1 === 0) {
              b = 2;
              bit = a2;
            } else continue;
            if ((bit & (bit - 1)) !== 0 || (s[o + U + b] & bit) === 0) continue;
            s[at] = f0;
            s[at + 1] = f1;
            s[at + 2] = f2;
            dirty |= this.put(o, b, 31 - Math.clz32(bit), d) & ~low;
            if (s[at] !== f0 || s[at + 1] !== f1 || s[at + 2] !== f2) {
              f0 = s[at];
              f1 = s[at + 1];
              f2 = s[at + 2];
              placed = true;
            }
          }
          if (!placed) break;
        }
        // decided cells: rows of a band with one place left; d leaves their extra peers
        let again = false;
        for (let b = 0; b < 3; b++) {
          const f = b === 0 ? f0 : b === 1 ? f1 : f2;
          let fresh =
            (SINGLE_ROW[f & 511] | (SINGLE_ROW[(f >>> 9) & 511] << 9) | (SINGLE_ROW[f >>> 18] << 18)) & s[o + U + b];
          if (fresh === 0) continue;
          s[o + U + b] ^= fresh;
          const keep = ~fresh;
          for (let e = 0, x = o + b; e < 9; e++, x += 3) {
            if (e !== d && (s[x] & fresh) !== 0) {
              s[x] &= keep;
              dirty |= 1 << e;
            }
          }
          fresh &= this.XPC[b];
          while (fresh !== 0) {
            const bit = fresh & -fresh;
            fresh ^= bit;
            const x = 3 * (27 * b + 31 - Math.clz32(bit));
            const x0 = XP[x],
              x1 = XP[x + 1],
              x2 = XP[x + 2];
            // a solved extra peer holding d (on d's board, not unsolved) is a dead end
            if (((f0 & x0 & ~s[o + U]) | (f1 & x1 & ~s[o + U + 1]) | (f2 & x2 & ~s[o + U + 2])) !== 0) return false;
            if (((f0 & x0) | (f1 & x1) | (f2 & x2)) === 0) continue;
            f0 &= ~x0;
            f1 &= ~x1;
            f2 &= ~x2;
            again = true;
          }
        }
        s[at] = f0;
        s[at + 1] = f1;
        s[at + 2] = f2;
        if (again) dirty |= low;
      }
      // naked singles and cells with no candidate
      for (let b = 0; b < 3; b++) {
        const u = s[o + U + b];
        if (u === 0) continue;
        let once = 0,
          twice = 0;
        for (let x = o + b, end = x + 27; x < end; x += 3) {
          const f = s[x];
          twice |= once & f;
          once |= f;
        }
        if ((u & ~once) !== 0) return false;
        let single = u & ~twice;
        while (single !== 0) {
          const bit = single & -single;
          single ^= bit;
          const p = 31 - Math.clz32(bit);
          let d = 0;
          while (d < 9 && (s[o + 3 * d + b] & bit) === 0) d++;
          if (d === 9) return false; // an earlier single of this pass took its last candidate
          const col = COLUMNS27[1 << (p % 9)];
          for (let bb = 0; bb < 3; bb++) s[o + 3 * d + bb] &= bb === b ? ~PEERS27[p] : ~col;
          dirty |= 1 << d;
        }
      }
      if (dirty === 0 && this.triadMode) {
        dirty = triadRule(s, o, this.triadScratch);
        if (dirty < 0) return false;
      }
      if (dirty === 0) {
        if (!this.pairs) return true;
        dirty = this.seeAll(o, touched);
        if (dirty === 0) return true;
        touched = 0;
      }
    }
  }

  /**
   * Under pairs, at a fixpoint: a digit with two or three places in a house is in one of them, so it leaves every
   * unsolved cell that sees them all (through a house or a pair). This is what keeps anti-knight and anti-king
   * searches short (without it they take about 8× the branches). Only `digits` are looked at: the boards that
   * changed since the last look (the others would give nothing new, as cells only ever leave the unsolved set).
   * Returns the digits whose boards changed.
   */
  private seeAll(o: number, digits: number): number {
    const { s, HA, HN, FP } = this;
    const u0 = s[o + U],
      u1 = s[o + U + 1],
      u2 = s[o + U + 2];
    let changed = 0;
    while (digits !== 0) {
      const low = digits & -digits;
      digits ^= low;
      const d = 31 - Math.clz32(low);
      const at = o + 3 * d;
      const f0 = s[at],
        f1 = s[at + 1],
        f2 = s[at + 2];
      let e0 = 0,
        e1 = 0,
        e2 = 0;
      for (let h = 0, x = 0; h < HN; h++, x += 3) {
        const a1 = f1 & HA[x + 1],
          a2 = f2 & HA[x + 2];
        let a = f0 & HA[x],
          w = 0,
          m0 = -1,
          m1 = -1,
          m2 = -1,
          k = 0;
        for (;;) {
          if (a === 0) {
            if (w === 0 && a1 !== 0) {
              w = 1;
              a = a1;
            } else if (w < 2 && a2 !== 0) {
              w = 2;
              a = a2;
            } else break;
          }
          const bit = a & -a;
          a ^= bit;
          const y = 3 * (27 * w + 31 - Math.clz32(bit));
          m0 &= FP[y];
          m1 &= FP[y + 1];
          m2 &= FP[y + 2];
          // more than three places, or no unsolved cell sees the places so far: nothing to take here
          if (++k === 4 || (k >= 2 && ((m0 & f0 & u0) | (m1 & f1 & u1) | (m2 & f2 & u2)) === 0)) {
            k = 0;
            break;
          }
        }
        if (k < 2) continue;
        e0 |= m0 & f0 & u0;
        e1 |= m1 & f1 & u1;
        e2 |= m2 & f2 & u2;
      }
      if ((e0 | e1 | e2) !== 0) {
        s[at] = f0 & ~e0;
        s[at + 1] = f1 & ~e1;
        s[at + 2] = f2 & ~e2;
        changed |= 1 << d;
      }
    }
    return changed;
  }

  /** Count below layer offset o (at its fixpoint). Returns min(count, cap). */
  private search(o: number, cap: number): number {
    const s = this.s;
    // the unsolved cell with fewest candidates: a bivalue one if any
    let bestBand = -1,
      bestBit = 0,
      bestRank = 4,
      bestScore = -1;
    // limits 1 and 2 look at every band: of the bivalue cells, the first with the most unsolved peers (of the rows,
    // columns and boxes: BitboardCounter9's choice)
    const scored = this.triadMode;
    for (let b = 0; b < 3 && (bestRank > 2 || scored); b++) {
      const u = s[o + U + b];
      if (u === 0) continue;
      let ones = 0,
        twos = 0,
        threes = 0,
        more = 0;
      for (let x = o + b, end = x + 27; x < end; x += 3) {
        const f = s[x] & u;
        more |= threes & f;
        threes |= twos & f;
        twos |= ones & f;
        ones |= f;
      }
      const two = twos & ~threes;
      const three = threes & ~more;
      if (two !== 0 && scored) {
        for (let t = two; t !== 0; t &= t - 1) {
          const p = 31 - Math.clz32(t & -t);
          const col = COLUMNS27[1 << (p % 9)];
          let score = popcount(PEERS27[p] & u);
          for (let bb = 0; bb < 3; bb++) if (bb !== b) score += popcount(col & s[o + U + bb]);
          if (score > bestScore) {
            bestScore = score;
            bestBand = b;
            bestBit = t & -t;
          }
        }
        bestRank = 2;
      } else if (two !== 0) {
        bestBand = b;
        bestBit = two & -two;
        bestRank = 2;
      } else if (three !== 0 && bestRank > 3) {
        bestBand = b;
        bestBit = three & -three;
        bestRank = 3;
      } else if (bestBand < 0) {
        bestBand = b;
        bestBit = u & -u;
      }
    }
    if (bestBand < 0) {
      if (!this.haveSolution) this.capture(o);
      return 1;
    }
    return this.branch(o, cap, bestBand, bestBit);
  }

  /** Try each candidate d of the cell (band b, bit) in a copy of layer o. Returns min(count, cap). */
  private branch(o: number, cap: number, b: number, bit: number): number {
    const s = this.s;
    const p = 31 - Math.clz32(bit);
    const o2 = o + LAYER;
    let total = 0;
    // a guide's digit first, then the others in increasing order
    const first = this.prefer ? this.prefer[27 * b + p] - 1 : -1;
    for (let k = first >= 0 ? -1 : 0; k < 9; k++) {
      const d = k < 0 ? first : k;
      if (k >= 0 && d === first) continue;
      if ((s[o + 3 * d + b] & bit) === 0) continue;
      if (++this.nodes > this.maxNodes) {
        this.aborted = true;
        return cap; // unwind: every caller stops at its cap
      }
      if ((this.nodes & 0xffff) === 0 && this.onTick !== null) this.onTick(this.nodes);
      s.copyWithin(o2, o, o2);
      if (this.settle(o2, this.put(o2, b, p, d))) {
        total += this.search(o2, cap - total);
        if (total >= cap) return cap;
      }
    }
    return total;
  }

  private capture(o: number): void {
    const out = this.solution;
    if (!out) return;
    const s = this.s;
    for (let cell = 0; cell < 81; cell++) {
      const b = (cell / 27) | 0,
        bit = 1 << (cell - 27 * b);
      let d = 0;
      while (d < 9 && (s[o + 3 * d + b] & bit) === 0) d++;
      out[cell] = d + 1;
    }
    this.haveSolution = true;
  }
}

/** What the rules add to the plain 9×9 search, as band words (three per cell or house); see VariantCounter9. */
export interface VariantTables9 {
  /** XP[3i .. 3i+3): the extra peers of cell i (through an extra house or a pair). */
  readonly XP: Int32Array;
  /** XPC[b]: the cells of band b with extra peers. */
  readonly XPC: Int32Array;
  /** Extra houses (the houses after the 27 rows, columns and boxes), HX[3h .. 3h+3) each. */
  readonly E: number;
  readonly HX: Int32Array;
  /** Every house (HN of them), HA[3h .. 3h+3) each, and every cell's peers FP[3i .. 3i+3) (the pair deduction). */
  readonly HN: number;
  readonly HA: Int32Array;
  readonly FP: Int32Array;
}

/** The band-word tables of 9×9 rules with 3×3 boxes (VariantCounter9.supports), built once per counter. */
export function variantTables9(rules: Rules): VariantTables9 {
  const word = (out: Int32Array, at: number, cell: number) => {
    const b = (cell / 27) | 0;
    out[at + b] |= 1 << (cell - 27 * b);
  };
  const XP = new Int32Array(81 * 3);
  for (let c = 0; c < 81; c++) {
    const r = (c / 9) | 0,
      col = c % 9,
      box = 3 * ((r / 3) | 0) + ((col / 3) | 0);
    for (let j = rules.peerStart[c]; j < rules.peerStart[c + 1]; j++) {
      const p = rules.peerList[j];
      const pr = (p / 9) | 0,
        pc = p % 9;
      if (pr === r || pc === col || 3 * ((pr / 3) | 0) + ((pc / 3) | 0) === box) continue;
      word(XP, 3 * c, p);
    }
  }
  const XPC = new Int32Array(3);
  for (let c = 0; c < 81; c++) if ((XP[3 * c] | XP[3 * c + 1] | XP[3 * c + 2]) !== 0) word(XPC, 0, c);
  const E = rules.houseCount - 27;
  const HX = new Int32Array(3 * E);
  for (let h = 0; h < E; h++) for (let i = 0; i < 9; i++) word(HX, 3 * h, rules.houses[(27 + h) * 9 + i]);
  const HN = rules.houseCount;
  const HA = new Int32Array(3 * HN);
  for (let h = 0; h < HN; h++) for (let i = 0; i < 9; i++) word(HA, 3 * h, rules.houses[h * 9 + i]);
  const FP = new Int32Array(81 * 3);
  for (let c = 0; c < 81; c++)
    for (let j = rules.peerStart[c]; j < rules.peerStart[c + 1]; j++) word(FP, 3 * c, rules.peerList[j]);
  return { XP, XPC, E, HX, HN, HA, FP };
}
