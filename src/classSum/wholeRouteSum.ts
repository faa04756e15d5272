import type { CountSpec } from '../grid/countSpec.js';
import type { ShardFacts } from '../io/shardFiles.js';
import {
  classUnits,
  type ClassList,
  type ClassSum,
  type ClassSumCountOptions,
  type ClassSumReport,
  type ClassSumRunName,
  type UnitCounted,
} from './classSum.js';

/**
 * A one-machine route that counts every class itself and reports on all of them (the DLX route, `count --variant`):
 * what it supplies to be a class-sum count (wholeRouteSum).
 */
export interface WholeRoute<L extends ClassList, R> {
  /** What is counted; its route is the sum's method. */
  readonly spec: CountSpec;
  readonly box: string;
  readonly runName?: ClassSumRunName;
  /** Find the class list (called once, and only when a checkpoint needs it or the route asks). */
  findList(): L;
  /**
   * Count every class but the `known` ones (a checkpoint's, each with its value and details), telling
   * `run.onUnitDone` of each as it ends; `held` is the class list when it was found (always when `known` is not
   * empty), for the route to take instead of finding it again.
   */
  count(
    known: readonly (readonly [number, UnitCounted])[],
    held: L | null,
    run: ClassSumCountOptions,
  ): Promise<{ readonly result: R; readonly facts: ShardFacts }>;
  /** The report of the run's result. */
  report(result: R): ClassSumReport;
}

/**
 * A route that counts every class itself as a class-sum count, so that the one runner (runClassSum) keeps its
 * checkpoint, resume and Ctrl-C: the units are the classes, a run hands the route the classes a checkpoint held and
 * the route counts the others, and the report is the route's own result. Not a plan's count (a shard of it would
 * count every class).
 */
export function wholeRouteSum<L extends ClassList, R>(route: WholeRoute<L, R>): ClassSum {
  let list: L | null = null;
  let counted: R | null = null;
  const classList = (): L => (list ??= route.findList());
  return {
    method: route.spec.route,
    spec: route.spec,
    box: route.box,
    ...(route.runName ? { runName: route.runName } : {}),
    classList,
    classData: () => null,
    units: () => classUnits(classList().count),
    async countUnits(_ids, _payload, run) {
      const known = [...(run.known ?? [])];
      const held = known.length > 0 ? classList() : list;
      const t0 = performance.now();
      const { result, facts } = await route.count(known, held, run);
      counted = result;
      return { facts, setupSeconds: (performance.now() - t0) / 1000 };
    },
    report() {
      if (counted === null) throw new Error(`internal: the count of ${route.box} reports on the run it counted`);
      return route.report(counted);
    },
  };
}
