import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { puzzleRater } from '../../../../src/puzzle/puzzleRater.js';
import { TECHNIQUES } from '../../../../src/puzzle/techniques.js';
import { SHAPE_3X3 } from '../../../../src/grid/shape.js';
import { run } from '../../../../src/web/jobs/puzzleJob.js';
import { PUZZLES } from '../../../helpers/paths.js';
import { puzzleLines } from '../../../helpers/puzzleChecks.js';

const hardest = puzzleLines(readFileSync(join(PUZZLES, 'forum-hardest-375.txt'), 'utf8'));
const hint = (cells: number[]) => run({ op: 'hint', box: '3x3', variant: '', cells: Uint8Array.from(cells) });

describe('the hint job (the Play page): the next step, never a trial', () => {
  it('gives the rater’s first step when it is below the trials', async () => {
    const p = hardest[0];
    const r = await hint(p);
    const first = puzzleRater(SHAPE_3X3).rate(p, { steps: true, firstStep: true }).steps![0];
    expect(first.place).toBeDefined();
    expect('step' in r && r.step.place).toEqual(first.place);
  });

  it('says the next step is a trial when it is, without looking for it', async () => {
    // forum-hardest #3: its first step is dynamic forcing chains (+), a trial of every candidate
    const p = hardest[3];
    const full = puzzleRater(SHAPE_3X3).rate(p, { steps: true, firstStep: true });
    expect(TECHNIQUES[full.steps![0].technique].tier).toBe('trial');
    expect(full.steps).toHaveLength(1);
    const r = await hint(p);
    expect('stop' in r && r.stop).toMatch(/^The next step needs more than the forcing chains: a trial \(SE 9/);
  });
});
