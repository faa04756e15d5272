import type { GridAuditResult, ReachEstimate } from '../audit/auditGrids.js';
import type { AuditSampleResult } from '../audit/auditSamples.js';
import type { ExactLaw } from '../audit/exactDistribution.js';
import type { GeneratorName } from '../audit/gridGenerator.js';
import { judgeBlogClaims, type ClaimVerdict, type TemplateReach } from '../audit/templateReach.js';
import { grouped } from '../grid/grouped.js';
import type { BoxShape } from '../grid/shape.js';

/** The reports of `audit`: its rows (label, text) for the terminal and the HTML report, and its JSON objects. */

const num = (x: number | null, digits = 4) =>
  x === null || !Number.isFinite(x)
    ? x === Infinity
      ? '∞'
      : 'n/a'
    : Math.abs(x) >= 1e6 || (Math.abs(x) < 1e-3 && x !== 0)
      ? x.toExponential(digits - 1).replace('e+', 'e')
      : String(Number(x.toPrecision(digits)));

/** A p-value; 0 means below what the function resolves (1 − CDF: ~1e-16; the chi-square tail: ~1e-308). */
const pv = (p: number) => (p === 0 ? 'p ≈ 0' : `p = ${num(p, 3)}`);

/** Rows (label, text) as aligned lines. */
export function table(rows: readonly (readonly [string, string])[]): string {
  const w = Math.max(...rows.map(([a]) => a.length));
  return rows.map(([a, b]) => `  ${a.padEnd(w)}  ${b}`).join('\n') + '\n';
}

function verdict(p: number): string {
  return p < 0.01 ? 'NOT UNIFORM (p < 0.01)' : 'consistent with uniform (p ≥ 0.01)';
}

/** A template generator's exact reach (orbit–stabiliser) and the blog's claims judged. */
export function reachLines(
  generator: GeneratorName,
  shape: BoxShape,
  reach: TemplateReach,
  total: bigint | null,
): Array<[string, string]> {
  const { rows: R, cols: C, n } = shape;
  const group =
    `columns in stacks (${C}!)^${R}, rows in bands (${R}!)^${C}, digits ${n}!` +
    (reach.blocks ? `, stacks ${R}!, bands ${C}!` : '');
  const rows: Array<[string, string]> = [
    ['transformations', `|G| = ${grouped(reach.transformations)} (${group}), each drawn with probability 1/|G|`],
    [
      'stabiliser',
      `${reach.stabiliser} of them leave the template as it is, so each grid reached comes from ${reach.stabiliser}`,
    ],
    [
      'orbit',
      `|G|/|Stab| = ${grouped(reach.grids)} distinct grids` +
        (total !== null
          ? ` of N = ${grouped(total)} (${num(Number(reach.grids) / Number(total), 4)} of all grids)`
          : ` (N is not known for ${shape.name})`),
    ],
  ];
  for (const v of judgeBlogClaims(shape, generator === 'template-blocks', total))
    rows.push([v.correct ? "blog's claim: right" : "blog's claim: WRONG", `"${v.claim.text}": ${v.verdict}`]);
  return rows;
}

/** The blog's claims judged, for JSON. */
export function claimsJson(
  shape: BoxShape,
  blocks: boolean,
  total: bigint | null,
): { claim: string; correct: boolean; verdict: string }[] {
  return judgeBlogClaims(shape, blocks, total).map((v: ClaimVerdict) => ({
    claim: v.claim.text,
    correct: v.correct,
    verdict: v.verdict,
  }));
}

/** `audit --generator G`: the statistical audit's rows. */
export function sampleLines(
  r: AuditSampleResult,
  shape: BoxShape,
  reach: TemplateReach | null,
): Array<[string, string]> {
  const t = r.classTest;
  const rows: Array<[string, string]> = [['exact N', grouped(r.total)]];
  if (reach) rows.push(...reachLines(r.generator, shape, reach, r.total));
  rows.push([
    'class test',
    `X² = ${num(t.statistic, 5)} on ${t.df} df (${t.bins} bins of the ${r.classes.length} top-band classes), ` +
      `${pv(t.pValue)}; G = ${num(t.g, 5)}, ${pv(t.gPValue)}: ${verdict(t.pValue)}`,
  ]);
  const law = r.bandLaw;
  if (law) {
    const o = law.ownTest;
    rows.push([
      "generator's law",
      `the top band's exact class law under this generator (Π 1/V over the band, ${law.seconds.toFixed(2)} s): ` +
        `the sample against it X² = ${num(o.statistic, 5)} on ${o.df} df, ${pv(o.pValue)} ` +
        `(${o.pValue < 0.01 ? 'REJECTED: the derivation or the generator is wrong' : 'consistent'})`,
    ]);
    rows.push([
      'power',
      `X² against uniform grows by ${num(law.lambdaPerGrid, 4)} per grid: power ${num(100 * law.power, 3)} % at ` +
        `this K (α = 0.01); 50 % from K ≈ ${law.k50 === null ? 'n/a' : grouped(law.k50)}, 90 % from K ≈ ` +
        `${law.k90 === null ? 'n/a' : grouped(law.k90)}`,
    ]);
  }
  if (r.indexTest) {
    const x = r.indexTest;
    rows.push([
      'index test',
      `standard form's number/(N/n!): KS D = ${num(x.ks.statistic, 3)}, ${pv(x.ks.pValue)}; X² over ` +
        `${x.bins.bins} equal bins = ${num(x.bins.statistic, 4)} on ${x.bins.df} df, ${pv(x.bins.pValue)}`,
    ]);
  }
  const p = r.probabilities;
  if (p) {
    const q = p.np;
    rows.push([
      'N·P(grid)',
      `min ${num(q.min, 3)}, 1 % ${num(q.q01, 3)}, 10 % ${num(q.q10, 3)}, median ${num(q.median, 3)}, 90 % ` +
        `${num(q.q90, 3)}, 99 % ${num(q.q99, 3)}, max ${num(q.max, 3)} (uniform: every grid 1)`,
    ]);
    rows.push([
      '',
      `mean ${num(p.meanNP, 4)} (N·Σ P² in expectation, 1 only for a uniform generator); ` +
        `${(100 * p.aboveUniform).toFixed(1)} % of the grids are more likely than 1/N`,
    ]);
    const inv = p.inverse;
    rows.push([
      'E[1/P] = N',
      `mean of 1/P(grid) = ${num(inv.mean, 5)} ± ${num(inv.stderr, 3)} (mean/N = ${num(inv.ratio, 5)}, z = ` +
        `${num(inv.z, 3)}): the generator is an importance sampler of N (relative error ${num(100 * inv.relErr, 3)} %)`,
    ]);
    const rw = p.reweighted;
    const u = p.unweightedSameBins;
    rows.push([
      'reweighted',
      rw === null
        ? 'weights constant: nothing to reweight'
        : `class test with weights 1/(N·P): W = ${num(rw.statistic, 4)} on ${rw.df} df (${rw.bins} bins), ` +
          `${pv(rw.pValue)}: ${verdict(rw.pValue)} (unweighted on the same bins: ${pv(u.pValue)})`,
    ]);
  }
  if (r.nodes)
    rows.push([
      'search',
      `${num(r.nodes.mean, 4)} nodes per grid on average (largest ${grouped(r.nodes.max)})` +
        (p ? `; ${grouped(p.checks)} completion checks for the probabilities` : ''),
    ]);
  rows.push([
    'time',
    `set-up ${r.seconds.setup.toFixed(2)} s, sampling ${r.seconds.sampling.toFixed(2)} s, total ` +
      `${r.seconds.total.toFixed(2)} s`,
  ]);
  rows.push([
    'reproduce',
    `sudoku-count audit --generator ${r.generator} --box ${r.box} --samples ${r.samples} --seed ${r.seed}`,
  ]);
  return rows;
}

/** `audit --generator G --json`. */
export function sampleJson(
  r: AuditSampleResult,
  shape: BoxShape,
  reach: TemplateReach | null,
  report: string | null,
): object {
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  const p = r.probabilities;
  return {
    ...r,
    probabilities: p
      ? {
          ...p,
          reweighted: p.reweighted
            ? {
                bins: p.reweighted.bins,
                df: p.reweighted.df,
                statistic: finite(p.reweighted.statistic),
                pValue: p.reweighted.pValue,
              }
            : null,
        }
      : null,
    reach,
    blogClaims: reach ? claimsJson(shape, reach.blocks, r.total) : null,
    report,
  };
}

/** `audit --file`: the tests' rows. */
export function fileAuditLines(
  r: GridAuditResult,
  skipped: { count: number; first: string | null },
): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  rows.push(['exact N', r.total !== null ? grouped(r.total) : `not counted for ${r.box}`]);
  if (skipped.count > 0)
    rows.push([
      'skipped',
      `${grouped(skipped.count)} invalid line${skipped.count > 1 ? 's' : ''}; the first: ${skipped.first}`,
    ]);
  for (const t of r.tests) {
    const stat =
      t.id === 'repeats'
        ? `${grouped(t.statistic)} pairs of equal grids`
        : t.df !== null
          ? `${t.id === 'bands-stacks' ? 'W' : 'X²'} = ${num(t.statistic, 5)} on ${t.df} df`
          : `D = ${num(t.statistic, 3)}`;
    const power =
      t.k50 !== null || t.k90 !== null
        ? `; ${t.departure}: detected half the time from K ≈ ${t.k50 === null ? 'n/a' : grouped(t.k50)}, 90 % from ` +
          `K ≈ ${t.k90 === null ? 'n/a' : grouped(t.k90)}`
        : `; ${t.departure}`;
    rows.push([t.id, `${t.name}: ${stat}, ${pv(t.pValue)}: ${t.rejects ? 'REJECTS' : 'passes'}${power}`]);
  }
  const g = r.repeats.grids;
  rows.push([
    'reach',
    reachText(g, 'grids') + (r.repeats.expectedPairs !== null ? ` (a uniform source: N = ${grouped(r.total!)})` : ''),
  ]);
  const c = r.repeats.classes;
  if (c) rows.push(['up to symmetry', reachText(c, 'classes')]);
  rows.push([
    'time',
    `set-up ${r.seconds.setup.toFixed(2)} s, grids ${r.seconds.grids.toFixed(2)} s, ` +
      `total ${r.seconds.total.toFixed(2)} s`,
  ]);
  rows.push(['verdict', r.verdict]);
  return rows;
}

/** A reach: whole below a million, three significant digits above. */
const reachNumber = (x: number) => (x >= 1e6 ? num(x, 3) : grouped(Math.round(x)));

function reachText(e: ReachEstimate, what: string): string {
  const dup =
    (e.fraction < 1 ? `of the 1/${Math.round(1 / e.fraction)} kept by hash (bounded memory), ` : '') +
    `${grouped(e.distinct)} distinct of ${grouped(e.seen)}, ${grouped(e.repeated)} repeated ` +
    `(${grouped(e.pairs)} equal pairs)`;
  return e.estimate === null
    ? `${dup}: the source reaches at least ${reachNumber(e.low)} ${what} (95 %)`
    : `${dup}: about ${reachNumber(e.estimate)} ${what} reached, 95 % interval ${reachNumber(e.low)} to ` +
        `${reachNumber(e.high!)} ` +
        '(as if uniform on them)';
}

/** `audit --exact --json`: the exact law, its probabilities as fractions (and N·P as a number). */
export function exactLawJson(
  generator: GeneratorName,
  shape: BoxShape,
  law: ExactLaw,
  reach: TemplateReach | null,
  seconds: number,
): object {
  return {
    generator,
    box: shape.name,
    total: law.total,
    technique: law.technique,
    reached: law.reached,
    levels: law.levels.map((l) => ({
      probability: l.probability.toJSONValue(),
      grids: l.grids,
      np: l.probability.toNumber() * Number(law.total),
    })),
    smallest: law.smallest.toJSONValue(),
    largest: law.largest.toJSONValue(),
    ratio: law.ratio.toJSONValue(),
    totalVariation: law.totalVariation.toJSONValue(),
    totalVariationApprox: law.totalVariation.toNumber(),
    uniform: law.uniform,
    nodes: law.nodes,
    reach,
    blogClaims: reach ? claimsJson(shape, reach.blocks, law.total) : null,
    seconds,
  };
}

/** `audit --exact`: the exact law in words. */
export function exactLawText(
  generator: GeneratorName,
  shape: BoxShape,
  law: ExactLaw,
  reach: TemplateReach | null,
  seconds: number,
): string {
  const N = law.total;
  const np = (x: ExactLaw['smallest']) => num(x.toNumber() * Number(N), 4);
  const how =
    law.technique === 'search tree'
      ? `the search tree walked whole, ${grouped(law.nodes)} nodes`
      : law.technique === 'orbit'
        ? 'orbit–stabiliser'
        : 'a uniform number below N through a bijection';
  const rows: Array<[string, string]> = [
    [
      'grids reached',
      `${grouped(law.reached)} of N = ${grouped(N)}` +
        (law.reached === N ? ' (all)' : ` (${num(Number(law.reached) / Number(N), 4)} of them)`),
    ],
  ];
  const shown = law.levels
    .slice(0, 12)
    .map((l) => `${grouped(l.grids)} grids × ${l.probability} (N·P = ${np(l.probability)})`);
  rows.push([
    'probabilities',
    `${law.levels.length} distinct value${law.levels.length > 1 ? 's' : ''}` +
      (law.levels.length > 12 ? ' (the 12 smallest)' : ''),
  ]);
  for (const s of shown) rows.push(['', s]);
  rows.push(['smallest', `${law.smallest} (N·P = ${np(law.smallest)})`]);
  rows.push(['largest', `${law.largest} (N·P = ${np(law.largest)})`]);
  rows.push(['ratio', `${law.ratio}${law.ratio.isInteger() ? '' : ` ≈ ${num(law.ratio.toNumber(), 5)}`}`]);
  rows.push([
    'total variation',
    `${law.totalVariation}${law.totalVariation.p === 0n ? '' : ` ≈ ${num(law.totalVariation.toNumber(), 5)}`} ` +
      '(½ Σ |P(g) − 1/N| over all grids)',
  ]);
  rows.push(['uniform', law.uniform ? 'yes' : 'no']);
  if (reach) rows.push(...reachLines(generator, shape, reach, N));
  rows.push(['time', `${seconds.toFixed(2)} s (with the count of N)`]);
  return `exact output distribution of ${generator} on ${shape.name} (${how})\n${table(rows)}`;
}
