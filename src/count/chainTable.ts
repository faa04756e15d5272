import { formatBand } from '../grid/digits.js';
import { InputError } from '../grid/shape.js';
import { classChain, type LevelName } from '../symmetry/classChain.js';
import { classTableOf, runCount, type ClassTable, type CountOptions } from './countGrids.js';

/**
 * The whole Felgenhauer–Jarvis chain with its proof. n_C is computed for every symmetry class on its own
 * (from its own representative); then every join that a coarser level makes — a move, or equal column
 * sets — is checked to join classes with equal n_C, and Σ m_C·n_C (with n_C taken from each class's
 * representative) is checked to be the same at every level.
 */
export interface ChainClassRow {
  readonly id: number;
  /** The representative band: that of the class's smallest symmetry class. */
  readonly band: string;
  /** m_C. */
  readonly bands: number;
  /** n_C. */
  readonly completions: number;
  /** Ids of the classes of the level before that merged into this one. */
  readonly members: readonly number[];
  /** Id of the class it merges into at the next level (absent at the last level). */
  readonly next?: number;
}

export interface ChainLevelReport {
  readonly name: LevelName;
  readonly moves: string;
  readonly count: number;
  readonly seconds: number;
  /** Joins made at this level (pairs of symmetry classes). */
  readonly joins: number;
  /** Joins whose two sides have different n_C: 0 proves the level keeps the count. */
  readonly mismatches: number;
  /** Σ m_C·n_C at this level, n_C from each class's representative. */
  readonly sum: bigint;
  readonly classes: readonly ChainClassRow[];
}

export interface ChainTable extends ClassTable {
  readonly levels: readonly ChainLevelReport[];
  /** How many different values n_C takes over the symmetry classes. */
  readonly distinctCompletions: number;
  /** True when the classes of equal n_C are exactly the column-set classes. */
  readonly distinctMatchColumnSets: boolean;
  /** True when every join matched and every level has the same Σ m_C·n_C. */
  readonly verified: boolean;
}

export async function chainTable(options: CountOptions = {}): Promise<ChainTable> {
  const run = await runCount(options);
  const base = classTableOf(run);
  const { classes, completions } = run;
  const chain = classChain(classes);
  const size = run.shape.rows * run.shape.n;

  const levels: ChainLevelReport[] = chain.levels.map((level, li) => {
    let mismatches = 0;
    for (let j = 0; j < level.joins.length; j += 2) {
      if (completions[level.joins[j]] !== completions[level.joins[j + 1]]) mismatches++;
    }
    // every symmetry class in a class has the representative's count (a merge the joins did not see)
    for (let c = 0; c < classes.count; c++) {
      if (completions[c] !== completions[level.rep[level.classOf[c]]]) mismatches++;
    }
    let sum = 0n;
    for (let k = 0; k < level.count; k++) sum += BigInt(level.sizes[k]) * BigInt(completions[level.rep[k]]);
    const prev = li > 0 ? chain.levels[li - 1] : null;
    const next = chain.levels[li + 1];
    const members: number[][] = Array.from({ length: level.count }, () => []);
    if (prev) for (let k = 0; k < prev.count; k++) members[level.classOf[prev.rep[k]]].push(k);
    const rows: ChainClassRow[] = [];
    for (let k = 0; k < level.count; k++) {
      const rep = level.rep[k];
      rows.push({
        id: k,
        band: formatBand(run.shape, classes.reps, rep * size),
        bands: level.sizes[k],
        completions: completions[rep],
        members: members[k],
        ...(next ? { next: next.classOf[rep] } : {}),
      });
    }
    return {
      name: level.name,
      moves: level.moves,
      count: level.count,
      seconds: level.seconds,
      joins: level.joins.length / 2,
      mismatches,
      sum,
      classes: rows,
    };
  });

  const distinct = new Map<number, Set<number>>();
  const last = chain.levels[chain.levels.length - 1];
  for (let c = 0; c < classes.count; c++) {
    const set = distinct.get(completions[c]) ?? new Set<number>();
    set.add(last.classOf[c]);
    distinct.set(completions[c], set);
  }
  const distinctMatchColumnSets = distinct.size === last.count && [...distinct.values()].every((s) => s.size === 1);
  const verified = levels.every((l) => l.mismatches === 0 && l.sum === base.totalWithFixedBox);
  return { ...base, levels, distinctCompletions: distinct.size, distinctMatchColumnSets, verified };
}

/**
 * The level of `table` that `level` names: by its name ('pair-swaps') or by its number of classes ('174' on 3×3, as
 * `chain` prints them); InputError naming the levels there are when none fits.
 */
export function chainLevel(table: ChainTable, level: string): LevelName {
  const found = table.levels.find((l) => l.name === level || String(l.count) === level);
  if (!found)
    throw new InputError(
      `--level ${level}: no level of ${table.box} has that name or class count ` +
        `(${table.levels.map((l) => `${l.name} ${l.count}`).join(', ')})`,
    );
  return found.name;
}
