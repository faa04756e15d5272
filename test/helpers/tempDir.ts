import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Temporary directories for the tests, removed when the test file ends. Both projects share one module graph between
 * the files a worker runs (vitest.config.ts: isolate false), so a hook at this module's top would be registered by
 * the first file alone: the removal is registered per file by test/helpers/fileSetup.ts instead.
 */
const made: string[] = [];

/** A fresh directory under the system temp directory, removed when the test file ends. */
export function tempDir(prefix = 'sudoku-count-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Remove every directory tempDir made so far. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
