import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readResult, resultText, type ShardResult } from '../../../src/io/shardFiles.js';

/** The same JSON object on one line, sealed again: not laid out as sealed() writes it. */
function oneLine(text: string): string {
  const body = text
    .slice(0, text.lastIndexOf(',"sha256":"'))
    .replace(/\[\n {2}/g, '[')
    .replace(/,\n {2}/g, ',');
  const flat = body.replace(/\n\]/g, ']');
  return `${flat},"sha256":"${createHash('sha256').update(flat).digest('hex')}"}\n`;
}

describe('shard result files', () => {
  it('are read by sections as by the exact reader over the whole text, values past 2^53 exactly', () => {
    const result: ShardResult = {
      plan: '0123456789abcdef',
      method: 'column-sets',
      box: '4x2',
      classes: 3,
      digest: 'd',
      units: 5,
      combined: true,
      shards: 2,
      shard: 1,
      facts: { memoEntries: 3 },
      seconds: 1.5,
      cpuSeconds: 1.25,
      values: new Map([
        [0, 7n],
        [3, 1152921504606846977n],
        [4, 0n],
      ]),
    };
    const dir = mkdtempSync(join(tmpdir(), 'shard-files-'));
    const text = resultText(result);
    const [laidOut, flat] = [join(dir, 'a.json'), join(dir, 'b.json')];
    writeFileSync(laidOut, text);
    writeFileSync(flat, oneLine(text));
    expect(oneLine(text)).not.toContain('\n  ');
    expect(readResult(laidOut)).toEqual(result);
    expect(readResult(flat)).toEqual(result);
    // a value line that is not a whole number: refused by name either way
    const bad = text.replace('[4,0]', '[4,-1]');
    writeFileSync(laidOut, oneLine(bad)); // on one line, sealed again
    expect(() => readResult(laidOut)).toThrow(/the value of unit 4 is not a whole number/);
    const sealedBad = bad.slice(0, bad.lastIndexOf(',"sha256":"'));
    writeFileSync(laidOut, `${sealedBad},"sha256":"${createHash('sha256').update(sealedBad).digest('hex')}"}\n`);
    expect(() => readResult(laidOut)).toThrow(/the value of unit 4 is not a whole number/);
  });
});
