import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGrid } from '../../../src/grid/parseGrid.js';
import { SHAPE_3X3 } from '../../../src/grid/shape.js';
import { BitboardCounter9 } from '../../../src/solve/bitboardCounter9.js';
import { puzzleCounter } from '../../../src/solve/countSolutions.js';
import { Fast9Counter, fast9Available, loadFast9 } from '../../../src/solve/fast9/fast9Counter.js';
import { dlxCount } from '../../helpers/dlx.js';
import { rng as seeded } from '../../helpers/naive.js'; // mulberry32: every run draws the same grids
import { PUZZLES, ROOT } from '../../helpers/paths.js';

const lines = (file: string) =>
  readFileSync(join(PUZZLES, file), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

/** Everything a search reports, and the solution it wrote. */
function run(
  c: { count: BitboardCounter9['count'] },
  g: ArrayLike<number>,
  limit: number,
  guide?: Parameters<BitboardCounter9['count']>[3],
) {
  const s = new Uint8Array(81);
  const r = c.count(g, limit, s, guide);
  return { ...r, aborted: r.aborted === true, solution: r.solved ? Array.from(s).join('') : null };
}

describe('fast9: the WebAssembly core', () => {
  // first in the file, so the core is not compiled yet: this takes the asynchronous path a browser page needs
  it('compiles asynchronously (loadFast9, for a browser main thread), then counts', async () => {
    expect(await loadFast9()).toBe(true);
    const c = new Fast9Counter();
    expect(c.usesCore).toBe(true);
    expect(c.count(parseGrid(SHAPE_3X3, lines('top1465.txt')[0]), 2).count).toBe(1);
  });

  it('is built and runs in Node, and 9×9 puzzles go to it', () => {
    expect(fast9Available()).toBe(true);
    expect(new Fast9Counter().usesCore).toBe(true);
    expect(puzzleCounter(SHAPE_3X3)).toBeInstanceOf(Fast9Counter);
  });

  it('loads without Node: its modules import nothing but each other, and use no Node globals', () => {
    const dir = join(ROOT, 'dist', 'solve');
    const files = [
      'fast9/fast9Counter.js',
      'fast9/fast9VariantCounter.js',
      'fast9/fast9Binary.js',
      'bitboardCounter9.js',
    ];
    for (const f of [...files, 'variantCounter9.js', 'countCache.js', '../grid/bits.js', '../grid/wasmInstance.js']) {
      const text = readFileSync(join(dir, f), 'utf8');
      for (const m of text.matchAll(/^import [^;]*? from '([^']+)'/gm))
        expect({ f, relative: /^\.\.?\//.test(m[1]) }).toEqual({ f, relative: true });
      expect({ f, node: /\b(process|Buffer|require)\b|node:/.test(text) }).toEqual({ f, node: false });
    }
  });

  it('counts the golden puzzle file as recorded (limits 1 and 2)', () => {
    const c = new Fast9Counter();
    const rows = lines('counted.txt');
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      const [p, count] = row.split(':');
      for (const limit of [1, 2]) {
        const r = c.count(parseGrid(SHAPE_3X3, p), limit);
        expect({ p, limit, count: r.count }).toEqual({ p, limit, count: Math.min(Number(count), limit) });
      }
    }
  });

  // the same search as BitboardCounter9: same counts, same first solution, same number of branches
  it('searches exactly as BitboardCounter9 on top1465, forum-hardest and a sample of royle17', () => {
    const fast = new Fast9Counter();
    const ts = new BitboardCounter9();
    const puzzles = [
      ...lines('top1465.txt'),
      ...lines('forum-hardest-375.txt'),
      ...lines('royle17.txt').filter((_, i) => i % 25 === 0),
    ];
    let branches = 0;
    for (const p of puzzles) {
      const g = parseGrid(SHAPE_3X3, p);
      for (const limit of [1, 2]) {
        const a = run(fast, g, limit);
        expect({ p, limit, ...a }).toEqual({ p, limit, ...run(ts, g, limit) });
        branches += a.nodes;
      }
    }
    expect(branches).toBeGreaterThan(100_000); // the searches did branch
  });

  // 37.6 branches per puzzle before the triad rule, 26.9 with it, 17.2 with it and the choice of bivalue cell
  it('checks top1465 for uniqueness in under 20 branches per puzzle (triad rule, bivalue cell with most peers)', () => {
    const fast = new Fast9Counter();
    const puzzles = lines('top1465.txt');
    let branches = 0;
    for (const p of puzzles) branches += fast.count(parseGrid(SHAPE_3X3, p), 2).nodes;
    expect(branches / puzzles.length).toBeLessThan(20);
  });

  it('follows guides (prefer, notCell, maxNodes) and meets dead ends exactly as BitboardCounter9', () => {
    const fast = new Fast9Counter();
    const ts = new BitboardCounter9();
    const rnd = seeded(0xfa59);
    const full = parseGrid(SHAPE_3X3, lines('counted.txt')[0].split(':')[2]);
    let aborted = 0;
    let none = 0;
    for (let t = 0; t < 300; t++) {
      const keep = 0.2 + 0.3 * rnd();
      const g = full.map((d) => (rnd() < keep ? d : 0));
      // now and then a clashing or misleading extra given
      if (rnd() < 0.2) g[Math.floor(rnd() * 81)] = 1 + Math.floor(rnd() * 9);
      const open = Array.from(g.keys()).filter((i) => g[i] === 0);
      const guides = [
        undefined,
        { prefer: full },
        { prefer: full, notCell: open[Math.floor(rnd() * open.length)] ?? -1 },
        { maxNodes: 1 + Math.floor(rnd() * 20) },
      ];
      for (const guide of guides)
        for (const limit of [1, 2]) {
          const a = run(fast, g, limit, guide);
          expect({ t, limit, ...a }).toEqual({ t, limit, ...run(ts, g, limit, guide) });
          if (a.aborted) aborted++;
          if (a.count === 0 && !a.aborted) none++;
        }
    }
    expect(aborted).toBeGreaterThan(10);
    expect(none).toBeGreaterThan(10);
  });

  it('hands counts above 2 to BitboardCounter9; without the core, everything', () => {
    const g = parseGrid(SHAPE_3X3, '123456789456789123789123456' + '.'.repeat(54));
    const bb = new BitboardCounter9().count(g, 70_000);
    expect(bb.count).toBe(70_000);
    for (const c of [new Fast9Counter(), new Fast9Counter('typescript')]) {
      const tick = () => {};
      c.onTick = tick;
      expect(c.onTick).toBe(tick);
      expect(c.count(g, 70_000)).toEqual(bb);
    }
    const slow = new Fast9Counter('typescript');
    expect(slow.usesCore).toBe(false);
    const p = lines('forum-hardest-375.txt')[0];
    expect(run(slow, parseGrid(SHAPE_3X3, p), 2)).toEqual(run(new Fast9Counter(), parseGrid(SHAPE_3X3, p), 2));
  });

  it('agrees with the DLX oracle on partial grids with several solutions', () => {
    const c = new Fast9Counter();
    const rnd = seeded(0x9f9);
    const full = parseGrid(SHAPE_3X3, lines('counted.txt')[1].split(':')[2]);
    let several = 0;
    for (let t = 0; t < 40; t++) {
      const g = full.map((d) => (rnd() < 0.3 ? d : 0));
      const want = dlxCount(g, { box: SHAPE_3X3, limit: 2 }).count;
      if (want === 2) several++;
      expect({ t, count: c.count(g, 2).count }).toEqual({ t, count: want });
    }
    expect(several).toBeGreaterThan(5);
  });
});
