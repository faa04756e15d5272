import { LO_BITS, type CandidateGrid } from '../candidateGrid.js';

/**
 * Chains of implications between candidates, as Sudoku Explainer (SE) rates them.
 *
 * A candidate ("potential") is p = c·n + d0. A node is a candidate with a state: 2p (p is off, the digit is not in
 * the cell) or 2p + 1 (p is on, the digit is there). From the grid's pencil marks:
 *
 *   on → off   p on: the cell's other candidates are off (a "Y" link, in the cell), and the digit's candidates in
 *              every peer are off (an "X" link, in a house or a pair of the rules)
 *   off → on   static:  the cell had two candidates (Y), or the digit had two places in a house (X)
 *              dynamic: every other candidate of the cell is already off in this chain (naked single, Y), or
 *              every other place of the digit in a house is (hidden single, X)
 *
 * `propagate` follows the links breadth-first from one node and records, for each node reached, why (its
 * parent, or the naked/hidden single that forced it), so that a conclusion's ancestors can be counted: SE's
 * "complexity" of a chain is the number of distinct nodes among the conclusion's ancestors, itself included, and
 * its rating is a base value plus a length bonus (lengthBonus).
 *
 * The techniques built on it, with SE's base ratings:
 *   unary chains   p on ⇒ … ⇒ p off, or p off ⇒ … ⇒ p on (static links):
 *                  X-chains (one digit; turbot fish, skyscraper, 2-string kite and empty rectangle are the
 *                  shortest) 6.6, XY-chains (bivalue cells) 6.6, forcing chains (both) 7.0
 *   multiple       the consequences common to every candidate of a cell (cell forcing chains), every place of a digit
 *                  in a house (region forcing chains), or to p on and p off (double forcing chains), and p on ⇒ a
 *                  contradiction: static links 8.0 ("multiple forcing chains"), dynamic links 8.5 ("dynamic forcing
 *                  chains"); dynamic X links alone from one digit are Nishio forcing chains (7.5)
 * A deduction's complexity for multiple chains is the sum over its branches. Among all deductions of a technique
 * the rater takes the one of least complexity (SE gives the easiest hint first).
 */

export const LINK_X = 1;
export const LINK_Y = 2;
export const DYNAMIC = 4;

/** SE's length bonus: +0.1 each time the chain's length (complexity − 2) passes 4, 6, 8, 12, 16, 24, 32, 48, … */
export function lengthBonus(complexity: number): number {
  let added = 0;
  let ceil = 4;
  const length = complexity - 2;
  let odd = false;
  while (length > ceil) {
    added++;
    ceil = odd ? Math.floor((ceil * 4) / 3) : Math.floor((ceil * 3) / 2);
    odd = !odd;
  }
  return added / 10;
}

/** A rating to one decimal. */
export function seRating(base: number, complexity: number): number {
  return Math.round((base + lengthBonus(complexity)) * 10) / 10;
}

const KIND_START = 0;
const KIND_PARENT = 1;
const KIND_NAKED = 2;
const KIND_HIDDEN = 3;

/** The state of the chains of one grid shape; rebuilt when the shape changes. Not re-entrant. */
class ChainState {
  readonly P: number;
  /** cand[p] = 1 when p is a candidate of the grid being looked at (snapshot). */
  readonly cand: Uint8Array;
  readonly cellCount: Int32Array;
  /** places of digit d in house u (u·n + d), 0 when placed there. */
  readonly houseCount: Int32Array;
  readonly cellLeft: Int32Array;
  readonly houseLeft: Int32Array;
  readonly stamp: Int32Array;
  readonly kind: Uint8Array;
  readonly arg: Int32Array;
  readonly queue: Int32Array;
  /** Links from the start to each node reached (breadth-first: the fewest). */
  readonly depth: Int32Array;
  tail = 0;
  gen = 0;
  readonly seen: Int32Array;
  seenGen = 0;
  readonly stack: Int32Array;
  /** The nodes counted by the last ancestors() call (for the step's "uses"). */
  readonly visited: Int32Array;
  visitedCount = 0;
  /** Contradiction found by the last propagate: 0 none, 1 node both on and off, 2 cell empty, 3 digit with no place. */
  contra = 0;
  contraA = 0;
  contraB = 0;
  /** Bit sets of the nodes reached from each candidate on / off (multiple chains). */
  readonly words: number;
  onBits: Int32Array;
  offBits: Int32Array;
  readonly onContra: Uint8Array;
  readonly offContra: Uint8Array;
  readonly tmp: Int32Array;
  /**
   * The links of the grid being looked at, per link mode m = LINK_X, LINK_Y, LINK_X | LINK_Y (1..3): node x's
   * targets at links[m][linkStart[m][x], linkStart[m][x + 1]). On nodes: their on → off links (the same static
   * and dynamic; the cell's other candidates with LINK_Y, the digit in every peer always); off nodes: their static
   * off → on links. Built on first use after each snapshot, in the order propagate used to
   * scan them (cell, then peers; cell, then houses), so that the first parent found is the same.
   */
  readonly linkStart: Int32Array[] = [];
  links: Int32Array[] = [];
  /** Bit m set when links[m] is up to date with the snapshot. */
  built = 0;

  constructor(
    readonly N: number,
    readonly n: number,
    readonly H: number,
  ) {
    const P = N * n;
    this.P = P;
    this.cand = new Uint8Array(P);
    this.cellCount = new Int32Array(N);
    this.houseCount = new Int32Array(H * n);
    this.cellLeft = new Int32Array(N);
    this.houseLeft = new Int32Array(H * n);
    this.stamp = new Int32Array(2 * P);
    this.kind = new Uint8Array(2 * P);
    this.arg = new Int32Array(2 * P);
    this.queue = new Int32Array(2 * P);
    this.depth = new Int32Array(2 * P);
    this.seen = new Int32Array(2 * P);
    this.stack = new Int32Array(2 * P + 1);
    this.visited = new Int32Array(2 * P);
    this.words = (2 * P + 31) >>> 5;
    this.onBits = new Int32Array(0);
    this.offBits = new Int32Array(0);
    this.onContra = new Uint8Array(P);
    this.offContra = new Uint8Array(P);
    this.tmp = new Int32Array(this.words);
    for (let m = 0; m <= 3; m++) {
      this.linkStart.push(new Int32Array(m === 0 ? 0 : 2 * P + 1));
      this.links.push(new Int32Array(m === 0 ? 0 : 16 * P));
    }
  }

  /** The CSR links of `mode` (LINK_X and/or LINK_Y bits) for the current snapshot, built once per snapshot. */
  linksFor(g: CandidateGrid, mode: number): void {
    const m = mode & (LINK_X | LINK_Y);
    if (this.built & (1 << m)) return;
    this.built |= 1 << m;
    const { P, n, cand, cellCount, houseCount } = this;
    const { peerStart, peerList, cellHouseStart, cellHouseList, unitCells } = g;
    const start = this.linkStart[m];
    let out = this.links[m];
    const linkX = (m & LINK_X) !== 0;
    const linkY = (m & LINK_Y) !== 0;
    let k = 0;
    for (let node = 0; node < 2 * P; node++) {
      start[node] = k;
      const p = node >> 1;
      if (!cand[p]) continue;
      const c = (p / n) | 0;
      const d = p - c * n;
      const room = n + peerStart[c + 1] - peerStart[c] + (cellHouseStart[c + 1] - cellHouseStart[c]) * n;
      if (k + room > out.length) {
        const grown = new Int32Array(Math.max(2 * out.length, k + room));
        grown.set(out.subarray(0, k));
        out = grown;
        this.links[m] = out;
      }
      if (node & 1) {
        // the digit leaves every peer in any mode (an XY-chain goes from cell to cell by it)
        if (linkY) for (let e = 0; e < n; e++) if (e !== d && cand[c * n + e]) out[k++] = 2 * (c * n + e);
        for (let j = peerStart[c], end = peerStart[c + 1]; j < end; j++) {
          const q = peerList[j] * n + d;
          if (cand[q]) out[k++] = 2 * q;
        }
      } else {
        if (linkY && cellCount[c] === 2)
          for (let e = 0; e < n; e++) if (e !== d && cand[c * n + e]) out[k++] = 2 * (c * n + e) + 1;
        if (linkX)
          for (let j = cellHouseStart[c], end = cellHouseStart[c + 1]; j < end; j++) {
            const u = cellHouseList[j];
            if (houseCount[u * n + d] !== 2) continue;
            for (let i = 0; i < n; i++) {
              const c2 = unitCells[u * n + i];
              if (c2 !== c && cand[c2 * n + d]) out[k++] = 2 * (c2 * n + d) + 1;
            }
          }
      }
    }
    start[2 * P] = k;
  }

  /**
   * Breadth-first over the static links of `mode` from `start`, stopping as soon as `target` is reached (−1: never);
   * nodes `maxDepth` links away are reached but not followed. A node whose opposite is set is still set (the first
   * such is recorded as a contradiction, contra = 1). True when the target was reached.
   */
  bfs(g: CandidateGrid, start: number, mode: number, maxDepth: number, target: number): boolean {
    this.linksFor(g, mode);
    this.nextGen();
    const m = mode & (LINK_X | LINK_Y);
    const ls = this.linkStart[m];
    const links = this.links[m];
    const { stamp, kind, arg, queue, depth } = this;
    const gen = this.gen;
    this.contra = 0;
    stamp[start] = gen;
    kind[start] = KIND_START;
    arg[start] = -1;
    depth[start] = 0;
    queue[0] = start;
    let tail = 1;
    for (let head = 0; head < tail; head++) {
      const node = queue[head];
      const level = depth[node] + 1;
      if (level > maxDepth) break;
      for (let j = ls[node], end = ls[node + 1]; j < end; j++) {
        const x = links[j];
        if (stamp[x] === gen) continue;
        if (stamp[x ^ 1] === gen && this.contra === 0) {
          this.contra = 1;
          this.contraA = x;
        }
        stamp[x] = gen;
        kind[x] = KIND_PARENT;
        arg[x] = node;
        depth[x] = level;
        queue[tail++] = x;
        if (x === target) {
          this.tail = tail;
          return true;
        }
      }
    }
    this.tail = tail;
    return false;
  }

  snapshot(g: CandidateGrid): void {
    const { N, n, H, cand, cellCount, houseCount } = this;
    const { lo, hi, unitCells } = g;
    for (let c = 0; c < N; c++) {
      let k = 0;
      for (let d = 0; d < n; d++) {
        const has = d < LO_BITS ? (lo[c] >> d) & 1 : (hi[c] >> (d - LO_BITS)) & 1;
        cand[c * n + d] = has;
        k += has;
      }
      cellCount[c] = k;
    }
    for (let u = 0; u < H; u++)
      for (let d = 0; d < n; d++) {
        let k = 0;
        for (let i = 0; i < n; i++) k += cand[unitCells[u * n + i] * n + d];
        houseCount[u * n + d] = k;
      }
    this.built = 0;
  }

  private nextGen(): void {
    if (++this.gen > 0x3fffffff) {
      this.stamp.fill(0);
      this.gen = 1;
    }
  }

  /** Is node set in the last propagation? */
  isSet(node: number): boolean {
    return this.stamp[node] === this.gen;
  }

  /**
   * Follow the links of `mode` from `start`. With `stopAtContradiction` it stops at the first contradiction (and
   * records it in contra*); without, a node whose opposite is set is still set (the chain goes on regardless).
   * True when a contradiction was met. Nodes `maxDepth` links from the start are reached but not followed.
   */
  propagate(g: CandidateGrid, start: number, mode: number, stopAtContradiction: boolean, maxDepth = Infinity): boolean {
    if ((mode & DYNAMIC) === 0) {
      // static links never stop at a contradiction here: a plain breadth-first search
      this.bfs(g, start, mode, maxDepth, -1);
      return this.contra !== 0;
    }
    this.linksFor(g, mode);
    this.nextGen();
    const { n, cand, cellCount, houseCount, cellLeft, houseLeft, stamp, kind, arg, queue, depth } = this;
    const { cellHouseStart, cellHouseList, unitCells } = g;
    const m = mode & (LINK_X | LINK_Y);
    const ls = this.linkStart[m];
    const links = this.links[m];
    const gen = this.gen;
    const linkX = (mode & LINK_X) !== 0;
    const linkY = (mode & LINK_Y) !== 0;
    cellLeft.set(cellCount);
    houseLeft.set(houseCount);
    this.contra = 0;
    let met = false;
    let tail = 0;
    let level = 0;
    /** Set a node; true when the search must stop (a contradiction, stopping at the first). */
    const set = (node: number, k: number, a: number): boolean => {
      if (stamp[node] === gen) return false;
      if (stamp[node ^ 1] === gen) {
        met = true;
        if (this.contra === 0) {
          this.contra = 1;
          this.contraA = node;
        }
        if (stopAtContradiction) return true;
      }
      stamp[node] = gen;
      kind[node] = k;
      arg[node] = a;
      depth[node] = level;
      queue[tail++] = node;
      return false;
    };
    set(start, KIND_START, -1);
    for (let head = 0; head < tail; head++) {
      const node = queue[head];
      level = depth[node] + 1;
      if (level > maxDepth) break;
      if (node & 1) {
        // on → off: the cell's other candidates, the digit in every peer
        for (let j = ls[node], end = ls[node + 1]; j < end; j++) {
          const x = links[j];
          if (stamp[x] !== gen && set(x, KIND_PARENT, node)) return true;
        }
        continue;
      }
      const p = node >> 1;
      const c = (p / n) | 0;
      const d = p - c * n;
      const left = --cellLeft[c];
      if (left === 0) {
        met = true;
        if (this.contra === 0) {
          this.contra = 2;
          this.contraA = c;
        }
        if (stopAtContradiction) return true;
      } else if (left === 1 && linkY) {
        for (let e = 0; e < n; e++) {
          const q = c * n + e;
          if (cand[q] && stamp[2 * q] !== gen) {
            if (set(2 * q + 1, KIND_NAKED, c)) return true;
            break;
          }
        }
      }
      for (let k = cellHouseStart[c], end = cellHouseStart[c + 1]; k < end; k++) {
        const u = cellHouseList[k];
        const hl = --houseLeft[u * n + d];
        if (hl === 0) {
          met = true;
          if (this.contra === 0) {
            this.contra = 3;
            this.contraA = u;
            this.contraB = d;
          }
          if (stopAtContradiction) return true;
        } else if (hl === 1 && linkX) {
          for (let i = 0; i < n; i++) {
            const q = unitCells[u * n + i] * n + d;
            if (cand[q] && stamp[2 * q] !== gen) {
              if (set(2 * q + 1, KIND_HIDDEN, u)) return true;
              break;
            }
          }
        }
      }
    }
    this.tail = tail;
    return met;
  }

  /** Start counting ancestors afresh (several roots may share one count). */
  beginCount(): void {
    if (++this.seenGen > 0x3fffffff) {
      this.seen.fill(0);
      this.seenGen = 1;
    }
    this.visitedCount = 0;
  }

  /** Count the ancestors of `node` (itself included) not yet counted since beginCount. */
  countFrom(g: CandidateGrid, node: number): number {
    const { n, seen, stack, stamp, kind, arg, cand, visited } = this;
    const sg = this.seenGen;
    const gen = this.gen;
    let top = 0;
    let count = 0;
    const push = (x: number) => {
      if (seen[x] === sg || stamp[x] !== gen) return;
      seen[x] = sg;
      stack[top++] = x;
    };
    push(node);
    while (top > 0) {
      const x = stack[--top];
      count++;
      visited[this.visitedCount++] = x;
      const k = kind[x];
      if (k === KIND_PARENT) push(arg[x]);
      else if (k === KIND_NAKED) {
        const c = arg[x];
        const d = (x >> 1) - c * n;
        for (let e = 0; e < n; e++) if (e !== d && cand[c * n + e]) push(2 * (c * n + e));
      } else if (k === KIND_HIDDEN) {
        const u = arg[x];
        const p = x >> 1;
        const d = p % n;
        for (let i = 0; i < n; i++) {
          const q = g.unitCells[u * n + i] * n + d;
          if (q !== p && cand[q]) push(2 * q);
        }
      }
    }
    return count;
  }

  /** Ancestors of the contradiction the last propagate met. */
  countContradiction(g: CandidateGrid): number {
    const { n, cand } = this;
    let total = 0;
    if (this.contra === 1) {
      total += this.countFrom(g, this.contraA);
      total += this.countFrom(g, this.contraA ^ 1);
    } else if (this.contra === 2) {
      const c = this.contraA;
      for (let e = 0; e < n; e++) if (cand[c * n + e]) total += this.countFrom(g, 2 * (c * n + e));
    } else if (this.contra === 3) {
      const u = this.contraA,
        d = this.contraB;
      for (let i = 0; i < n; i++) {
        const q = g.unitCells[u * n + i] * n + d;
        if (cand[q]) total += this.countFrom(g, 2 * q);
      }
    }
    return total;
  }
}

let state: ChainState | null = null;

/** The grid, load and change count of the chain state's snapshot (the techniques of one step share it). */
let seenGrid: CandidateGrid | null = null;
let seenLoads = -1;
let seenChanges = -1;

function stateFor(g: CandidateGrid): ChainState {
  if (!state || state.N !== g.N || state.n !== g.n || state.H !== g.H) {
    state = new ChainState(g.N, g.n, g.H);
    seenGrid = null;
  }
  if (seenGrid !== g || seenLoads !== g.loads || seenChanges !== g.changes) {
    state.snapshot(g);
    seenGrid = g;
    seenLoads = g.loads;
    seenChanges = g.changes;
  }
  return state;
}

/** "r3c5=7" / "r3c5≠7". */
function nodeText(g: CandidateGrid, node: number): string {
  const p = node >> 1;
  const c = (p / g.n) | 0;
  return `${g.cellName(c)}${node & 1 ? '=' : '≠'}${g.digitName(p - c * g.n + 1)}`;
}

/** The candidates a chain uses, as [cell, digit] pairs (digit 1-based), each once. */
function usesOf(g: CandidateGrid, s: ChainState): Array<readonly [number, number]> {
  const seen = new Set<number>();
  const out: Array<readonly [number, number]> = [];
  for (let i = 0; i < s.visitedCount; i++) {
    const p = s.visited[i] >> 1;
    if (seen.has(p)) continue;
    seen.add(p);
    const c = (p / g.n) | 0;
    out.push([c, p - c * g.n + 1]);
  }
  return out;
}

/** Carry out a conclusion node on the grid (place or eliminate), noting the step. True when it changed something. */
function conclude(g: CandidateGrid, technique: number, node: number, rating: number, why: string): boolean {
  const s = state!;
  const p = node >> 1;
  const c = (p / g.n) | 0;
  const d = p - c * g.n;
  const uses = g.steps ? usesOf(g, s) : null;
  g.stepRating = rating;
  if (node & 1) {
    if (g.value[c] !== 0) return false;
    g.place(c, d);
    if (g.steps) g.notePlace(technique, c, d, why, uses ?? undefined);
    return true;
  }
  g.beginStep();
  if (!g.eliminate(c, d)) return false;
  if (g.steps) g.noteEliminations(technique, why, uses ?? undefined);
  return true;
}

/** An effective conclusion: an off node of a candidate, or an on node of a candidate in an open cell. */
function effective(g: CandidateGrid, s: ChainState, node: number): boolean {
  const p = node >> 1;
  if (!s.cand[p]) return false;
  const c = (p / g.n) | 0;
  return g.value[c] === 0 && (node & 1 ? s.cellCount[c] > 1 : true);
}

/**
 * Unary chains: for every candidate p, p on ⇒ … ⇒ p off (p goes) and p off ⇒ … ⇒ p on (p is placed), over the
 * static links of `mode`. Applies the shortest; true when it did.
 */
export function unaryChain(g: CandidateGrid, technique: number, mode: number, base: number, name: string): boolean {
  const s = stateFor(g);
  const { P } = s;
  let best = -1;
  let bestCx = Infinity;
  // a static chain's complexity is its length + 1: each search goes only as deep as would beat the best so far
  // (tried: iterative deepening, 5, 7, 9, … links, as SE's hints come shortest first: 1.4× slower on the
  // diabolical sample, the searches that find nothing repeated at every depth)
  for (let p = 0; p < P; p++) {
    if (!s.cand[p] || s.cellCount[(p / g.n) | 0] < 2) continue;
    for (let on = 1; on >= 0; on--) {
      const target = 2 * p + (on ^ 1);
      if (!s.bfs(g, 2 * p + on, mode, bestCx - 2, target)) continue;
      const cx = s.depth[target] + 1;
      if (cx < bestCx) {
        bestCx = cx;
        best = target;
      }
    }
  }
  if (best < 0) return false;
  s.bfs(g, best ^ 1, mode, bestCx - 1, best);
  s.beginCount();
  const cx = s.countFrom(g, best);
  const rating = seRating(base, cx);
  const why = g.steps ? `${name}: ${chainText(g, s, best)}` : '';
  return conclude(g, technique, best, rating, why);
}

/** The chain from the start to `target` along parents, in words: "r1c2=5 → r1c7≠5 → r3c8=5 → …". */
function chainText(g: CandidateGrid, s: ChainState, target: number): string {
  const path: number[] = [];
  let x = target;
  for (let guard = 0; guard < 2 * s.P && x >= 0; guard++) {
    path.push(x);
    if (s.kind[x] !== KIND_PARENT) break;
    x = s.arg[x];
  }
  path.reverse();
  const words = path.map((y) => nodeText(g, y));
  if (path.length > 12) return `${words.slice(0, 5).join(' → ')} → … (${path.length} links) → ${words.at(-1)}`;
  return words.join(' → ');
}

/**
 * Multiple forcing chains over the links of `mode` (static: 8.0; dynamic: 8.5; dynamic X links alone, contradictions
 * only: Nishio 7.5): contradictions, double (p on and p off agree), cell and region forcing chains. Applies the
 * deduction of least complexity; true when it did.
 */
export function multipleChains(
  g: CandidateGrid,
  technique: number,
  mode: number,
  base: number,
  name: string,
  contradictionsOnly: boolean,
): boolean {
  const s = stateFor(g);
  const { P, n, words } = s;
  if (s.onBits.length < P * words) {
    s.onBits = new Int32Array(P * words);
    s.offBits = new Int32Array(P * words);
  }
  const { onBits, offBits, onContra, offContra } = s;
  const stop = (mode & DYNAMIC) !== 0;
  let best: { node: number; cx: number; sources: number[]; text: string } | null = null;
  const record = (node: number, sources: number[], text: string) => {
    // complexity: the sum, over the branches, of the node's ancestors in that branch
    let cx = 0;
    for (const src of sources) {
      s.propagate(g, src, mode, stop);
      s.beginCount();
      cx += s.countFrom(g, node);
    }
    if (!best || cx < best.cx) best = { node, cx, sources, text };
  };
  const toBits = (bits: Int32Array, at: number) => {
    bits.fill(0, at * words, at * words + words);
    for (let i = 0; i < s.tail; i++) {
      const x = s.queue[i];
      bits[at * words + (x >>> 5)] |= 1 << (x & 31);
    }
  };
  // contradictions first (they need no intersection)
  let bestContra = -1;
  let bestContraCx = Infinity;
  for (let p = 0; p < P; p++) {
    onContra[p] = 0;
    offContra[p] = 0;
    if (!s.cand[p] || s.cellCount[(p / n) | 0] < 2) continue;
    for (let on = 1; on >= 0; on--) {
      const met = s.propagate(g, 2 * p + on, mode, stop);
      if (met) {
        (on ? onContra : offContra)[p] = 1;
        s.beginCount();
        const cx = s.countContradiction(g);
        if (cx < bestContraCx) {
          bestContraCx = cx;
          bestContra = 2 * p + on;
        }
      } else if (!contradictionsOnly) toBits(on ? onBits : offBits, p);
    }
  }
  if (bestContra >= 0) {
    s.propagate(g, bestContra, mode, stop);
    s.beginCount();
    const cx = s.countContradiction(g);
    const why = g.steps ? `${name}: ${nodeText(g, bestContra)} leads to a contradiction` : '';
    return conclude(g, technique, bestContra ^ 1, seRating(base, cx), why);
  }
  if (contradictionsOnly) return false;
  const { tmp } = s;
  const firstEffective = (): number => {
    for (let w = 0; w < words; w++) {
      let m = tmp[w];
      while (m !== 0) {
        const b = m & -m;
        m ^= b;
        const node = (w << 5) + 31 - Math.clz32(b);
        if (effective(g, s, node)) return node;
      }
    }
    return -1;
  };
  // double forcing chains: p on and p off agree
  for (let p = 0; p < P; p++) {
    if (!s.cand[p] || s.cellCount[(p / n) | 0] < 2) continue;
    for (let w = 0; w < words; w++) tmp[w] = onBits[p * words + w] & offBits[p * words + w];
    const node = firstEffective();
    if (node >= 0)
      record(node, [2 * p + 1, 2 * p], g.steps ? `${nodeText(g, 2 * p + 1)} and ${nodeText(g, 2 * p)}` : '');
  }
  // cell forcing chains
  for (let c = 0; c < g.N; c++) {
    if (g.value[c] !== 0 || s.cellCount[c] < 2) continue;
    tmp.fill(-1);
    const sources: number[] = [];
    for (let d = 0; d < n; d++) {
      const p = c * n + d;
      if (!s.cand[p]) continue;
      sources.push(2 * p + 1);
      for (let w = 0; w < words; w++) tmp[w] &= onBits[p * words + w];
    }
    const node = firstEffective();
    if (node >= 0) record(node, sources, g.steps ? `every candidate of ${g.cellName(c)}` : '');
  }
  // region forcing chains
  for (let u = 0; u < g.H; u++)
    for (let d = 0; d < n; d++) {
      if (s.houseCount[u * n + d] < 2) continue;
      tmp.fill(-1);
      const sources: number[] = [];
      for (let i = 0; i < n; i++) {
        const p = g.unitCells[u * n + i] * n + d;
        if (!s.cand[p]) continue;
        sources.push(2 * p + 1);
        for (let w = 0; w < words; w++) tmp[w] &= onBits[p * words + w];
      }
      const node = firstEffective();
      if (node >= 0) record(node, sources, g.steps ? `every place of ${g.digitName(d + 1)} in ${g.unitName(u)}` : '');
    }
  const found = best as { node: number; cx: number; sources: number[]; text: string } | null;
  if (!found) return false;
  // the uses: every branch's ancestors of the conclusion
  s.beginCount();
  for (const src of found.sources) {
    s.propagate(g, src, mode, stop);
    s.countFrom(g, found.node);
  }
  const why = g.steps ? `${name}: ${found.text} all give ${nodeText(g, found.node)}` : '';
  return conclude(g, technique, found.node, seRating(base, found.cx), why);
}

/**
 * Strong-linked fishes, Sukaku Explainer's ratings: the X-chains of k strong links (k = 2: the turbot fish family),
 * p on ⇒ a off ⇒ b on ⇒ … ⇒ p off, where each on node follows an off node by the digit's only other place in a
 * house. The base is 4.0, 5.4, 5.8, 6.2, 6.6 for 2 … 6 strong links when they all lie in rows or all in columns,
 * plus 0.1 when one lies in a box (or a variant's house) or they lie in both rows and columns, 0.2 when in both
 * kinds of line and a box: 2 links in two rows (or two columns) are a skyscraper (4.0), in a row and a column a
 * 2-string kite (4.1), with a box a turbot fish (4.1). Only chains whose shortest form has exactly k strong links
 * count (shorter ones are the technique before). Applies the lowest rated; true when it did.
 */
export function strongLinks(g: CandidateGrid, technique: number, k: number): boolean {
  const s = stateFor(g);
  const { P, n } = s;
  const depth = 2 * k + 1;
  const base = STRONG_LINK_BASE[k];
  let best = -1;
  let bestRating = Infinity;
  let bestText = '';
  const houseOf = (a: number, b: number, d: number): number => {
    // the first house (rows, columns, boxes, variants' houses in that order) holding exactly the two places a, b
    for (let j = g.cellHouseStart[a]; j < g.cellHouseStart[a + 1]; j++) {
      const u = g.cellHouseList[j];
      if (s.houseCount[u * n + d] !== 2) continue;
      for (let i = 0; i < n; i++) if (g.unitCells[u * n + i] === b) return u;
    }
    return -1;
  };
  const path: number[] = [];
  const houses: number[] = [];
  for (let p = 0; p < P; p++) {
    if (!s.cand[p] || s.cellCount[(p / n) | 0] < 2) continue;
    const target = 2 * p;
    if (!s.bfs(g, 2 * p + 1, LINK_X, depth, target) || s.depth[target] !== depth) continue;
    path.length = 0;
    for (let x = target; x >= 0 && path.length <= depth; x = s.kind[x] === KIND_PARENT ? s.arg[x] : -1) path.push(x);
    if (path.length !== depth + 1) continue;
    path.reverse(); // p on, off, on, …, off, on, p off
    const d = p % n;
    const cellOf = (x: number) => ((x >> 1) / n) | 0;
    let rows = 0,
      columns = 0,
      boxes = 0;
    houses.length = 0;
    for (let i = 1; i < depth; i += 2) {
      const u = houseOf(cellOf(path[i]), cellOf(path[i + 1]), d);
      if (u < 0) break;
      houses.push(u);
      if (u < n) rows = 1;
      else if (u < 2 * n) columns = 1;
      else boxes = 1;
    }
    if (houses.length !== k) continue;
    // all in rows, or all in columns: the base; with a box, or in both kinds of line: + 0.1; both and a box: + 0.2
    const extra = boxes === 0 && rows + columns === 1 ? 0 : boxes && rows && columns ? 2 : 1;
    const rating = Math.round(base * 10 + extra) / 10;
    if (rating < bestRating) {
      bestRating = rating;
      best = target;
      bestText = g.steps
        ? `${strongLinkName(k, rows, columns, boxes)} on ${g.digitName(d + 1)} ` +
          `(${houses.map((u) => g.unitName(u)).join(', ')}): ${path.map((x) => nodeText(g, x)).join(' → ')}`
        : '';
      if (rating === base) break;
    }
  }
  if (best < 0) return false;
  s.bfs(g, best ^ 1, LINK_X, depth, best);
  s.beginCount();
  s.countFrom(g, best);
  return conclude(g, technique, best, bestRating, bestText);
}

/** Sukaku Explainer's base rating of an X-chain of k strong links (index k). */
const STRONG_LINK_BASE = [0, 0, 4.0, 5.4, 5.8, 6.2, 6.6];

/** The largest k strongLinks takes. */
export const MAX_STRONG_LINKS = STRONG_LINK_BASE.length - 1;

function strongLinkName(k: number, rows: number, columns: number, boxes: number): string {
  if (k === 2) return boxes ? 'turbot fish' : rows && columns ? '2-string kite' : 'skyscraper';
  return `${k} strong links`;
}
