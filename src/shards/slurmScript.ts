import type { ShardPlan } from '../io/shardFiles.js';
import { countWords } from './classSum.js';

/**
 * An sbatch job-array script for a plan. Run with bash, it submits itself as a job array (one task per shard,
 * at most `throttle` at once) and the merge as a job that starts when every task has succeeded; inside Slurm
 * (SLURM_ARRAY_TASK_ID set) it counts that task's shard. Time and memory per task come from the plan's estimate:
 * the slowest shard's seconds × 3 + 2 minutes (the estimate is one thread's, from a cold sample; a task that
 * runs out of time is re-run and goes on from its checkpoint), and the estimated memory.
 */
export interface SlurmScriptOptions {
  readonly planPath: string;
  /** The command that runs sudoku-count on the nodes, as words ("node", "/path/dist/cli/main.js"). */
  readonly command: readonly string[];
  /** Folder of the shard results (the script creates it). */
  readonly results: string;
  /** Tasks running at once (the array's % throttle). */
  readonly throttle: number;
  /** CPUs per task (also --workers). */
  readonly cpus: number;
}

/** Quote a word for the shell (single quotes). */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Slurm's --time: minutes rounded up, as D-HH:MM:SS. */
export function slurmTime(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const d = Math.floor(minutes / 1440),
    h = Math.floor((minutes % 1440) / 60),
    m = minutes % 60;
  const two = (x: number) => String(x).padStart(2, '0');
  return `${d}-${two(h)}:${two(m)}:00`;
}

export function slurmScript(plan: ShardPlan, options: SlurmScriptOptions): string {
  const slowest = Math.max(...plan.estimate.shardSeconds);
  const all = plan.estimate.shardSeconds.reduce((a, b) => a + b, 0);
  const time = slurmTime(slowest * 3 + 120);
  const name = `sudoku-count-${plan.box}-${plan.id.slice(0, 8)}`;
  const mem = `${plan.estimate.memoryMB}M`;
  const head = [
    '#!/usr/bin/env bash',
    `# sudoku-count/slurm-script 1 (written by \`sudoku-count count --plan ${options.planPath} --slurm\`)`,
    `# ${countWords(plan.method, plan.box).replace(/^t/, 'T')}: ${plan.classes} classes in ${plan.shards} shards, plan ${plan.id}.`,
    `# Estimate: the slowest shard ${slowest.toFixed(1)} s on one thread, ${all.toFixed(1)} s in all; ` +
      `${mem}B per task.`,
    '#',
    '#   bash THIS-FILE     submit the shards as a job array and the merge as a job that waits for them',
    '#   sbatch THIS-FILE   submit the shards only (merge later: sudoku-count count --merge RESULTS --plan PLAN)',
    '#',
    '# A task that fails or is stopped keeps its finished units (RESULTS/shard-*.json.part); submitting the array',
    '# again counts only what is missing (a shard already counted exits at once).',
    `#SBATCH --job-name=${name}`,
    `#SBATCH --array=0-${plan.shards - 1}%${options.throttle}`,
    `#SBATCH --time=${time}`,
    `#SBATCH --mem=${mem}`,
    `#SBATCH --cpus-per-task=${options.cpus}`,
    '#SBATCH --ntasks=1',
    '#SBATCH --signal=B:TERM@60',
    'set -euo pipefail',
    `PLAN=${shellWord(options.planPath)}`,
    `RESULTS=$` + `{SUDOKU_COUNT_RESULTS:-${shellWord(options.results)}}`,
    `SUDOKU_COUNT=(${options.command.map(shellWord).join(' ')})`,
    `CPUS=${options.cpus}`,
    `NAME=${name}`,
    `MEM=${mem}`,
  ];
  // the rest is plain shell (no substitutions from here)
  const body = [
    'if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then',
    '  # one task: its shard (its index from SLURM_ARRAY_TASK_ID); exec, so that Slurm’s TERM reaches the count',
    '  exec "${SUDOKU_COUNT[@]}" count --plan "$PLAN" --out "$RESULTS" --workers "${SLURM_CPUS_PER_TASK:-$CPUS}"',
    'fi',
    'mkdir -p "$RESULTS"',
    'array=$(sbatch --parsable --output="$RESULTS/slurm-%A_%a.out" "$0")',
    'array=${array%%;*}',
    'merge_command="$(printf \'%q \' "${SUDOKU_COUNT[@]}")count --merge $(printf \'%q\' "$RESULTS")"',
    'merge_command+=" --plan $(printf \'%q\' "$PLAN")"',
    'merge=$(sbatch --parsable --job-name="$NAME-merge" --dependency=afterok:"$array" --time=0-00:10:00 \\',
    '  --mem="$MEM" --output="$RESULTS/merge.out" --wrap="$merge_command")',
    'echo "submitted shards as job array $array and the merge as job $merge: N in $RESULTS/merge.out"',
  ];
  return [...head, ...body, ''].join('\n');
}
