/** A worker's answer to one request (a pool's task, a page's job): its value, or its error's name and message. */
export type WorkerAnswer =
  { readonly value: unknown } | { readonly error: { readonly name: string; readonly message: string } };

/** Settle a request from its worker's answer: resolved with the value, or rejected with an Error of that name. */
export function settleReply(
  request: { readonly resolve: (value: unknown) => void; readonly reject: (error: Error) => void },
  answer: WorkerAnswer,
): void {
  if ('error' in answer) {
    const err = new Error(answer.error.message);
    err.name = answer.error.name;
    request.reject(err);
  } else {
    request.resolve(answer.value);
  }
}
