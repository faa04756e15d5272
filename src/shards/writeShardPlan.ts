import { classSum } from '../classSum/classSum.js';
import { prepareOutput } from '../io/outputFile.js';
import { PLAN_OUTPUT, planText, type ShardPlan } from '../io/shardFiles.js';

/**
 * Write the plan of the count `method` of `box` in `shards` shards to `path` (a plan that cannot be written fails
 * before the classes are found): the plan and its id.
 */
export async function writeShardPlan(
  path: string,
  method: string,
  box: string,
  shards: number,
): Promise<{ readonly plan: Omit<ShardPlan, 'id'>; readonly id: string }> {
  const out = prepareOutput(path, PLAN_OUTPUT);
  const count = await classSum(method, box);
  const plan = await (await import('./makeShardPlan.js')).makeShardPlan(count, { shards });
  const { text, id } = planText(plan);
  out.write(text);
  return { plan, id };
}
