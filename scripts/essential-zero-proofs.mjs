#!/usr/bin/env node
// Proves Burnside terms zero that the counter found zero by exhaustive count (issue 38), by two arguments:
//
//   npm run build && node scripts/essential-zero-proofs.mjs --box 6x2 --terms data/essential-6x2/terms.jsonl
//
// The cell–digit Hall argument. For (g, τ) and every power k = 1..order(g): a cell c whose g^k-orbit has length ℓ
// holds a digit d with τ^(kℓ)(d) = d, i.e. the τ^k-orbit length of d divides ℓ (X(g^(ik)(c)) = τ^(ik)(X(c))); when
// the cells of that orbit are pairwise peers (two by two in a common row, column or box) their digits differ, so it
// is exactly ℓ. A fixed grid puts every digit once in each unit (row, column, box), R times in a band, C times in a
// stack, n times in the grid: a b-matching of the region's cells to the digits through the pairs allowed for every
// k. When a region has none (augmenting paths), no grid is fixed: zero, and the line names the region. (Units g^k
// maps onto themselves are the unit lemma's case; this reaches the units g moves too, as 5×2's classes 258 and 930
// by hand.)
//
// Powers. A grid fixed by (g, τ) is fixed by (g^j, τ^j): the term is zero when a power lands in a term proved zero
// or one the unit lemma excludes; otherwise, when a power lands in another term counted zero, the line says which
// ("reducedTo": the two rest on one exhaustive count).
//
// --terms: a JSONL file of scripts/essential-term-costs.mjs (class, tau, count; timed-out lines skipped). The Hall
// argument is tried on every counted term, and one it calls zero that counts non-zero is an error (exit 1).
import { readFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
const load = async (m) => import(new URL(m, dist).href);
const { gridGroup } = await load('essential/gridGroup.js');
const { conjugacyClasses } = await load('essential/conjugacyClasses.js');
const { relabellingTypes, unitsOf } = await load('essential/relabellingTypes.js');
const { permutationOfType } = await load('essential/cycleTypes.js');
const { parseBoxShape } = await load('grid/shape.js');

const arg = (name, d) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? d : process.argv[i + 1];
};
const shape = parseBoxShape(arg('--box', '6x2'));
const G = gridGroup(shape);
const cc = conjugacyClasses(G);
const n = shape.n;
const N = n * n;
const units = unitsOf(shape);
// peers: unitOf[c] = the three units of cell c
const unitsOfCell = Array.from({ length: N }, () => []);
units.cells.forEach((u, i) => u.forEach((c) => unitsOfCell[c].push(i)));
const peers = (a, b) => unitsOfCell[a].some((u) => unitsOfCell[b].includes(u));

const regions = units.cells.map((cells, u) => ({ cells, copies: 1, name: units.names[u] }));
for (let b = 0; b < shape.cols; b++)
  regions.push({
    cells: Int32Array.from({ length: shape.rows * n }, (_, i) => (b * shape.rows + Math.floor(i / n)) * n + (i % n)),
    copies: shape.rows,
    name: `band ${b + 1}`,
  });
for (let s = 0; s < shape.rows; s++)
  regions.push({
    cells: Int32Array.from(
      { length: shape.cols * n },
      (_, i) => Math.floor(i / shape.cols) * n + s * shape.cols + (i % shape.cols),
    ),
    copies: shape.cols,
    name: `stack ${s + 1}`,
  });
regions.push({ cells: Int32Array.from({ length: N }, (_, i) => i), copies: n, name: 'the grid' });

function orbitLengths(perm, size) {
  const len = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    let l = 1;
    for (let x = perm[i]; x !== i; x = perm[x]) l++;
    len[i] = l;
  }
  return len;
}
const compose = (a, b) => Int32Array.from(b, (v) => a[v]); // a after b

/** The unit with no perfect matching of its cells onto the digits, or null. */
function hallWitness(x, type) {
  const g = G.cellMap(x);
  const tau = permutationOfType(type);
  // allowed[c] = digit mask
  const allowed = new Int32Array(N).fill((1 << n) - 1);
  let gk = Int32Array.from(g),
    tk = Int32Array.from(tau);
  for (let k = 1; ; k++) {
    const cl = orbitLengths(gk, N),
      dl = orbitLengths(tk, n);
    for (let c = 0; c < N; c++) {
      let distinct = true;
      const orbit = [c];
      for (let y = gk[c]; y !== c; y = gk[y]) orbit.push(y);
      for (let i = 0; i < orbit.length && distinct; i++)
        for (let j = i + 1; j < orbit.length; j++)
          if (!peers(orbit[i], orbit[j])) {
            distinct = false;
            break;
          }
      let m = 0;
      for (let d = 0; d < n; d++) if (distinct ? dl[d] === cl[c] : cl[c] % dl[d] === 0) m |= 1 << d;
      allowed[c] &= m;
    }
    if (gk.every((v, i) => v === i)) break;
    gk = compose(g, gk);
    tk = compose(tau, tk);
  }
  // each unit holds every digit once; a band (R rows), a stack (C columns) and the grid hold every digit R, C and
  // n times: a b-matching of their cells to the digits (each digit copied that often), by augmenting paths
  for (const { cells, copies, name } of regions) {
    const slots = n * copies;
    const matchS = new Int32Array(slots).fill(-1);
    let size = 0;
    for (let i = 0; i < cells.length; i++) {
      const seen = new Uint8Array(slots);
      const augment = (ci) => {
        for (let m = allowed[cells[ci]]; m; m &= m - 1) {
          const d = 31 - Math.clz32(m & -m);
          for (let s = d * copies; s < d * copies + copies; s++) {
            if (seen[s]) continue;
            seen[s] = 1;
            if (matchS[s] < 0 || augment(matchS[s])) {
              matchS[s] = ci;
              return true;
            }
          }
        }
        return false;
      };
      if (augment(i)) size++;
      else break;
    }
    if (size < cells.length) return name;
  }
  return null;
}

// every term of the file (a line a term: class, tau, count; timed-out terms skipped): the Hall argument is tried on
// all, and a non-zero term it calls zero is an error (it never happens on 3×2 … 5×2: a check of the argument)
const all = readFileSync(arg('--terms', 'data/essential-6x2/terms.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l))
  .filter((o) => o.count !== undefined);
for (const t of all)
  if (String(t.count) !== '0' && hallWitness(cc.reps[t.class], t.tau.split(',').map(Number))) {
    process.stderr.write(`the Hall argument calls class ${t.class} τ ${t.tau} zero, but it counts ${t.count}\n`);
    process.exit(1);
  }
const terms = all.filter((o) => String(o.count) === '0');
// the Hall argument on each term, then powers: (g, τ) is zero when some (g^j, τ^j) is a term proved zero (or one the
// unit lemma excludes); the rest are reduced when a power lands in another term counted zero
const cycleTypeOf = (perm) => {
  const seen = new Uint8Array(perm.length);
  const out = [];
  for (let i = 0; i < perm.length; i++) {
    if (seen[i]) continue;
    let l = 0;
    for (let x = i; !seen[x]; x = perm[x]) {
      seen[x] = 1;
      l++;
    }
    out.push(l);
  }
  return out.sort((a, b) => b - a).join(',');
};
const key = (k, tau) => `${k}:${tau}`;
const zeros = new Map(terms.map((t) => [key(t.class, t.tau), t]));
const proved = new Map(); // key → reason
for (const t of terms) {
  const w = hallWitness(cc.reps[t.class], t.tau.split(',').map(Number));
  if (w) proved.set(key(t.class, t.tau), `Hall: ${w} has no perfect matching of cells to digits`);
}
// the powers of each zero term that land in another (class, type)
const powersOf = new Map();
for (const t of terms) {
  const x = cc.reps[t.class];
  const tau = permutationOfType(t.tau.split(',').map(Number));
  const list = [];
  let y = x,
    tj = Int32Array.from(tau);
  for (let j = 2; ; j++) {
    y = G.compose(y, x);
    tj = compose(tau, tj);
    const k = cc.classOf(y);
    if (k === 0) break;
    const type = cycleTypeOf(tj);
    if (k === t.class && type === t.tau) continue;
    const admissible = relabellingTypes(shape, G.cellMap(cc.reps[k])).admissible.map((a) => a.join(','));
    list.push({ j, k, type, lemma: !admissible.includes(type) });
  }
  powersOf.set(key(t.class, t.tau), list);
}
for (let changed = true; changed;) {
  changed = false;
  for (const t of terms) {
    const kk = key(t.class, t.tau);
    if (proved.has(kk)) continue;
    for (const p of powersOf.get(kk)) {
      if (p.lemma) proved.set(kk, `g^${p.j} is in class ${p.k} with τ^${p.j} of type ${p.type}: the unit lemma`);
      else if (proved.has(key(p.k, p.type)))
        proved.set(kk, `g^${p.j} is in class ${p.k} with τ^${p.j} of type ${p.type}, proved zero`);
      if (proved.has(kk)) {
        changed = true;
        break;
      }
    }
  }
}
let reduced = 0;
const hallCount = [...proved.values()].filter((v) => v.startsWith('Hall')).length;
for (const t of terms) {
  const kk = key(t.class, t.tau);
  const to = proved.has(kk) ? null : powersOf.get(kk).find((p) => zeros.has(key(p.k, p.type)));
  if (to) reduced++;
  console.log(
    JSON.stringify({
      class: t.class,
      tau: t.tau,
      proved: proved.get(kk) ?? null,
      ...(to ? { reducedTo: `g^${to.j}: class ${to.k}, τ^${to.j} of type ${to.type}` } : {}),
    }),
  );
}
process.stderr.write(
  `${shape.name}: ${terms.length} zero terms, ${proved.size} proved (Hall ${hallCount}, ` +
    `the rest through powers), ${reduced} more reduced to another zero term by a power, ` +
    `${terms.length - proved.size - reduced} rest on the exhaustive count alone\n`,
);
