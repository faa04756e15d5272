/**
 * How the band method counts n_C: the column-set sum (src/count/bandCompletions.ts) or the DLX route
 * (src/count/dlxCompletions.ts). A module of its own, so the CLI and a plain count check the name without loading
 * the DLX route.
 */
export type CounterName = 'column-set-sum' | 'dlx';

export const COUNTER_NAMES: readonly CounterName[] = ['column-set-sum', 'dlx'];

/** Why `--counter` cannot be `name`, or null. */
export function counterProblem(name: string): string | null {
  return (COUNTER_NAMES as readonly string[]).includes(name) ? null : `expected ${COUNTER_NAMES.join(' or ')}`;
}
