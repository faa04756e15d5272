import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/** The newest modification time of the build's sources: src/ but the web site (vite builds it), and the wasm script. */
function newestSource(): number {
  let t = statSync(join(ROOT, 'scripts', 'build-wasm.mjs')).mtimeMs;
  for (const e of readdirSync(join(ROOT, 'src'), { withFileTypes: true, recursive: true }))
    if (e.isFile() && !/[\\/]src[\\/]web([\\/]|$)/.test(e.parentPath))
      t = Math.max(t, statSync(join(e.parentPath, e.name)).mtimeMs);
  return t;
}

/**
 * The tests import src/, but two things run the build in dist/: the worker threads of a pool (a worker runs
 * JavaScript: src/parallel/taskPool.ts gives it the dist/ file of a src/ task module) and the command line the e2e
 * tests start. `npm test` builds first; a run of vitest alone builds here, once, when src/ is newer than the build.
 */
export default function setup(): void {
  let built = 0;
  try {
    built = statSync(join(ROOT, 'dist', 'cli', 'main.js')).mtimeMs;
  } catch {
    // no build yet
  }
  if (built > newestSource()) return;
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
