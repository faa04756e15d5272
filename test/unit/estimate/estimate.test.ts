import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { createEstimator } from '../../../src/estimate/createEstimator.js';
import { batchPool, estimate } from '../../../src/estimate/estimate.js';
import { METHOD_NAMES } from '../../../src/estimate/estimator.js';
import { ExactSum } from '../../../src/estimate/exactSum.js';
import { nthBit } from '../../../src/grid/bits.js';
import { randomBelow } from '../../../src/random/randomBelow.js';
import { puzzleCounter } from '../../../src/solve/countSolutions.js';
import { dlxCount } from '../../helpers/dlx.js';
import type { BatchRecord } from '../../../src/estimate/runBatch.js';
import { streamStates } from '../../../src/random/streamStates.js';
import type { EstimateResult } from '../../../src/estimate/summarizeBatches.js';
import { parseBoxShape } from '../../../src/grid/shape.js';

const N2x3 = 28_200_960n;

/** The fields that depend on time or threads; everything else must be identical between equivalent runs. */
/** onBatch: each batch's record kept in `list`. */
const into =
  <T>(list: T[]) =>
  (r: T): void => {
    list.push(r);
  };

function deterministic(r: EstimateResult): Partial<EstimateResult> {
  const { seconds: _s, samplesPerSecond: _p, efficiency: _e, workers: _w, measures, ...rest } = r;
  const { eff: _f, ...timeless } = measures; // EFF divides by CPU time
  return { ...rest, measures: { ...timeless, eff: null } };
}

describe('reproducible runs', () => {
  // Each thread runs several batches, so a sampler that carried state from one sample to the next
  // (a shuffled order, say) would make a batch depend on the batches its thread ran before.
  it.each([...METHOD_NAMES.map((m) => [m, '2x2'] as const), ['knuth-mrv', '2x3'] as const])(
    '1 and 2 workers give identical results: %s on %s',
    async (method, box) => {
      const base = { method, box, seed: 42, samples: 50_000, batchSize: 3_000, exact: null };
      const batches1: BatchRecord[] = [],
        batches2: BatchRecord[] = [];
      const one = await estimate({
        ...base,
        workers: 1,
        onBatch: into(batches1),
      });
      const two = await estimate({
        ...base,
        workers: 2,
        onBatch: into(batches2),
      });
      expect(one.batches).toBe(17); // 16 full batches and one of 2,000
      expect(one.samples).toBe(50_000);
      expect(deterministic(two)).toEqual(deterministic(one));
      expect(two.workers).toBe(2);
      // batch by batch, not only in total (crude's total is a hit count, which could coincide by chance)
      expect([...batches2].sort((a, b) => a.batch - b.batch)).toEqual(batches1);
    },
  );

  it('a --seconds run equals the --samples run with the samples it completed', async () => {
    const timed = await estimate({
      method: 'knuth',
      box: '2x3',
      seed: 9,
      seconds: 0.4,
      batchSize: 1_000,
      workers: 2,
      exact: N2x3,
    });
    expect(timed.samples).toBe(timed.batches * 1_000);
    expect(timed.batches).toBeGreaterThanOrEqual(1); // however loaded the machine: a timed run ends after a batch
    const counted = await estimate({
      method: 'knuth',
      box: '2x3',
      seed: 9,
      samples: timed.samples,
      batchSize: 1_000,
      workers: 1,
      exact: N2x3,
    });
    expect(deterministic(counted)).toEqual(deterministic(timed));
  });

  it('different seeds and different batches draw different samples', async () => {
    const options = {
      method: 'knuth-mrv',
      box: '2x3',
      samples: 4_000,
      batchSize: 2_000,
      workers: 1,
      exact: null,
    } as const;
    const a = await estimate({ ...options, seed: 1 });
    const b = await estimate({ ...options, seed: 2 });
    expect(a.sum).not.toBe(b.sum);
    const records: BatchRecord[] = [];
    await estimate({
      ...options,
      seed: 1,
      onBatch: into(records),
    });
    expect(records.map((r) => r.batch)).toEqual([0, 1]);
    expect(records[0].sum).not.toBe(records[1].sum);
  });

  it("stream b is the seed's generator jumped b times", () => {
    const states = streamStates(77);
    const g = xoroshiro128plus(77);
    expect(states(0)).toEqual(g.getState());
    g.jump();
    g.jump();
    g.jump();
    expect(states(3)).toEqual(g.getState());
    expect(states(1)).not.toEqual(states(3)); // going back restarts from the seed
    expect(() => streamStates(-1)).toThrow(/seed/);
    expect(() => streamStates(2 ** 32)).toThrow(/seed/);
  });

  it('resuming from any subset of finished batches gives the uninterrupted result', async () => {
    const base = { method: 'knuth-mrv', box: '2x3', seed: 5, samples: 30_000, batchSize: 1_000, exact: N2x3 } as const;
    const records: BatchRecord[] = [];
    const full = await estimate({
      ...base,
      workers: 2,
      onBatch: into(records),
    });
    expect(records).toHaveLength(30);
    // a kill leaves holes: keep batches 0..19 except every third, in completion order
    const kept = records.filter((r) => r.batch < 20 && r.batch % 3 !== 1);
    // resumed from `batches` (seconds `elapsed` so far): the result, and the batches run now
    const resume = async (workers: number, batches: typeof records, elapsed: number) => {
      const ran: number[] = [];
      const r = await estimate({
        ...base,
        workers,
        resume: { batches, elapsed },
        onBatch: (b) => void ran.push(b.batch),
      });
      return [r, ran] as const;
    };
    const [resumed, rerun] = await resume(1, kept, 1.5);
    expect(deterministic(resumed)).toEqual(deterministic(full));
    expect(rerun.sort((a, b) => a - b)).toEqual([
      1,
      4,
      7,
      10,
      13,
      16,
      19,
      ...Array.from({ length: 10 }, (_, i) => 20 + i),
    ]);
    expect(resumed.seconds).toBeGreaterThanOrEqual(1.5); // wall time adds up over sessions
    // a checkpoint holding everything: nothing runs
    const [again, none] = await resume(2, records, 2);
    expect(none).toEqual([]);
    expect(deterministic(again)).toEqual(deterministic(full));
  });

  it('resume rejects batches that do not belong to the run', async () => {
    const bad: BatchRecord = { batch: 40, samples: 1_000, sum: 1n, sumSq: 1n, nonzero: 1, max: 1n };
    await expect(
      estimate({
        method: 'knuth',
        box: '2x3',
        seed: 5,
        samples: 30_000,
        batchSize: 1_000,
        exact: null,
        resume: { batches: [bad], elapsed: 0 },
      }),
    ).rejects.toThrow(/does not belong/);
  });
});

describe('exact sums', () => {
  it('Σx and Σx² of huge whole numbers are exact, where doubles would drift', () => {
    const sum = new ExactSum(),
      sq = new ExactSum();
    let refSum = 0n,
      refSq = 0n,
      naive = 0;
    const rng = xoroshiro128plus(3);
    for (let k = 0; k < 20_000; k++) {
      // products of 1..30 small factors, like Knuth samples: up to ~10^28, whole doubles (exact while < 2^53)
      let x = 1;
      const f = 1 + randomBelow(rng, 30);
      for (let j = 0; j < f; j++) x *= 1 + randomBelow(rng, 9);
      sum.add(x);
      sq.addSquare(x);
      refSum += BigInt(x);
      refSq += BigInt(x) * BigInt(x);
      naive += x;
    }
    expect(sum.toBigInt()).toBe(refSum);
    expect(sq.toBigInt()).toBe(refSq);
    // 2^60 + 1 + 1 + …: doubles lose every 1
    const s = new ExactSum();
    s.add(2 ** 60);
    for (let k = 0; k < 1000; k++) s.add(1);
    expect(s.toBigInt()).toBe(2n ** 60n + 1000n);
    expect(naive).not.toBe(Number(refSum) + 1); // (sanity: the reference is not trivially the double sum)
    s.reset();
    expect(s.toBigInt()).toBe(0n);
  });

  it('squares of numbers above 2^53 are split exactly', () => {
    const x = 2 ** 60 + 2 ** 8; // whole, > 2^53
    const sq = new ExactSum();
    sq.addSquare(x);
    expect(sq.toBigInt()).toBe(BigInt(x) * BigInt(x));
  });
});

describe('ridder is knuth in another guise', () => {
  it.each(['2x3', '3x3'])('same stream, same samples (%s)', (box) => {
    const shape = parseBoxShape(box);
    const knuth = createEstimator({ method: 'knuth', shape });
    const ridder = createEstimator({ method: 'ridder', shape });
    const state = xoroshiro128plus(2024).getState();
    const a = xoroshiro128plusFromState(state),
      b = xoroshiro128plusFromState(state);
    let nonzero = 0,
      worst = 0;
    for (let k = 0; k < 20_000; k++) {
      const x = knuth.sample(a),
        y = ridder.sample(b);
      if (x > 0) nonzero++;
      worst = Math.max(worst, x === y ? 0 : Math.abs(x - y) / x);
    }
    // the two products round in a different order once above 2^53; the draws are the same
    expect(worst).toBeLessThan(1e-14);
    expect(a.getState()).toEqual(b.getState());
    expect(nonzero).toBeGreaterThan(box === '2x3' ? 2_000 : 10);
  });
});

describe("the hybrid's exact counts come from the solve engine", () => {
  /** A random consistent partial grid: K cells in random order, each a random legal digit (retry dead ends). */
  function randomPartial(box: string, fill: number, rng: ReturnType<typeof xoroshiro128plus>): Uint8Array {
    const s = parseBoxShape(box);
    const { rows: R, cols: C, n } = s;
    for (;;) {
      const g = new Uint8Array(n * n);
      const order = Array.from({ length: n * n }, (_, i) => i);
      let ok = true;
      for (let k = 0; k < fill && ok; k++) {
        const j = k + randomBelow(rng, n * n - k);
        [order[j], order[k]] = [order[k], order[j]];
        const i = order[k],
          r = Math.floor(i / n),
          c = i % n;
        let used = 0;
        for (let q = 0; q < n * n; q++) {
          const rq = Math.floor(q / n),
            cq = q % n;
          const peer =
            rq === r ||
            cq === c ||
            (Math.floor(rq / R) === Math.floor(r / R) && Math.floor(cq / C) === Math.floor(c / C));
          if (peer && g[q]) used |= 1 << (g[q] - 1);
        }
        const legal = ((1 << n) - 1) & ~used;
        if (!legal) {
          ok = false;
          break;
        }
        let cnt = 0;
        for (let m = legal; m; m &= m - 1) cnt++;
        g[i] = 32 - Math.clz32(nthBit(legal, randomBelow(rng, cnt)));
      }
      if (ok) return g;
    }
  }

  it('agrees with the DLX oracle on random partial grids of the kind the hybrid makes', () => {
    const rng = xoroshiro128plus(11);
    for (const [box, fill, count] of [
      ['2x2', 4, 60],
      ['2x3', 10, 60],
      ['3x3', 30, 40],
    ] as const) {
      const shape = parseBoxShape(box);
      const counter = puzzleCounter(shape);
      let nonzero = 0;
      for (let k = 0; k < count; k++) {
        const g = randomPartial(box, fill, rng);
        const mine = counter.count(g).count;
        expect(mine).toBe(dlxCount(g, { box: shape }).count);
        if (mine > 0) nonzero++;
      }
      expect(nonzero).toBeGreaterThan(0);
    }
  });

  it('counts whole grids: 2x2 = 288, 2x3 with row 1 given = N/6! = 39,168', () => {
    expect(puzzleCounter(parseBoxShape('2x2')).count(new Uint8Array(16)).count).toBe(288);
    const g = new Uint8Array(36);
    for (let c = 0; c < 6; c++) g[c] = c + 1;
    expect(puzzleCounter(parseBoxShape('2x3')).count(g).count).toBe(Number(N2x3 / 720n));
  });
});

describe('estimate on a shared pool (compareEstimators runs every method on one)', () => {
  it('gives the result of its own pool, leaves the pool open, and refuses a pool of another size', async () => {
    const box = parseBoxShape('2x3');
    const pool = batchPool(2);
    try {
      const run = (method: 'knuth' | 'crude', shared?: typeof pool) =>
        estimate({ method, box, seed: 9, samples: 20_000, batchSize: 4096, workers: 2, exact: null }, shared);
      const strip = (r: EstimateResult) => ({ ...r, seconds: 0, samplesPerSecond: 0, efficiency: 0, measures: null });
      const own = await run('knuth');
      expect(strip(await run('knuth', pool))).toEqual(strip(own));
      // still open: a second method runs on the same threads
      expect((await run('crude', pool)).samples).toBe(20_000);
      await expect(
        estimate({ method: 'knuth', box, seed: 9, samples: 100, workers: 1, exact: null }, pool),
      ).rejects.toThrow(/a pool of 2 threads/);
    } finally {
      await pool.close();
    }
  });
});
