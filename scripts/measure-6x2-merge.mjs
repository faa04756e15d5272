// node scripts/measure-6x2-merge.mjs [--shard I] [--classes c1,c2,...] [--max-transitions N] [--cap S]
//   [--bound | --schedule | --orientation [--min-transitions N]]
// Issue 37, round 14: would the 6x2 column transfer walk fewer transitions (a) if its canonical form merged every
// pair of digits with the same *remaining* columns (not only twins, digits with the same whole word), or (c) if its
// two ends met at another column? For each class (those of committed shard I, default 7, or the list given) it takes
// the order and orientation of the shipped columnTransfer (dist/, run first: its F and transitions are the baseline).
//   default     each end's whole walk in this script (plain JavaScript, a Map a layer, counts in doubles), twins
//               merged or every same-remaining pair merged: the transitions of each layer, and the least of
//                 twins      front m columns + back 12 − m, twins only (the shipped walk with the best meeting)
//                 fwdMerged  front merged + back twins (at the meeting F = Σ_x f(x)·b(x̄) needs one side's counts
//                            state by state: each side's merged group is a symmetry of the other side's problem only)
//                 bwdMerged  the same, the roles swapped
//                 fwdOnly    all 12 columns from the front, merged;  bwdOnly: all from the back, merged
//               over m; F of the merged one-end walks (a double) is checked against the exact F to 1e-9 (that the
//               merge is right). Classes of more than --max-transitions (default 3e7) shipped transitions are
//               skipped, and a walk stops at a table of --cap states (default 2e6): this walk is slow.
//   --bound     cheap, any class: the least the shipped schedule's states could fall to by (a), Σ over its layers of
//               states × |twin group| / |merged group| (the group orders on the digits not yet finished or started)
//   --schedule  (c) the shipped WebAssembly walk from each end alone, layer by layer (maxColumns 1, 2, …), and the
//               meeting column of least transitions against the shipped rule (the side with fewer states advances)
//   --orientation  (c) the other orientation (digits as the steps, or columns), in its own columnOrder order: its
//               transitions against the shipped choice (the orientation of fewer row sets per twin swap), for the
//               classes of at least --min-transitions (default 0) shipped transitions
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const valueOf = (flag, fallback) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : fallback;
};
const { columnTransfer } = await import(pathToFileURL(join(root, 'dist', 'colsets', 'columnTransfer.js')).href);
const plan = JSON.parse(gunzipSync(readFileSync(join(root, 'data', '6x2', 'plan.json.gz'))).toString('utf8'));
const shard = Number(valueOf('--shard', '7'));
const maxTransitions = Number(valueOf('--max-transitions', '3e7'));
const result = JSON.parse(
  readFileSync(join(root, 'data', '6x2', 'results', `shard-${String(shard).padStart(3, '0')}-of-1000.json`), 'utf8'),
);
const committed = new Map(result.values.map(([c, F]) => [c, BigInt(F)]));
const list = valueOf('--classes', null);
const classes = list ? list.split(',').map(Number) : [...committed.keys()];

// masks as ranks among the masks with as many bits; six sorted ranks as one multiset rank (< 2⁵¹), as the core does
const RANK = new Int16Array(4096);
{
  const seen = new Int32Array(13);
  for (let u = 0; u < 4096; u++) {
    let b = 0;
    for (let v = u; v; v &= v - 1) b++;
    RANK[u] = seen[b]++;
  }
}
const COMB = new Float64Array(6 * 1024);
for (let i = 0; i < 6; i++)
  for (let r = 0; r < 1024; r++) {
    let c = 1;
    for (let j = 1; j <= i + 1; j++) c = (c * (r + i + 1 - j)) / j;
    COMB[1024 * i + r] = Math.round(c);
  }
const sortedKey = (ranks) => {
  const s = ranks.slice().sort((a, b) => a - b);
  let k = 0;
  for (let i = 0; i < 6; i++) k += COMB[1024 * i + s[i]];
  return k;
};

/** Every permutation of the vertices that keeps each of `classes` (arrays of vertices), as mask maps. */
function groupMaps(classes) {
  let perms = [Array.from({ length: 12 }, (_, v) => v)];
  for (const members of classes) {
    const arr = [[]];
    for (let i = 0; i < members.length; i++) {
      const next = [];
      for (const a of arr) for (const x of members) if (!a.includes(x)) next.push([...a, x]);
      arr.splice(0, arr.length, ...next);
    }
    perms = perms.flatMap((p) =>
      arr.map((a) => {
        const q = p.slice();
        members.forEach((v, i) => (q[v] = a[i]));
        return q;
      }),
    );
  }
  return perms.map((p) => {
    const map = new Uint16Array(4096);
    for (let u = 0; u < 4096; u++) {
      let out = 0;
      for (let v = 0; v < 12; v++) if ((u >> v) & 1) out |= 1 << p[v];
      map[u] = out;
    }
    return map;
  });
}

/**
 * The vertex classes a side may merge when `ahead` (mask of steps) is still to come: the same steps ahead, started
 * and not finished (an unstarted or finished vertex has the same bit in every row).
 */
function mergeClasses(cols, ahead, mode) {
  const stepsOf = new Array(12).fill(0);
  cols.forEach((u, j) => {
    for (let v = u; v; v &= v - 1) stepsOf[31 - Math.clz32(v & -v)] |= 1 << j;
  });
  const by = new Map();
  for (let v = 0; v < 12; v++) {
    const rest = stepsOf[v] & ahead;
    if (rest === 0 || rest === stepsOf[v]) continue; // finished or unstarted: its bit is the same in every row
    const key = mode === 'twins' ? stepsOf[v] : rest;
    by.set(key, [...(by.get(key) ?? []), v]);
  }
  return [...by.values()].filter((c) => c.length > 1);
}

/** One side's layer: Map key → [count, rows (6 masks)]. */
function advance(table, step, cols, maps) {
  const next = new Map();
  const vs = [];
  for (let u = cols[step]; u; u &= u - 1) vs.push(31 - Math.clz32(u & -u));
  const rows = new Int32Array(6);
  const ranks = new Int32Array(6);
  let transitions = 0;
  const canon = () => {
    let best = Infinity,
      bestMap = null;
    for (const map of maps) {
      for (let r = 0; r < 6; r++) ranks[r] = RANK[map[rows[r]]];
      const k = sortedKey(ranks);
      if (k < best) {
        best = k;
        bestMap = map;
      }
    }
    return [best, bestMap];
  };
  for (const [w, src] of table.values()) {
    rows.set(src);
    const place = (i, taken) => {
      if (i === vs.length) {
        transitions++;
        const [k, map] = canon();
        const e = next.get(k);
        if (e) e[0] += w;
        else next.set(k, [w, Int32Array.from(rows, (u) => map[u])]);
        return;
      }
      const bit = 1 << vs[i];
      for (let r = 0; r < 6; r++) {
        if ((taken >> r) & 1 || rows[r] & bit) continue;
        rows[r] |= bit;
        place(i + 1, taken | (1 << r));
        rows[r] ^= bit;
      }
    };
    place(0, 0);
  }
  return { next, transitions };
}

/**
 * One side's whole walk, 12 columns from its end (front: order[0], order[1], …; back: order[11], order[10], …),
 * merged (digits with the same columns still ahead) or twins only; per step, the transitions into it and its
 * states. Stops (the rest Infinity) when a table passes `cap` states. F (a double) if it got to the end.
 */
function profile(cols, order, back, merged, cap) {
  const twinMaps = groupMaps(mergeClassesTwins(cols));
  let table = new Map([[0, [1, new Int32Array(6)]]]);
  const transitions = new Array(12).fill(Infinity),
    states = new Array(12).fill(Infinity);
  let maxGroup = 1;
  for (let n = 0; n < 12; n++) {
    const step = back ? order[11 - n] : order[n];
    let ahead = 0; // the columns this side has still to take
    for (let j = n + 1; j < 12; j++) ahead |= 1 << (back ? order[11 - j] : order[j]);
    const maps = merged ? groupMaps(mergeClasses(cols, ahead, 'rest')) : twinMaps;
    maxGroup = Math.max(maxGroup, maps.length);
    const { next, transitions: t } = advance(table, step, cols, maps);
    transitions[n] = t;
    states[n] = next.size;
    table = next;
    if (next.size > cap) return { transitions, states, F: NaN, maxGroup };
  }
  return { transitions, states, F: [...table.values()][0][0], maxGroup };
}

/** The cheapest meeting for a front walk and a back walk: Σ transitions of the front's first m, the back's 12 − m. */
function bestMeet(front, back) {
  let best = { cost: Infinity, m: -1 };
  for (let m = 0; m <= 12; m++) {
    let cost = 0;
    for (let k = 0; k < m; k++) cost += front.transitions[k];
    for (let k = 0; k < 12 - m; k++) cost += back.transitions[k];
    if (cost < best.cost) best = { cost, m };
  }
  return best;
}

/** Twins: vertices in exactly the same steps. */
function mergeClassesTwins(cols) {
  const stepsOf = new Array(12).fill(0);
  cols.forEach((u, j) => {
    for (let v = u; v; v &= v - 1) stepsOf[31 - Math.clz32(v & -v)] |= 1 << j;
  });
  const by = new Map();
  for (let v = 0; v < 12; v++) by.set(stepsOf[v], [...(by.get(stepsOf[v]) ?? []), v]);
  return [...by.values()].filter((c) => c.length > 1);
}

/**
 * --schedule: the shipped (WebAssembly) walk's transitions layer by layer from each end alone (maxColumns k, k = 1,
 * 2, …, until the side alone has walked more than the shipped class did), and the meeting point of least transitions
 * against the shipped rule (the side with fewer states advances).
 */
function wasmProfile(words, shipped, back) {
  const order = back ? shipped.order.slice().reverse() : shipped.order;
  const transitions = new Array(12).fill(Infinity);
  let before = 0;
  for (let k = 1; k <= 12; k++) {
    const r = columnTransfer(6, words, 0, { order, transpose: shipped.transposed, maxColumns: k });
    transitions[k - 1] = r.transitions - before;
    before = r.transitions;
    if (before > shipped.transitions) break;
  }
  return { transitions };
}
const FACT = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600];
/** The order of the group permuting each class within itself. */
const orderOf = (classes) => classes.reduce((g, c) => g * FACT[c.length], 1);
const graphOf = (words, transposed) =>
  Array.from({ length: 12 }, (_, j) => {
    let mask = 0;
    if (transposed) for (let k = 0; k < 6; k++) mask |= 1 << (2 * k + ((words[j] >> k) & 1));
    else for (let d = 0; d < 12; d++) if (((words[d] >> (j >> 1)) & 1) === (j & 1)) mask |= 1 << d;
    return mask;
  });
if (args.includes('--bound')) {
  let states = 0,
    least = 0;
  for (const c of classes) {
    const words = Uint8Array.from(plan.classRows[c].slice(2));
    const shipped = columnTransfer(6, words);
    const cols = graphOf(words, shipped.transposed);
    let s = 0,
      b = 0;
    const side = (layers, back) =>
      layers.forEach((n, k) => {
        let ahead = 0; // after k + 1 columns from this end
        for (let j = k + 1; j < 12; j++) ahead |= 1 << (back ? shipped.order[11 - j] : shipped.order[j]);
        const active = mergeClassesTwins(cols).map((x) =>
          x.filter((v) => mergeClasses(cols, ahead, 'rest').some((y) => y.includes(v))),
        );
        s += n;
        b += (n * orderOf(active.filter((x) => x.length > 1))) / orderOf(mergeClasses(cols, ahead, 'rest'));
      });
    side(shipped.states, false);
    side(shipped.backStates, true);
    states += s;
    least += b;
    console.log(`class ${c}: ${s} states; merged, at least ${b.toFixed(0)} (${(b / s).toFixed(3)})`);
  }
  console.log(`in all: ${states} states; merged, at least ${least.toFixed(0)} (${(least / states).toFixed(3)})`);
  process.exit(0);
}
if (args.includes('--orientation')) {
  const min = Number(valueOf('--min-transitions', '0'));
  let base = 0,
    other = 0,
    best = 0;
  for (const c of classes) {
    const words = Uint8Array.from(plan.classRows[c].slice(2));
    const shipped = columnTransfer(6, words);
    if (shipped.transitions < min) continue;
    const t = columnTransfer(6, words, 0, { transpose: !shipped.transposed });
    if (t.F !== shipped.F) throw new Error(`class ${c}: the other orientation gives F = ${t.F}, not ${shipped.F}`);
    base += shipped.transitions;
    other += t.transitions;
    best += Math.min(t.transitions, shipped.transitions);
    console.log(
      `class ${c}: shipped (${shipped.transposed ? 'digits' : 'columns'} as steps) ${shipped.transitions} ` +
        `transitions, the other ${t.transitions} (${(t.transitions / shipped.transitions).toFixed(3)}), F equal`,
    );
  }
  console.log(
    `in all: shipped ${base}, the other ${other}, the lesser of the two ${best} (${(best / base).toFixed(3)})`,
  );
  process.exit(0);
}
if (args.includes('--schedule')) {
  let base = 0,
    best = 0;
  for (const c of classes) {
    const words = Uint8Array.from(plan.classRows[c].slice(2));
    const shipped = columnTransfer(6, words);
    const b = bestMeet(wasmProfile(words, shipped, false), wasmProfile(words, shipped, true));
    base += shipped.transitions;
    best += b.cost;
    console.log(
      `class ${c}: shipped ${shipped.transitions} transitions, front ${shipped.states.length}; least ${b.cost} ` +
        `(${(b.cost / shipped.transitions).toFixed(3)}), front ${b.m}`,
    );
  }
  console.log(`in all: shipped ${base}, least ${best} (${(best / base).toFixed(3)})`);
  process.exit(0);
}
const cap = Number(valueOf('--cap', '2e6'));
const ways = ['twins', 'fwdMerged', 'bwdMerged', 'fwdOnly', 'bwdOnly'];
const total = Object.fromEntries(ways.map((w) => [w, 0]));
let base = 0;
console.log(`shard ${shard}; classes ${classes.length}; skipping those of more than ${maxTransitions} transitions`);
for (const c of classes) {
  const words = Uint8Array.from(plan.classRows[c].slice(2));
  const shipped = columnTransfer(6, words);
  if (shipped.transitions > maxTransitions) {
    console.log(`class ${c}: ${shipped.transitions} transitions, skipped`);
    continue;
  }
  const cols = graphOf(words, shipped.transposed);
  const t0 = process.cpuUsage();
  const fT = profile(cols, shipped.order, false, false, cap);
  const fM = profile(cols, shipped.order, false, true, cap);
  const bT = profile(cols, shipped.order, true, false, cap);
  const bM = profile(cols, shipped.order, true, true, cap);
  const cpu = process.cpuUsage(t0);
  const r = {
    twins: bestMeet(fT, bT),
    fwdMerged: bestMeet(fM, bT),
    bwdMerged: bestMeet(fT, bM),
    fwdOnly: { cost: fM.transitions.reduce((a, b) => a + b, 0), m: 12 },
    bwdOnly: { cost: bM.transitions.reduce((a, b) => a + b, 0), m: 0 },
  };
  const ok = (F) =>
    Number.isNaN(F) ? 'not reached' : Math.abs(F - Number(shipped.F)) <= 1e-9 * Number(shipped.F) ? 'ok' : `WRONG ${F}`;
  base += shipped.transitions;
  const line = [
    `class ${c}: shipped ${shipped.transitions} transitions, meeting after ${shipped.states.length}, ` +
      `twin group ${
        mergeClassesTwins(cols)
          .map((x) => x.length)
          .join('+') || '1'
      }; F by the merged walks: front ${ok(fM.F)}, back ${ok(bM.F)}; ` +
      `groups ≤ ${fM.maxGroup}, ${bM.maxGroup}; ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
  ];
  for (const way of ways) {
    total[way] += r[way].cost;
    line.push(
      `  ${way}: ${r[way].cost} transitions (${(r[way].cost / shipped.transitions).toFixed(3)}), front ${r[way].m}`,
    );
  }
  line.push(`  front twins/merged: ${fT.transitions.join(' ')} / ${fM.transitions.join(' ')}`);
  line.push(`  back twins/merged: ${bT.transitions.join(' ')} / ${bM.transitions.join(' ')}`);
  console.log(line.join('\n'));
}
console.log(`shipped in all: ${base} transitions`);
for (const way of ways) console.log(`${way}: ${total[way]} transitions (${(total[way] / base).toFixed(3)})`);
