import type { ShardPlan } from '../io/shardFiles.js';
import { countWords } from './classSum.js';

/**
 * An sbatch job-array script for a plan. Run with bash, it submits itself as a job array (one task per shard, or
 * per `pack` shards, at most `throttle` at once) and the merge as a job that starts when every task has succeeded;
 * inside Slurm (SLURM_ARRAY_TASK_ID set) it counts that task's shards. Time and memory per task come from the plan's
 * estimate: the slowest task's seconds × 3 + 2 minutes (the estimate is one thread's, from a cold sample; a task that
 * runs out of time is re-run and goes on from its checkpoint), and taskMemoryMB (or the sizes given).
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
  /** Shards a task counts, one after another in one process (array task t: shards t·pack … t·pack + pack − 1). */
  readonly pack?: number;
  /** MB a worker thread may hold beyond the plan's estimate (ClassSum.workerMemoryMB; default 64). */
  readonly workerMemoryMB?: number;
  /** MB per task, instead of taskMemoryMB (--mem SIZE). */
  readonly memoryMB?: number;
  /** Sizes for some shards (--mem SHARDS:SIZE): their tasks go in arrays of their own; a later one wins. */
  readonly memoryShards?: readonly { readonly shards: readonly number[]; readonly memoryMB: number }[];
}

/** MB a worker thread holds beyond the plan's estimate when the count does not say (its V8 isolate, scratch). */
export const DEFAULT_WORKER_MEMORY_MB = 64;

/**
 * The memory of a task by default: the plan's memory per shard (the planning process's peak with room, or the
 * count's floor for one unit), at least one worker's, and one worker's more for every CPU beyond the first (each
 * worker counts a unit of its own at once: 6×2 holds a class's transfer tables in each, up to 3.4 GB).
 */
export function taskMemoryMB(plan: ShardPlan, cpus: number, workerMB = DEFAULT_WORKER_MEMORY_MB): number {
  return Math.ceil((Math.max(plan.estimate.memoryMB, workerMB) + (cpus - 1) * workerMB) / 64) * 64;
}

/** Ascending whole numbers in Slurm's array syntax: "0-1,5,7-9". */
export function indexRanges(ids: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ids.length;) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j] + 1) j++;
    parts.push(j === i ? String(ids[i]) : `${ids[i]}-${ids[j]}`);
    i = j + 1;
  }
  return parts.join(',');
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
  const pack = options.pack ?? 1;
  const tasks = Math.ceil(plan.shards / pack);
  const taskSeconds = Array.from({ length: tasks }, (_, t) =>
    plan.estimate.shardSeconds.slice(t * pack, (t + 1) * pack).reduce((a, b) => a + b, 0),
  );
  const slowest = Math.max(...taskSeconds);
  const all = taskSeconds.reduce((a, b) => a + b, 0);
  const time = slurmTime(slowest * 3 + 120);
  const name = `sudoku-count-${plan.box}-${plan.id.slice(0, 8)}`;
  const workerMB = options.workerMemoryMB ?? DEFAULT_WORKER_MEMORY_MB;
  const byDefault = taskMemoryMB(plan, options.cpus, workerMB);
  const memoryMB = options.memoryMB ?? byDefault;
  // each task's memory: the default, or the size given for a shard it counts (the largest of them)
  const taskMB = new Array<number>(tasks).fill(memoryMB);
  const given = new Array<boolean>(tasks).fill(false);
  for (const o of options.memoryShards ?? [])
    for (const i of o.shards) {
      if (i >= plan.shards) continue; // checked by the caller
      const t = Math.floor(i / pack);
      taskMB[t] = given[t] ? Math.max(taskMB[t], o.memoryMB) : o.memoryMB;
      given[t] = true;
    }
  // arrays by memory: the default's first (the #SBATCH lines), then one per size given, largest last
  const groups = new Map<number, number[]>();
  for (let t = 0; t < tasks; t++) {
    const key = given[t] ? taskMB[t] : -1;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const ordered = [...groups].sort((a, b) => a[0] - b[0]).map(([, ids]) => ({ ids, mb: taskMB[ids[0]] }));
  const [main, ...extra] = ordered;
  const array = (ids: readonly number[]) => `${indexRanges(ids)}%${Math.min(options.throttle, ids.length)}`;
  const mem = `${main.mb}M`;
  const memoryNote =
    options.memoryMB !== undefined
      ? `${memoryMB} MB a task (--mem)`
      : `${memoryMB} MB a task (the larger of the plan's ${plan.estimate.memoryMB} MB a shard and ${workerMB} MB a ` +
        `worker` +
        (options.cpus > 1 ? `, and ${workerMB} MB for each of ${options.cpus - 1} more workers)` : ')');
  const head = [
    '#!/usr/bin/env bash',
    `# sudoku-count/slurm-script 2 (written by \`sudoku-count count --plan ${options.planPath} --slurm\`)`,
    `# ${countWords(plan.method, plan.box).replace(/^t/, 'T')}: ${plan.classes} classes in ${plan.shards} shards, plan ${plan.id}` +
      (pack > 1 ? `; ${pack} shards a task, ${tasks} tasks.` : '.'),
    `# Estimate: the slowest task ${slowest.toFixed(1)} s on one thread, ${all.toFixed(1)} s in all; ${memoryNote}.`,
    ...extra.map(
      (g) =>
        `# Shards ${indexRanges(shardsOf(g.ids, pack, plan.shards))} (task${g.ids.length > 1 ? 's' : ''} ` +
        `${indexRanges(g.ids)}): ${g.mb} MB a task (--mem), an array of their own.`,
    ),
    '#',
    '#   bash THIS-FILE     submit the shards as a job array and the merge as a job that waits for them',
    '#   sbatch THIS-FILE   submit the shards only (merge later: sudoku-count count --merge RESULTS --plan PLAN)' +
      (extra.length > 0 ? ',\n#                      not those with a size of their own (EXTRA below)' : ''),
    '#',
    '# A task that fails or is stopped keeps its finished units (RESULTS/shard-*.json.part); submitting the array',
    '# again counts only what is missing (a shard already counted exits at once).',
    `#SBATCH --job-name=${name}`,
    `#SBATCH --array=${array(main.ids)}`,
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
    `PACK=${pack}`,
    `NAME=${name}`,
    `MEM=${mem}`,
    `EXTRA=(${extra.map((g) => `'${array(g.ids)} ${g.mb}M'`).join(' ')})   # array tasks and memory, submitted apart`,
  ];
  // the rest is plain shell (no substitutions from here)
  const body = [
    'if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then',
    '  # one task: its shards (from SLURM_ARRAY_TASK_ID and --pack); exec, so that Slurm’s TERM reaches the count',
    '  exec "${SUDOKU_COUNT[@]}" count --plan "$PLAN" --out "$RESULTS" --workers "${SLURM_CPUS_PER_TASK:-$CPUS}" \\',
    '    --pack "$PACK"',
    'fi',
    'mkdir -p "$RESULTS"',
    'array=$(sbatch --parsable --output="$RESULTS/slurm-%A_%a.out" "$0")',
    'after=${array%%;*}',
    'for extra in ${EXTRA[@]+"${EXTRA[@]}"}; do',
    '  job=$(sbatch --parsable --array="${extra% *}" --mem="${extra#* }" --output="$RESULTS/slurm-%A_%a.out" "$0")',
    '  after+=":${job%%;*}"',
    'done',
    'merge_command="$(printf \'%q \' "${SUDOKU_COUNT[@]}")count --merge $(printf \'%q\' "$RESULTS")"',
    'merge_command+=" --plan $(printf \'%q\' "$PLAN")"',
    'merge=$(sbatch --parsable --job-name="$NAME-merge" --dependency=afterok:"$after" --time=0-00:10:00 \\',
    '  --mem="$MEM" --output="$RESULTS/merge.out" --wrap="$merge_command")',
    'echo "submitted shards as job array ${after//:/, } and the merge as job $merge: N in $RESULTS/merge.out"',
  ];
  return [...head, ...body, ''].join('\n');
}

/** The shards of array tasks `tasks` (ascending). */
function shardsOf(tasks: readonly number[], pack: number, shards: number): number[] {
  return tasks.flatMap((t) => Array.from({ length: Math.min(pack, shards - t * pack) }, (_, k) => t * pack + k));
}
