import type { Writable } from 'node:stream';
import { processIo } from '../io/processIo.js';

/**
 * Lines to stdout, gathered and written a thousand at a time, at the pace of the reader: after each write that
 * fills the stream's buffer (`write` returns false), `ready()` waits for 'drain'. A command that makes lines
 * awaits `ready()` between pieces of work (a block of grids, a puzzle), so a slow or paused reader (`| sleep 60`,
 * `| less`) costs nothing: the work waits instead of the lines piling up in memory. (A reader that stops early,
 * `| head`, ends the process quietly: main.ts guards stdout for every command.)
 */
export interface LineOutput {
  push(line: string): void;
  /** Resolves when the stream can take more (at once unless a write filled its buffer). */
  ready(): Promise<void>;
  /** Write what is gathered, and wait until the stream has taken it. */
  flush(): Promise<void>;
}

const CHUNK = 1000;
/** Bytes gathered before a write even when fewer than CHUNK lines (a 36x36 grid is a 4 kB line). */
const CHUNK_BYTES = 1 << 16;

export function lineOutput(stream: Writable = processIo().stdout): LineOutput {
  let lines: string[] = [];
  let bytes = 0;
  let blocked: Promise<void> | null = null;
  const write = () => {
    if (lines.length === 0) return;
    const ok = stream.write(lines.join('\n') + '\n');
    lines = [];
    bytes = 0;
    if (!ok && blocked === null)
      blocked = new Promise<void>((resolve) => {
        const done = () => {
          stream.off('drain', done);
          stream.off('close', done);
          blocked = null;
          resolve();
        };
        stream.on('drain', done);
        stream.on('close', done);
      });
  };
  const ready = async () => {
    while (blocked !== null) await blocked;
  };
  return {
    push(line) {
      lines.push(line);
      bytes += line.length;
      if (lines.length === CHUNK || bytes >= CHUNK_BYTES) write();
    },
    ready,
    async flush() {
      write();
      await ready();
    },
  };
}
