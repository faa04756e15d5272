/**
 * Lines to stdout, gathered and written a thousand at a time. A reader that stops early (`| head`) is not an
 * error: the process ends quietly.
 */
export interface LineOutput {
  push(line: string): void;
  /** Write what is gathered. */
  flush(): void;
}

const CHUNK = 1000;

export function lineOutput(): LineOutput {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  let lines: string[] = [];
  const flush = () => {
    if (lines.length > 0) process.stdout.write(lines.join('\n') + '\n');
    lines = [];
  };
  return {
    push(line) {
      lines.push(line);
      if (lines.length === CHUNK) flush();
    },
    flush,
  };
}
