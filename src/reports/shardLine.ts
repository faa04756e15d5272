import type { ClassSumRun } from '../classSum/runClassSum.js';
import { shownPath } from '../io/fileProblem.js';
import type { ShardPlanSlice } from '../io/shardFiles.js';

/** "shard 3 of 1000". */
export const shardName = (s: ShardPlanSlice): string => `shard ${s.shard} of ${s.shards}`;

/** The line a shard's run ends with: its units, what it took from its checkpoint, its seconds and its result. */
export function shardLine(slice: ShardPlanSlice, path: string, r: ClassSumRun): string {
  return r.alreadyCounted
    ? `${shardName(slice)} (plan ${slice.id}): already counted in ${shownPath(path)}\n`
    : `${shardName(slice)} (plan ${slice.id}): ${r.values.size} units` +
        (r.resumed > 0 ? ` (${r.resumed} from ${shownPath(`${path}.part`)})` : '') +
        ` in ${r.seconds.toFixed(3)} s → ${shownPath(path)}\n`;
}
