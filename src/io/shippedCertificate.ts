import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The certificate of a sharded column-set count the repository ships, `data/<R>x2/certificate.bin`
 * (data/6x2/certificate.bin: class, orbit and F of the classes whose shards are in, partial until every shard is;
 * src/io/columnSetCertificateFile.ts). `essentially-different --box 6x2` takes the identity's term N/12! from it
 * once it is whole. data/ is in a clone of the repository, not in the npm package: there none is found.
 */
const DATA = new URL('../../data/', import.meta.url);

/** Where the shipped certificate of R×2 boxes is (`shown` as `data/6x2/certificate.bin`), or null when none is. */
export function shippedCertificateFile(R: number): { readonly shown: string; readonly path: string } | null {
  if (!Number.isInteger(R) || R < 2 || R > 8) return null;
  const name = `${R}x2/certificate.bin`;
  const path = fileURLToPath(new URL(name, DATA));
  return existsSync(path) ? { shown: `data/${name}`, path } : null;
}

/**
 * The plan of the shipped certificate's count (`data/<R>x2/plan.json.gz`: its class list, which the certificate's
 * values follow), or null.
 */
export function shippedPlanFile(R: number): { readonly shown: string; readonly path: string } | null {
  if (!Number.isInteger(R) || R < 2 || R > 8) return null;
  const name = `${R}x2/plan.json.gz`;
  const path = fileURLToPath(new URL(name, DATA));
  return existsSync(path) ? { shown: `data/${name}`, path } : null;
}
