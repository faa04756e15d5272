import { describe, expect, it } from 'vitest';
import { columnOrder, rowSets } from '../../../src/colsets/columnOrder.js';
import { columnTransfer } from '../../../src/colsets/columnTransfer.js';
import { configurationClasses } from '../../../src/colsets/configurationClasses.js';
import { wasmTransferTestLimits } from '../../../src/colsets/wasmColumnTransfer.js';
import { totalByRoute } from '../../helpers/everyClassF.js';

/**
 * The fourth route to F: a transfer over the band's columns in a chosen order, the state being the digits that have
 * used each row, sorted (row permutations). Against the recursion class by class, N from it alone, the two
 * orientations (columns as steps, digits as steps) against each other on 6×2, any order against any other.
 */
/** What a transfer walked: F, the layers from each end, the transitions and the largest table. */
const walked = (r: ReturnType<typeof columnTransfer>): unknown[] => [
  r.F,
  r.states,
  r.backStates,
  r.transitions,
  r.peakStates,
];

/**
 * The TypeScript engine's walk of a class, kept for the file: the WebAssembly tests below compare against the same
 * few 6×2 walks (~0.3 s each), which were walked again in each test.
 */
const jsWalks = new Map<string, unknown[]>();
const jsWalk = (R: number, words: ArrayLike<number>, offset: number, transpose?: boolean): unknown[] => {
  // no `transpose`: the transfer picks the orientation itself
  const key = `${R} ${Array.from(words).join()} ${offset} ${transpose}`;
  let w = jsWalks.get(key);
  if (!w) {
    const options = transpose === undefined ? { engine: 'js' as const } : { engine: 'js' as const, transpose };
    jsWalks.set(key, (w = walked(columnTransfer(R, words, offset, options))));
  }
  return w;
};

describe('F by a transfer over the columns (columnTransfer)', () => {
  it.each([
    [3, 28200960n],
    [4, 29136487207403520n],
  ])('R = %i: F of every class = F by the recursion, both orientations; Σ orbit·F² = N (%s)', (R, N) => {
    const total = totalByRoute(R, (words, at) => {
      const { F } = columnTransfer(R, words, at);
      expect(columnTransfer(R, words, at, { transpose: true }).F).toBe(F);
      return F;
    });
    expect(total).toBe(N);
  });

  it('R = 5: the three classes F was checked on by three routes (data/6x2/halves-check-5x2.jsonl); any order', () => {
    const classes = configurationClasses(5);
    for (const [c, F] of [
      [96, 1574584320n],
      [234, 1305200640n],
      [3, 2694021120n],
    ] as const) {
      expect(columnTransfer(5, classes.words, c * 10).F).toBe(F);
      expect(columnTransfer(5, classes.words, c * 10, { transpose: true }).F).toBe(F);
    }
    // the box order (the worst) and a reversed one give the same F
    const classes4 = configurationClasses(4);
    for (const c of [7, 19]) {
      const F = columnTransfer(4, classes4.words, c * 8).F;
      expect(columnTransfer(4, classes4.words, c * 8, { order: [0, 1, 2, 3, 4, 5, 6, 7] }).F).toBe(F);
      expect(columnTransfer(4, classes4.words, c * 8, { order: [7, 6, 5, 4, 3, 2, 1, 0] }).F).toBe(F);
    }
  });

  it('R = 6: two K_{6,6} give 812,851,200² (Latin squares of order 6); a random class, both orientations agree', () => {
    expect(columnTransfer(6, [0, 0, 0, 0, 0, 0, 63, 63, 63, 63, 63, 63]).F).toBe(812851200n ** 2n);
    // a seeded random configuration whose transfer is among the cheap ones (~0.5 s a side)
    const words = [55, 48, 40, 8, 15, 16, 8, 55, 11, 31, 54, 37];
    const a = columnTransfer(6, words);
    const b = columnTransfer(6, words, 0, { transpose: true });
    expect(a.F).toBeGreaterThan(0n);
    expect(b.F).toBe(a.F);
    const c = columnTransfer(6, words, 0, { meet: false }); // from the front alone: one full state at the end
    expect(c.F).toBe(a.F);
    expect(c.states[c.states.length - 1]).toBe(1);
    expect(a.states.length + a.backStates.length).toBe(12);
  });

  it('WebAssembly and TypeScript: the same states and F (every 3×2, 4×2 class; 6×2 class 0 and a sampled one)', () => {
    const same = (R: number, words: ArrayLike<number>, offset: number, transpose: boolean): bigint => {
      const wasm = columnTransfer(R, words, offset, { engine: 'wasm', transpose });
      expect(walked(wasm)).toEqual(jsWalk(R, words, offset, transpose));
      return wasm.F;
    };
    for (const R of [3, 4]) {
      const classes = configurationClasses(R);
      for (let c = 0; c < classes.count; c++) for (const t of [false, true]) same(R, classes.words, c * 2 * R, t);
    }
    expect(same(6, [0, 0, 0, 0, 0, 0, 63, 63, 63, 63, 63, 63], 0, false)).toBe(812851200n ** 2n);
    // configuration 7 of data/6x2/columns-sample.jsonl (seeded random; ~0.3 s by the TypeScript), both orientations
    const words = [18, 47, 49, 28, 39, 26, 46, 37, 1, 56, 7, 24];
    expect(same(6, words, 0, true)).toBe(8553135194357760n);
    expect(same(6, words, 0, false)).toBe(8553135194357760n);
    // class 1100 of the 6×2 plan: three digits with word 0 and two pairs, 23 twin swaps (the six-row walk keys each
    // placement once by each swap's ranks); ~0.6 s by the TypeScript
    const twins = [0, 0, 0, 3, 3, 15, 52, 57, 60, 62, 63, 63];
    expect(same(6, twins, 0, false)).toBe(same(6, twins, 0, true));
  });

  it('sliced writes and sliced meeting sums (staged by slice of a table): the same states, transitions and F', () => {
    // the slices and the staging area made small by the test hook, so that tables of a few thousand slots take the
    // sliced writes (by default only tables of 2^18 slots or more do), with buckets filling, flushes stopping at a full
    // slice and going on after the table grows, and the meeting sum probing a backward table slice by slice with
    // buckets filling on the way; against the TypeScript, which never slices
    const hooks = wasmTransferTestLimits as Record<string, unknown>;
    const cases: [number, number[], boolean][] = [
      [6, [18, 47, 49, 28, 39, 26, 46, 37, 1, 56, 7, 24], false],
      [6, [18, 47, 49, 28, 39, 26, 46, 37, 1, 56, 7, 24], true],
    ];
    const classes = configurationClasses(4);
    for (let c = 0; c < classes.count; c += 7)
      cases.push([4, Array.from(classes.words.slice(8 * c, 8 * c + 8)), false]);
    for (const [R, words, transpose] of cases) {
      const js = jsWalk(R, words, 0, transpose);
      for (const [sliceBits, stageBytes] of [
        [4, 2 ** 14],
        [6, 2 ** 16],
        [8, 2 ** 20],
      ]) {
        Object.assign(hooks, { sliceBits, sliceFrom: sliceBits + 1, stageBytes });
        try {
          const wasm = columnTransfer(R, words, 0, { engine: 'wasm', transpose });
          expect(walked(wasm)).toEqual(js);
        } finally {
          for (const key of Object.keys(hooks)) delete hooks[key];
        }
      }
    }
  });

  it('WebAssembly falls back to the TypeScript past its limits (a count, the meeting sum, memory), F unchanged', () => {
    // configuration 7 of data/6x2/columns-sample.jsonl; the limits lowered by the test hook so that the core flags
    // an overflow (or runs out of memory) on it: the class is counted again by the TypeScript, so onColumn hears
    // the front's columns twice, and F is the file's. The count and the meeting sum overflow on two K_{6,6} too, a
    // tenth of the work (F = 812,851,200²); only configuration 7 needs more than 4 MB
    const c7 = { words: [18, 47, 49, 28, 39, 26, 46, 37, 1, 56, 7, 24], F: 8553135194357760n };
    const k66 = { words: [0, 0, 0, 0, 0, 0, 63, 63, 63, 63, 63, 63], F: 812851200n ** 2n };
    const plain = (c: typeof c7): number => columnTransfer(6, c.words, 0, { engine: 'wasm' }).states.length;
    const hooks = wasmTransferTestLimits as Record<string, unknown>;
    const heardWith = (c: typeof c7, limits: Record<string, unknown>): number => {
      Object.assign(hooks, limits);
      try {
        let heard = 0;
        expect(columnTransfer(6, c.words, 0, { engine: 'wasm', onColumn: () => heard++ }).F).toBe(c.F);
        return heard;
      } finally {
        for (const key of Object.keys(hooks)) delete hooks[key];
      }
    };
    const plainK66 = plain(k66);
    for (const limits of [{ count: 1000n }, { sum: 10n ** 18n }])
      expect(heardWith(k66, limits)).toBeGreaterThan(plainK66);
    expect(heardWith(k66, {})).toBe(plainK66); // the limits gone: no fallback
    const plainC7 = plain(c7);
    expect(heardWith(c7, { memoryBytes: 4_000_000 })).toBeGreaterThan(plainC7);
    // one instance a thread, kept from class to class: after a class that stopped midway with results staged (small
    // slices, too little memory), the next class starts clean
    expect(heardWith(c7, { sliceBits: 4, sliceFrom: 5, stageBytes: 2 ** 14, memoryBytes: 4_000_000 })).toBeGreaterThan(
      plainC7,
    );
    expect(walked(columnTransfer(6, c7.words, 0, { engine: 'wasm' }))).toEqual(jsWalk(6, c7.words, 0));
  });

  it('stops where asked; the row sets of the middle of the box order are 3,718,394,156,400', () => {
    const r = columnTransfer(3, [0, 0, 0, 7, 7, 7], 0, { maxColumns: 2, order: [0, 1, 2, 3, 4, 5] });
    expect(r.F).toBe(-1n);
    expect(r.states).toEqual([1, 1]); // the 3! pairings of the left digits with the right ones, one up to twins
    expect(rowSets(6, new Array<number>(12).fill(3), 6)).toBe(3718394156400);
    // 2×2 0/1 matrices with every line 1: the two permutation matrices
    expect(rowSets(2, [1, 1], 1)).toBe(2);
    const { order } = columnOrder(3, [7, 56, 7, 56, 7, 56], 6);
    expect([...order].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('refuses R outside 1..6', () => {
    expect(() => columnTransfer(7, new Array<number>(14).fill(0))).toThrow(/R = 7/);
  });
});
