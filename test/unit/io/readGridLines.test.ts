import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGridLines } from '../../../src/io/readGridLines.js';
import { tempDir } from '../../helpers/tempDir.js';

async function all(path: string) {
  const out = [];
  for await (const l of readGridLines(path)) out.push(l);
  return out;
}

describe('readGridLines', () => {
  it('streams lines across chunks, with their numbers; BOM, CRLF, comments, notes, no final newline', async () => {
    const dir = tempDir();
    const f = join(dir, 'g.txt');
    const body: string[] = ['\ufeff# header'];
    for (let i = 0; i < 5000; i++) body.push(String(i).padStart(81, '7') + (i % 3 === 0 ? ':note' : ''));
    body.push('', '   # indented comment');
    body.push('last');
    writeFileSync(f, body.join('\r\n'));
    const lines = await all(f);
    expect(lines).toHaveLength(5001); // 410 KB: several 64 KiB chunks
    expect(lines[0]).toEqual({ source: f, line: 2, text: '0'.padStart(81, '7') });
    expect(lines[4999].text).toBe('4999'.padStart(81, '7'));
    expect(lines[4999].line).toBe(5001);
    expect(lines[5000]).toEqual({ source: f, line: 5004, text: 'last' });
  });
});
