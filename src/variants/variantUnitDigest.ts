import { createHash } from 'node:crypto';
import type { Rules } from '../grid/rules.js';
import type { HouseKeyClasses } from './houseKeyClasses.js';
import type { TopBlockClasses } from './variantTopBlocks.js';

/**
 * The digest of a variant count's list of units (16 hex digits of a SHA-256): two runs with the same digest list
 * the same units in the same order.
 *
 *   classes (no keys)   SHA-256 of the rules' name, the representatives' digits and the m_C (Int32, the
 *                       machine's byte order): the class list's digest, as a sharded count's plan holds it
 *   column-set keys     the same, then the keys (10 Int32 each) and each class's key (Int32): the band-pair
 *                       route's units (src/variants/houseKeyClasses.ts)
 */
export function variantUnitDigest(rules: Rules, top: TopBlockClasses, house: HouseKeyClasses | null = null): string {
  const hash = createHash('sha256').update(rules.name).update(top.representatives).update(bytesOf(top.sizes));
  if (house) hash.update(bytesOf(house.keys)).update(bytesOf(house.keyOf));
  return hash.digest('hex').slice(0, 16);
}

function bytesOf(a: Int32Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}
