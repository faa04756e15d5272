/**
 * A page's side of its job worker (jobs/jobWorker.ts). One worker per page, started on the first job and kept
 * (so a job module's caches, such as the grid index, serve the next job); `stop` terminates it, running job
 * and pool workers included, and the next job starts a fresh one.
 */
import type { JobReply, JobRequest } from '../jobs/jobProtocol.js';
import { settleReply } from '../pool/settleReply.js';

export class JobStopped extends Error {
  override name = 'JobStopped';
}

export interface JobHandle<R> {
  readonly result: Promise<R>;
  stop(): void;
}

let worker: Worker | null = null;
let nextId = 0;
const live = new Map<
  number,
  { progress: (p: unknown) => void; resolve: (v: unknown) => void; reject: (e: Error) => void }
>();

function jobWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('../jobs/jobWorker.ts', import.meta.url), { type: 'module', name: 'job' });
  w.onmessage = (e: MessageEvent<JobReply>) => {
    const reply = e.data;
    const job = live.get(reply.id);
    if (!job) return;
    if ('progress' in reply) return job.progress(reply.progress);
    live.delete(reply.id);
    settleReply(job, reply);
  };
  w.onerror = (e: ErrorEvent) => {
    e.preventDefault();
    stopAll(new Error(`the job worker failed: ${e.message || 'could not load'}`));
  };
  return (worker = w);
}

function stopAll(reason: Error): void {
  worker?.terminate();
  worker = null;
  for (const job of live.values()) job.reject(reason);
  live.clear();
}

/** Run job `name` (src/web/jobs/<name>Job.ts) on `input`; `onProgress` hears what it emits. */
export function runJob<I, P, R>(name: string, input: I, onProgress: (p: P) => void = () => {}): JobHandle<R> {
  const id = nextId++;
  const result = new Promise<R>((resolve, reject) => {
    live.set(id, { progress: onProgress as (p: unknown) => void, resolve: resolve as (v: unknown) => void, reject });
  });
  jobWorker().postMessage({ id, job: name, input } satisfies JobRequest);
  return { result, stop: () => stopAll(new JobStopped('stopped')) };
}
