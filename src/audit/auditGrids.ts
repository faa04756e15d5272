import { runCount } from '../count/countGrids.js';
import { fullGridProblem } from '../grid/parseGrid.js';
import { boxShape, factorialBig, InputError, type BoxShape } from '../grid/shape.js';
import { resolveShape, shapeProblem } from '../grid/support.js';
import type { GridIndex } from '../rank/gridIndex.js';
import { chiSquarePValue, kolmogorovLimitPValue, ksTest, KS_EXACT_MAX, normalCdf } from '../stats/distributions.js';
import type { BandClasses } from '../symmetry/classifyBands.js';
import { auditContext, classTotals } from './auditSamples.js';
import {
  classTest,
  noncentralPower,
  poissonInterval,
  poissonUpperTail,
  poolBins,
  smallestK,
  waldStatistic,
} from './auditStatistics.js';
import { hashCells, repeatCounter, type RepeatCounter } from './repeatCounter.js';
import { templateReach } from './templateReach.js';

/**
 * The audit of grids from any source (`audit --file`, `auditGrids`): K full grids, judged against a uniform
 * source by streaming statistics: memory is the tables below, and the two repeat counters, which hold up to
 * 2,097,152 keys each and then a share of the hash space (repeatCounter). docs/audit.md derives each test
 * ("Grids from any source").
 *
 *   top-band       the top band's class (classifyBands) against the exact class law m_C·n_C/(N/n!): X², bins of
 *                  expected count ≥ 5 (band-method shapes)
 *   bands-stacks   every band's class and every stack's class (a stack, transposed, is a band of the C×R shape)
 *                  together: per grid the vector T of class-bin counts over its C bands and its R stacks. Under a
 *                  uniform source each band has the top band's law and each stack the transposed one, so
 *                  E[T] = (C·p, R·p'); the bands and stacks of one grid are dependent, so T's covariance is not
 *                  multinomial. The grids are i.i.d., so the Wald (Hotelling) statistic K·dᵀ Σ̂⁻¹ d with Σ̂ the
 *                  sample covariance of T is asymptotically χ² on the bins less one per part, whatever the
 *                  dependence (band-method shapes)
 *   rank-ks, rank-bins          the grid's number (the grid index, src/rank) over N: KS and X² on 100 equal bins
 *   standard-ks, standard-bins  the number of its standard form (box 1 relabelled to 1..n) over N/n!: the same
 *                  (the grid index's shapes; rank/N is decided by box 1's reading alone, this by the rest)
 *   repeats        pairs of equal grids against C(K,2)/N (Poisson); with the reach estimate C(K,2)/pairs
 *   digits         the digit in each cell outside box 1 after relabelling box 1 to read 1..n: uniform over the
 *                  digits the box-1 row or column leaves it (any shape); X² per cell, Bonferroni over the cells
 *
 * Each test reports its p-value and its power: when it rejects, the K at which it detects, with 50 % and 90 %
 * probability at its share of the level, a source that departs as much as this one (the departure it measured);
 * when it passes, the smallest departure it would have found 90 % of the time at this K. The verdict rejects
 * uniformity when any test's p is below alpha/m (m tests: Bonferroni, family-wise false-alarm rate ≤ alpha).
 */
export type AuditTestId =
  'top-band' | 'bands-stacks' | 'rank-ks' | 'rank-bins' | 'standard-ks' | 'standard-bins' | 'repeats' | 'digits';

export interface AuditTest {
  readonly id: AuditTestId;
  /** What it measures, in a few words. */
  readonly name: string;
  readonly statistic: number;
  /** Degrees of freedom (chi-square tests), else null. */
  readonly df: number | null;
  readonly pValue: number;
  /** p < alpha/m. */
  readonly rejects: boolean;
  /**
   * The departure the power refers to. A test that rejects: the departure it measured ("measured: …"), and k50/k90
   * are the K it needs to detect that much. A test that passes: the smallest departure it finds with probability
   * 90 % at this K ("found 90 % of the time at this K: …"), and k50/k90 are null.
   */
  readonly departure: string;
  /** K for detection with probability 50 % and 90 % at level alpha/m of the departure measured (rejecting tests). */
  readonly k50: number | null;
  readonly k90: number | null;
}

export interface ReachEstimate {
  /**
   * Keys (grids or classes) seen; then, among the keys kept, distinct ones, repeated ones (seen more than once) and
   * pairs of equal keys. All keys are kept up to 2,097,152 distinct ones; beyond, a fraction of the hash space
   * (`fraction`: ½, ¼, …), so memory stays bounded, and the estimates below account for it.
   */
  readonly seen: number;
  readonly fraction: number;
  readonly distinct: number;
  readonly repeated: number;
  readonly pairs: number;
  /** C(K,2)/pairs: the number of keys of a source uniform on its reach; null without a pair. */
  readonly estimate: number | null;
  /** 95 % interval (Garwood on the pairs); high is null (unbounded) without a pair. */
  readonly low: number;
  readonly high: number | null;
}

export interface GridAuditResult {
  readonly box: string;
  readonly grids: number;
  /** N when the shape is counted, else null. */
  readonly total: bigint | null;
  readonly alpha: number;
  /** alpha over the number of tests: each test's level. */
  readonly testAlpha: number;
  readonly tests: readonly AuditTest[];
  /** Bonferroni: min(1, m · smallest p): the p-value of the audit as a whole. */
  readonly familyP: number;
  readonly uniform: boolean;
  readonly verdict: string;
  /** Top-band classes (band-method shapes): the exact probability and the grids whose top band is in the class. */
  readonly classes: readonly { readonly expected: number; readonly observed: number }[] | null;
  /** Grids in 100 equal bins of rank/N and of the standard form's number over N/n! (index shapes). */
  readonly rankBins: readonly number[] | null;
  readonly standardBins: readonly number[] | null;
  readonly repeats: {
    /** Equal grids (64-bit hashes of the cells: distinct grids collide with probability < K²/2⁶⁵). */
    readonly grids: ReachEstimate;
    /** Grids equal up to relabelling and the symmetry group, by their invariant (band-method shapes). */
    readonly classes: ReachEstimate | null;
    /** C(K,2)/N, the pairs a uniform source makes in expectation (null when N is unknown). */
    readonly expectedPairs: number | null;
    /** A lower bound of N used when N is not known (the template-blocks reach), else null. */
    readonly totalLowerBound: bigint | null;
  };
  /** Per cell outside box 1 (reading order), the p-value of its digit test; null below 5·n grids. */
  readonly digitP: readonly number[] | null;
  readonly seconds: { readonly setup: number; readonly grids: number; readonly total: number };
}

/** The exact side of a grid audit, built once per shape (`gridAuditContext`). */
export interface GridAuditContext {
  readonly shape: BoxShape;
  /** Band classes and their exact law, for the bands and (transposed) for the stacks; null off the band method. */
  readonly bands: { readonly classes: BandClasses; readonly expected: Float64Array } | null;
  readonly stacks: { readonly classes: BandClasses; readonly expected: Float64Array } | null;
  readonly total: bigint | null;
  readonly index: GridIndex | null;
  readonly totalLowerBound: bigint | null;
}

export async function gridAuditContext(shape: BoxShape): Promise<GridAuditContext> {
  if (shapeProblem('band-method', shape) !== null) {
    let lower: bigint | null;
    try {
      lower = templateReach(shape, true).grids;
    } catch {
      lower = null;
    }
    return { shape, bands: null, stacks: null, total: null, index: null, totalLowerBound: lower };
  }
  const a = await auditContext(shape);
  const bands = { classes: a.run.classes, expected: a.expected };
  let stacks = bands;
  if (shape.rows !== shape.cols) {
    const run = await runCount({ box: boxShape(shape.cols, shape.rows), workers: 1 });
    stacks = { classes: run.classes, expected: classTotals(run).expected };
  }
  return { shape, bands, stacks, total: a.total, index: a.index, totalLowerBound: null };
}

export interface AuditGridsOptions {
  /** Box shape: a BoxShape or "RxC". */
  readonly box: BoxShape | string;
  /** Family-wise level of the verdict (default 0.01). */
  readonly alpha?: number;
  /** Built once for several audits of one shape. */
  readonly context?: GridAuditContext;
  /** Called every 4,096 grids. */
  readonly onProgress?: (grids: number) => void;
  /** The grids were validated already (the CLI reader does it): skip the check of each. */
  readonly trusted?: boolean;
}

/** Bins per part of the bands-and-stacks test before merging for small K (equal expected mass). */
const JOINT_BINS = 24;
const RANK_BINS = 100;
/** Bins of the streamed empirical distribution for KS above KS_EXACT_MAX grids. */
const KS_BINS = 1 << 16;
/** E[√K·D] for the KS statistic of a uniform sample (the mean of the Kolmogorov distribution, √(π/2)·ln 2). */
const KS_NULL_MEAN = Math.sqrt(Math.PI / 2) * Math.LN2;

/** Audit K grids (any iterable of n² digits 1..n, reading order) against a uniform source. */
export async function auditGrids(
  grids: Iterable<ArrayLike<number>> | AsyncIterable<ArrayLike<number>>,
  options: AuditGridsOptions,
): Promise<GridAuditResult> {
  const t0 = performance.now();
  const shape = resolveShape('solve', options.box);
  const alpha = options.alpha ?? 0.01;
  if (!(alpha > 0 && alpha < 1)) throw new InputError(`alpha must be between 0 and 1, not ${alpha}`);
  const context = options.context ?? (await gridAuditContext(shape));
  if (context.shape.name !== shape.name) throw new InputError('the audit context is for another shape');
  const setup = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const acc = accumulator(context);
  let K = 0;
  for await (const grid of grids) {
    if (!options.trusted) {
      const problem = fullGridProblem(shape, grid);
      if (problem !== null) throw new InputError(`grid ${K + 1}: ${problem}`);
    }
    acc.add(grid);
    K++;
    if ((K & 4095) === 0) options.onProgress?.(K);
  }
  if (K === 0) throw new InputError('no grids to audit');
  const seconds = (performance.now() - t1) / 1000;
  return acc.finish(alpha, { setup, grids: seconds, total: (performance.now() - t0) / 1000 });
}

interface Accumulator {
  add(grid: ArrayLike<number>): void;
  finish(alpha: number, seconds: GridAuditResult['seconds']): GridAuditResult;
}

function accumulator(ctx: GridAuditContext): Accumulator {
  const { shape, bands, stacks, index } = ctx;
  const { rows: R, cols: C, n } = shape;
  const cells = n * n,
    bandSize = R * n;
  let K = 0;

  // classes
  const top = bands ? new Float64Array(bands.classes.count) : null;
  const bandBins = bands ? poolBins(bands.expected, 1, 1 / JOINT_BINS) : null;
  const stackBins = stacks ? poolBins(stacks.expected, 1, 1 / JOINT_BINS) : null;
  const dim = bandBins && stackBins ? bandBins.bins + stackBins.bins : 0;
  const jointSum = new Float64Array(dim),
    jointOuter = new Float64Array(dim * dim);
  const at = new Int32Array(C + R);
  const stackBand = new Uint8Array(C * n); // a stack transposed: C rows of n cells
  const key = new Int32Array(C + R + 1);

  // ranks
  const N = ctx.total;
  const M = N !== null ? N / factorialBig(n) : null;
  const Nnum = N !== null ? Number(N) : 0,
    Mnum = M !== null ? Number(M) : 0;
  const rankU = index ? new Float64Array(KS_EXACT_MAX) : null,
    stdU = index ? new Float64Array(KS_EXACT_MAX) : null;
  // KS is computed from a histogram: of the values themselves when there are at most KS_BINS of them (2×2, 2×3's
  // standard numbers: a discrete uniform law, where D is taken at its support), else of KS_BINS equal bins
  const rankBinsKs = N !== null && N <= BigInt(KS_BINS) ? Number(N) : KS_BINS,
    stdBinsKs = M !== null && M <= BigInt(KS_BINS) ? Number(M) : KS_BINS;
  const rankHist = index ? new Uint32Array(rankBinsKs) : null,
    stdHist = index ? new Uint32Array(stdBinsKs) : null;
  const rankBins = new Float64Array(RANK_BINS),
    stdBins = new Float64Array(RANK_BINS);
  const BINS = BigInt(RANK_BINS);

  // repeats
  const gridRepeats = repeatCounter();
  const classRepeats = bands ? repeatCounter() : null;
  const hash = new Int32Array(2);

  // digits after relabelling box 1
  const digitCounts = new Float64Array(cells * n);
  const relabel = new Int32Array(n + 1);

  const grid = new Uint8Array(cells);

  function add(cellsIn: ArrayLike<number>): void {
    grid.set(cellsIn);
    if (bands && stacks && top) {
      let k = 0;
      for (let b = 0; b < C; b++) {
        const c = bands.classes.classOfBand(grid.subarray(b * bandSize, (b + 1) * bandSize));
        if (b === 0) top[c]++;
        key[k] = c;
        at[k++] = bandBins!.bin[c];
      }
      for (let s = 0; s < R; s++) {
        for (let j = 0; j < C; j++) for (let i = 0; i < n; i++) stackBand[j * n + i] = grid[i * n + s * C + j];
        const c = stacks.classes.classOfBand(stackBand);
        key[k] = c;
        at[k++] = bandBins!.bins + stackBins!.bin[c];
      }
      for (let a = 0; a < k; a++) {
        jointSum[at[a]]++;
        const row = at[a] * dim;
        for (let b = 0; b < k; b++) jointOuter[row + at[b]]++;
      }
      classRepeats!.add(...classKey(key, C, R, hash));
    }
    if (index && N !== null && M !== null) {
      const r = index.rank(grid);
      const s = r % M;
      const u = Number(r) / Nnum,
        v = Number(s) / Mnum;
      if (K < KS_EXACT_MAX) {
        rankU![K] = u;
        stdU![K] = v;
      }
      rankHist![rankBinsKs < KS_BINS ? Number(r) : Math.min(KS_BINS - 1, Math.floor(u * KS_BINS))]++;
      stdHist![stdBinsKs < KS_BINS ? Number(s) : Math.min(KS_BINS - 1, Math.floor(v * KS_BINS))]++;
      rankBins[Number((r * BINS) / N)]++;
      stdBins[Number((s * BINS) / M)]++;
    }
    hashCells(grid, hash);
    gridRepeats.add(hash[0], hash[1]);
    for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) relabel[grid[r * n + c]] = r * C + c + 1;
    for (let i = 0; i < cells; i++) digitCounts[i * n + relabel[grid[i]] - 1]++;
    K++;
  }

  /** The invariant of a grid's class under the symmetry group: the sorted band classes, the sorted stack classes. */
  function classKey(k: Int32Array, bandsCount: number, stacksCount: number, out: Int32Array): [number, number] {
    const b = Array.from(k.subarray(0, bandsCount)).sort((x, y) => x - y);
    const s = Array.from(k.subarray(bandsCount, bandsCount + stacksCount)).sort((x, y) => x - y);
    // square boxes: transposing swaps bands and stacks, so the pair is unordered
    const swap = R === C && compare(s, b) < 0;
    const all = swap ? [...s, -1, ...b] : [...b, -1, ...s];
    hashCells(all, out);
    return [out[0], out[1]];
  }

  function finish(alpha: number, seconds: GridAuditResult['seconds']): GridAuditResult {
    /** A test before the verdict: its measured effect, the power at K grids for an effect, and words for one. */
    type Draft = Omit<AuditTest, 'rejects' | 'k50' | 'k90' | 'departure'> & {
      effect: number;
      power: (k: number, alpha: number, effect: number) => number;
      words: (effect: number) => string;
    };
    const drafts: Draft[] = [];
    const Kn = K;
    const chiPower = (df: number) => (k: number, a: number, e: number) => noncentralPower(df, k * e, a);
    const perGrid = (what: string) => (e: number) => `${what} = ${fmt(e)} per grid`;
    const measured = (stat: number, df: number) => Math.max(0, stat - df) / Kn;

    // a chi-square test needs two bins of expected count ≥ 5: with fewer grids it is left out
    const t0 = bands && top ? classTest(top, bands.expected) : null;
    if (bands && t0 && t0.bins >= 2) {
      const t = t0;
      const lam = measured(t.statistic, t.df);
      drafts.push({
        id: 'top-band',
        name: `top band's class (${bands.classes.count} classes, ${t.bins} bins)`,
        statistic: t.statistic,
        df: t.df,
        pValue: t.pValue,
        effect: lam,
        power: chiPower(t.df),
        words: perGrid('(X² − df)/K'),
      });
    }
    if (bands && stacks && bandBins && stackBins) {
      const joint = jointTest();
      if (joint) {
        const lam = measured(joint.statistic, joint.df);
        drafts.push({
          id: 'bands-stacks',
          name: `classes of all ${C} bands and ${R} stacks (Wald, ${joint.df + 2} bins)`,
          statistic: joint.statistic,
          df: joint.df,
          pValue: chiSquarePValue(joint.statistic, joint.df),
          effect: lam,
          power: chiPower(joint.df),
          words: perGrid('(W − df)/K'),
        });
      }
    }
    let rankCounts: number[] | null = null,
      stdCounts: number[] | null = null;
    if (index && N !== null && M !== null) {
      rankCounts = [...rankBins];
      stdCounts = [...stdBins];
      for (const [id, what, values, hist, counts, total] of [
        ['rank', 'rank/N', rankU!, rankHist!, rankBins, N],
        ['standard', "standard form's number/(N/n!)", stdU!, stdHist!, stdBins, M],
      ] as const) {
        const discrete = hist.length < KS_BINS;
        const ks = K <= KS_EXACT_MAX && !discrete ? ksTest(values.subarray(0, K), 'uniform') : histogramKs(hist, K);
        const delta = ks.statistic - KS_NULL_MEAN / Math.sqrt(K);
        drafts.push({
          id: `${id}-ks`,
          name: `${what}: Kolmogorov–Smirnov`,
          statistic: ks.statistic,
          df: null,
          pValue: ks.pValue,
          effect: Math.max(0, delta),
          power: ksPower,
          words: (e) => `a distance of ${fmt(e)} from the uniform distribution function`,
        });
        const t = classTest(counts, equalBins(total));
        const lam = measured(t.statistic, t.df);
        if (t.bins >= 2)
          drafts.push({
            id: `${id}-bins`,
            name: `${what}: X² on ${RANK_BINS} equal bins`,
            statistic: t.statistic,
            df: t.df,
            pValue: t.pValue,
            effect: lam,
            power: chiPower(t.df),
            words: perGrid('(X² − df)/K'),
          });
      }
    }
    // repeats
    const pairsOf = (k: number) => (k * (k - 1)) / 2;
    const lowerN = N ?? ctx.totalLowerBound;
    const expectedPairs = N !== null ? pairsOf(K) / Nnum : null;
    const gridReach = reach(gridRepeats);
    if (lowerN !== null) {
      const f = gridRepeats.fraction;
      const mu0 = (f * pairsOf(K)) / Number(lowerN);
      const r = gridRepeats.pairs;
      const Mhat = gridReach.estimate;
      drafts.push({
        id: 'repeats',
        name: N !== null ? 'repeated grids' : 'repeated grids (against a lower bound of N)',
        statistic: r,
        df: null,
        pValue: poissonUpperTail(r, mu0),
        // the effect is 1/M for a source uniform on M grids: its pairs are Poisson(C(K,2)/M)
        effect: Mhat !== null && Mhat < Number(lowerN) ? 1 / Mhat : 0,
        power: (k, a, e) => poissonUpperTail(poissonCritical((f * pairsOf(k)) / Number(lowerN), a), f * pairsOf(k) * e),
        words: (e) => `a source uniform on ${fmt(1 / e)} grids or fewer`,
      });
    }
    // digits by position
    let digitP: number[] | null = null;
    if (K >= 5 * n) {
      digitP = [];
      let worst = -1,
        worstStat = 0,
        worstDf = 1,
        minP = 1;
      for (let i = 0; i < cells; i++) {
        const r = Math.floor(i / n),
          c = i % n;
        if (r < R && c < C) continue;
        let a = 0;
        const allowed = (d: number) => (r < R ? Math.floor((d - 1) / C) !== r : c < C ? (d - 1) % C !== c : true);
        for (let d = 1; d <= n; d++) if (allowed(d)) a++;
        let x2 = 0;
        const E = K / a;
        for (let d = 1; d <= n; d++) if (allowed(d)) x2 += (digitCounts[i * n + d - 1] - E) ** 2 / E;
        const p = chiSquarePValue(x2, a - 1);
        digitP.push(p);
        if (p < minP || worst < 0) {
          minP = p;
          worst = i;
          worstStat = x2;
          worstDf = a - 1;
        }
      }
      const m = digitP.length;
      const lam = measured(worstStat, worstDf);
      drafts.push({
        id: 'digits',
        name: `digit by cell after relabelling box 1 (${m} cells, Bonferroni)`,
        statistic: worstStat,
        df: worstDf,
        pValue: Math.min(1, m * minP),
        effect: lam,
        power: (k, a, e) => noncentralPower(worstDf, k * e, a / m),
        words: (e) =>
          `(X² − df)/K = ${fmt(e)} per grid in one cell (here the worst is ` +
          `r${Math.floor(worst / n) + 1}c${(worst % n) + 1})`,
      });
    }

    const m = Math.max(1, drafts.length);
    const testAlpha = alpha / m;
    // a test that rejects: the K its measured departure needs; one that passes: the departure it would find
    const tests: AuditTest[] = drafts.map(({ power, effect, words, ...d }) => {
      const rejects = d.pValue < testAlpha;
      if (rejects && effect > 0)
        return {
          ...d,
          rejects,
          departure: `measured: ${words(effect)}`,
          k50: smallestK((k) => power(k, testAlpha, effect), 0.5),
          k90: smallestK((k) => power(k, testAlpha, effect), 0.9),
        };
      const e = smallestEffect((x) => power(Kn, testAlpha, x), 0.9);
      return {
        ...d,
        rejects,
        departure: e === null ? 'none detectable at this K' : `found 90 % of the time at this K: ${words(e)}`,
        k50: null,
        k90: null,
      };
    });
    const minP = Math.min(1, ...tests.map((t) => t.pValue));
    const familyP = Math.min(1, m * minP);
    const rejected = tests.filter((t) => t.rejects);
    const verdict =
      tests.length === 0
        ? `too few grids for any test (${K})`
        : rejected.length === 0
          ? `consistent with a uniform source: none of the ${m} tests rejects (each at α/${m}, family-wise ` +
            `α = ${alpha})`
          : `NOT UNIFORM: ${rejected.length} of the ${m} tests reject${rejected.length === 1 ? 's' : ''} (each at ` +
            `α/${m}, family-wise α = ${alpha}): ` +
            rejected.map((t) => t.id).join(', ');
    return {
      box: shape.name,
      grids: K,
      total: N,
      alpha,
      testAlpha,
      tests,
      familyP,
      uniform: rejected.length === 0,
      verdict,
      classes: bands && top ? [...top].map((observed, c) => ({ expected: bands.expected[c], observed })) : null,
      rankBins: rankCounts,
      standardBins: stdCounts,
      repeats: {
        grids: gridReach,
        classes: classRepeats ? reach(classRepeats) : null,
        expectedPairs,
        totalLowerBound: N === null ? ctx.totalLowerBound : null,
      },
      digitP,
      seconds,
    };
  }

  /** The Wald test of the bands-and-stacks class vectors (see above), bins merged to expected counts ≥ 5. */
  function jointTest(): { statistic: number; df: number } | null {
    const parts: { bins: number; mass: Float64Array; offset: number; per: number }[] = [];
    let offset = 0;
    for (const [pool, law, per] of [
      [bandBins!, bands!.expected, C],
      [stackBins!, stacks!.expected, R],
    ] as const) {
      const mass = new Float64Array(pool.bins);
      for (let c = 0; c < law.length; c++) mass[pool.bin[c]] += law[c];
      parts.push({ bins: pool.bins, mass, offset, per });
      offset += pool.bins;
    }
    // Merge consecutive bins (in increasing probability) until each expects ≥ 5 grids and has at least 1/target
    // of the mass, target = K/50 bins a part (2 to JOINT_BINS): the covariance of m bins is estimated from K grids,
    // and with m near K/6 (46 bins at K = 300 on 3×3) the statistic was far above χ²(m) under the null (15 of 60
    // seeds below p = 0.05); with m ≤ K/25 it fits (docs/audit.md). Then drop each part's last bin.
    const target = Math.max(2, Math.min(JOINT_BINS, Math.floor(K / 50)));
    const map = new Int32Array(dim).fill(-1);
    const mu: number[] = [];
    for (const part of parts) {
      let acc = 0;
      const start = mu.length;
      const members: number[] = [];
      const enough = (mass: number) => K * part.per * mass >= 5 && mass >= 0.999 / target;
      for (let b = 0; b < part.bins; b++) {
        acc += part.mass[b];
        members.push(part.offset + b);
        if (enough(acc) || b === part.bins - 1) {
          if (!enough(acc) && mu.length > start) {
            // a remainder too small for a bin of its own: into the previous bin
            for (const x of members) map[x] = mu.length - 1;
            mu[mu.length - 1] += part.per * acc;
          } else {
            for (const x of members) map[x] = mu.length;
            mu.push(part.per * acc);
          }
          members.length = 0;
          acc = 0;
        }
      }
      if (mu.length - start < 2) {
        // one bin only: this part carries no information at this K
        for (let x = part.offset; x < part.offset + part.bins; x++) map[x] = -1;
        mu.length = start;
        continue;
      }
      // the last bin of the part is determined by the others (the counts sum to C or R): leave it out
      const last = mu.length - 1;
      for (let x = part.offset; x < part.offset + part.bins; x++) if (map[x] === last) map[x] = -1;
      mu.pop();
    }
    const m = mu.length;
    if (m === 0) return null;
    const sum = new Float64Array(m),
      outer = new Float64Array(m * m);
    for (let a = 0; a < dim; a++) {
      if (map[a] < 0) continue;
      sum[map[a]] += jointSum[a];
      for (let b = 0; b < dim; b++) if (map[b] >= 0) outer[map[a] * m + map[b]] += jointOuter[a * dim + b];
    }
    return { statistic: waldStatistic(sum, outer, mu, K), df: m };
  }

  return { add, finish };
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

function reach(counter: RepeatCounter): ReachEstimate {
  const K = counter.seen;
  // the pairs counted are a sample of all pairs at rate f (REPEAT_CAPACITY): C(K,2)·f of them were looked at
  const allPairs = ((K * (K - 1)) / 2) * counter.fraction;
  const r = counter.pairs;
  const { low, high } = poissonInterval(r);
  return {
    seen: K,
    fraction: counter.fraction,
    distinct: counter.distinct,
    repeated: counter.repeatedKeys,
    pairs: r,
    estimate: r > 0 ? allPairs / r : null,
    low: allPairs / high,
    high: r > 0 ? allPairs / low : null,
  };
}

/** The smallest effect (to 1 %) at which `powerOf` reaches `power`, for a power that grows with the effect. */
function smallestEffect(powerOf: (effect: number) => number, power: number): number | null {
  let hi = 1e-30;
  while (powerOf(hi) < power) {
    hi *= 4;
    if (hi > 1e6) return null;
  }
  let lo = hi / 4;
  while (hi / lo > 1.01) {
    const mid = Math.sqrt(lo * hi);
    if (powerOf(mid) >= power) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The smallest r with P(Poisson(mu) ≥ r) < alpha. */
function poissonCritical(mu: number, alpha: number): number {
  let lo = 0,
    hi = Math.ceil(mu + 10 * Math.sqrt(mu) + 10);
  while (poissonUpperTail(hi, mu) >= alpha) hi *= 2;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (poissonUpperTail(mid, mu) < alpha) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Probabilities of 100 equal bins of 0..total−1 (bin b holds ⌈(b+1)·T/100⌉ − ⌈b·T/100⌉ numbers). */
function equalBins(total: bigint): Float64Array {
  const B = BigInt(RANK_BINS);
  const ceilDiv = (a: bigint) => (a + B - 1n) / B;
  const out = new Float64Array(RANK_BINS);
  for (let b = 0; b < RANK_BINS; b++)
    out[b] = Number(ceilDiv(BigInt(b + 1) * total) - ceilDiv(BigInt(b) * total)) / Number(total);
  return out;
}

/**
 * KS from the streamed histogram. Continuous (K > KS_EXACT_MAX, 65,536 bins): D at the bin edges, which is at most
 * the exact D and at least it less the largest bin's share (1/65,536 plus noise), so the p-value errs on the side of
 * passing. Discrete (one bin a value): D at the support points, the KS statistic of a discrete law, whose
 * Kolmogorov p-value is conservative.
 */
function histogramKs(hist: Uint32Array, K: number): { statistic: number; pValue: number } {
  let cum = 0,
    d = 0;
  for (let b = 0; b < hist.length; b++) {
    cum += hist[b];
    d = Math.max(d, Math.abs(cum / K - (b + 1) / hist.length));
  }
  return { statistic: d, pValue: kolmogorovLimitPValue(d, K) };
}

/**
 * The power of KS at K grids against a distribution at sup-distance delta from uniform: √K·D ≈ √K·delta plus a
 * normal error of standard deviation at most ½ (F(1 − F) ≤ ¼ at the point of largest distance), against the
 * critical value of the limiting Kolmogorov law at level alpha.
 */
function ksPower(K: number, alpha: number, delta: number): number {
  const crit = kolmogorovCritical(alpha);
  const z = (Math.sqrt(K) * delta - crit) / 0.5;
  return normalCdf(z);
}

const criticalCache = new Map<number, number>();
function kolmogorovCritical(alpha: number): number {
  let c = criticalCache.get(alpha);
  if (c === undefined) {
    let lo = 0.2,
      hi = 5;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (kolmogorovLimitPValue(mid / 1e6, 1e12) > alpha) lo = mid;
      else hi = mid;
    }
    criticalCache.set(alpha, (c = hi));
  }
  return c;
}

function fmt(x: number): string {
  return x === 0
    ? '0'
    : Math.abs(x) >= 1e5 || Math.abs(x) < 1e-3
      ? x.toExponential(2)
      : String(Number(x.toPrecision(3)));
}
