/**
 * A command that ran but must end with a status of its own (not 0, not 2 for bad input): the CLI prints the message
 * on one line and exits with `status`. For example 130 after Ctrl-C, or 1 when two counters disagree.
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
