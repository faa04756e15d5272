/**
 * Lines to stdout, gathered and written a thousand at a time. (A reader that stops early, `| head`, ends the
 * process quietly: main.ts guards stdout for every command.)
 */
export interface LineOutput {
  push(line: string): void;
  /** Write what is gathered. */
  flush(): void;
}

const CHUNK = 1000;

export function lineOutput(): LineOutput {
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
