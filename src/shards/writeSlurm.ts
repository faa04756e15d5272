import { resolve } from 'node:path';
import { classSumOf } from '../classSum/classSum.js';
import { InputError } from '../grid/shape.js';
import { shownPath } from '../io/fileProblem.js';
import { prepareOutput } from '../io/outputFile.js';
import type { ShardPlan } from '../io/shardFiles.js';
import { indexRanges, shellWord, slurmScript } from './slurmScript.js';

/** Memory for --slurm's tasks: the default for every task, and sizes for some shards. */
export interface SlurmMemoryOption {
  /** MB per task (every task without a size of its own). */
  readonly memoryMB?: number;
  /** Shards given a size of their own (`SHARDS:SIZE`), in the order given; a later one wins. */
  readonly shards: readonly { readonly shards: readonly number[]; readonly memoryMB: number }[];
}

export interface SlurmOptions {
  readonly out?: string;
  readonly throttle?: number;
  readonly cpus?: number;
  /** Shards a task counts (--pack). */
  readonly pack?: number;
  /** --mem: every task's memory, and some shards'. */
  readonly memory?: SlurmMemoryOption;
}

/**
 * `count --plan F --slurm [--out S]`: the sbatch script (slurmScript.ts) running `command` on the nodes, written to S
 * (then the line that says so is returned) or returned for stdout.
 */
export async function writeSlurm(
  planPath: string,
  plan: ShardPlan,
  command: readonly string[],
  options: SlurmOptions,
): Promise<string> {
  const abs = resolve(planPath);
  for (const o of options.memory?.shards ?? []) {
    const bad = o.shards.find((i) => i >= plan.shards);
    if (bad !== undefined)
      throw new InputError(
        `--mem ${indexRanges(o.shards)}:…: shard ${bad} is out of range: plan ${planPath} has ${plan.shards} ` +
          `shards, 0..${plan.shards - 1}`,
      );
  }
  // how much a worker holds is the count's to say (6×2: a class's tables in each); its class list is not found
  const { workerMemoryMB } = await classSumOf(plan.spec, plan.classList);
  const text = slurmScript(plan, {
    planPath: abs,
    command,
    results: abs.replace(/\.json(\.gz)?$/, '') + '.results',
    throttle: Math.min(plan.shards, options.throttle ?? 32),
    cpus: options.cpus ?? 1,
    ...(options.pack !== undefined ? { pack: options.pack } : {}),
    ...(workerMemoryMB !== undefined ? { workerMemoryMB } : {}),
    ...(options.memory?.memoryMB !== undefined ? { memoryMB: options.memory.memoryMB } : {}),
    memoryShards: options.memory?.shards ?? [],
  });
  if (options.out === undefined) return text;
  prepareOutput(options.out, {
    what: 'Slurm script',
    // version 3 (#!/bin/sh) replaces an earlier one (#!/usr/bin/env bash)
    isOurs: (head) => /^#!(\/bin\/sh|\/usr\/bin\/env bash)\n# sudoku-count\/slurm-script /.test(head),
  }).write(text);
  return `wrote ${shownPath(options.out)}: submit with \`sh ${shownPath(shellWord(options.out))}\`\n`;
}
