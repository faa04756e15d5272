import { Rational } from '../bias/rational.js';
import { runCount, type CountRun } from '../count/countGrids.js';
import { formatBand } from '../grid/digits.js';
import { factorialBig, InputError, type BoxShape } from '../grid/shape.js';
import { requireShape, shapeProblem } from '../grid/support.js';
import { typedTaskPool } from '../parallel/taskPool.js';
import { checkWorkers } from '../parallel/threads.js';
import { assertSeed, streamStates } from '../random/streamStates.js';
import type { GridIndex } from '../rank/gridIndex.js';
import { cachedGridIndex } from '../rank/sampleTask.js';
import { ksTest, type KsResult } from '../stats/distributions.js';
import { log10Big } from '../stats/logBig.js';
import type * as AuditTask from './auditTask.js';
import type { AuditBlockInput, AuditBlockOutput } from './auditTask.js';
import { backtrackingBandLaw } from './backtrackingBandLaw.js';
import {
  classTest,
  classTestPower,
  detectionSampleSize,
  quantiles,
  reweightedTest,
  REWEIGHTED_BINS,
  type ChiSquareTest,
  type ClassTest,
} from './auditStatistics.js';
import { isGeneratorName, GENERATOR_NAMES, type GeneratorName } from './gridGenerator.js';

/**
 * The statistical audit of a generator: K grids from a seed, judged against the exact count.
 *
 * Grid j (0-based) is the (j mod BLOCK)-th grid generated from stream ⌊j / BLOCK⌋ (the seed's xoroshiro128+ jumped
 * that many times), as `sample` does: the grids do not depend on the number of threads, and `--generator uniform`
 * draws exactly the grids `sample --seed S` prints. Blocks run on the worker pool; the main thread classifies.
 *
 *   class test     the top band's class (classifyBands, after relabelling box 1 to 1..n) of each grid, against the
 *                  exact class probabilities m_C·n_C/(N/n!) of a uniform grid: Pearson X² and G (auditStatistics)
 *   index test     (shapes with a grid index) the number of the grid's standard form (box 1 relabelled to read
 *                  1..n), i.e. number(grid) mod M with M = N/n!, over M: uniform on [0, 1) for a uniform generator.
 *                  Kolmogorov–Smirnov, and X² over 100 equal bins. (The other part of the number, box 1's reading,
 *                  is uniform for every generator that relabels digits at random, so it is left out.)
 *   probabilities  (backtracking generators) the exact P(g) of every grid (backtrackingProbability):
 *                    N·P(g)      1 for every grid of a uniform generator; its quantiles and a histogram of log10
 *                    E[1/P] = N  the backtracking generator is an importance sampler of N: the mean of 1/P(g) over
 *                                its own grids estimates N without bias (Σ_g P(g)·1/P(g) = N), with a standard error
 *                    reweighted  the class test with weights 1/(N·P(g)), which make the sample uniform in law
 *   band law       (row-major backtracking) the exact law of the top band's class under the generator
 *                  (backtrackingBandLaw): the class test against it (it should pass), and the power of the class
 *                  test against uniformity at K, with the K at which it reaches 50 % and 90 %
 */
export const AUDIT_BLOCK = 1024;

export interface AuditSamplesOptions {
  readonly generator: string;
  readonly box: BoxShape;
  readonly samples: number;
  readonly seed: number;
  /** Threads (default 1; results never depend on it). */
  readonly workers?: number;
  /** Compute P(g) for backtracking generators (default true). */
  readonly probabilities?: boolean;
  readonly onProgress?: (stage: 'count' | 'index' | 'samples', done: number, total: number) => void;
  /** Row-major backtracking: compute the exact top-band law and the test's power (default true). */
  readonly bandLaw?: boolean;
  /** What the audit compares with, built once (`auditContext`) when several audits share a shape. */
  readonly context?: AuditContext;
}

/** The exact side of an audit: the count's classes with their probabilities, N, and the grid index if any. */
export interface AuditContext {
  readonly shape: BoxShape;
  readonly run: CountRun;
  readonly total: bigint;
  readonly expected: Float64Array;
  readonly index: GridIndex | null;
}

/** Build the exact side for a band-method shape: the count (one thread) and, for the index's shapes, the index. */
export async function auditContext(shape: BoxShape): Promise<AuditContext> {
  const run = await runCount({ box: shape, workers: 1 });
  const { total, expected } = classTotals(run);
  // the index the worker module keeps for this thread: with one thread the samples and the ranks share it
  const index = shapeProblem('rank', shape) === null ? cachedGridIndex(shape.rows, shape.cols) : null;
  return { shape, run, total, expected, index };
}

export interface ClassRowAudit {
  readonly id: number;
  /** The class representative, rows separated by '|'. */
  readonly band: string;
  /** Exact probability that a uniform grid's top band is in this class. */
  readonly expected: number;
  readonly observed: number;
  /** Σ w/K over the grids of the class, w = 1/(N·P): the reweighted frequency (null without probabilities). */
  readonly reweighted: number | null;
}

export interface ProbabilityAudit {
  /** Quantiles of N·P(g) over the sample: min, 1 %, 10 %, median, 90 %, 99 %, max. */
  readonly np: {
    readonly min: number;
    readonly q01: number;
    readonly q10: number;
    readonly median: number;
    readonly q90: number;
    readonly q99: number;
    readonly max: number;
  };
  /** Mean of N·P(g) over the sample: N·Σ_g P(g)² ≥ 1 in expectation (= 1 only for a uniform generator). */
  readonly meanNP: number;
  /** Share of sampled grids more likely than uniform (N·P > 1). */
  readonly aboveUniform: number;
  /** Histogram of log10 N·P: bins [lo, lo + 0.05) with their counts. */
  readonly histogram: readonly { readonly lo: number; readonly count: number }[];
  /** E[1/P] = N: the sample mean of 1/P(g), its standard error, mean/N and z = (mean − N)/SE. */
  readonly inverse: {
    readonly mean: number;
    readonly stderr: number;
    readonly ratio: number;
    readonly z: number;
    readonly relErr: number;
  };
  readonly reweighted: ChiSquareTest | null;
  /** The class test without weights on the reweighted test's bins (to compare like with like). */
  readonly unweightedSameBins: ClassTest;
  /** Completion checks made by the solve engine. */
  readonly checks: number;
}

/** The row-major backtracking generator's exact top-band law (`backtrackingBandLaw`) against what was seen. */
export interface BandLawAudit {
  /** P(class) for each class, exactly as the generator draws its top band (rows 2..R after row 1). */
  readonly law: readonly number[];
  /** The class test of the sample against that law: it should pass (a check of P = Π 1/V_k on this shape). */
  readonly ownTest: ClassTest;
  /** Σ_C (a_C − p_C)²/p_C over the classes: X² against uniform grows by about this much per grid. */
  readonly lambdaPerGrid: number;
  /** Power of the class test at this K (α = 0.01; Patnaik's approximation), and the K for 50 % and 90 % power. */
  readonly power: number;
  readonly k50: number | null;
  readonly k90: number | null;
  readonly seconds: number;
}

export interface AuditSampleResult {
  readonly generator: GeneratorName;
  readonly box: string;
  readonly seed: number;
  readonly samples: number;
  readonly workers: number;
  readonly total: bigint;
  readonly classes: readonly ClassRowAudit[];
  readonly classTest: ClassTest;
  readonly indexTest: {
    readonly ks: KsResult;
    readonly bins: ChiSquareTest;
    /** Grids in each of the 100 equal bins of 0..M−1 (their standard form's number). */
    readonly counts: readonly number[];
  } | null;
  readonly probabilities: ProbabilityAudit | null;
  /** Row-major backtracking on shapes with at most BAND_LAW_MAX_BANDS bands: the exact top-band law; else null. */
  readonly bandLaw: BandLawAudit | null;
  /** Search nodes per grid (backtracking): mean and largest. */
  readonly nodes: { readonly mean: number; readonly max: number } | null;
  readonly seconds: { readonly setup: number; readonly sampling: number; readonly total: number };
}

const INDEX_BINS = 100;

/** Largest number of standard bands for which the audit computes the exact band law (3×3: 2.6 million, 0.9 s). */
export const BAND_LAW_MAX_BANDS = 5_000_000;

const bandLaws = new WeakMap<AuditContext, Float64Array>();

/** The exact top-band class law of row-major backtracking for a context (computed once), or null when too big. */
export function contextBandLaw(context: AuditContext): Float64Array | null {
  const { classes, completions } = context.run;
  let bands = 0;
  for (let c = 0; c < classes.count; c++) bands += classes.sizes[c];
  if (bands > BAND_LAW_MAX_BANDS) return null;
  let law = bandLaws.get(context);
  if (!law) bandLaws.set(context, (law = backtrackingBandLaw(context.shape, classes, completions)));
  return law;
}

/** Most grids of a statistical audit: it keeps two numbers a grid (16 bytes: 10,000,000 is 160 MB). */
export const MAX_AUDIT_SAMPLES = 10_000_000;

export async function auditSamples(options: AuditSamplesOptions): Promise<AuditSampleResult> {
  const t0 = performance.now();
  const name = options.generator;
  if (!isGeneratorName(name))
    throw new InputError(`unknown generator '${name}' (one of ${GENERATOR_NAMES.join(', ')})`);
  const shape = requireShape('audit', options.box, name);
  const bandProblem = shapeProblem('band-method', shape);
  if (bandProblem !== null)
    throw new InputError(`box shape ${shape.name}: sampling needs the exact count and classes: ${bandProblem}`);
  const K = options.samples;
  if (!Number.isSafeInteger(K) || K < 1 || K > MAX_AUDIT_SAMPLES)
    throw new InputError(
      `--samples must be a whole number 1..${MAX_AUDIT_SAMPLES} (the audit keeps 16 bytes a grid for its ` +
        `Kolmogorov–Smirnov tests), not ${K}`,
    );
  try {
    assertSeed(options.seed);
  } catch (e) {
    throw new InputError((e as Error).message);
  }
  const workers = checkWorkers(options.workers ?? 1);
  const backtracking = name === 'backtracking' || name === 'backtracking-mrv';
  const withP = backtracking && options.probabilities !== false;
  const progress = options.onProgress ?? (() => {});

  // the samples start on the pool at once; the count and the index are built meanwhile in this thread
  const pool = typedTaskPool<typeof AuditTask>(new URL('./auditTask.js', import.meta.url), workers);
  const states = streamStates(options.seed);
  const blocks = Math.ceil(K / AUDIT_BLOCK);
  const pending: Promise<AuditBlockOutput>[] = [];
  let next = 0;
  const ahead = Math.max(2, 2 * workers);
  const submit = () => {
    const input: AuditBlockInput = {
      generator: name,
      rows: shape.rows,
      cols: shape.cols,
      state: states(next),
      count: Math.min(AUDIT_BLOCK, K - next * AUDIT_BLOCK),
      probabilities: withP,
    };
    const p = pool.run('auditBlock', input);
    p.catch(() => {}); // awaited in order below
    pending.push(p);
    next++;
  };
  let context: AuditContext;
  let setup: number;
  const R = shape.rows,
    n = shape.n,
    cells = n * n;
  const observed: number[] = [];
  let sumW: Float64Array | null = null,
    sumW2: Float64Array | null = null;
  const logNP = withP ? new Float64Array(K) : null;
  const u = new Float64Array(K);
  const binCounts = new Float64Array(INDEX_BINS);
  let sumD = 0n,
    sumD2 = 0n,
    checks = 0,
    nodeSum = 0,
    nodeMax = 0,
    done = 0;
  let samplingStart: number;
  try {
    if (workers > 1) while (next < blocks && pending.length < ahead) submit();
    progress('count', 0, 1);
    context = options.context ?? (await auditContext(shape));
    if (context.shape.name !== shape.name) throw new Error('internal: the audit context is for another shape');
    const { run, index } = context;
    setup = (performance.now() - t0) / 1000;
    samplingStart = performance.now();
    const classes = run.classes;
    observed.length = classes.count;
    observed.fill(0);
    if (withP) {
      sumW = new Float64Array(classes.count);
      sumW2 = new Float64Array(classes.count);
    }
    const N = context.total;
    const log10N = log10Big(N);
    const Nnum = Number(N);
    const M = N / factorialBig(n),
      Mnum = Number(M);
    for (let b = 0; b < blocks; b++) {
      while (next < blocks && pending.length < ahead) submit();
      const out = await pending.shift()!;
      const count = out.grids.length / cells;
      for (let j = 0; j < count; j++) {
        const grid = out.grids.subarray(j * cells, (j + 1) * cells);
        const c = classes.classOfBand(grid.subarray(0, R * n));
        observed[c]++;
        if (index) {
          const i = index.rank(grid) % M; // the standard form's number
          u[done] = Number(i) / Mnum;
          binCounts[Number((i * BigInt(INDEX_BINS)) / M)]++;
        }
        if (out.denominators && sumW && sumW2 && logNP) {
          const D = BigInt(out.denominators[j]);
          sumD += D;
          sumD2 += D * D;
          const w = Number(D) / Nnum; // 1/(N·P)
          sumW[c] += w;
          sumW2[c] += w * w;
          logNP[done] = log10N - log10Big(D);
        }
        if (out.nodes) {
          nodeSum += out.nodes[j];
          if (out.nodes[j] > nodeMax) nodeMax = out.nodes[j];
        }
        done++;
      }
      checks += out.checks;
      progress('samples', done, K);
    }
    const sampling = (performance.now() - samplingStart) / 1000;

    const expected = context.expected;
    const classRows: ClassRowAudit[] = [];
    const size = R * n;
    for (let c = 0; c < classes.count; c++) {
      classRows.push({
        id: c,
        band: formatBand(shape, classes.reps, c * size),
        expected: expected[c],
        observed: observed[c],
        reweighted: sumW ? sumW[c] / K : null,
      });
    }
    let indexTest: AuditSampleResult['indexTest'] = null;
    if (index) {
      const uniformBins = new Float64Array(INDEX_BINS);
      // bin b holds the numbers i < M with ⌊100·i/M⌋ = b: exactly ⌈(b+1)·M/100⌉ − ⌈b·M/100⌉ of them
      const ceilDiv = (a: bigint) => (a + BigInt(INDEX_BINS) - 1n) / BigInt(INDEX_BINS);
      for (let b = 0; b < INDEX_BINS; b++)
        uniformBins[b] = Number(ceilDiv(BigInt(b + 1) * M) - ceilDiv(BigInt(b) * M)) / Mnum;
      const t = classTest(binCounts, uniformBins);
      indexTest = {
        ks: ksTest(u, 'uniform'),
        bins: { bins: t.bins, df: t.df, statistic: t.statistic, pValue: t.pValue },
        counts: [...binCounts],
      };
    }
    let probabilities: ProbabilityAudit | null = null;
    if (logNP && sumW && sumW2) {
      const [min, q01, q10, median, q90, q99, max] = quantiles(logNP, [0, 0.01, 0.1, 0.5, 0.9, 0.99, 1]).map(
        (x) => 10 ** x,
      );
      let meanNP = 0,
        above = 0;
      const hist = new Map<number, number>();
      for (let i = 0; i < K; i++) {
        meanNP += 10 ** logNP[i];
        if (logNP[i] > 0) above++;
        const k = Math.floor(logNP[i] * 20);
        hist.set(k, (hist.get(k) ?? 0) + 1);
      }
      meanNP /= K;
      const mean = Number(sumD) / K;
      const varNum = BigInt(K) * sumD2 - sumD * sumD; // K·ΣD² − (ΣD)², exact
      const stderr = K > 1 ? Math.sqrt(Number(varNum) / (K * K * (K - 1))) : NaN;
      probabilities = {
        np: { min, q01, q10, median, q90, q99, max },
        meanNP,
        aboveUniform: above / K,
        histogram: [...hist.entries()].sort((a, b) => a[0] - b[0]).map(([k, count]) => ({ lo: k / 20, count })),
        inverse: {
          mean,
          stderr,
          ratio: mean / Nnum,
          z: Number(sumD - N * BigInt(K)) / K / stderr,
          relErr: stderr / mean,
        },
        reweighted: reweightedTest(sumW, sumW2, expected, K),
        unweightedSameBins: classTest(observed, expected, Math.max(5, K / REWEIGHTED_BINS)),
        checks,
      };
    }
    let bandLaw: BandLawAudit | null = null;
    if (name === 'backtracking' && options.bandLaw !== false) {
      const t1 = performance.now();
      const law = contextBandLaw(context);
      if (law) {
        let lambdaPerGrid = 0;
        for (let c = 0; c < law.length; c++) lambdaPerGrid += (law[c] - expected[c]) ** 2 / expected[c];
        bandLaw = {
          law: [...law],
          ownTest: classTest(observed, law),
          lambdaPerGrid,
          power: classTestPower(expected, law, K).power,
          k50: detectionSampleSize(expected, law, 0.5),
          k90: detectionSampleSize(expected, law, 0.9),
          seconds: (performance.now() - t1) / 1000,
        };
      }
    }
    return {
      generator: name,
      box: shape.name,
      seed: options.seed,
      samples: K,
      workers,
      total: N,
      classes: classRows,
      classTest: classTest(observed, expected),
      indexTest,
      probabilities,
      bandLaw,
      nodes: backtracking ? { mean: nodeSum / K, max: nodeMax } : null,
      seconds: { setup, sampling, total: (performance.now() - t0) / 1000 },
    };
  } finally {
    await pool.close();
  }
}

/** N and the exact probability of each class for a uniform grid's top band: m_C·n_C / Σ m_C·n_C. */
export function classTotals(run: CountRun): { total: bigint; expected: Float64Array } {
  const { classes, completions, shape } = run;
  let M = 0n;
  for (let c = 0; c < classes.count; c++) M += BigInt(classes.sizes[c]) * BigInt(completions[c]);
  const expected = new Float64Array(classes.count);
  for (let c = 0; c < classes.count; c++) {
    expected[c] = Rational.of(BigInt(classes.sizes[c]) * BigInt(completions[c]), M).toNumber();
  }
  return { total: M * factorialBig(shape.n), expected };
}
