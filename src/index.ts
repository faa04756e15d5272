/**
 * sudoku-count as a library: what the command line does, as functions that return values (nothing here
 * prints). Box shapes are given as "RxC" text or a BoxShape; each entry point checks once that it supports the
 * shape and throws InputError (one line, naming what is wrong) when it does not.
 *
 *   import { countGrids, countSolutions, generate } from 'sudoku-count';
 *   const r = await countGrids({ box: '3x3' });          // r.total: N as a bigint, computed from nothing
 *   countSolutions('1...............', { box: '2x2', limit: 2 }); // { count: 2, limited: true, … }
 *   const [p] = await generate({ box: '3x3', count: 1, seed: 42 }); // { puzzle, solution, grade, … } as text
 *
 * The building blocks (bands, symmetry, column-set tables, the solver engines, the DLX oracle, the worker
 * pool) are exported from 'sudoku-count/internals'.
 */

// shapes, grids and errors
export { boxShape, parseBoxShape, InputError, type BoxShape } from './grid/shape.js';
export { shapeProblem, bandMethodShapes, type Operation } from './grid/support.js';
export {
  parseGrid,
  formatGrid,
  findClash,
  describeClash,
  fullGridProblem,
  type Clash,
  type GridShape,
} from './grid/parseGrid.js';
export type { Rules } from './grid/rules.js';

// the exact count, the class tables and the Felgenhauer–Jarvis chain
export {
  countGrids,
  classTable,
  type GridCount,
  type ClassTable,
  type ClassRow,
  type CountOptions,
  type ProgressEvent,
  type Stage,
  type StageSeconds,
} from './count/countGrids.js';
export {
  countByColumnSets,
  columnSetClassTable,
  type ColumnSetCount,
  type ColumnSetClassTable,
  type ColumnSetClassRow,
  type ColumnSetCountOptions,
  type ColumnSetProgress,
  type ColumnSetResume,
} from './colsets/countByColumnSets.js';
// the certificate of a column-set count (issue 37): class, orbit, F; partial while shards are missing
export { certificateOfTable, type ColumnSetCertificate } from './colsets/columnSetCertificate.js';
export {
  COLUMN_SET_CERTIFICATE_FORMAT,
  columnSetCertificateBytes,
  parseColumnSetCertificate,
  readColumnSetCertificate,
} from './io/columnSetCertificateFile.js';
export { verifyColumnSetCertificate, type CertificateVerification } from './shards/checkColumnSetCertificate.js';
export { countOneClass, type OneClass } from './shards/countOneClass.js';
export {
  chainTable,
  chainLevel,
  type ChainTable,
  type ChainLevelReport,
  type ChainClassRow,
} from './count/chainTable.js';
export {
  COUNTER_NAMES,
  CountInterrupted,
  type CounterName,
  type DlxOptions,
  type DlxReport,
  type DlxClassRow,
  type DlxClassResult,
} from './count/dlxCompletions.js';
export type { LevelName } from './symmetry/classChain.js';
export { classTableToJson } from './io/classTableJson.js';

// essentially different grids (Burnside's lemma over the conjugacy classes of the symmetry group)
export {
  essentiallyDifferent,
  essentialShapeProblem,
  type EssentiallyDifferent,
  type EssentialClassRow,
  type EssentialOptions,
  type EssentialProgress,
  type RelabellingTerm,
} from './essential/essentiallyDifferent.js';
export {
  countVariantGrids,
  type VariantCount,
  type VariantClassRow,
  type VariantCountOptions,
} from './variants/countVariantGrids.js';
export { essentiallyDifferentVariant, type VariantEssential } from './variants/essentiallyDifferentVariant.js';
export { verifyVariantTable, type VariantTable, type VariantUnits } from './variants/variantTable.js';
export { parseVariantTable, readVariantTable, VARIANT_TABLE_FORMAT, variantTableBytes } from './io/variantTableFile.js';
export {
  essentiallyDifferentVariantBurnside,
  type VariantBurnside,
  type VariantBurnsideClass,
} from './variants/variantBurnside.js';
export {
  essentiallyDifferentVariantCount,
  variantEssentialCount,
  type VariantEssentialCount,
  type VariantEssentialCountOptions,
  type VariantEssentialProgress,
} from './shards/variantEssentialCount.js';
export { automorphismCensus, type AutomorphismCensus, type CensusOptions } from './essential/automorphismCensus.js';
export {
  essentiallyDifferentRoutes,
  type EssentialRoutes,
  type EssentialRoutesOptions,
  type EssentialRoutesProgress,
} from './essential/essentiallyDifferentRoutes.js';

// solving and counting puzzles
export {
  countSolutions,
  type CountSolutionsOptions,
  type SolutionsResult,
  type SolutionCount,
} from './solve/countSolutions.js';

// making and rating puzzles (docs/puzzles.md)
export { generate, type GenerateListOptions, type PuzzleText } from './puzzle/generate.js';
export { generatePuzzle, type GenerateOptions, type GeneratedPuzzle } from './puzzle/generatePuzzle.js';
export {
  generatePuzzles,
  ratePuzzles,
  type GeneratePuzzlesOptions,
  type RatePuzzlesOptions,
} from './puzzle/generatePuzzles.js';
export type { GenerateOutcome, RatedPuzzle } from './puzzle/puzzleTasks.js';
export { ratePuzzle, type RatePuzzleOptions, type PuzzleRating } from './puzzle/ratePuzzle.js';
export type { Rating, RateOptions } from './puzzle/puzzleRater.js';
export type { Step } from './puzzle/candidateGrid.js';
export {
  TECHNIQUES,
  GRADES,
  GRADE_RANGE,
  DEFAULT_MAX_RATING,
  parseDifficulty,
  type Technique,
  type Grade,
  type Difficulty,
} from './puzzle/techniques.js';
export { CLUE_SYMMETRIES, type ClueSymmetry } from './puzzle/clueOrbits.js';
export { GRID_SOURCE_KINDS, type GridSourceKind } from './puzzle/defaultGridSource.js';
export { describeRating } from './puzzle/describeRating.js';
export { puzzleSheetHtml, type SheetPuzzle } from './io/puzzleSheet.js';

// every grid by its number: rank, unrank, exactly uniform sampling
export { gridIndex, type GridIndex, type GridIndexOptions } from './rank/gridIndex.js';
export { sampleGrids, type SampleGridsOptions, type SampledGrid } from './rank/sampleGrids.js';

// Monte Carlo estimators and their bias
export {
  batchPool,
  estimate,
  type BatchPool,
  type EstimateOptions,
  type EstimateProgress,
} from './estimate/estimate.js';
export { METHOD_NAMES, type MethodName } from './estimate/estimator.js';
export type { EstimateResult } from './estimate/summarizeBatches.js';
export type { BatchRecord } from './estimate/runBatch.js';
export {
  exactMoments,
  type ExactMoments,
  type ExactMomentsOptions,
  type DistributionPoint,
} from './bias/exactMoments.js';
export {
  batchTests,
  type BatchTests,
  type BatchTestOptions,
  type BatchRow,
  type RunningPoint,
} from './bias/batchTests.js';
export { Rational } from './bias/rational.js';
export { biasReportHtml, writeBiasReport } from './io/biasReport.js';

// judging grid generators: exact laws, the template's reach, statistical audits
export { GENERATOR_NAMES, type GeneratorName, type GridGenerator } from './audit/gridGenerator.js';
export type { CellOrder } from './audit/backtrackingGenerator.js';
export { createGenerator } from './audit/createGenerator.js';
export { templateGrid } from './audit/templateGenerator.js';
export {
  backtrackingProbability,
  type BacktrackingProbability,
  type PathProbability,
} from './audit/backtrackingProbability.js';
export { exactDistribution, type ExactLaw, type LawLevel } from './audit/exactDistribution.js';
export {
  templateReach,
  judgeBlogClaims,
  BLOG_CLAIMS,
  type TemplateReach,
  type BlogClaim,
  type ClaimVerdict,
} from './audit/templateReach.js';
export {
  auditSamples,
  auditContext,
  type AuditSamplesOptions,
  type AuditSampleResult,
  type AuditContext,
  type ClassRowAudit,
  type ProbabilityAudit,
  type BandLawAudit,
} from './audit/auditSamples.js';
export {
  auditGrids,
  gridAuditContext,
  type AuditGridsOptions,
  type AuditTest,
  type AuditTestId,
  type GridAuditContext,
  type GridAuditResult,
  type ReachEstimate,
} from './audit/auditGrids.js';
export { auditReportHtml, writeAuditReport, writeGridAuditReport } from './io/auditReport.js';
export type { PreparedOutput } from './io/outputFile.js';

// JSON with exact big integers
export { toJson, fromJson } from './io/json.js';

// seeded randomness, for the calls that take a generator (generatePuzzle, gridIndex's sample)
export type { RandomGenerator } from './random/randomGenerator.js';
export { seededGenerator } from './random/seededGenerator.js';

// class-sum counts and their one runner (issue 36): a resumable count, a shard, the merge
export {
  classSum,
  classSumOf,
  classValues,
  CLASS_SUM_METHODS,
  type ClassSum,
  type ClassSumMethod,
  type ClassSumReport,
  type ClassSumUnits,
  type ClassList,
} from './classSum/classSum.js';
export type { CountSpec } from './grid/countSpec.js';
export {
  runClassSum,
  classSumReport,
  countTag,
  ClassSumInterrupted,
  type RunClassSumOptions,
  type ClassSumRun,
  type ClassSumRunTag,
  type ClassSumResultHead,
} from './classSum/runClassSum.js';

// the reports: what the command line prints of each result, as text (or, for bias --exact, its JSON object)
export { countText } from './reports/countText.js';
export { columnSetText } from './reports/columnSetText.js';
export { variantCountText } from './reports/variantCountText.js';
export { essentiallyDifferentText, variantEssentialText, variantBurnsideText } from './reports/burnsideText.js';
export { fullGroupText } from './reports/fullGroupText.js';
export { chainText, chainJson } from './reports/chainText.js';
export { estimateText } from './reports/estimateText.js';
export { exactText, exactJson, batchText } from './reports/biasText.js';
