import { shippedMergeWords, type MergedCount } from '../shards/mergeResults.js';
import { recountWords } from '../shards/recountUnits.js';
import { columnSetText } from './columnSetText.js';
import { countText } from './countText.js';
import { essentiallyDifferentText } from './burnsideText.js';
import { variantCountText } from './variantCountText.js';

/** `count --merge --json`: the one-machine count's object, and what the shards were. */
export function mergedDoc(m: MergedCount): object {
  const r = m.report;
  const body =
    r.method === 'bands' || r.method === 'burnside'
      ? r.count
      : r.method === 'variant'
        ? { ...r.count, classRows: undefined }
        : { method: 'column-sets', ...r.count };
  return {
    ...body,
    shards: {
      plan: m.plan,
      count: m.shards,
      seconds: m.seconds,
      cpuSeconds: m.cpuSeconds,
      recount: m.recount,
      shipped: m.shipped,
    },
  };
}

/** `count --merge`: how the shards were checked, then the one-machine count's report. */
export function mergedText(m: MergedCount): string {
  const r = m.report;
  const cpu = `${m.cpuSeconds.toFixed(3)} CPU s in all`;
  const head = `Merged ${m.shards} shard${m.shards > 1 ? 's' : ''} of plan ${m.plan}: ${cpu}`;
  const text =
    r.method === 'bands'
      ? countText(r.count) + '\n'
      : r.method === 'burnside'
        ? essentiallyDifferentText(r.count)
        : r.method === 'variant'
          ? variantCountText(r.count) + '\n'
          : columnSetText(r.count);
  return `${head}\n  ${shippedMergeWords(m.shipped)}${recountWords(m.recount)}\n` + text;
}
