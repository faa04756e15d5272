import { countWords } from '../classSum/classSum.js';
import { grouped } from '../grid/grouped.js';
import { shownPath } from '../io/fileProblem.js';
import type { ShardPlan } from '../io/shardFiles.js';

/** `count --plan F --shards K`: the plan written, as text and as JSON. */
export function planSummary(
  path: string,
  id: string,
  plan: Omit<ShardPlan, 'id'>,
  method: string,
  box: string,
  shards: number,
): { text: string; json: unknown } {
  const s = plan.estimate.shardSeconds;
  const total = s.reduce((a, b) => a + b, 0);
  return {
    text:
      `plan ${shownPath(path)} (id ${id}): ${countWords(method, box)}, ${grouped(plan.classes)} classes` +
      (plan.units !== plan.classes || plan.combine ? ` (${grouped(plan.units)} units of work)` : '') +
      ` in ${shards} shard${shards > 1 ? 's' : ''}\n` +
      (plan.estimate.sampled > 0
        ? `  estimated on one thread from ${plan.estimate.sampled} sampled units: `
        : "  estimated from the declared cost of the count (its route's, no unit timed): ") +
      `${s.length > 1 ? `${Math.min(...s).toFixed(1)}–` : ''}${Math.max(...s).toFixed(1)} s per shard, ` +
      `${total.toFixed(1)} s in all; ${plan.estimate.memoryMB} MB per shard\n` +
      `  next: count --plan ${shownPath(path)} --shard I --out RESULTS (I = 0..${shards - 1}), then count --merge ` +
      'RESULTS\n',
    json: {
      plan: path,
      id,
      ...plan,
      assignment: undefined,
      payload: undefined,
      combine: undefined,
      classList: undefined,
    },
  };
}
