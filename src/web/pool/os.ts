/**
 * `node:os` in a browser, for the library modules that ask it for the cores (the site's build puts this module in
 * place of `node:os`; src/web/vite.config.ts): `navigator.hardwareConcurrency`.
 */
export function availableParallelism(): number {
  return Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 1);
}
