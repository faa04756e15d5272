import { cellName, describeClash, findClash } from './parseGrid.js';
import { boxShape, InputError, type BoxShape } from './shape.js';

/**
 * The rules of a grid: every house and every pair constraint, the one source the engines derive their tables
 * from (peers, house masks, the exact-cover matrix, the rater's intersections, the clue symmetries).
 *
 * Glossary (besides src/grid/shape.ts's)
 *   house     n cells that hold every digit once: a row, a column, a box (or a jigsaw region), and the extra
 *             houses of the variants (diagonals, windows, disjoint groups, …)
 *   pair      two cells that must differ that share no house (anti-king, anti-knight)
 *   peer      a cell that shares a house or a pair with a cell
 *   variant   a named addition to (or, for jigsaw, replacement of) the plain rules; see VARIANTS
 *   spec      the rules as plain data (RulesSpec): what crosses to a worker; rulesFromSpec rebuilds them
 *
 * Houses are laid out as in cellTables, then the variants' in VARIANTS order:
 *
 *   house h   0..n−1 rows · n..2n−1 columns · 2n..3n−1 boxes (or jigsaw regions) · 3n.. extra houses
 *   houses[h·n .. h·n + n)            the cells of house h, ascending
 *   cellHouseStart[i] .. [i+1)        the houses of cell i, ascending, in cellHouseList
 *   peerStart[i] .. [i+1)             the peers of cell i, ascending, in peerList
 *   pairs[2k], pairs[2k+1]            pair k, the smaller cell first; pairs sharing a house are left out
 *
 * Canonical name: the shape, then '+' and each variant in VARIANTS order: `3x3`, `3x3+x+windoku`,
 * `3x3+jigsaw.1f2e3d4c` (a jigsaw's regions are named by a digest of their cells).
 */
export type VariantName =
  | 'jigsaw'
  | 'x'
  | 'windoku'
  | 'disjoint-groups'
  | 'centre-dot'
  | 'asterisk'
  | 'girandola'
  | 'anti-king'
  | 'anti-knight';

/** The variants in canonical order, with what they need of the shape and what they add. */
export const VARIANTS: readonly VariantName[] = [
  'jigsaw',
  'x',
  'windoku',
  'disjoint-groups',
  'centre-dot',
  'asterisk',
  'girandola',
  'anti-king',
  'anti-knight',
];

/** The rules as plain data: what `--box` and `--variant` say, and a jigsaw's regions (region 0..n−1 of each cell). */
export interface RulesSpec {
  readonly rows: number;
  readonly cols: number;
  /** Variant names in VARIANTS order ('jigsaw' needs `regions`). */
  readonly variants: readonly VariantName[];
  /** n² region numbers 0..n−1, for jigsaw. */
  readonly regions?: readonly number[];
}

export interface Rules {
  readonly shape: BoxShape;
  readonly n: number;
  /** n². */
  readonly cells: number;
  /** Canonical name, e.g. "3x3+x+windoku". */
  readonly name: string;
  readonly variants: readonly VariantName[];
  /** Rows, columns and boxes only (no variant): the plain engines' rules. */
  readonly plain: boolean;
  readonly houseCount: number;
  readonly houses: Int32Array;
  /** "row 3", "column 5", "box 2", "diagonal ↘", "window 1", "group 4", … (1-based). */
  readonly houseNames: readonly string[];
  readonly pairs: Int32Array;
  readonly pairCount: number;
  readonly cellHouseStart: Int32Array;
  readonly cellHouseList: Int32Array;
  readonly peerStart: Int32Array;
  readonly peerList: Int32Array;
  /** The same rules as plain data, for workers (rulesFromSpec(spec) gives them back). */
  readonly spec: RulesSpec;
}

/** One line per variant for help texts. */
export const VARIANT_HELP =
  'x (both diagonals), windoku (four windows, 9x9), disjoint-groups, centre-dot (odd box sides), asterisk and ' +
  'girandola (9x9), anti-king, anti-knight, jigsaw=FILE (regions from a file); combine with commas';

export function isVariantName(x: string): x is VariantName {
  return (VARIANTS as readonly string[]).includes(x);
}

/** Cells of the 9×9 one-house variants (r, c 1-based). */
const NINE_HOUSES: Partial<Record<VariantName, ReadonlyArray<readonly [number, number]>>> = {
  asterisk: [
    [2, 5],
    [3, 3],
    [3, 7],
    [5, 2],
    [5, 5],
    [5, 8],
    [7, 3],
    [7, 7],
    [8, 5],
  ],
  girandola: [
    [1, 1],
    [1, 9],
    [2, 5],
    [5, 2],
    [5, 5],
    [5, 8],
    [8, 5],
    [9, 1],
    [9, 9],
  ],
};

/** Why `variant` does not fit the shape (or the other variants), or null. */
export function variantShapeProblem(
  variant: VariantName,
  shape: BoxShape,
  variants: readonly VariantName[],
): string | null {
  const nine = shape.rows === 3 && shape.cols === 3;
  switch (variant) {
    case 'windoku':
    case 'asterisk':
    case 'girandola':
      return nine ? null : `${variant} is defined on 9x9 grids (3x3 boxes) only, not ${shape.name}`;
    case 'centre-dot':
      if (shape.rows % 2 === 0 || shape.cols % 2 === 0)
        return `centre-dot needs boxes with a centre cell (odd sides), not ${shape.name}`;
      return variants.includes('jigsaw') ? 'centre-dot needs boxes, which jigsaw replaces' : null;
    case 'disjoint-groups':
      return variants.includes('jigsaw') ? 'disjoint-groups needs boxes, which jigsaw replaces' : null;
    case 'anti-king':
    case 'anti-knight':
      return shape.n < 4 ? `${variant} leaves no grid of side ${shape.n}` : null;
    default:
      return null;
  }
}

const cache = new Map<string, Rules>();

const plainCache = new Map<string, Rules>();

/** Rules as they are; a bare shape as its plain rules (the one place a `BoxShape | Rules` argument is read). */
export function asRules(shape: BoxShape | Rules): Rules {
  return 'houses' in shape ? shape : plainRules(shape);
}

/** The plain rules of a shape (rows, columns, boxes), one lookup once built (callers ask per puzzle). */
export function plainRules(shape: BoxShape): Rules {
  let rules = plainCache.get(shape.name);
  if (!rules) {
    rules = rulesFromSpec({ rows: shape.rows, cols: shape.cols, variants: [] });
    plainCache.set(shape.name, rules);
  }
  return rules;
}

/**
 * The rules of a spec, built once per canonical name and shared. Checks the spec (a worker's copy is checked
 * as cheaply as the edge's): an unknown variant, one the shape does not take, a jigsaw's regions of the wrong
 * size; throws InputError naming it.
 */
export function rulesFromSpec(spec: RulesSpec): Rules {
  const shape = boxShape(spec.rows, spec.cols);
  const variants = [...new Set(spec.variants)];
  for (const v of variants) if (!isVariantName(v)) throw new InputError(`unknown variant '${String(v)}'`);
  variants.sort((a, b) => VARIANTS.indexOf(a) - VARIANTS.indexOf(b));
  for (const v of variants) {
    const p = variantShapeProblem(v, shape, variants);
    if (p) throw new InputError(`variant ${v}: ${p}`);
  }
  const { n } = shape;
  const N = n * n;
  const jigsaw = variants.includes('jigsaw');
  if (jigsaw) {
    const problem = regionsProblem(n, spec.regions);
    if (problem) throw new InputError(`variant jigsaw: ${problem}`);
  } else if (spec.regions !== undefined) throw new InputError('regions are given without the jigsaw variant');
  const name = [shape.name, ...variants.map((v) => (v === 'jigsaw' ? `jigsaw.${digest(spec.regions ?? [])}` : v))].join(
    '+',
  );
  const hit = cache.get(name);
  if (hit) return hit;

  const { rows: R, cols: C } = shape;
  const houseCells: number[][] = [];
  const houseNames: string[] = [];
  for (let r = 0; r < n; r++) {
    houseCells.push(range(n, (c) => r * n + c));
    houseNames.push(`row ${r + 1}`);
  }
  for (let c = 0; c < n; c++) {
    houseCells.push(range(n, (r) => r * n + c));
    houseNames.push(`column ${c + 1}`);
  }
  const boxCell = (b: number, k: number) => (Math.floor(b / R) * R + Math.floor(k / C)) * n + (b % R) * C + (k % C);
  for (let b = 0; b < n; b++) {
    if (jigsaw) {
      const regions = spec.regions ?? [];
      const cells: number[] = [];
      for (let i = 0; i < N; i++) if (regions[i] === b) cells.push(i);
      houseCells.push(cells);
      houseNames.push(`region ${b + 1}`);
    } else {
      houseCells.push(range(n, (k) => boxCell(b, k)));
      houseNames.push(`box ${b + 1}`);
    }
  }
  const pairSet = new Set<number>();
  const addPairs = (moves: ReadonlyArray<readonly [number, number]>) => {
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++)
        for (const [dr, dc] of moves) {
          const r2 = r + dr,
            c2 = c + dc;
          if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) continue;
          const a = r * n + c,
            b = r2 * n + c2;
          pairSet.add(Math.min(a, b) * N + Math.max(a, b));
        }
  };
  for (const v of variants) {
    switch (v) {
      case 'x':
        houseCells.push(range(n, (r) => r * n + r));
        houseNames.push('diagonal ↘');
        houseCells.push(range(n, (r) => r * n + (n - 1 - r)).sort((a, b) => a - b));
        houseNames.push('diagonal ↙');
        break;
      case 'windoku':
        for (const r0 of [1, 5])
          for (const c0 of [1, 5]) {
            houseCells.push(range(9, (k) => (r0 + Math.floor(k / 3)) * 9 + c0 + (k % 3)));
            houseNames.push(`window ${houseNames.filter((h) => h.startsWith('window')).length + 1}`);
          }
        break;
      case 'disjoint-groups':
        for (let k = 0; k < n; k++) {
          houseCells.push(range(n, (b) => boxCell(b, k)).sort((a, b) => a - b));
          houseNames.push(`group ${k + 1}`);
        }
        break;
      case 'centre-dot': {
        const k = Math.floor(R / 2) * C + Math.floor(C / 2);
        houseCells.push(range(n, (b) => boxCell(b, k)).sort((a, b) => a - b));
        houseNames.push('centre dots');
        break;
      }
      case 'asterisk':
      case 'girandola':
        houseCells.push((NINE_HOUSES[v] ?? []).map(([r, c]) => (r - 1) * 9 + c - 1).sort((a, b) => a - b));
        houseNames.push(v);
        break;
      case 'anti-king':
        addPairs([
          [1, 1],
          [1, -1],
        ]);
        break;
      case 'anti-knight':
        addPairs([
          [1, 2],
          [1, -2],
          [2, 1],
          [2, -1],
        ]);
        break;
      case 'jigsaw':
        break;
    }
  }
  const H = houseCells.length;
  const houses = new Int32Array(H * n);
  houseCells.forEach((cells, h) => {
    if (cells.length !== n) throw new Error(`internal: ${houseNames[h]} of ${name} has ${cells.length} cells`);
    houses.set(cells, h * n);
  });
  const housesOf: number[][] = Array.from({ length: N }, () => []);
  for (let h = 0; h < H; h++) for (let k = 0; k < n; k++) housesOf[houses[h * n + k]].push(h);
  const peerSets: Set<number>[] = Array.from({ length: N }, () => new Set());
  for (let h = 0; h < H; h++)
    for (let k = 0; k < n; k++)
      for (let j = 0; j < n; j++) if (j !== k) peerSets[houses[h * n + k]].add(houses[h * n + j]);
  const pairList: number[] = [];
  for (const key of [...pairSet].sort((a, b) => a - b)) {
    const a = Math.floor(key / N),
      b = key % N;
    if (peerSets[a].has(b)) continue; // already in a house together
    pairList.push(a, b);
  }
  for (let k = 0; k < pairList.length; k += 2) {
    peerSets[pairList[k]].add(pairList[k + 1]);
    peerSets[pairList[k + 1]].add(pairList[k]);
  }
  const rules: Rules = {
    shape,
    n,
    cells: N,
    name,
    variants,
    plain: variants.length === 0,
    houseCount: H,
    houses,
    houseNames,
    pairs: Int32Array.from(pairList),
    pairCount: pairList.length / 2,
    ...flatten(housesOf, 'cellHouseStart', 'cellHouseList'),
    ...flatten(
      peerSets.map((s) => [...s].sort((a, b) => a - b)),
      'peerStart',
      'peerList',
    ),
    spec: { rows: R, cols: C, variants, ...(jigsaw ? { regions: [...(spec.regions ?? [])] } : {}) },
  };
  cache.set(name, rules);
  return rules;
}

function range(k: number, f: (i: number) => number): number[] {
  return Array.from({ length: k }, (_, i) => f(i));
}

function flatten<S extends string, L extends string>(lists: number[][], start: S, list: L): Record<S | L, Int32Array> {
  const at = new Int32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) at[i + 1] = at[i] + lists[i].length;
  const flat = new Int32Array(at[lists.length]);
  lists.forEach((l, i) => flat.set(l, at[i]));
  return { [start]: at, [list]: flat } as Record<S | L, Int32Array>;
}

/** FNV-1a of the region numbers, 8 hex digits: names a jigsaw in the rules' name. */
function digest(regions: readonly number[]): string {
  let h = 0x811c9dc5;
  for (const x of regions) h = Math.imul(h ^ x, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** What is wrong with n² region numbers (each region n cells), or null. */
export function regionsProblem(n: number, regions: readonly number[] | undefined): string | null {
  if (regions === undefined) return 'no regions given (jigsaw=FILE)';
  if (regions.length !== n * n) return `${regions.length} cells of regions, a grid of side ${n} has ${n * n}`;
  const size = new Int32Array(n);
  for (const r of regions) {
    if (!Number.isInteger(r) || r < 0 || r >= n) return `region number ${r} is outside 0..${n - 1}`;
    size[r]++;
  }
  for (let r = 0; r < n; r++) if (size[r] !== n) return `region ${r + 1} has ${size[r]} cells, not ${n}`;
  return null;
}

/**
 * The rules of `--box` and `--variant`: `variant` is a comma-separated list ("x,windoku", "jigsaw=FILE"), or a
 * list of names; `readRegions` reads a jigsaw file (src/io/readJigsaw.ts at the CLI). Throws InputError naming what
 * is wrong.
 */
export function parseRules(
  shape: BoxShape,
  variant: string | readonly string[] | undefined,
  readRegions?: (path: string, n: number) => number[],
): Rules {
  const items = variant === undefined ? [] : typeof variant === 'string' ? variant.split(',') : [...variant];
  const variants: VariantName[] = [];
  const given = new Map<string, string>();
  let regionsFile: string | undefined;
  for (const raw of items) {
    const item = raw.trim();
    if (item === '' && items.length === 1) continue;
    const eq = item.indexOf('=');
    const name = eq < 0 ? item : item.slice(0, eq);
    if (!isVariantName(name))
      throw new InputError(
        `unknown variant '${item}': the variants are ` +
          VARIANTS.map((v) => (v === 'jigsaw' ? 'jigsaw=FILE' : v)).join(', '),
      );
    // a list that names a variant twice is refused, never cut down to one (two jigsaw files: which regions?)
    const twice = given.get(name);
    if (twice !== undefined)
      throw new InputError(
        name === 'jigsaw'
          ? `variant jigsaw is given twice ('${twice}' and '${item}'): a grid has one set of regions, give one file`
          : `variant ${name} is given twice in '${items.join(',')}': give each variant once`,
      );
    given.set(name, item);
    if (name === 'jigsaw') {
      if (eq < 0 || item.slice(eq + 1) === '') throw new InputError('variant jigsaw needs a file: jigsaw=FILE');
      if (!readRegions) throw new InputError('variant jigsaw: no way to read a regions file here');
      regionsFile = item.slice(eq + 1);
    } else if (eq >= 0) throw new InputError(`variant ${name} takes no value ('${item}')`);
    variants.push(name);
  }
  // read once the whole list is known to be sound
  const regions = regionsFile !== undefined && readRegions ? readRegions(regionsFile, shape.n) : undefined;
  return rulesFromSpec({ rows: shape.rows, cols: shape.cols, variants, ...(regions ? { regions } : {}) });
}

/** Two givens in one house or pair with the same digit: where, for the message. */
export interface RulesClash {
  readonly a: number;
  readonly b: number;
  readonly digit: number;
  /** The house's name, or "anti-king"/"anti-knight" pair. */
  readonly where: string;
}

/** The first two givens that break a house or a pair, or null. */
export function findRulesClash(rules: Rules, cells: ArrayLike<number>): RulesClash | null {
  const { n, houses, houseCount, pairs } = rules;
  const seen = new Int32Array(n + 1);
  for (let h = 0; h < houseCount; h++) {
    seen.fill(-1);
    for (let k = h * n; k < h * n + n; k++) {
      const i = houses[k],
        d = cells[i];
      if (d === 0) continue;
      if (seen[d] >= 0) return { a: seen[d], b: i, digit: d, where: rules.houseNames[h] };
      seen[d] = i;
    }
  }
  for (let k = 0; k < pairs.length; k += 2) {
    const a = pairs[k],
      b = pairs[k + 1];
    if (cells[a] !== 0 && cells[a] === cells[b]) return { a, b, digit: cells[a], where: pairKind(rules, a, b) };
  }
  return null;
}

/** "anti-king" or "anti-knight": which variant's move joins cells a and b. */
export function pairKind(rules: Rules, a: number, b: number): string {
  const n = rules.n;
  const dr = Math.abs(Math.floor(a / n) - Math.floor(b / n)),
    dc = Math.abs((a % n) - (b % n));
  return dr === 1 && dc === 1 ? 'anti-king' : 'anti-knight';
}

/** "givens clash: r1c1 and r9c9 both hold 5 (diagonal ↘)". */
export function describeRulesClash(rules: Rules, clash: RulesClash): string {
  const what =
    clash.where === 'anti-king'
      ? "a king's move apart (anti-king)"
      : clash.where === 'anti-knight'
        ? "a knight's move apart (anti-knight)"
        : `in ${clash.where}`;
  return (
    `givens clash: ${cellName(rules.shape, clash.a)} and ${cellName(rules.shape, clash.b)} both hold ` +
    `${clash.digit}, ${what}`
  );
}

/**
 * Givens that clash are refused: an InputError naming the first clash, in the plain rules' words (findClash: a row,
 * column or box) or, with variants, the rules' (findRulesClash).
 */
export function refuseClash(rules: Rules, cells: ArrayLike<number>): void {
  if (rules.plain) {
    const clash = findClash(rules.shape, cells);
    if (clash) throw new InputError(describeClash(rules.shape, clash));
  } else {
    const clash = findRulesClash(rules, cells);
    if (clash) throw new InputError(describeRulesClash(rules, clash));
  }
}

/**
 * Does the cell permutation `perm` (cell i goes to perm[i]) map every house onto a house and every pair onto a
 * pair? Then it maps valid grids to valid grids, and a clue pattern may keep it.
 */
export function preservesRules(rules: Rules, perm: ArrayLike<number>): boolean {
  const { n, houses, houseCount, pairs, cells: N } = rules;
  const keys = new Set<string>();
  for (let h = 0; h < houseCount; h++) keys.add(houses.subarray(h * n, h * n + n).join(','));
  const img = new Int32Array(n);
  for (let h = 0; h < houseCount; h++) {
    for (let k = 0; k < n; k++) img[k] = perm[houses[h * n + k]];
    img.sort();
    if (!keys.has(img.join(','))) return false;
  }
  const pairKeys = new Set<number>();
  for (let k = 0; k < pairs.length; k += 2) pairKeys.add(pairs[k] * N + pairs[k + 1]);
  for (let k = 0; k < pairs.length; k += 2) {
    const a = perm[pairs[k]],
      b = perm[pairs[k + 1]];
    if (!pairKeys.has(Math.min(a, b) * N + Math.max(a, b))) return false;
  }
  return true;
}
