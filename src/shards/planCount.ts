import { classSumOf, countWords, type ClassSum } from '../classSum/classSum.js';
import { boxShape, InputError } from '../grid/shape.js';
import type { ShardPlan, ShardPlanHead } from '../io/shardFiles.js';
import { defaultThreads } from '../parallel/threads.js';

/** A plan and the count it is for: which count, checked against what the options name, built with its class list. */

/** Threads of a shard without --workers: as the one-machine count of the plan's count. */
export async function shardWorkers(plan: Pick<ShardPlanHead, 'spec'>): Promise<number> {
  const shape = boxShape(plan.spec.rules.rows, plan.spec.rules.cols);
  if (plan.spec.route === 'variant') return shape.n >= 8 ? defaultThreads() : 1;
  return (await import('../count/defaultWorkers.js')).defaultWorkers(shape);
}

/**
 * Whether `box` names the count of a plan of `plan.box`: the same shape, or its transpose for the column-set count
 * (2×6 is counted as 6×2: transposing a grid turns 2×6 boxes into 6×2 boxes, rows into columns, so N and every
 * class's F are the same; docs/sharding.md, "2x6: the same count").
 */
export function sameCount(plan: Pick<ShardPlanHead, 'box' | 'method'>, box: string): boolean {
  return box === plan.box || (plan.method === 'column-sets' && box.split('x').reverse().join('x') === plan.box);
}

/** Check that a plan is for the count the options name (when they name one). */
export function checkPlanFits(plan: ShardPlanHead, planPath: string, box?: string, method?: string): void {
  if ((box !== undefined && !sameCount(plan, box)) || (method !== undefined && method !== plan.method))
    throw new InputError(
      `plan ${planPath} is for ${countWords(plan.method, plan.box)}, not ` +
        countWords(method ?? plan.method, box ?? plan.box).replace(/^the /, ''),
    );
}

/**
 * The count a plan is for, with the class list the plan carries (an older plan's is found again). A shard that
 * rebuilds its units from the class list checks the list's digest against the plan's (another version may list
 * the classes otherwise); units with a payload are taken from the plan, and such a shard neither needs the class
 * list nor checks it (the merge does): building it from the plan's rows and its digest cost ~5 ms a shard.
 */
export async function planCount(
  plan: ShardPlanHead & Pick<ShardPlan, 'classList'>,
  planPath: string,
  check: boolean,
): Promise<ClassSum> {
  const count = await classSumOf(plan.spec, plan.classList);
  if (!check) return count;
  const list = planClassList(count, planPath);
  if (list.count !== plan.classes || list.digest !== plan.digest)
    throw new InputError(
      `plan ${planPath} names ${plan.classes} classes with digest ${plan.digest}; ` +
        (plan.classList
          ? `its class list has ${list.count} with digest ${list.digest} (the plan was edited)`
          : `this program finds ${list.count} with digest ${list.digest} (the plan was made by another version)`),
    );
  return count;
}

/** The class list of a count made from a plan; a list the plan carries that does not hold up names the plan. */
export function planClassList(count: ClassSum, planPath: string): ReturnType<ClassSum['classList']> {
  try {
    return count.classList();
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`plan ${planPath}: ${e.message}`);
    throw e;
  }
}
