/**
 * sudoku-count's building blocks, for tests and power users: import from 'sudoku-count/internals'. These take
 * trusted values (a BoxShape already checked for the operation, typed arrays of the right length) and may change
 * between versions; the stable surface is 'sudoku-count'.
 */
export { factorial, factorialBig, bandGroupOrder, readBoxShapeText, boxShapeProblem, MAX_SIDE } from './grid/shape.js';
export { requireShape, resolveShape } from './grid/support.js';
export { DRAW_TREE_METHODS } from './bias/biasSupport.js';
export { MAX_ESTIMATE_SIDE } from './estimate/estimateSupport.js';
export { cellTables, type CellTables } from './grid/cellTables.js';
export { popcount, fullMask, popTable, nthBit } from './grid/bits.js';
export { formatBand, parseBand, digitChar, charDigit } from './grid/digits.js';
export { columnPartitions, type ColumnPartitions } from './grid/columnPartitions.js';
export { partitionRenamings, type PartitionRenamings } from './grid/partitionRenamings.js';
export { permutationsOf } from './grid/permutationsOf.js';

export {
  enumerateBands,
  forEachBand,
  forEachReducedBand,
  standardBandPrefix,
  type BandEnumeration,
} from './bands/enumerateBands.js';
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
export { classChain, type ClassChain, type ChainLevel } from './symmetry/classChain.js';
export { forEachMove, type MoveKind } from './symmetry/countPreservingMoves.js';
export { columnSetKeyer } from './symmetry/columnSetKey.js';
export { UnionFind } from './symmetry/unionFind.js';

export { buildColumnSetTable, type ColumnSetTable } from './count/columnSetTable.js';
export { columnSetLookup, type ColumnSetLookup } from './count/columnSetLookup.js';
export { middleBandChoices } from './count/middleBandChoices.js';
export { completionCounter, type CompletionCounter } from './count/bandCompletions.js';
export {
  middleBandCounter,
  type MiddleBandCounter,
  type MiddleBandCount,
  type MiddleBandOptions,
} from './count/middleBandCounter.js';
export { dlxCompletions, partsPerClass, counterProblem } from './count/dlxCompletions.js';
export { runCount, classTableOf, defaultWorkers, type CountRun } from './count/countGrids.js';
export { fourBandCompletions } from './count/fourBandCompletions.js';

export { configurationClasses, type ConfigurationClasses } from './colsets/configurationClasses.js';
export {
  bandConfigurationClasses,
  bandConfigurationProblem,
  bandConfigurations,
  type BandConfigurationClasses,
} from './colsets/bandConfigurationClasses.js';
export {
  bandConfigurationClassesOnThreads,
  type ConfigurationClassesOptions,
} from './colsets/bandConfigurationClassesOnThreads.js';
export { configurationClassCount, type ConfigurationClassCount } from './colsets/configurationClassCount.js';
export { configurationGraph } from './colsets/configurationGraph.js';
export { edgeColouringCounter, type EdgeColouringCounter } from './colsets/edgeColouringCounter.js';
export { columnTransfer, type ColumnTransferOptions, type ColumnTransferResult } from './colsets/columnTransfer.js';
export { columnOrder, rowSets } from './colsets/columnOrder.js';
export { bipartiteCanonizer, type BipartiteCanonizer } from './colsets/bipartiteCanonizer.js';
export { sharedMemo, type SharedMemo } from './colsets/sharedMemo.js';

export { exactCoverProblem, countExactCovers, type ExactCoverProblem, type ExactCoverCount } from './dlx/exactCover.js';

export { puzzleCounter, type PuzzleCounter } from './solve/countSolutions.js';
export { SolutionCounter, MAX_BITMASK_SIDE } from './solve/solutionCounter.js';
export { BitboardCounter9 } from './solve/bitboardCounter9.js';
export { Fast9Counter, fast9Available, loadFast9 } from './solve/fast9/fast9Counter.js';
export { WideSolutionCounter } from './solve/wideSolutionCounter.js';
export { CountCache } from './solve/countCache.js';
export { ClauseLearningCounter } from './solve/clauseLearningCounter.js';
export { searchCounter, learnsClauses } from './solve/countSolutions.js';
export type { SearchGuide } from './solve/solutionCounter.js';
export { PuzzleRater, puzzleRater } from './puzzle/puzzleRater.js';
export { CandidateGrid } from './puzzle/candidateGrid.js';
export { PuzzleMaker, puzzleMaker, attemptsFor } from './puzzle/generatePuzzle.js';
export { clueOrbits, mirrorCell, type ClueOrbits } from './puzzle/clueOrbits.js';
export { gridSource, defaultGridSource, uniformGridsShapeProblem } from './puzzle/defaultGridSource.js';
export { randomFillSource, type GridSource } from './puzzle/gridSource.js';
export { rateBlock, generateBlock, type RateBlockInput, type GenerateBlockInput } from './puzzle/puzzleTasks.js';
export { usesTokens, digitText, countGridCells } from './grid/parseGrid.js';
export { randomInt } from './random/randomInt.js';
export { shuffle, randomPermutation } from './random/shuffle.js';

export { estimatePlan, exactCount, defaultBatchSize, type EstimatePlan } from './estimate/estimate.js';
export { createEstimator, type EstimatorSpec } from './estimate/createEstimator.js';
export { isMethodName, type Estimator } from './estimate/estimator.js';
export { summarizeBatches } from './estimate/summarizeBatches.js';
export { runBatch } from './estimate/runBatch.js';
export { ExactSum } from './estimate/exactSum.js';
export { streamStates, assertSeed, MAX_SEED } from './random/streamStates.js';
export { randomBelow, type ScriptedDraws } from './random/randomBelow.js';
export { randomBigBelow } from './random/randomBigBelow.js';

export { gridIndexShapeProblem } from './rank/gridIndex.js';
export { topBandIndexBuilder, type TopBandIndex, type TopBandIndexBuilder } from './rank/topBandIndex.js';
export { columnSetBands, type ColumnSetBands } from './rank/columnSetBands.js';
export { columnSetWalk, type ColumnSetWalk } from './rank/columnSetWalk.js';
export { classTransforms, type ClassTransforms } from './rank/classTransforms.js';
export { lexColumnOrder } from './rank/lexColumnOrder.js';
export { orderedPartitionIndex } from './rank/orderedPartitionIndex.js';
export { SAMPLE_BLOCK } from './rank/sampleGrids.js';

export { enumerateDrawTree, type DrawTree, type DrawTreeOptions } from './bias/enumerateDrawTree.js';
export { randomOrderMoments, type RandomOrderMoments } from './bias/randomOrderMoments.js';
export { biasCharts, type BiasCharts } from './bias/biasCharts.js';

export {
  createCheckpoint,
  readCheckpoint,
  resumeCheckpoint,
  type CheckpointHeader,
  type CheckpointContents,
  type CheckpointWriter,
} from './io/estimateCheckpoint.js';
export {
  puzzleTexts,
  readPuzzles,
  readPuzzleSource,
  sourceLines,
  splitPuzzles,
  type PuzzleText,
} from './io/readPuzzles.js';

export { taskPool, PoolClosedError, type TaskPool } from './parallel/taskPool.js';
export { maxWorkers, defaultThreads, checkWorkers } from './parallel/threads.js';

export { lineGroup, type LineGroup } from './essential/lineGroup.js';
export { gridGroup, type GridGroup } from './essential/gridGroup.js';
export { conjugacyClasses, lineGroupClasses, type ConjugacyClasses } from './essential/conjugacyClasses.js';
export { centralizer, generatorsOf } from './essential/centralizer.js';
export { describeElement, type ElementDescription } from './essential/describeElement.js';
export { relabellingTypes, unitsOf, type RelabellingTypes, type UnitConstraint } from './essential/relabellingTypes.js';
export { TiedSearch } from './essential/tiedSearch.js';
export { countFixedGrids, type FixedCount, type FixedGridVisitor } from './essential/countFixedGrids.js';
export { regionPlan, type RegionPlan } from './essential/regionPlan.js';
export { orderedColumnSetKeyer } from './essential/orderedColumnSetKeyer.js';
export { automorphismSearch, type AutomorphismSearch } from './essential/automorphismGroup.js';
export { gridOrbits, enumerateStandardGrids, gridOrbitsShapeProblem, type GridOrbits } from './essential/gridOrbits.js';

export {
  classSum,
  classValues,
  type ClassSum,
  type ClassSumUnits,
  type ClassSumReport,
  type ClassList,
} from './classSum/classSum.js';
export { makeShardPlan, balanceShards, type ShardPlanOptions } from './shards/makeShardPlan.js';
export { mergeShards, type NamedResult, type MergedShards } from './shards/mergeShards.js';
export { drawUnits, recountUnits, type RecountDifference, type RecountOptions } from './shards/recountUnits.js';
export { oneMachineTotal } from './shards/oneMachineTotal.js';
export { variantTableRecounter } from './shards/variantTableRecount.js';
export { seal, checkSeal, sealKey, SEAL_KEY_VARIABLE } from './io/seal.js';
export { slurmScript, slurmTime, taskMemoryMB, indexRanges, type SlurmScriptOptions } from './shards/slurmScript.js';
export {
  planText,
  resultText,
  checkpointText,
  readPlan,
  readShardPlan,
  readShardPlans,
  readResult,
  readCheckpoint as readShardCheckpoint,
  type ShardPlan,
  type ShardPlanHead,
  type ShardPlanSlice,
  type ShardResult,
  type ShardValues,
} from './io/shardFiles.js';
export { variantGroup, type VariantGroup } from './variants/variantGroup.js';
export { fullGroupCount, type FullGroupCount } from './variants/fullGroupCount.js';
export {
  variantUnitsOf,
  variantUnits,
  variantTableOf,
  countedVariantTable,
  topBlockClassesProblem,
  variantTableSumProblem,
  verifyVariantTableOf,
} from './variants/variantTable.js';
export { variantUnitDigest } from './variants/variantUnitDigest.js';
export { parseRules, type Rules } from './grid/rules.js';
