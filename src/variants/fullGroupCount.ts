import type { Rules } from '../grid/rules.js';
import { InputError } from '../grid/shape.js';
import { defaultThreads } from '../parallel/threads.js';
import { fullGroupBurnside, type FullGroupBurnside } from './fullGroupBurnside.js';
import { fullGroupOrbits, type FullGroupOrbits } from './fullGroupOrbits.js';
import { variantBurnside, variantIdentityTerm, type VariantBurnside } from './variantBurnside.js';

/** What `essentially-different --variant V --full-group` prints: counts under G_V, Γ_V and (n ≤ 6) directly. */
export interface FullGroupCount {
  readonly variant: VariantBurnside;
  readonly full: FullGroupBurnside;
  /** n ≤ 6: every grid listed, the orbits of Γ_V counted directly (they equal `full.total`, checked). */
  readonly direct?: FullGroupOrbits;
}

/**
 * Essentially different grids of `rules` under G_V and under its full group Γ_V (docs/essentially-different.md,
 * "Variants under their full groups"). `identityTerm`: N/n! when known (9×9), else counted here. `workers`: default
 * 1 for n ≤ 6, both cores on 9×9. `onStage` says what runs, from the identity's term on; null when the rules have no
 * grids (nothing to count under any group). A jigsaw, or `identityTerm` for n ≤ 6: InputError, before any work.
 * Throws if the direct route disagrees.
 */
export async function fullGroupCount(
  rules: Rules,
  opts: { workers?: number | undefined; identityTerm?: bigint | undefined; onStage?: (text: string) => void } = {},
): Promise<FullGroupCount | null> {
  if (rules.variants.includes('jigsaw'))
    throw new InputError("--full-group does not take jigsaw rules (the tied search knows the shape's boxes only)");
  const small = rules.n <= 6;
  if (small && opts.identityTerm !== undefined)
    throw new InputError('--identity-term is for 9x9: for n ≤ 6 every grid is listed here');
  const workers = opts.workers ?? (small ? 1 : defaultThreads());
  const stage = opts.onStage ?? (() => {});
  stage(`${rules.name}: the identity's term`);
  const identity = await variantIdentityTerm(rules, opts.identityTerm, workers);
  if (identity.value === 0n) return null;
  stage(`${rules.name}: under G_V`);
  const variant = await variantBurnside(rules, identity, { workers });
  stage(`${rules.name}: the full group (cell pairs, witnesses, implied houses)`);
  const full = await fullGroupBurnside(rules, identity, {
    workers,
    onProgress: (done, total) => stage(`${rules.name}: under Γ_V, fixed grids ${done}/${total}`),
  });
  if (rules.n > 6) return { variant, full };
  stage(`${rules.name}: every grid, orbits of Γ_V directly`);
  const direct = fullGroupOrbits(rules);
  if (BigInt(direct.orbits) !== full.total)
    throw new Error(`internal: ${direct.orbits} orbits of Γ_V directly, ${full.total} by Burnside`);
  return { variant, full, direct };
}
