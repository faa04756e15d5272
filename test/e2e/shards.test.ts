import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkpointText, planText, readPlan, readResult, readShardPlan } from '../../src/io/shardFiles.js';
import { cli, cliProcess, lastLine, oneLine, tempDir } from '../helpers/cli.js';

/**
 * The shard protocol end to end, with plain processes (what a Slurm array or a Kubernetes Indexed Job runs): plan →
 * shards → merge gives the one-machine N, for 9×9 (band method) and a small column-set count (4×2 by column sets,
 * 2×4 transposed); and the bad inputs and faults of the protocol, each one line with status 2.
 */

describe('count --plan / --shard / --merge (9x9, band method)', () => {
  const dir = tempDir();
  const plan = join(dir, 'plan.json');
  const results = join(dir, 'results');
  let oneMachine = '';

  beforeAll(async () => {
    mkdirSync(results);
    const [made, one] = await Promise.all([cli(['count', '--plan', plan, '--shards', '3']), cli(['count'])]);
    expect(made.code, made.stderr).toBe(0);
    oneMachine = lastLine(one.stdout);
  });

  it('the plan names the count, its class list and every class once, balanced', () => {
    const p = readPlan(plan);
    expect([p.method, p.box, p.classes, p.units, p.shards]).toEqual(['bands', '3x3', 416, 416, 3]);
    expect(p.assignment.map((ids) => ids.length)).toEqual([139, 139, 138]);
    expect(new Set(p.assignment.flat()).size).toBe(416);
    expect(p.estimate.shardSeconds).toHaveLength(3);
    // the class list, so that shards and the merge need not classify the bands again
    expect(p.classList?.rows).toHaveLength(416);
    expect(p.classList?.facts).toMatchObject({ bands: 2612736, lexReduced: 36288, groupOrder: 7776 });
  });

  it('shards (index from --shard, SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX) give the one-machine N', async () => {
    const runs = await Promise.all([
      cli(['count', '--plan', plan, '--shard', '0', '--out', results, '--workers', '1']),
      cli(['count', '--plan', plan, '--out', results, '--workers', '1'], { env: { SLURM_ARRAY_TASK_ID: '1' } }),
      cli(['count', '--plan', plan, '--out', results, '--workers', '1'], { env: { JOB_COMPLETION_INDEX: '2' } }),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(results).sort()).toEqual(['shard-0-of-3.json', 'shard-1-of-3.json', 'shard-2-of-3.json']);
    const merged = await cli(['count', '--merge', results]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(lastLine(merged.stdout)).toBe(oneMachine);
    expect(merged.stdout).toMatch(/^Merged 3 shards of plan [0-9a-f]{16}/);
    const json = await cli(['count', '--merge', ...readdirSync(results).map((f) => join(results, f)), '--json']);
    expect(json.stdout).toContain('"total":6670903752021072936960');
    expect(json.stdout).toMatch(/"shards":\{"plan":"[0-9a-f]{16}","count":3/);
  });

  it('a plan without the class list (written before plans carried it): the shard finds it, same values', async () => {
    const { id: _id, ...p } = readPlan(plan);
    const old = join(dir, 'old-plan.json');
    writeFileSync(old, planText({ ...p, classList: null }).text);
    expect(readFileSync(old, 'utf8')).not.toContain('classRows');
    const out = join(dir, 'old-shard-2.json');
    const r = await cli(['count', '--plan', old, '--shard', '2', '--out', out, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(readResult(out).values).toEqual(readResult(join(results, 'shard-2-of-3.json')).values);
  });

  it('a plan whose class list was edited (and sealed again): refused by name, status 2', async () => {
    const { id: _id, classList, ...p } = readPlan(plan);
    const rows = classList!.rows.map((r, c) => (c === 0 ? [r[0] + 1, ...r.slice(1)] : r));
    const edited = join(dir, 'edited-plan.json');
    writeFileSync(edited, planText({ ...p, classList: { facts: classList!.facts, rows } }).text);
    const r = await cli(['count', '--plan', edited, '--shard', '0', '--out', join(dir, 'edited.json')]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/plan .*edited-plan\.json: class list: the class sizes add up to 2612737, not to/);
  });

  it('a shard run again leaves its result alone', async () => {
    const file = join(results, 'shard-1-of-3.json');
    const before = readFileSync(file, 'utf8');
    const r = await cli(['count', '--plan', plan, '--shard', '1', '--out', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/already counted/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a shard goes on from its checkpoint and gives the same values', async () => {
    const whole = readResult(join(results, 'shard-0-of-3.json'));
    const out = join(dir, 'again.json');
    const half = new Map([...whole.values].slice(0, 50));
    writeFileSync(
      `${out}.part`,
      checkpointText({ plan: whole.plan, shard: 0, seconds: 1, cpuSeconds: 1, facts: {}, values: half }),
    );
    const r = await cli(['count', '--plan', plan, '--shard', '0', '--out', out, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/139 units \(50 from .*again\.json\.part\)/);
    expect(existsSync(`${out}.part`)).toBe(false);
    expect(readResult(out).values).toEqual(whole.values);
  });

  it('several shards in one process (--shard 0-2, --pack): each its own result, the same values', async () => {
    const made = join(dir, 'made', 'here'); // neither folder is there: made (no .json at the end)
    const [range, task1, task2] = await Promise.all([
      cli(['count', '--plan', plan, '--shard', '0-2', '--out', made, '--workers', '1']),
      cli(['count', '--plan', plan, '--out', join(dir, 'pack2/'), '--pack', '2'], {
        env: { SLURM_ARRAY_TASK_ID: '1' },
      }),
      cli(['count', '--plan', plan, '--out', join(dir, 'pack2/'), '--pack', '2'], {
        env: { SLURM_ARRAY_TASK_ID: '2' },
      }),
    ]);
    expect(range.code, range.stderr).toBe(0);
    expect(range.stdout.trimEnd().split('\n')).toHaveLength(3);
    for (const f of ['shard-0-of-3.json', 'shard-1-of-3.json', 'shard-2-of-3.json'])
      expect(readResult(join(made, f)).values).toEqual(readResult(join(results, f)).values);
    // task 1 of --pack 2 is shard 2 alone (the last task holds what is left); task 2 is past the end
    expect(task1.code, task1.stderr).toBe(0);
    expect(readdirSync(join(dir, 'pack2'))).toEqual(['shard-2-of-3.json']);
    expect(task2.code).toBe(2);
    expect(oneLine(task2)).toMatch(/task 2 \(SLURM_ARRAY_TASK_ID\) with --pack 2 is out of range: .* tasks 0\.\.1/);
    // run again: every shard already counted, nothing rewritten
    const again = await cli(['count', '--plan', plan, '--shard', '0,1-2', '--out', made]);
    expect(again.stdout.match(/already counted/g)).toHaveLength(3);
  });

  it.each([
    ['several shards to one file', ['--shard', '0-2'], {}, /--out .*x\.json: 3 shards write 3 results: give a folder/],
    ['--pack with --shard', ['--shard', '0', '--pack', '2'], {}, /--pack is for an index from SLURM_ARRAY_TASK_ID/],
    ['--mem for a shard', ['--shard', '0', '--mem', '4G'], {}, /--mem is for --slurm/],
    [
      'an empty range',
      ['--shard', '2-1'],
      {},
      /option '--shard <I>' argument '2-1' is invalid\. the range 2-1 is empty/,
    ],
    [
      'a bad memory size',
      ['--slurm', '--mem', '4x'],
      {},
      /option '--mem <SIZE>' argument '4x' is invalid\. expected a/,
    ],
    ['a memory size without its unit', ['--slurm', '--mem', '0:4096'], {}, /'--mem <SIZE>' argument '0:4096' is inv/],
    ['--mem for a shard not there', ['--slurm', '--mem', '1-3:8G'], {}, /--mem 1-3:…: shard 3 is out of range/],
    [
      'a shard index out of range',
      ['--shard', '3'],
      {},
      /shard 3 \(--shard\) is out of range: plan .* has 3 shards, 0\.\.2/,
    ],
    ['a bad index variable', [], { SLURM_ARRAY_TASK_ID: 'x' }, /SLURM_ARRAY_TASK_ID=x is not a shard index/],
    ['no index at all', [], {}, /which shard\? Give --shard I/],
    [
      'a plan for another count',
      ['--box', '4x2', '--shard', '0'],
      {},
      /plan .* is for the 3x3 count by bands, not 4x2/,
    ],
  ])('%s: one line, status 2', async (_what, args: string[], env: Record<string, string>, message) => {
    const r = await cli(['count', '--plan', plan, '--out', join(dir, 'x.json'), ...args], { env });
    expect(r.code).toBe(2);
    expect(existsSync(join(dir, 'x.json'))).toBe(false);
    expect(oneLine(r)).toMatch(message);
  });

  it('a shard result as the plan, a result of another shard at --out: refused by name', async () => {
    const r1 = await cli(['count', '--plan', join(results, 'shard-0-of-3.json'), '--shard', '0', '--out', dir]);
    expect(r1.code).toBe(2);
    expect(oneLine(r1)).toMatch(/a sudoku-count\/shard-result file, not a sudoku-count\/shard-plan file/);
    const r2 = await cli(['count', '--plan', plan, '--shard', '2', '--out', join(results, 'shard-0-of-3.json')]);
    expect(r2.code).toBe(2);
    expect(oneLine(r2)).toMatch(/holds shard 0 of plan .*, not shard 2/);
  });

  it('a shard being written by another process: refused', async () => {
    const out = join(dir, 'locked.json');
    writeFileSync(
      `${out}.lock`,
      JSON.stringify({
        format: 'sudoku-count/lock',
        version: 1,
        pid: process.pid,
        host: (await import('node:os')).hostname(),
      }),
    );
    // the lock names this process: the run is another one (in this process a lock of its pid is its own)
    const r = await cliProcess(['count', '--plan', plan, '--shard', '0', '--out', out]);
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/being written by process/);
  });

  it('merge refuses missing, duplicate, foreign, corrupt and version-mismatched shards by name', async () => {
    const bad = join(dir, 'bad');
    mkdirSync(bad);
    const copy = (from: string, to = from) => copyFileSync(join(results, from), join(bad, to));
    copy('shard-0-of-3.json');
    copy('shard-1-of-3.json');
    const merge = () => cli(['count', '--merge', bad, '--plan', plan]);
    let r = await merge();
    expect(r.code).toBe(2);
    expect(oneLine(r)).toMatch(/shard 2 of 3 missing/);
    copy('shard-2-of-3.json');
    copy('shard-2-of-3.json', 'copy.json');
    r = await merge();
    expect(oneLine(r)).toMatch(/shard 2 is given twice: .*copy\.json and .*shard-2-of-3\.json/);
    const text = readFileSync(join(bad, 'copy.json'), 'utf8');
    writeFileSync(join(bad, 'copy.json'), text.replace('"version":1', '"version":0'));
    r = await merge();
    expect(oneLine(r)).toMatch(/copy\.json: version 0; this program reads version 1/);
    writeFileSync(join(bad, 'copy.json'), text.replace(/\[(\d+),\d+\]/, '[$1,1]'));
    r = await merge();
    expect(oneLine(r)).toMatch(/copy\.json: corrupt: its checksum does not match/);
    writeFileSync(join(bad, 'copy.json'), text.slice(0, 200));
    r = await merge();
    expect(oneLine(r)).toMatch(/copy\.json: corrupt: cut short/);
    writeFileSync(join(bad, 'copy.json'), text.replace(/"plan":"[0-9a-f]{16}"/, '"plan":"0123456789abcdef"'));
    r = await merge();
    expect(oneLine(r)).toMatch(/copy\.json: corrupt/); // edited: the checksum catches it first
    expect(r.code).toBe(2);
  });
});

describe('count --plan / --shard / --merge (4x2 and 2x4 by column sets)', () => {
  it('plan → shards → merge gives the one-machine N; the merge needs the plan', async () => {
    const dir = tempDir();
    for (const box of ['4x2', '2x4']) {
      const plan = join(dir, `${box}.json`);
      const out = join(dir, box);
      mkdirSync(out);
      const made = await cli(['count', '--box', box, '--method', 'column-sets', '--plan', plan, '--shards', '3']);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/26 classes \(33 units of work\) in 3 shards/);
      const runs = await Promise.all(
        [0, 1, 2].map((i) => cli(['count', '--plan', plan, '--shard', String(i), '--out', out, '--workers', '1'])),
      );
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      const [merged, one, noPlan] = await Promise.all([
        cli(['count', '--merge', out, '--plan', plan]),
        cli(['count', '--box', box, '--method', 'column-sets']),
        cli(['count', '--merge', out]),
      ]);
      expect(merged.code, merged.stderr).toBe(0);
      expect(lastLine(merged.stdout)).toBe(lastLine(one.stdout));
      expect(lastLine(merged.stdout)).toMatch(/^N = Σ orbit·F² = 29,136,487,207,403,520$/);
      // the merge has no threads of its own: its seconds are the shards' summed (it said "1 worker")
      expect(merged.stdout).toMatch(/bands F per class \(summed over the shards; [\d,]+ graphs memoised\)/);
      expect(one.stdout).toMatch(/bands F per class \(\d+ workers?; [\d,]+ graphs memoised\)/);
      expect(noPlan.code).toBe(2);
      expect(oneLine(noPlan)).toMatch(/give the plan \(--plan FILE\)/);
    }
    // a shard of one plan merged with another's
    const foreign = await cli(['count', '--merge', join(dir, '4x2'), join(dir, '2x4', 'shard-0-of-3.json')]);
    expect(foreign.code).toBe(2);
    expect(oneLine(foreign)).toMatch(/is a shard of another plan/);
  });

  it('a shard reads its own units of the plan, as the whole plan has them; a bad one is refused', async () => {
    const dir = tempDir();
    const plan = join(dir, 'plan.json');
    const made = await cli(['count', '--box', '4x2', '--method', 'column-sets', '--plan', plan, '--shards', '3']);
    expect(made.code, made.stderr).toBe(0);
    const whole = readPlan(plan);
    for (let shard = 0; shard < 3; shard++) {
      const slice = readShardPlan(plan, () => shard);
      const { payload: _p, combine: _c, ...head } = whole;
      const { payload, combined, shard: index, ...rest } = slice;
      expect(rest).toEqual(head);
      expect([index, combined]).toEqual([shard, true]);
      expect([...payload!.keys()]).toEqual(whole.assignment[shard]);
      for (const u of whole.assignment[shard]) expect(payload!.get(u)).toEqual(whole.payload![u]);
    }
    // a malformed payload entry (sealed again): refused by the shard that reads it, by name
    const { id: _id, ...p } = whole;
    const bad = join(dir, 'bad.json');
    const payload = whole.payload!.map((x, u) => (u === whole.assignment[2][0] ? [...x.slice(1), -1] : x));
    writeFileSync(bad, planText({ ...p, payload }).text);
    expect(() => readShardPlan(bad, () => 2)).toThrow(/plan .*bad\.json: an entry of "payload" is malformed/);
    expect(readShardPlan(bad, () => 0).shard).toBe(0);
    expect(() => readShardPlan(bad, () => 0) && readPlan(bad)).toThrow(/an entry of "payload" is malformed/);
  });

  it('options that do not go together: one line, status 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['count', '--shards', '4'], /--shards needs --plan FILE/],
      // --box goes with --merge (a column-set plan's transpose, 2x4 of 4x2): not --method
      [['count', '--merge', 'x', '--method', 'bands'], /--merge takes shard results .*--box.* not --method/],
      [['count', '--plan', 'p.json', '--shards', '2', '--counter', 'dlx'], /--plan shards .* --counter does not apply/],
      [
        ['count', '--box', '2x2', '--plan', join(tempDir(), 'p.json'), '--shards', '9'],
        /--shards 9: .* 2 units of work; give 1\.\.2/,
      ],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(args)));
    runs.forEach((r, i) => {
      expect(r.code, cases[i][0].join(' ')).toBe(2);
      expect(oneLine(r)).toMatch(cases[i][1]);
    });
  });
});
