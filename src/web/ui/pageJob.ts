/**
 * A page's Run/Stop/status around its jobs: while one runs, Run is disabled and Stop enabled; Stop ends it at once;
 * an error is shown as one line in the status (red), a stop as "Stopped.". One job at a time: a new one stops the
 * one before.
 */
import { JobStopped, runJob, type JobHandle } from './jobClient.js';

export interface PageControls {
  readonly runButton: HTMLButtonElement;
  readonly stopButton: HTMLButtonElement;
  readonly status: HTMLElement;
}

export interface PageJobs {
  /** Run job `name`; the result, or null when it failed or was stopped (the status says which). */
  run<I, P, R>(name: string, input: I, working: string, onProgress?: (p: P) => void): Promise<R | null>;
  /** Show an error in the status, as a job's would be. */
  fail(message: string): void;
}

export function pageJobs({ runButton, stopButton, status }: PageControls): PageJobs {
  let current: JobHandle<unknown> | null = null;
  stopButton.disabled = true;
  stopButton.addEventListener('click', () => current?.stop());
  const show = (text: string, error = false): void => {
    status.className = error ? 'status error' : 'status';
    status.textContent = text;
  };
  return {
    async run<I, P, R>(name: string, input: I, working: string, onProgress?: (p: P) => void): Promise<R | null> {
      current?.stop();
      runButton.disabled = true;
      stopButton.disabled = false;
      show(working);
      const handle = runJob<I, P, R>(name, input, onProgress);
      current = handle;
      try {
        return await handle.result;
      } catch (err) {
        if (err instanceof JobStopped) show('Stopped.');
        else show(`Error: ${(err as Error).message}`, true);
        return null;
      } finally {
        if (current === handle) {
          current = null;
          runButton.disabled = false;
          stopButton.disabled = true;
        }
      }
    },
    fail(message: string): void {
      show(`Error: ${message}`, true);
    },
  };
}
