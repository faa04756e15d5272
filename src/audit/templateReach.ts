import { factorialBig, type BoxShape } from '../grid/shape.js';
import { templateShift } from './templateGenerator.js';

/**
 * How many distinct grids the template generators reach, exactly, for any box shape: the orbit of the template T
 * under the group G of transformations they draw from, by orbit–stabiliser.
 *
 *   G (template)         column permutations inside each stack × row permutations inside each band × relabellings
 *                        |G| = (C!)^R · (R!)^C · n!
 *   G (template-blocks)  the same with the stacks and the bands permuted too: |G| · R! · C!
 *
 * The generators draw g ∈ G uniformly, so every grid of the orbit G·T comes out with probability |Stab(T)|/|G|
 * (each grid of the orbit is the image of one coset of the stabiliser), and |G·T| = |G|/|Stab(T)|.
 *
 * The stabiliser, for T[r][c] = c − s(r) (mod n, digits as residues; s the row shifts, a bijection onto Z_n):
 * a cell map (rows by ρ, columns by κ) followed by a relabelling σ fixes T when σ(c − s(r)) = κ(c) − s(ρ(r)) for
 * all r, c. The row with s = 0 gives σ(x) = κ(x) − e with e = s(ρ(r₀)); putting that back, κ(c − t) − κ(c) does not
 * depend on c for any t, so κ is affine, κ(c) = a·c + k with a a unit mod n, and then s(ρ(r)) = a·s(r) + e. So the
 * stabiliser is in bijection with the triples (a, k, e), a ∈ Z_n^×, k, e ∈ Z_n, whose κ and ρ lie in G's column
 * and row groups (σ is then determined). `templateReach` counts those triples (at most φ(n)·n² of them: instant for
 * any n); the tests check the count against a brute-force search of G on 2×2 and 3×3.
 */
export interface TemplateReach {
  readonly shape: string;
  readonly blocks: boolean;
  /** |G|: the transformations drawn from (each equally likely). */
  readonly transformations: bigint;
  /** |Stab(T)|: transformations that leave the template as it is (so each reached grid comes from that many). */
  readonly stabiliser: number;
  /** |G·T| = |G| / |Stab(T)|: distinct grids reached. */
  readonly grids: bigint;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

export function templateGroupOrder(shape: BoxShape, blocks: boolean): bigint {
  const { rows: R, cols: C, n } = shape;
  const base = factorialBig(C) ** BigInt(R) * factorialBig(R) ** BigInt(C) * factorialBig(n);
  return blocks ? base * factorialBig(R) * factorialBig(C) : base;
}

export function templateReach(shape: BoxShape, blocks: boolean): TemplateReach {
  const { rows: R, cols: C, n } = shape;
  const rowOfShift = new Int32Array(n);
  for (let r = 0; r < n; r++) rowOfShift[templateShift(shape, r)] = r;
  const kappa = new Int32Array(n),
    rho = new Int32Array(n);
  /** Does the map f (on 0..n−1, a bijection) keep blocks of `size` together (blocks: onto any block; else itself)? */
  const keepsBlocks = (f: Int32Array, size: number): boolean => {
    for (let x = 0; x < n; x++) {
      const home = Math.floor(x / size),
        to = Math.floor(f[x] / size);
      if (blocks ? to !== Math.floor(f[home * size] / size) : to !== home) return false;
    }
    return true;
  };
  let stabiliser = 0;
  for (let a = 1; a < n; a++) {
    if (gcd(a, n) !== 1) continue;
    for (let k = 0; k < n; k++) {
      for (let c = 0; c < n; c++) kappa[c] = (a * c + k) % n;
      if (!keepsBlocks(kappa, C)) continue; // columns: R stacks of C
      for (let e = 0; e < n; e++) {
        for (let r = 0; r < n; r++) rho[r] = rowOfShift[(a * templateShift(shape, r) + e) % n];
        if (keepsBlocks(rho, R)) stabiliser++; // rows: C bands of R
      }
    }
  }
  // n = 2 has a = 1 only (the loop above starts there and Z_2^× = {1})
  const transformations = templateGroupOrder(shape, blocks);
  return {
    shape: shape.name,
    blocks,
    transformations,
    stabiliser,
    grids: transformations / BigInt(stabiliser),
  };
}

/**
 * The blog's claims, as it states them (data to check, not results): for 4×4 (2×2 boxes), "384 transformations, more
 * than the 288 grids, so some must coincide, and I do not know whether every grid is covered"; for 9×9, "I can
 * generate 264,539,520 grids, or 2,380,855,680 with the block transformations".
 */
export interface BlogClaim {
  readonly box: string;
  readonly blocks: boolean;
  /** The number of transformations the blog counts, or null when it gives none. */
  readonly transformations: bigint | null;
  /** The number of grids it says it generates (or, for 4×4, says exist), or null. */
  readonly grids: bigint | null;
  readonly text: string;
}

export const BLOG_CLAIMS: readonly BlogClaim[] = [
  {
    box: '2x2',
    blocks: false,
    transformations: 384n,
    grids: null,
    text: '384 transformations, more than the 288 grids, so some must coincide; coverage unknown',
  },
  { box: '3x3', blocks: false, transformations: null, grids: 264_539_520n, text: 'I can generate 264,539,520 grids' },
  {
    box: '3x3',
    blocks: true,
    transformations: null,
    grids: 2_380_855_680n,
    text: 'or 2,380,855,680 with the block transformations',
  },
];

/** The number of 4×4 grids the blog states (checked against the count in the report, not used as a result). */
export const BLOG_4X4_GRIDS = 288n;

export interface ClaimVerdict {
  readonly claim: BlogClaim;
  /** True when every number the claim states is right. */
  readonly correct: boolean;
  /** What is true instead, one sentence. */
  readonly verdict: string;
}

const grouped = (x: bigint) => x.toLocaleString('en-US');

/** The blog's claims about this shape and generator, judged against the exact reach (and N when known). */
export function judgeBlogClaims(shape: BoxShape, blocks: boolean, total: bigint | null): ClaimVerdict[] {
  const reach = templateReach(shape, blocks);
  const out: ClaimVerdict[] = [];
  for (const claim of BLOG_CLAIMS) {
    if (claim.box !== shape.name || claim.blocks !== blocks) continue;
    const parts: string[] = [];
    let correct = true;
    if (claim.transformations !== null) {
      const ok = claim.transformations === reach.transformations;
      correct &&= ok;
      const not = ok ? ' (right)' : ` (not ${grouped(claim.transformations)})`;
      parts.push(`${grouped(reach.transformations)} transformations${not}`);
      if (shape.name === '2x2' && total !== null) {
        const okN = total === BLOG_4X4_GRIDS;
        correct &&= okN;
        parts.push(`${grouped(total)} grids${okN ? ' (right)' : ` (not ${grouped(BLOG_4X4_GRIDS)})`}`);
        parts.push(
          `each grid it reaches comes from ${reach.stabiliser} of them (so they do coincide), and it reaches ` +
            `${grouped(reach.grids)} of the ${grouped(total)} grids: ${reach.grids === total ? 'all' : 'not all'}`,
        );
      }
    }
    if (claim.grids !== null) {
      const ok = claim.grids === reach.grids;
      correct &&= ok;
      parts.push(
        ok
          ? `it reaches ${grouped(reach.grids)} grids (right)`
          : `it reaches ${grouped(reach.grids)} distinct grids, not ${grouped(claim.grids)} ` +
              `(${(Number(reach.grids) / Number(claim.grids)).toPrecision(4)}× as many: |G| = ` +
              `${grouped(reach.transformations)}, stabiliser ${reach.stabiliser})`,
      );
    }
    out.push({ claim, correct, verdict: parts.join('; ') });
  }
  return out;
}
