import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/runCli.js';
import { processIo, realProcessIo, withProcessIo, type ProcessIo } from '../../../src/io/processIo.js';

/** A process of a test's own: stdin holds `input`, stdout and stderr are kept; `onStop` as given (none: never). */
function fakeProcess(input = '', onStop: ProcessIo['onStop'] = () => () => {}) {
  const out: string[] = [],
    err: string[] = [];
  const sink = (into: string[]) =>
    new Writable({
      decodeStrings: false,
      write(chunk: Buffer | string, _encoding, done) {
        into.push(String(chunk));
        done();
      },
    });
  const io: ProcessIo = {
    stdout: sink(out),
    stderr: sink(err),
    stdin: Readable.from(input === '' ? [] : [input]),
    env: { CI: 'true' },
    command: ['node', 'sudoku-count'],
    onStop,
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

const argv = (...args: string[]): string[] => ['node', 'sudoku-count', ...args];

/** What a run may not touch of the real process. */
const processState = () => ({
  exitCode: process.exitCode,
  sigint: process.listenerCount('SIGINT'),
  sigterm: process.listenerCount('SIGTERM'),
  cwd: process.cwd(),
  env: { ...process.env },
});

describe('runCli: the command line in a process it is given', () => {
  it('two runs at once read their own stdin and write their own stdout; the real process left as it was', async () => {
    const before = processState();
    const [a, b] = [fakeProcess('0\n'), fakeProcess('7\n')];
    const codes = await Promise.all([
      runCli(argv('unrank', '--box', '2x2', '-'), a.io),
      runCli(argv('unrank', '--box', '2x2', '-'), b.io),
    ]);
    expect(codes).toEqual([0, 0]);
    expect(a.stdout()).not.toBe(b.stdout());
    // each grid ranked back, again two runs at once, each from its own stdin
    const [ra, rb] = [fakeProcess(a.stdout()), fakeProcess(b.stdout())];
    expect(
      await Promise.all([
        runCli(argv('rank', '--box', '2x2', '-'), ra.io),
        runCli(argv('rank', '--box', '2x2', '-'), rb.io),
      ]),
    ).toEqual([0, 0]);
    expect([ra.stdout(), rb.stdout()]).toEqual(['0\n', '7\n']);
    expect([a.stderr(), b.stderr(), ra.stderr(), rb.stderr()]).toEqual(['', '', '', '']);
    expect(processState()).toEqual(before);
  });

  it('bad input: status 2 and one line on its stderr; commander writes to its streams too (--help)', async () => {
    const before = processState();
    const bad = fakeProcess();
    expect(await runCli(argv('count', '--box', '0x3'), bad.io)).toBe(2);
    expect(bad.stdout()).toBe('');
    expect(bad.stderr()).toMatch(/^sudoku-count: .*--box.*0x3.*at least 1[^\n]*\n$/);
    const unknown = fakeProcess();
    expect(await runCli(argv('count', '--frobnicate'), unknown.io)).toBe(2);
    expect(unknown.stderr()).toMatch(/^sudoku-count: error: unknown option '--frobnicate'\n$/);
    const help = fakeProcess();
    expect(await runCli(argv('count', '--help'), help.io)).toBe(0);
    expect(help.stdout()).toMatch(/^Usage: sudoku-count count /);
    expect(help.stderr()).toBe('');
    expect(processState()).toEqual(before);
  });

  it("a stop request (the process's onStop) ends a long run: status 143 for SIGTERM, 130 for SIGINT", async () => {
    const stopAfter =
      (signal: NodeJS.Signals): ProcessIo['onStop'] =>
      (listener) => {
        const t = setTimeout(() => listener(signal), 100);
        return () => clearTimeout(t);
      };
    const long = argv('estimate', '--method', 'knuth', '--box', '2x2', '--seconds', '60', '--seed', '1');
    for (const [signal, status] of [
      ['SIGTERM', 143],
      ['SIGINT', 130],
    ] as const) {
      const p = fakeProcess('', stopAfter(signal));
      const t0 = performance.now();
      expect(await runCli(long, p.io)).toBe(status);
      expect(performance.now() - t0).toBeLessThan(30_000); // stopped, not run out: 60 s asked
      expect(p.stderr()).toMatch(/^sudoku-count: interrupted after/);
    }
  });
});

describe('processIo: per asynchronous flow', () => {
  it("each flow sees the process it was given, across awaits and timers; outside any, the real process's", async () => {
    const [a, b] = [fakeProcess().io, fakeProcess().io];
    const seen = async (io: ProcessIo) =>
      withProcessIo(io, async () => {
        await new Promise((r) => setTimeout(r, 5));
        const afterTimer = processIo();
        await Promise.resolve();
        return [afterTimer, processIo()];
      });
    const [inA, inB] = await Promise.all([seen(a), seen(b)]);
    expect(inA[0]).toBe(a);
    expect(inA[1]).toBe(a);
    expect(inB[0]).toBe(b);
    expect(inB[1]).toBe(b);
    expect(processIo()).toBe(realProcessIo());
    expect(realProcessIo().stdout).toBe(process.stdout);
    expect(realProcessIo().env).toBe(process.env);
  });
});
