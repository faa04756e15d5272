import type { BoxShape } from '../grid/shape.js';
import { resolveShape } from '../grid/support.js';
import { conjugacyClasses, type ConjugacyClasses } from './conjugacyClasses.js';
import { formatCycleType } from './cycleTypes.js';
import { describeElement, type ElementDescription } from './describeElement.js';
import { gridGroup, type GridGroup } from './gridGroup.js';
import { relabellingTypes, type RelabellingTypes } from './relabellingTypes.js';

/**
 * The part of a Burnside count that counts no grid: G, its conjugacy classes (computed, sizes adding up to |G|), and
 * for each class the cycle types of τ the unit lemma allows (relabellingTypes), a class with none being zero, proved.
 * `essentiallyDifferent` counts the terms from here; `essentially-different --classes` prints it alone, which is all
 * there is for 6×2 and 2×6 until the identity's term N(6×2)/12! and the dear terms are in
 * (docs/essentially-different.md, "6x2 and 2x6").
 *
 *   6×2: |G| = 1,036,800 · 46,080 = 47,775,744,000 (element ids are doubles, exact below 2⁵³), 5,005 classes
 */
export interface BurnsideClassRow {
  /** Class number (the identity is 0). */
  readonly k: number;
  /** Its representative, the smallest element id. */
  readonly x: number;
  readonly rt: RelabellingTypes;
}

export interface BurnsideClasses {
  readonly shape: BoxShape;
  readonly group: GridGroup;
  readonly classes: ConjugacyClasses;
  readonly rows: readonly BurnsideClassRow[];
}

/** The classes of G with the unit lemma's verdict on each; `shape` is taken as checked. */
export function burnsideClasses(shape: BoxShape): BurnsideClasses {
  const group = gridGroup(shape);
  const classes = conjugacyClasses(group);
  const rows = Array.from({ length: classes.count }, (_, k) => {
    const x = classes.reps[k];
    return { k, x, rt: relabellingTypes(shape, group.cellMap(x)) };
  });
  return { shape, group, classes, rows };
}

/** One class as `essentially-different --classes` reports it. */
export interface EssentialClassInfo {
  readonly id: number;
  readonly size: number;
  readonly element: number;
  readonly representative: ElementDescription;
  /** Cycle types of τ the unit lemma allows (one term each); empty when the class is zero by the lemma. */
  readonly relabellings: readonly string[];
  readonly zeroReason: string | null;
}

export interface EssentialClasses {
  readonly box: string;
  readonly n: number;
  readonly groupOrder: number;
  readonly classes: number;
  /** Σ of the class sizes (= groupOrder, checked). */
  readonly sizeSum: number;
  /** Classes the unit lemma proves zero. */
  readonly zeroByLemma: number;
  /** Classes left, the identity's apart, and their terms (class, cycle type of τ). */
  readonly otherClasses: number;
  readonly terms: number;
  readonly seconds: number;
  readonly classRows: readonly EssentialClassInfo[];
}

/** `essentially-different --classes`: the classes, their sizes and the lemma's zeros of a shape, no term counted. */
export function essentialClasses(box?: BoxShape | string): EssentialClasses {
  const shape = resolveShape('essential-classes', box);
  const t0 = performance.now();
  const { group, classes, rows } = burnsideClasses(shape);
  let sizeSum = 0,
    zeroByLemma = 0,
    terms = 0;
  const classRows = rows.map(({ k, x, rt }) => {
    sizeSum += classes.sizes[k];
    if (rt.admissible.length === 0) zeroByLemma++;
    else if (k > 0) terms += rt.admissible.length;
    return {
      id: k,
      size: classes.sizes[k],
      element: x,
      representative: describeElement(group, x),
      relabellings: rt.admissible.map(formatCycleType),
      zeroReason: rt.zeroReason,
    };
  });
  if (sizeSum !== group.order) throw new Error(`internal: class sizes add up to ${sizeSum}, not |G| = ${group.order}`);
  return {
    box: shape.name,
    n: shape.n,
    groupOrder: group.order,
    classes: classes.count,
    sizeSum,
    zeroByLemma,
    otherClasses: classes.count - 1 - zeroByLemma,
    terms,
    seconds: Math.round(performance.now() - t0) / 1000,
    classRows,
  };
}
