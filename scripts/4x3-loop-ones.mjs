#!/usr/bin/env node
/**
 * The reduced loop of 4x3 in WebAssembly on a table of ones (every F = 1): n(b1) must be 346^4; prints the
 * seconds (docs/4x3.md, step 3: 118 s at load ~10, memory-bound). Needs ~1.3 GB.
 *   npm run build && node scripts/4x3-loop-ones.mjs
 */
import { columnPartitions } from '../dist/grid/columnPartitions.js';
import { boxShape } from '../dist/grid/shape.js';
import { boxPairReduction } from '../dist/count/boxPairReduction.js';
import { wasmReducedSum } from '../dist/count/wasmReducedSum.js';
const t0 = performance.now();
const parts = columnPartitions(boxShape(4, 3));
const red = boxPairReduction(parts);
const t1 = performance.now();
const w = wasmReducedSum(parts, red);
console.log(
  'setup',
  ((t1 - t0) / 1000).toFixed(2),
  's; core',
  w ? 'ok' : 'null',
  ((performance.now() - t1) / 1000).toFixed(2),
);
w.table.fill(1);
// band 1: a valid 4x3 configuration: stack s columns: digit d goes to column (d + s) % 3 ... each column needs 4 digits
const masks = new Int32Array(12);
for (let s = 0; s < 4; s++) for (let d = 0; d < 12; d++) masks[3 * s + ((d + s * Math.floor(d / 3)) % 3)] |= 1 << d;
console.log(
  Array.from(masks)
    .map(
      (m) =>
        m
          .toString(2)
          .split('')
          .filter((x) => x === '1').length,
    )
    .join(','),
);
const t2 = performance.now();
const v = w.completionsOf(masks);
const sec = (performance.now() - t2) / 1000;
console.log(
  'n =',
  v,
  '346^4 =',
  346n ** 4n,
  v === 346n ** 4n,
  sec.toFixed(2),
  's',
  (7.2e9 / sec / 1e9).toFixed(2),
  'G mult-add/s',
);
