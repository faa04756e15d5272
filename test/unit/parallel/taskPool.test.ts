import { describe, expect, it } from 'vitest';
import { PoolClosedError, taskPool } from '../../../src/parallel/taskPool.js';

const module = new URL('../../../src/count/completionsTask.js', import.meta.url);

describe('a pool whose own thread works beside its workers', () => {
  it('answers every task, in the order asked, with a warm-up first; a closed pool refuses', async () => {
    const pool = taskPool(module, 2, {
      thisThreadWorks: true,
      warmUp: { task: 'prepare', input: { rows: 3, cols: 3 } },
    });
    expect(pool.threads).toBe(2);
    const shapes = [
      [3, 3],
      [3, 2],
      [2, 3],
      [2, 2],
      [3, 3],
      [4, 2],
    ];
    const answers = await Promise.all(shapes.map(([rows, cols]) => pool.run<boolean>('prepare', { rows, cols })));
    expect(answers).toEqual(shapes.map(([, cols]) => cols === 3)); // true where the WebAssembly core takes the shape
    await expect(pool.run('no such task', {})).rejects.toThrow();
    await pool.close();
    await expect(pool.run('prepare', { rows: 3, cols: 3 })).rejects.toBeInstanceOf(PoolClosedError);
  });
});
