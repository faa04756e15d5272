import { boxShape, InputError, type BoxShape } from '../grid/shape.js';
import { classListDigest, type ColumnSetClassTable } from './countByColumnSets.js';
import type { ConfigurationClasses } from './configurationClasses.js';

/**
 * The certificate of a column-set count (R×2 and 2×R boxes, src/colsets/countByColumnSets.ts): the per-class table
 * (class, orbit, F) from which N = Σ orbit·F² is summed, small enough to commit (docs/sharding.md, "The certificate
 * of a column-set count"; the file format is src/io/columnSetCertificateFile.ts). The class list itself is not
 * stored: `digest` names it (classListDigest), and a reader lists it again (the orderly search where it is cheap,
 * R ≤ 5) or takes it from the plan that carries it (6×2), then compares every orbit.
 *
 * A certificate may be partial (some classes, from the shard results counted so far): it then says how many classes
 * of how many it holds, and its Σ orbit·F² is a partial sum, never N (`total` is null).
 *
 *   Σ orbit = orbitSum (= C(2R,R)^R, every configuration, when complete)
 *   Σ orbit·F = bands (every band of R×2 boxes, when complete)
 *   Σ orbit·F² = squares (= N, `total`, when complete)
 */
export interface ColumnSetCertificate {
  /** The shape named ("6x2", or "2x6": the same classes and N, counted transposed). */
  readonly box: string;
  /** R×2, the shape whose bands are counted. */
  readonly countedAs: string;
  readonly n: number;
  /** R: rows of a box of the shape counted. */
  readonly rows: number;
  /** Classes in the class list. */
  readonly classes: number;
  /** 16 hex digits: classListDigest of the class list. */
  readonly digest: string;
  /** The plan the values came from (its id), or null (a one-machine count). */
  readonly plan: string | null;
  /** The classes held, increasing. */
  readonly ids: Int32Array;
  /** Orbit of each class held (whole numbers below 2^53: at most the group's order, (2R)!·2^R·R!). */
  readonly orbits: Float64Array;
  /** F of each class held. */
  readonly values: readonly bigint[];
  readonly orbitSum: bigint;
  readonly bands: bigint;
  readonly squares: bigint;
  /** N = squares when every class is held; null when the certificate is partial. */
  readonly total: bigint | null;
  /** Set by the file's reader when its keyed seal (HMAC under SUDOKU_COUNT_SEAL_KEY) was checked and holds. */
  readonly keyed?: boolean;
}

/** The three sums of some classes' (orbit, F). */
export function certificateSums(
  orbits: ArrayLike<number>,
  values: readonly bigint[],
): { orbitSum: bigint; bands: bigint; squares: bigint } {
  let orbitSum = 0n,
    bands = 0n,
    squares = 0n;
  for (let i = 0; i < values.length; i++) {
    const o = BigInt(orbits[i]),
      f = values[i];
    orbitSum += o;
    bands += o * f;
    squares += o * f * f;
  }
  return { orbitSum, bands, squares };
}

/**
 * The certificate of the classes whose F is known (`values`: class id → F; every class for a whole count) of the
 * class list `classes`, named as `shape` (R×2 or 2×R), from the plan `plan` (or null).
 */
export function columnSetCertificateOf(
  shape: BoxShape,
  classes: ConfigurationClasses,
  values: ReadonlyMap<number, bigint>,
  plan: string | null,
): ColumnSetCertificate {
  const ids = Int32Array.from([...values.keys()].sort((a, b) => a - b));
  if (ids.length > 0 && (ids[0] < 0 || ids[ids.length - 1] >= classes.count))
    throw new Error(`internal: a class id outside 0..${classes.count - 1}`);
  const orbits = Float64Array.from(ids, (c) => classes.orbitSizes[c]);
  const F = Array.from(ids, (c) => values.get(c)!);
  const sums = certificateSums(orbits, F);
  return {
    box: shape.name,
    countedAs: boxShape(classes.rows, 2).name,
    n: 2 * classes.rows,
    rows: classes.rows,
    classes: classes.count,
    digest: classListDigest(classes),
    plan,
    ids,
    orbits,
    values: F,
    ...sums,
    total: ids.length === classes.count ? sums.squares : null,
  };
}

/**
 * What is wrong with a certificate's own numbers (what a file must satisfy before anything else): ids increasing
 * and in range, the three sums, N present exactly when every class is, and every orbit's sum when complete. Null when
 * sound.
 */
export function certificateSumProblem(t: ColumnSetCertificate): string | null {
  for (let i = 0; i < t.ids.length; i++)
    if (t.ids[i] >= t.classes || (i > 0 && t.ids[i] <= t.ids[i - 1]))
      return `its class ids are not increasing within 0..${t.classes - 1} (at entry ${i})`;
  const sums = certificateSums(t.orbits, t.values);
  if (sums.orbitSum !== t.orbitSum) return `its orbits add up to ${sums.orbitSum}, not orbitSum ${t.orbitSum}`;
  if (sums.bands !== t.bands) return `its Σ orbit·F is ${sums.bands}, not bands ${t.bands}`;
  if (sums.squares !== t.squares) return `its Σ orbit·F² is ${sums.squares}, not squares ${t.squares}`;
  const complete = t.ids.length === t.classes;
  if (complete && t.total !== t.squares) return `it holds every class, but its total is not Σ orbit·F²`;
  if (!complete && t.total !== null)
    return `it holds ${t.ids.length} of ${t.classes} classes, yet names a total: a partial sum is not N`;
  if (complete) {
    const configurations = configurationsOf(t.rows);
    if (t.orbitSum !== configurations)
      return `it holds every class, but its orbits add up to ${t.orbitSum}, not the ${configurations} configurations`;
  }
  return null;
}

/** C(2R, R)^R: the band configurations of R×2 boxes. */
export function configurationsOf(R: number): bigint {
  let binomial = 1n;
  for (let i = 1; i <= R; i++) binomial = (binomial * BigInt(R + i)) / BigInt(i);
  return binomial ** BigInt(R);
}

/**
 * Check a certificate against a class list (listed again, or a plan's): the same R, number of classes and digest,
 * and every held class's orbit. InputError (one line, `where` first) naming the first difference.
 */
export function verifyCertificateClasses(t: ColumnSetCertificate, classes: ConfigurationClasses, where: string): void {
  const digest = classListDigest(classes);
  if (classes.rows !== t.rows || classes.count !== t.classes || digest !== t.digest)
    throw new InputError(
      `${where}: it names ${t.classes} classes of ${t.countedAs} with digest ${t.digest}; the class list here has ` +
        `${classes.count} of ${boxShape(classes.rows, 2).name} with digest ${digest}`,
    );
  for (let i = 0; i < t.ids.length; i++) {
    const c = t.ids[i];
    if (t.orbits[i] !== classes.orbitSizes[c])
      throw new InputError(`${where}: class ${c} has orbit ${t.orbits[i]} there, ${classes.orbitSizes[c]} here`);
  }
}

/** The certificate of a whole one-machine count (`classes --box 5x2 --format table`): every class of its table. */
export function certificateOfTable(table: ColumnSetClassTable): ColumnSetCertificate {
  const rows = table.classRows;
  const ids = Int32Array.from(rows, (r) => r.id);
  const orbits = Float64Array.from(rows, (r) => r.orbit);
  const values = rows.map((r) => r.bands);
  const sums = certificateSums(orbits, values);
  const R = table.n / 2;
  return {
    box: table.box,
    countedAs: table.countedAs,
    n: table.n,
    rows: R,
    classes: table.classes,
    digest: table.digest,
    plan: null,
    ids,
    orbits,
    values,
    ...sums,
    total: sums.squares,
  };
}
