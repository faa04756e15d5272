import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultThreads, maxWorkers, THREADS_ENV } from '../../../src/parallel/threads.js';

describe('defaultThreads', () => {
  const before = process.env[THREADS_ENV];
  afterEach(() => {
    if (before === undefined) delete process.env[THREADS_ENV];
    else process.env[THREADS_ENV] = before;
  });

  it('is min(2, cores), or SUDOKU_COUNT_THREADS when it is a whole number 1..maxWorkers()', () => {
    delete process.env[THREADS_ENV];
    expect(defaultThreads()).toBe(Math.max(1, Math.min(2, availableParallelism())));
    for (const v of ['1', '3', ` ${maxWorkers()} `]) {
      process.env[THREADS_ENV] = v;
      expect(defaultThreads()).toBe(Number(v));
    }
    // anything else leaves the default
    for (const v of ['', '0', '-1', '1.5', 'two', String(maxWorkers() + 1)]) {
      process.env[THREADS_ENV] = v;
      expect(defaultThreads(), v).toBe(Math.max(1, Math.min(2, availableParallelism())));
    }
  });
});
