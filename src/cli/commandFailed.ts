/**
 * A command that ran but must end with a status of its own (not 0, not 2 for bad input): the CLI prints the message
 * on one line and exits with `status`: 1 when the two counters disagree (count/classes --counter dlx).
 */
export class CommandFailed extends Error {
  override name = 'CommandFailed';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
