/**
 * sudoku-count as a library. Everything the command line does is here; nothing here prints.
 *
 *   import { countGrids, classTable, countCompletions } from 'sudoku-count';
 *   const r = await countGrids({ box: '3x3' });      // r.total: N as a bigint, computed
 */
export {
  boxShape,
  parseBoxShape,
  bandGroupOrder,
  factorial,
  factorialBig,
  InputError,
  SHAPE_3X3,
  type BoxShape,
} from './grid/shape.js';
export { parseGrid, findClash, describeClash, formatGrid, type Clash } from './grid/parseGrid.js';
export { formatBand, parseBand, digitChar, charDigit } from './grid/digits.js';
export { enumerateBands, forEachBand, standardBandPrefix, type BandEnumeration } from './bands/enumerateBands.js';
export { bandCodec, type BandCodec } from './bands/bandKey.js';
export { isLexReduced, lexReduceInto, lexMultiplicity } from './bands/lexReduce.js';
export {
  applyBandSymmetry,
  bandCellMap,
  bandGenerators,
  forEachBandSymmetry,
  type CellMap,
} from './symmetry/bandSymmetry.js';
export { classifyBands, type BandClasses } from './symmetry/classifyBands.js';
export { columnPartitions, type ColumnPartitions } from './grid/columnPartitions.js';
export { buildColumnSetTable, type ColumnSetTable } from './count/columnSetTable.js';
export {
  completionCounter,
  bandMethodSupports,
  bandMethodProblem,
  type CompletionCounter,
} from './count/bandCompletions.js';
export {
  countGrids,
  classTable,
  defaultWorkers,
  type GridCount,
  type ClassTable,
  type ClassRow,
  type CountOptions,
  type ProgressEvent,
} from './count/countGrids.js';
export { countCompletions, type CompletionCount, type CountCompletionsOptions } from './count/countCompletions.js';
export { exactCoverProblem, countExactCovers, type ExactCoverProblem, type ExactCoverCount } from './dlx/exactCover.js';
export { classTableToJson } from './io/classTableJson.js';
export { toJson, fromJson } from './io/json.js';
export { chainTable, type ChainTable, type ChainLevelReport, type ChainClassRow } from './count/chainTable.js';
export { classChain, type ClassChain, type ChainLevel, type LevelName } from './symmetry/classChain.js';
export { forEachMove, type MoveKind } from './symmetry/countPreservingMoves.js';
export { columnSetKeyer } from './symmetry/columnSetKey.js';
export { partitionRenamings, type PartitionRenamings } from './grid/partitionRenamings.js';
export {
  estimate,
  estimatePlan,
  exactCount,
  defaultBatchSize,
  type EstimateOptions,
  type EstimateProgress,
  type EstimatePlan,
} from './estimate/estimate.js';
export { createEstimator, type EstimatorSpec } from './estimate/createEstimator.js';
export { METHOD_NAMES, isMethodName, type Estimator, type MethodName } from './estimate/estimator.js';
export { summarizeBatches, type EstimateResult } from './estimate/summarizeBatches.js';
export { runBatch, type BatchRecord } from './estimate/runBatch.js';
export { streamStates } from './random/streamStates.js';
export { bitmaskCompletionCounter, type BitmaskCompletionCounter } from './estimate/bitmaskCompletionCounter.js';
export { exactCompletionCounter } from './estimate/exactCompletionCounter.js';
export { ExactSum } from './estimate/exactSum.js';
export {
  createCheckpoint,
  readCheckpoint,
  resumeCheckpoint,
  type CheckpointHeader,
  type CheckpointContents,
  type CheckpointWriter,
} from './io/estimateCheckpoint.js';
export {
  countSolutions,
  puzzleCounter,
  type CountSolutionsOptions,
  type SolutionsResult,
  type PuzzleCounter,
} from './solve/countSolutions.js';
export { SolutionCounter, type SolutionCount } from './solve/solutionCounter.js';
export { BitboardCounter9 } from './solve/bitboardCounter9.js';
export { ExactCoverCounter } from './solve/exactCoverCounter.js';
export { solverTables, MAX_BITMASK_SIDE, type SolverTables } from './solve/solverTables.js';
export { readPuzzles, readPuzzleSource, splitPuzzles, type PuzzleText } from './io/readPuzzles.js';
export {
  exactMoments,
  exactMomentsProblem,
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
export { enumerateDrawTree, type DrawTree, type DrawTreeOptions } from './bias/enumerateDrawTree.js';
export { randomOrderMoments, type RandomOrderMoments } from './bias/randomOrderMoments.js';
export { biasCharts, type BiasCharts } from './bias/biasCharts.js';
export { Rational } from './bias/rational.js';
export { biasReportHtml, writeBiasReport } from './io/biasReport.js';
