import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lineOutput } from '../../../src/cli/lineOutput.js';

/** A stream whose reader is paused: it takes every write but says "full", and drains only when told. */
function pausedReader(): { stream: Writable; written: string[]; drain(): void } {
  const written: string[] = [];
  const stream = new Writable({ highWaterMark: 16 });
  stream.write = ((chunk: string) => {
    written.push(chunk);
    return false;
  }) as Writable['write'];
  return { stream, written, drain: () => stream.emit('drain') };
}

const settled = async (p: Promise<void>): Promise<boolean> => {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  return done;
};

describe('lines to a reader, at its pace', () => {
  it('after a write the reader has not taken, ready() waits for drain: a paused reader holds the work', async () => {
    const r = pausedReader();
    const out = lineOutput(r.stream);
    for (let i = 0; i < 999; i++) out.push(`line ${i}`);
    expect(await settled(out.ready())).toBe(true); // nothing written yet: nothing to wait for
    out.push('line 999'); // the thousandth line: one write, which the paused reader does not take
    expect(r.written).toHaveLength(1);
    expect(r.written[0].split('\n')).toHaveLength(1001); // 1,000 lines and the last newline
    const waiting = out.ready();
    expect(await settled(waiting)).toBe(false);
    r.drain();
    expect(await settled(waiting)).toBe(true);
  });

  it('flush() writes what is gathered and waits until it is taken; a long line goes out at once', async () => {
    const r = pausedReader();
    const out = lineOutput(r.stream);
    out.push('x'.repeat(70_000));
    expect(r.written).toHaveLength(1);
    out.push('short');
    const flushed = out.flush();
    expect(await settled(flushed)).toBe(false);
    r.drain();
    expect(await settled(flushed)).toBe(true);
    expect(r.written.join('')).toBe(`${'x'.repeat(70_000)}\nshort\n`);
  });
});
