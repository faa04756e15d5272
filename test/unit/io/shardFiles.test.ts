import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  planText,
  readPlan,
  readResult,
  resultText,
  type ShardPlan,
  type ShardResult,
} from '../../../src/io/shardFiles.js';
import { resealed } from '../../helpers/reseal.js';

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

describe('a plan names its count typed (issue 36: rules, not a name split on "+")', () => {
  const estimate = { sampled: 0, sampleSeconds: 0, setupSeconds: 0, unitSeconds: 0, shardSeconds: [1], memoryMB: 1 };
  const plan: Omit<ShardPlan, 'id'> = {
    method: 'variant',
    box: '3x2+x',
    spec: { route: 'variant', rules: { rows: 3, cols: 2, variants: ['x'] } },
    classes: 2,
    digest: '0123456789abcdef',
    shards: 1,
    units: 2,
    scale: 1,
    estimate,
    assignment: [[0, 1]],
    payload: null,
    combine: null,
    classList: null,
  };
  const dir = mkdtempSync(join(tmpdir(), 'plan-spec-'));

  it('a plan written now carries its rules and reads them back', () => {
    const path = join(dir, 'plan.json');
    const { text } = planText(plan);
    expect(text).toContain('"rules":{"rows":3,"cols":2,"variants":["x"]}');
    writeFileSync(path, text);
    expect(readPlan(path).spec).toEqual(plan.spec);
  });

  it('a plan written before plans carried rules reads them from its method and box', () => {
    const path = join(dir, 'old.json');
    const { text } = planText(plan);
    writeFileSync(
      path,
      resealed(text, (b) => b.replace(',"rules":{"rows":3,"cols":2,"variants":["x"]}', '')),
    );
    expect(readPlan(path).spec).toEqual(plan.spec);
  });

  it("rules that do not name the plan's count are refused in one line", () => {
    const path = join(dir, 'edited.json');
    writeFileSync(
      path,
      resealed(planText(plan).text, (b) => b.replace('"variants":["x"]', '"variants":["windoku"]')),
    );
    expect(() => readPlan(path)).toThrow(/"rules" name 3x2\+windoku, not the plan's count 3x2\+x/);
  });
});
