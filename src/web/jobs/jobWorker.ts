/**
 * The worker a page runs its library calls in (ui/jobClient.ts starts it): the page's thread only draws. A job
 * module (src/web/jobs/*Job.ts) exports `run(input, emit)`; `emit` posts progress, the return value is the result.
 * Stopping a job terminates this worker, and with it the pool's workers it started.
 */
import { workerScope } from '../pool/workerScope.js';
import type { JobReply, JobRequest } from './jobProtocol.js';

type JobModule = { run: (input: unknown, emit: (progress: unknown) => void) => Promise<unknown> };

const loaders = import.meta.glob<JobModule>('./*Job.ts');
const scope = workerScope<JobRequest, JobReply>();

scope.onmessage = (e) => {
  const { id, job, input } = e.data;
  void (async () => {
    try {
      const load = loaders[`./${job}Job.ts`];
      if (!load) throw new Error(`internal: no job '${job}'`);
      const { run } = await load();
      const value = await run(input, (progress) => scope.postMessage({ id, progress }));
      scope.postMessage({ id, value });
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      scope.postMessage({ id, error: { name: error.name, message: error.message } });
    }
  })();
};
