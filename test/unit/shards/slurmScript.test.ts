import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShardPlan } from '../../../src/io/shardFiles.js';
import {
  indexRanges,
  shellWord,
  slurmScript,
  taskMemoryMB,
  type SlurmScriptOptions,
} from '../../../src/shards/slurmScript.js';

/** A plan shaped like the committed 6×2 one: 1000 shards, two dear ones first, 2,048 MB a shard. */
const plan: ShardPlan = {
  id: '5361046af8329775',
  method: 'column-sets',
  box: '6x2',
  spec: { route: 'column-sets', rules: { rows: 6, cols: 2, variants: [] } },
  classes: 63199,
  digest: 'ec0e9f3dd748ed71',
  shards: 1000,
  units: 63199,
  scale: 1,
  estimate: {
    sampled: 6,
    sampleSeconds: 27,
    setupSeconds: 0,
    unitSeconds: 494,
    shardSeconds: [508.6, 498.5, ...new Array<number>(998).fill(349)],
    memoryMB: 2048,
  },
  assignment: [],
  payload: null,
  combine: null,
  classList: null,
};
const base: SlurmScriptOptions = {
  planPath: '/data/plan.json.gz',
  command: ['node', '/opt/sudoku-count/dist/cli/main.js'],
  results: '/data/plan.results',
  throttle: 32,
  cpus: 1,
};
const line = (text: string, key: string) => text.split('\n').find((l) => l.startsWith(`#SBATCH --${key}=`));

describe('slurmScript: memory, shards with a size of their own, packing', () => {
  it('memory by default: the plan, at least a worker’s, one worker’s more a CPU', () => {
    expect(taskMemoryMB(plan, 1)).toBe(2048); // a worker of 64 MB is within the plan's 2,048
    expect(taskMemoryMB(plan, 2)).toBe(2112);
    expect(taskMemoryMB(plan, 1, 3072)).toBe(3072);
    expect(taskMemoryMB(plan, 2, 3072)).toBe(6144);
    const script = slurmScript(plan, { ...base, cpus: 2, workerMemoryMB: 3072 });
    expect(line(script, 'mem')).toBe('#SBATCH --mem=6144M');
    expect(line(script, 'cpus-per-task')).toBe('#SBATCH --cpus-per-task=2');
    expect(script).toContain("6144 MB a task (the larger of the plan's 2048 MB a shard and 3072 MB a worker, and");
  });

  it('--mem SIZE and SHARDS:SIZE: the main array leaves those shards to arrays of their own', () => {
    const script = slurmScript(plan, {
      ...base,
      workerMemoryMB: 3072,
      memoryMB: 8192,
      memoryShards: [{ shards: [0, 1], memoryMB: 16384 }],
    });
    expect(line(script, 'mem')).toBe('#SBATCH --mem=8192M');
    expect(line(script, 'array')).toBe('#SBATCH --array=2-999%32');
    expect(script).toContain("EXTRA='0-1%2:16384M'");
    expect(script).toContain('# Shards 0-1 (tasks 0-1): 16384 MB a task (--mem), an array of their own.');
    // every shard given a size: that array is the main one, nothing extra
    const all = slurmScript(plan, { ...base, memoryShards: [{ shards: [...Array(1000).keys()], memoryMB: 4096 }] });
    expect([line(all, 'array'), line(all, 'mem')]).toEqual(['#SBATCH --array=0-999%32', '#SBATCH --mem=4096M']);
    expect(all).toContain("EXTRA=''");
  });

  it('--pack K: ceil(shards/K) tasks, the time of the slowest task, a shard’s size to its task', () => {
    const script = slurmScript(plan, { ...base, pack: 16, memoryShards: [{ shards: [17], memoryMB: 12288 }] });
    expect(line(script, 'array')).toBe('#SBATCH --array=0,2-62%32'); // 1000/16 → 63 tasks; task 1 holds shard 17
    expect(script).toContain("EXTRA='1%1:12288M'");
    expect(script).toContain('PACK=16');
    expect(line(script, 'time')).toBe('#SBATCH --time=0-04:57:00'); // (508.6 + 498.5 + 14·349)·3 + 120 s: 297 min
    expect(indexRanges([0, 1, 2, 5, 7, 8])).toBe('0-2,5,7-8');
  });

  describe('run with bash (sbatch stood in for by a script that logs its arguments)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slurm-script-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const sbatch = join(dir, 'sbatch');
    writeFileSync(
      sbatch,
      '#!/usr/bin/env bash\nn=$(( $(wc -l < "$LOG" 2>/dev/null || echo 0) + 100 ))\n' +
        'echo "$n $*" >> "$LOG"\necho "$n;cluster"\n',
    );
    chmodSync(sbatch, 0o755);

    it('submits the main array, one array per size given, and the merge after all of them', () => {
      const job = join(dir, 'job.sh');
      writeFileSync(
        job,
        slurmScript(plan, { ...base, results: join(dir, 'r'), memoryShards: [{ shards: [0, 1], memoryMB: 16384 }] }),
      );
      const log = join(dir, 'log');
      const env = { ...process.env, PATH: `${dir}:${process.env['PATH']}`, LOG: log };
      const r = spawnSync('sh', [job], { env, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/submitted shards as job array 100, 101 and the merge as job 102/);
      const calls = readFileSync(log, 'utf8').trimEnd().split('\n');
      expect(calls).toHaveLength(3);
      expect(calls[0]).toMatch(/^100 --parsable --output=.*\/r\/slurm-%A_%a\.out .*job\.sh$/);
      expect(calls[1]).toMatch(/^101 --parsable --array=0-1%2 --mem=16384M --output=.* .*job\.sh$/);
      expect(calls[2]).toMatch(/^102 --parsable --job-name=\S+-merge --dependency=afterok:100:101 /);
      // inside Slurm: the task's command (the command's words here: echo), with its CPUs and --pack
      const echo = join(dir, 'echo.sh');
      writeFileSync(echo, slurmScript(plan, { ...base, command: ['echo'], pack: 4 }));
      const inside = spawnSync('bash', [echo], {
        env: { ...env, SLURM_ARRAY_TASK_ID: '3', SLURM_CPUS_PER_TASK: '2' },
        encoding: 'utf8',
      });
      expect(inside.stdout).toBe('count --plan /data/plan.json.gz --out /data/plan.results --workers 2 --pack 4\n');
      expect(readFileSync(log, 'utf8').trimEnd().split('\n')).toHaveLength(3); // nothing submitted from inside
    });
  });

  describe('hostile folder names: every path one word for bash and for dash (issue 42, item 3)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slurm-hostile-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    // stand-ins: sbatch logs its arguments (NUL-separated, a record a call) and runs --wrap with $WRAP_SHELL, as
    // Slurm runs it with /bin/sh; the command that runs sudoku-count logs the words it receives
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'sbatch'),
      '#!/bin/sh\nn=$(( $(cat "$LOG.n" 2>/dev/null || echo 99) + 1 )); echo $n > "$LOG.n"\n' +
        'printf \'%s\\0\' "$@" >> "$LOG"; printf \'\\n\' >> "$LOG"\n' +
        'for a in "$@"; do case $a in --wrap=*) printf \'#!/bin/sh\\n%s\\n\' "${a#--wrap=}" > "$LOG.wrap"; ' +
        '"$WRAP_SHELL" "$LOG.wrap" || exit 1;; esac; done\necho "$n;cluster"\n',
    );
    writeFileSync(join(bin, 'argv.sh'), '#!/bin/sh\nprintf \'%s\\0\' "$@" > "$ARGS"\n');
    for (const f of ['sbatch', 'argv.sh']) chmodSync(join(bin, f), 0o755);
    // spaces, both quotes, $(…), backticks, a tab, an escape, a newline, a %, a leading '-' in a name
    const hostile = join(dir, `a b'c"d$(touch INJ1)\`touch INJ2\`\te\x1bf\ng;touch INJ3 %x`, '-rf $(touch INJ4)');
    const planPath = join(hostile, 'plan.json.gz');
    const results = join(hostile, 'plan.results');
    const shells = ['bash', 'dash'].filter((sh) => spawnSync(sh, ['-c', 'true']).status === 0);

    it('the script runs under each shell; no injected command runs; the paths arrive byte for byte', () => {
      expect(shells).toContain('bash');
      expect(shells).toContain('dash'); // Debian's /bin/sh, which runs --wrap: apt-get install dash if missing
      const text = slurmScript(plan, { ...base, planPath, results, command: [join(bin, 'argv.sh')] });
      // the comments stay comments: one line each, the path shown escaped
      const comments = text.split('\n').filter((l) => l.startsWith('#'));
      expect(text.split('\n')[1]).toContain('\\x0ag;touch INJ3');
      expect(comments.every((l) => !l.includes('\n'))).toBe(true);
      const job = join(dir, 'job.sh');
      writeFileSync(job, text);
      for (const sh of shells)
        for (const wrap of shells) {
          const log = join(dir, `log-${sh}-${wrap}`);
          const args = join(dir, `args-${sh}-${wrap}`);
          const env = { ...process.env, PATH: `${bin}:${process.env['PATH']}`, LOG: log, ARGS: args, WRAP_SHELL: wrap };
          const r = spawnSync(sh, [job], { env, encoding: 'utf8', cwd: dir });
          expect(r.status, `${sh}/${wrap}: ${r.stderr}`).toBe(0);
          expect(readdirSync(dir).filter((f) => f.startsWith('INJ'))).toEqual([]);
          expect(existsSync(results)).toBe(true); // mkdir -p -- "$RESULTS": the '-rf' folder is a folder
          // the merge (run by --wrap under `wrap`) received every word as it is
          expect(readFileSync(args, 'utf8').split('\0').slice(0, -1)).toEqual([
            'count',
            '--merge',
            results,
            '--plan',
            planPath,
            '--recount',
            '2', // a spot check by default (MERGE_RECOUNT)
          ]);
          // sbatch's --output: the results folder, its % doubled for Slurm's patterns
          const calls = readFileSync(log, 'utf8').split('\0\n');
          expect(calls[0].split('\0')).toContain(`--output=${results.replace(/%/g, '%%')}/slurm-%A_%a.out`);
          // inside Slurm: the task's command, with the plan and results as they are
          const inside = spawnSync(sh, [job], { env: { ...env, SLURM_ARRAY_TASK_ID: '0' }, encoding: 'utf8' });
          expect(inside.status, inside.stderr).toBe(0);
          expect(readFileSync(args, 'utf8').split('\0').slice(0, 5)).toEqual([
            'count',
            '--plan',
            planPath,
            '--out',
            results,
          ]);
        }
      // $SUDOKU_COUNT_RESULTS at submission is quoted the same way
      const other = join(hostile, "r'$(touch INJ5)\n"); // a trailing newline too
      const env = {
        ...process.env,
        PATH: `${bin}:${process.env['PATH']}`,
        LOG: join(dir, 'log-env'),
        ARGS: join(dir, 'args-env'),
        WRAP_SHELL: 'dash',
        SUDOKU_COUNT_RESULTS: other,
      };
      expect(spawnSync('dash', [job], { env, encoding: 'utf8', cwd: dir }).status).toBe(0);
      expect(readFileSync(join(dir, 'args-env'), 'utf8').split('\0')[2]).toBe(other);
      expect(readdirSync(dir).filter((f) => f.startsWith('INJ'))).toEqual([]);
    });

    it('shellWord: one single-quoted word for any POSIX shell', () => {
      for (const word of ['plain', '', "it's", 'a\nb', '$(x)', '`x`', '\t', '-rf'])
        for (const sh of shells)
          expect(spawnSync(sh, ['-c', `printf '%s' ${shellWord(word)}`], { encoding: 'utf8' }).stdout).toBe(word);
    });
  });
});
