/** Messages between a page (ui/jobClient.ts) and its job worker (jobWorker.ts). */
export interface JobRequest {
  readonly id: number;
  /** A job module's name: `count` for countJob.ts. */
  readonly job: string;
  readonly input: unknown;
}

export type JobReply =
  | { readonly id: number; readonly progress: unknown }
  | { readonly id: number; readonly value: unknown }
  | { readonly id: number; readonly error: { readonly name: string; readonly message: string } };
