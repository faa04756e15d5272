#!/usr/bin/env node
// Checks Burnside terms of R×2 against 2×R (transposed): for each given R×2 class K and cycle type of τ, the 2×R class
// whose representative, transposed into R×2, lies in K (another element of K than K's representative) is counted
// with its own representative by the column-configuration counter; the two counts must be equal. When that element is
// K's representative itself, a random conjugate of it (seeded) is counted instead. A JSON line a term.
//
//   npm run build && nice -n 5 node scripts/essential-transposed-check.mjs --box 6x2 --terms 'K:τ …'
//       (τ as 2,2,2,2,2,2; e.g. --terms '55:4,4,4 64:12')
const dist = new URL('../dist/', import.meta.url);
const load = async (m) => import(new URL(m, dist).href);
const { gridGroup } = await load('essential/gridGroup.js');
const { conjugacyClasses } = await load('essential/conjugacyClasses.js');
const { relabellingTypes } = await load('essential/relabellingTypes.js');
const { columnSetGroup } = await load('essential/columnSetTerms.js');
const { countFixedByColumnSets } = await load('essential/columnSetFixedGrids.js');
const { parseBoxShape, boxShape } = await load('grid/shape.js');
const arg = (name, d) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? d : process.argv[i + 1];
};
const shape = parseBoxShape(arg('--box', '6x2'));
const R = shape.rows;
const group = gridGroup(shape);
const classes = conjugacyClasses(group);
const other = gridGroup(boxShape(2, R));
const otherClasses = conjugacyClasses(other);
const toRx2 = columnSetGroup(other);
// each R×2 class's 2×R class, by the transposed representative
const partner = new Map();
for (let j = 0; j < otherClasses.count; j++) partner.set(classes.classOf(toRx2.element(otherClasses.reps[j])), j);
let bad = 0;
for (const term of arg('--terms', '').split(/\s+/).filter(Boolean)) {
  const [K, tauText] = term.split(':');
  const k = Number(K);
  const tau = tauText.split(',').map(Number);
  const j = partner.get(k);
  let y = toRx2.element(otherClasses.reps[j]);
  const transposed = y !== classes.reps[k];
  for (let seed = k + 1; y === classes.reps[k]; seed++) {
    const h = Math.floor((((seed * 2654435761) % 2 ** 32) / 2 ** 32) * group.order);
    y = group.compose(group.compose(h, classes.reps[k]), group.inverse(h));
  }
  if (classes.classOf(y) !== k) throw new Error(`internal: ${y} is not in class ${k}`);
  const ok = relabellingTypes(shape, group.cellMap(y)).admissible.some((t) => t.join(',') === tauText);
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const t0 = cpu();
  const a = countFixedByColumnSets(group, classes.reps[k], tau).count;
  const t1 = cpu();
  const b = countFixedByColumnSets(group, y, tau).count;
  const t2 = cpu();
  if (a !== b || !ok) bad++;
  console.log(
    JSON.stringify({
      class: k,
      tau: tauText,
      transposedClass: j,
      route: transposed ? 'transposed' : 'conjugate',
      element: y,
      count: String(a),
      transposedCount: String(b),
      equal: a === b,
      cpu: [t1 - t0, t2 - t1],
    }),
  );
}
process.exit(bad === 0 ? 0 : 1);
