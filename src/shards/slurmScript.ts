import type { ShardPlan } from '../io/shardFiles.js';
import { shownText } from '../grid/shownText.js';
import { countWords } from '../classSum/classSum.js';

/**
 * An sbatch job-array script for a plan, in POSIX sh (bash and dash run it alike; every path a single-quoted word,
 * shellWord). Run with sh, it submits itself as a job array (one task per shard, or per `pack` shards, at most
 * `throttle` at once) and the merge as a job that starts when every task has succeeded (its command given to
 * `sbatch --wrap`, which /bin/sh runs, quoted word by word the same way); inside Slurm (SLURM_ARRAY_TASK_ID set) it
 * counts that task's shards. Time and memory per task come from the plan's
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

/**
 * Units the merge job counts again (`count --merge … --recount K`, a random seed printed in merge.out): a spot check of
 * a few seconds to minutes (one 6×2 class, two 9×9 variant classes), which finds an edit of m of U units with
 * probability at least 1 − (1 − m/U)^K; a count that is cheap is counted again whole whatever K (docs/sharding.md).
 */
export const MERGE_RECOUNT = 2;

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

/** The tag on a job script's second line (its version: 3 is POSIX sh). */
export const SLURM_SCRIPT_TAG = 'sudoku-count/slurm-script 3';

/** Quote a word for any POSIX shell (single quotes: nothing inside them is read, a newline neither). */
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
  // a job name of safe characters only: it stands unquoted on an #SBATCH line and in NAME=
  const name = `sudoku-count-${plan.box}-${plan.id.slice(0, 8)}`.replace(/[^\w.+-]/g, '_');
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
  // the plan's names, as the comments and #SBATCH lines show them: one line, nothing the shell or Slurm reads
  const shown = (text: string) => shownText(text, 4096);
  const what = shown(countWords(plan.method, plan.box).replace(/^t/, 'T'));
  const head = [
    '#!/bin/sh',
    `# ${SLURM_SCRIPT_TAG} (written by \`sudoku-count count --plan ${shown(shellWord(options.planPath))} --slurm\`)`,
    `# ${what}: ${plan.classes} classes in ${plan.shards} shards, plan ${shown(plan.id)}` +
      (pack > 1 ? `; ${pack} shards a task, ${tasks} tasks.` : '.'),
    `# Estimate: the slowest task ${slowest.toFixed(1)} s on one thread, ${all.toFixed(1)} s in all; ${memoryNote}.`,
    ...extra.map(
      (g) =>
        `# Shards ${indexRanges(shardsOf(g.ids, pack, plan.shards))} (task${g.ids.length > 1 ? 's' : ''} ` +
        `${indexRanges(g.ids)}): ${g.mb} MB a task (--mem), an array of their own.`,
    ),
    '#',
    '#   sh THIS-FILE       submit the shards as a job array and the merge as a job that waits for them',
    `#   sbatch THIS-FILE   submit the shards only (merge later: sudoku-count count --merge RESULTS --plan PLAN` +
      ` --recount ${MERGE_RECOUNT})` +
      (extra.length > 0 ? ',\n#                      not those with a size of their own (EXTRA below)' : ''),
    '#',
    '# A task that fails or is stopped keeps its finished units (RESULTS/shard-*.json.part); submitting the array',
    '# again counts only what is missing (a shard already counted exits at once). A POSIX sh script (bash, dash):',
    '# every path is a single-quoted word, and the merge job is given to sbatch --wrap (run by /bin/sh) the same way.',
    `#SBATCH --job-name=${name}`,
    `#SBATCH --array=${array(main.ids)}`,
    `#SBATCH --time=${time}`,
    `#SBATCH --mem=${mem}`,
    `#SBATCH --cpus-per-task=${options.cpus}`,
    '#SBATCH --ntasks=1',
    '#SBATCH --signal=B:TERM@60',
    'set -eu',
    `PLAN=${shellWord(options.planPath)}`,
    `RESULTS=$` + `{SUDOKU_COUNT_RESULTS:-${shellWord(options.results)}}`,
    `set -- ${options.command.map(shellWord).join(' ')}   # the command that runs sudoku-count`,
    `CPUS=${options.cpus}`,
    `PACK=${pack}`,
    `NAME=${name}`,
    `MEM=${mem}`,
    `EXTRA='${extra.map((g) => `${array(g.ids)}:${g.mb}M`).join(' ')}'   # array tasks:memory, submitted apart`,
  ];
  // the rest is plain shell (no substitutions from here)
  const body = [
    'if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then',
    '  # one task: its shards (from SLURM_ARRAY_TASK_ID and --pack); exec, so that Slurm’s TERM reaches the count',
    '  exec "$@" count --plan "$PLAN" --out "$RESULTS" --workers "${SLURM_CPUS_PER_TASK:-$CPUS}" --pack "$PACK"',
    'fi',
    '# replaced FROM TEXT BY: TEXT with every FROM replaced by BY (POSIX sh has no ${TEXT//FROM/BY})',
    'replaced() {',
    '  rest=$2 out=',
    '  while :; do',
    '    case $rest in',
    '      *"$1"*) part=${rest%%"$1"*}; out=$out$part$3; rest=${rest#*"$1"} ;;',
    '      *) break ;;',
    '    esac',
    '  done',
    `  printf '%s%s' "$out" "$rest"`,
    '}',
    "# a word for /bin/sh: in single quotes, each ' as '\\''",
    "q=\\'",
    '# (each $(…) ends in a dot, taken off after: $(…) drops the newlines a path may end in)',
    `quoted() { word=$(replaced "$q" "$1" "$q\\\\$q$q"; printf .); printf "'%s' " "\${word%.}"; }`,
    '# Slurm reads % in --output as a pattern: a % of the path is %%',
    'output=$(replaced % "$RESULTS" %%; printf .)',
    'output=${output%.}',
    'mkdir -p -- "$RESULTS"',
    'array=$(sbatch --parsable --output="$output/slurm-%A_%a.out" "$0")',
    'after=${array%%;*}',
    'arrays=$after',
    'for extra in $EXTRA; do',
    '  job=$(sbatch --parsable --array="${extra%:*}" --mem="${extra#*:}" --output="$output/slurm-%A_%a.out" "$0")',
    '  after="$after:${job%%;*}"',
    '  arrays="$arrays, ${job%%;*}"',
    'done',
    'merge_command=',
    `for word in "$@" count --merge "$RESULTS" --plan "$PLAN" --recount ${MERGE_RECOUNT}; do`,
    '  merge_command=$merge_command$(quoted "$word")',
    'done',
    'merge=$(sbatch --parsable --job-name="$NAME-merge" --dependency=afterok:"$after" --time=0-00:10:00 \\',
    '  --mem="$MEM" --output="$output/merge.out" --wrap="$merge_command")',
    'echo "submitted shards as job array $arrays and the merge as job ${merge%%;*}: N in $RESULTS/merge.out"',
  ];
  return [...head, ...body, ''].join('\n');
}

/** The shards of array tasks `tasks` (ascending). */
function shardsOf(tasks: readonly number[], pack: number, shards: number): number[] {
  return tasks.flatMap((t) => Array.from({ length: Math.min(pack, shards - t * pack) }, (_, k) => t * pack + k));
}
