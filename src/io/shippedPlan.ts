import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The plan of a sharded column-set count the repository ships, `data/<R>x2/plan.json.gz` (data/6x2/plan.json.gz: the
 * 6×2 count's, carrying its class list of 63,199 classes). Where a class list costs minutes to find again (R = 6),
 * `classes --class I` and `classes --verify` take it from there when no --plan is given. data/ is in a clone of the
 * repository, not in the npm package: there none is found, and --plan is asked for.
 */
const DATA = new URL('../../data/', import.meta.url);

/** Where the shipped plan of R×2 boxes is (`shown` as `data/6x2/plan.json.gz`), or null when none is shipped. */
export function shippedPlanFile(R: number): { readonly shown: string; readonly path: string } | null {
  if (!Number.isInteger(R) || R < 2 || R > 8) return null;
  const name = `${R}x2/plan.json.gz`;
  const path = fileURLToPath(new URL(name, DATA));
  return existsSync(path) ? { shown: `data/${name}`, path } : null;
}
