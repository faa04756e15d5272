import { join } from 'node:path';

/** The repository root, the built command line (npm test builds before vitest runs) and the test fixtures. */
export const ROOT = join(__dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'cli', 'main.js');
export const FIXTURES = join(ROOT, 'test', 'fixtures');
export const PUZZLES = join(FIXTURES, 'puzzles');
