#!/usr/bin/env node
/**
 * F (bands with the configuration, by edge colourings) of every K-th 4x3 band configuration class: min, max, ms each
 * (docs/4x3.md, "F for 4×3, measured").   npm run build && node scripts/4x3-class-f.mjs [K = 48]
 */
import { bandConfigurationClasses } from '../dist/colsets/bandConfigurationClasses.js';
import { edgeColouringCounter } from '../dist/colsets/edgeColouringCounter.js';
const R = 4,
  n = 12,
  step = Number(process.argv[2] ?? 48);
let t = performance.now();
const k = bandConfigurationClasses(R, 3);
console.log('classes', k.count, 'in', ((performance.now() - t) / 1000).toFixed(1), 's');
const ec = edgeColouringCounter(n, { memoDegrees: [4] });
let mx = 0n,
  mxc = -1,
  mn = null,
  cnt = 0;
t = performance.now();
for (let c = 0; c < k.count; c += step) {
  const rows = new Int32Array(n);
  for (let d = 0; d < n; d++) {
    let w = k.words[c * n + d];
    for (let s = 0; s < R; s++) {
      rows[d] |= 1 << (3 * s + (w % 3));
      w = Math.floor(w / 3);
    }
  }
  const f = ec.countBig(rows, R);
  cnt++;
  if (f > mx) {
    mx = f;
    mxc = c;
  }
  if (mn === null || f < mn) mn = f;
}
const sec = (performance.now() - t) / 1000;
console.log(
  'F of',
  cnt,
  'classes: min',
  mn,
  'max',
  mx,
  '(class',
  mxc,
  ') ms each',
  ((1000 * sec) / cnt).toFixed(2),
  'memo',
  JSON.stringify(ec.stats()),
);
