import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG, openSite, type Site } from './site.js';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

describe('Estimators page', () => {
  it('gives the estimate the command line gives for the seed, drawn as it converges, against the exact N', async () => {
    const { page, problems } = await site.page();
    const cli = execFileSync(
      process.execPath,
      ['dist/cli/main.js', 'estimate', '--method', 'knuth', '--samples', '200000', '--seed', '1', '--json'],
      { encoding: 'utf8' },
    );
    const mean = /"mean":([^,]+),/.exec(cli)?.[1];
    expect(mean).toBeDefined();
    await page.goto(`${site.url}estimate/?box=3x3&method=knuth&seed=1&samples=200000&run=1`);
    const summary = page.locator('#summary');
    await summary.waitFor({ state: 'visible', timeout: 60_000 });
    expect(Number(await summary.getAttribute('data-mean'))).toBe(Number(mean));
    expect(await page.locator('td[data-key="exact N"]').textContent()).toBe('6,670,903,752,021,072,936,960');
    // the running estimate: one point per finished batch prefix (13 batches of 16,384), a line and its interval
    expect(Number(await page.locator('#chart').getAttribute('data-points'))).toBeGreaterThanOrEqual(2);
    expect(await page.locator('#chart path[data-series="estimate"]').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
    expect(await page.locator('#chart path[data-series="interval"]').getAttribute('d')).toMatch(/Z$/);

    await page.getByLabel('Samples', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Estimate' }).click();
    await expect
      .poll(() => page.locator('#status').textContent(), LONG)
      .toBe('Error: samples must be a whole number 1…100,000,000');
    expect(problems).toEqual([]);
    await page.close();
  });
});
