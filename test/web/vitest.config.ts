import { defineConfig } from 'vitest/config';

/** `npm run test:web`: the site in headless Chromium (test/web/*.browser.ts), apart from `npm test`. */
export default defineConfig({
  test: {
    include: ['test/web/**/*.browser.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
