import { afterAll } from 'vitest';
import { removeTempDirs } from './tempDir.js';

// run before each test file (setupFiles of both projects), whatever the files of its worker share: each file's temp
// dirs go when it ends
afterAll(removeTempDirs);
