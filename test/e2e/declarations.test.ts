import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';

/** The published type declarations stand on their own, whatever module resolution a consumer uses. */
describe('type declarations in dist/', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
    );

  it('import only relative paths, node: modules and whole packages (no package subpaths)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: object };
    const allowed = new Set(Object.keys(pkg.dependencies));
    const bad: string[] = [];
    for (const f of files(join(ROOT, 'dist'))) {
      for (const m of readFileSync(f, 'utf8').matchAll(
        /^(?:import|export)\b[^\n]*? from '([^']+)'|import\(["']([^"']+)["']\)/gm,
      )) {
        const spec = m[1] ?? m[2];
        if (spec.startsWith('.') || spec.startsWith('node:')) continue;
        if (!allowed.has(spec)) bad.push(`${f.slice(ROOT.length + 1)}: ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('compile in a consumer with moduleResolution Node10 and skipLibCheck false', () => {
    const dir = tempDir('sudoku-count-consumer-');
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'sudoku-count'));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'commonjs',
          moduleResolution: 'node10',
          target: 'es2022',
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    writeFileSync(
      join(dir, 'consumer.ts'),
      [
        'import { countGrids, countSolutions, estimate } from "sudoku-count";',
        'import type { EstimateResult, RandomGenerator } from "sudoku-count";',
        'export async function n(): Promise<bigint> { return (await countGrids({ box: "2x2" })).total; }',
        'export const s = countSolutions(".".repeat(16), { box: "2x2", limit: 2 }).count;',
        'export type R = EstimateResult | RandomGenerator;',
        'export const e = estimate;',
        '',
      ].join('\n'),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
