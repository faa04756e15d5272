import type { BoxShape } from '../grid/shape.js';
import { formatCycleType, gcd, lcm, partitionsOf, powerType, sameType, type CycleType } from './cycleTypes.js';

/**
 * Which relabellings τ can go with a grid symmetry g: the unit lemma.
 *
 * Lemma. Let X be a grid with g·X = τ·X, i.e. X(g(c)) = τ(X(c)) for every cell c. If g^k maps a unit u (a row,
 * column or box) onto itself, then g^k acting on the n cells of u and τ^k acting on the n digits have the
 * same cycle type.
 * Proof. X restricted to u is a bijection from u's cells to the digits (u holds every digit once), and
 * X(g^k(c)) = τ^k(X(c)) for c in u: the bijection carries each cycle (c, g^k c, g^2k c, …) of g^k on u onto
 * the cycle (X(c), τ^k X(c), …) of τ^k, of the same length. ∎
 *
 * So each pair (k, u) with g^k(u) = u pins the cycle type of τ^k; k runs up to the order of g, where g^k is the
 * identity and every unit says that τ^k is the identity too. A cycle type λ of τ is *admissible* when
 * powerType(λ, k) equals the cycle type of g^k on u for every such pair; when no partition of n is
 * admissible, no grid is fixed by g up to relabelling and g's Burnside term is zero. The program checks the
 * lemma's hypothesis for every k and every unit, and every partition of n against every constraint, so a
 * zero decided here is proved, with the failed constraint of each partition as the witness.
 */
export interface UnitConstraint {
  /** The power of g. */
  readonly k: number;
  /** "row 4", "column 1", "box 9" (1-based). */
  readonly unit: string;
  /** Cycle type of g^k on the unit's cells. */
  readonly type: CycleType;
}

export interface RelabellingTypes {
  /** Order of g (lcm of its cell cycle lengths). */
  readonly order: number;
  /** One constraint per distinct (k, cycle type), in increasing k: the units g^k maps onto themselves. */
  readonly constraints: readonly UnitConstraint[];
  /** Cycle types of τ allowed by every constraint, largest parts first. */
  readonly admissible: readonly CycleType[];
  /**
   * When nothing is admissible: why, in one line. Either two units pin τ^k to different types for the same k,
   * or every partition fails some constraint (the first failing constraint of each is checked, not printed).
   */
  readonly zeroReason: string | null;
}

/** The units of a shape as cell lists, with names: rows, then columns, then boxes. */
export function unitsOf(shape: BoxShape): { cells: Int32Array[]; names: string[] } {
  const { rows: R, cols: C, n } = shape;
  const cells: Int32Array[] = [];
  const names: string[] = [];
  for (let r = 0; r < n; r++) {
    cells.push(Int32Array.from({ length: n }, (_, c) => r * n + c));
    names.push(`row ${r + 1}`);
  }
  for (let c = 0; c < n; c++) {
    cells.push(Int32Array.from({ length: n }, (_, r) => r * n + c));
    names.push(`column ${c + 1}`);
  }
  for (let b = 0; b < n; b++) {
    const r0 = Math.floor(b / R) * R,
      c0 = (b % R) * C;
    cells.push(Int32Array.from({ length: n }, (_, i) => (r0 + Math.floor(i / C)) * n + c0 + (i % C)));
    names.push(`box ${b + 1}`);
  }
  return { cells, names };
}

/**
 * `extraHouses`: a variant's extra houses (diagonals, windows, groups, …: n cells holding every digit once), to
 * which the lemma applies as to rows, columns and boxes (pairs hold two digits, not every one: they do not count).
 */
export function relabellingTypes(
  shape: BoxShape,
  cellMap: ArrayLike<number>,
  extraHouses?: { cells: readonly Int32Array[]; names: readonly string[] },
): RelabellingTypes {
  const { n } = shape;
  const N = n * n;
  const plain = plainUnits(shape);
  const units = extraHouses
    ? {
        cells: [...plain.cells, ...extraHouses.cells],
        names: [...plain.names, ...extraHouses.names],
        inUnit: [...plain.inUnit, ...extraHouses.cells.map((u) => membership(u, N))],
      }
    : plain;
  const { inUnit } = units;
  // g's cycles on the cells: g^k(c) = flat[start[c] + (pos[c] + k) mod len[c]], and c's cycle under g^k has length
  // len[c] / gcd(len[c], k)
  const flat = new Int32Array(N),
    start = new Int32Array(N),
    pos = new Int32Array(N),
    len = new Int32Array(N).fill(0);
  let order = 1;
  for (let c0 = 0, f = 0; c0 < N; c0++) {
    if (len[c0] > 0) continue;
    const s0 = f;
    let x = c0;
    do {
      start[x] = s0;
      pos[x] = f - s0;
      flat[f++] = x;
      x = cellMap[x];
      if (f - s0 > N) throw new Error('internal: the cell map is not a permutation');
    } while (x !== c0);
    for (let i = s0; i < f; i++) len[flat[i]] = f - s0;
    order = lcm(order, f - s0);
  }
  const image = (c: number, k: number): number => flat[start[c] + ((pos[c] + k) % len[c])];
  // the powers of g that map each unit onto itself are the multiples of the least one, period[u]
  const period = units.cells.map((cells, u) => {
    for (let k = 1; k < order; k++) {
      let onto = true;
      for (let i = 0; i < cells.length && onto; i++) onto = inUnit[u][image(cells[i], k)] === 1;
      if (onto) return k;
    }
    return order;
  });
  const cyclesOfLength = new Int32Array(N + 1);
  /** The cycle type of g^k on the cells of a unit it maps onto itself, largest first. */
  const typeOn = (cells: Int32Array, k: number): number[] => {
    let longest = 0;
    for (let i = 0; i < cells.length; i++) {
      const l = len[cells[i]] / gcd(len[cells[i]], k);
      cyclesOfLength[l]++;
      if (l > longest) longest = l;
    }
    const type: number[] = [];
    for (let l = longest; l >= 1; l--) {
      for (let m = cyclesOfLength[l] / l; m > 0; m--) type.push(l);
      cyclesOfLength[l] = 0;
    }
    return type;
  };

  const constraints: UnitConstraint[] = [];
  for (let k = 1; k <= order; k++) {
    const seen: CycleType[] = [];
    for (let u = 0; u < units.cells.length; u++) {
      if (k % period[u] !== 0) continue;
      const type = typeOn(units.cells[u], k);
      if (seen.some((t) => sameType(t, type))) continue;
      seen.push(type);
      constraints.push({ k, unit: units.names[u], type });
    }
  }

  const { partitions, powersAt, keysAt } = partitionPowers(n);
  const constraintKeys = constraints.map((con) => con.type.join(','));
  const admissible = partitions.filter((_, i) => constraints.every((con, j) => keysAt(con.k)[i] === constraintKeys[j]));
  const gk = (k: number) => (k === 1 ? 'g' : `g^${k}`);
  let zeroReason: string | null = null;
  if (admissible.length === 0) {
    // the simplest witness: one constraint no τ meets, or two that pin τ^k to different types, or all of them
    const alone = constraints.find((con) => !powersAt(con.k).some((t) => sameType(t, con.type)));
    if (alone) {
      zeroReason =
        `${gk(alone.k)} maps ${alone.unit} onto itself with cycle type ${formatCycleType(alone.type)}, ` +
        `and no permutation τ of ${n} digits has τ^${alone.k} of that type`;
    }
    for (let i = 0; i < constraints.length && !zeroReason; i++) {
      for (let j = i + 1; j < constraints.length; j++) {
        const a = constraints[i],
          b = constraints[j];
        if (a.k === b.k && !sameType(a.type, b.type)) {
          zeroReason =
            `${gk(a.k)} maps ${a.unit} and ${b.unit} onto themselves with cycle types ` +
            `${formatCycleType(a.type)} and ${formatCycleType(b.type)}: no τ^${a.k} has both`;
          break;
        }
      }
    }
    zeroReason ??=
      'no cycle type of τ meets every constraint: ' +
      constraints.map((c) => `${gk(c.k)} on ${c.unit}: ${formatCycleType(c.type)}`).join('; ');
  }
  return { order, constraints, admissible, zeroReason };
}

/** One byte per cell: 1 on the cells of `unit`. */
function membership(unit: ArrayLike<number>, cellCount: number): Uint8Array {
  const m = new Uint8Array(cellCount);
  for (let i = 0; i < unit.length; i++) m[unit[i]] = 1;
  return m;
}

/** The rows, columns and boxes of a shape with their membership bytes, made once a shape (tables built once). */
const plainUnitsByShape = new Map<string, { cells: Int32Array[]; names: string[]; inUnit: Uint8Array[] }>();
function plainUnits(shape: BoxShape): { cells: Int32Array[]; names: string[]; inUnit: Uint8Array[] } {
  const key = `${shape.rows}x${shape.cols}`;
  let u = plainUnitsByShape.get(key);
  if (u === undefined) {
    const { cells, names } = unitsOf(shape);
    plainUnitsByShape.set(key, (u = { cells, names, inUnit: cells.map((c) => membership(c, shape.n * shape.n)) }));
  }
  return u;
}

/**
 * The partitions of n and their k-th powers (as cycle types and as comma-joined keys), each k computed once for
 * all classes: a shape has far more classes and constraints than (partition, k) pairs.
 */
const powersByN = new Map<
  number,
  { partitions: number[][]; powersAt: (k: number) => number[][]; keysAt: (k: number) => string[] }
>();
function partitionPowers(n: number): {
  partitions: number[][];
  powersAt: (k: number) => number[][];
  keysAt: (k: number) => string[];
} {
  let p = powersByN.get(n);
  if (p === undefined) {
    const partitions = partitionsOf(n);
    const powers = new Map<number, number[][]>();
    const keys = new Map<number, string[]>();
    const powersAt = (k: number): number[][] => {
      let list = powers.get(k);
      if (list === undefined) powers.set(k, (list = partitions.map((lambda) => powerType(lambda, k))));
      return list;
    };
    const keysAt = (k: number): string[] => {
      let list = keys.get(k);
      if (list === undefined) keys.set(k, (list = powersAt(k).map((t) => t.join(','))));
      return list;
    };
    powersByN.set(n, (p = { partitions, powersAt, keysAt }));
  }
  return p;
}
