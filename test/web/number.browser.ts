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

interface Sampled {
  readonly index: string;
  readonly grid: string;
}

/** The command line's first grid for a seed, with its number (json-bigint prints the number bare). */
function cliSample(seed: number, box: string): Sampled {
  const line = execFileSync(
    process.execPath,
    ['dist/cli/main.js', 'sample', '--seed', String(seed), '--box', box, '--json'],
    {
      encoding: 'utf8',
    },
  );
  const m = /"index":(\d+),"grid":"(\d+)"/.exec(line);
  if (!m) throw new Error(`unexpected sample output: ${line}`);
  return { index: m[1], grid: m[2] };
}

describe('Grid-by-number page', () => {
  it('draws the grid the command line draws for a seed, and numbers it both ways', async () => {
    const { page, problems } = await site.page();
    const expected = cliSample(7, '3x3');
    await page.goto(`${site.url}number/?box=3x3&op=sample&seed=7&run=1`);
    await expect.poll(() => page.locator('#line').textContent(), LONG).toBe(expected.grid);
    expect(await page.locator('#number').getAttribute('data-index')).toBe(expected.index);
    expect(
      await page
        .getByRole('table', { name: `grid number ${expected.index}` })
        .locator('td')
        .count(),
    ).toBe(81);

    // the grid with that number, then the number of that grid, from their addresses
    await page.goto(`${site.url}number/?box=3x3&op=unrank&index=${expected.index}&run=1`);
    await expect.poll(() => page.locator('#line').textContent(), LONG).toBe(expected.grid);
    await page.goto(`${site.url}number/?box=3x3&op=rank&grid=${expected.grid}&run=1`);
    await expect.poll(() => page.locator('#number').getAttribute('data-index'), LONG).toBe(expected.index);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fills the form and the address, and words bad input in one line', async () => {
    const { page, problems } = await site.page();
    const expected = cliSample(7, '2x3');
    await page.goto(`${site.url}number/`);
    await page.getByLabel('Box shape').selectOption('2x3');
    await page.getByLabel('Seed').fill('7');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect.poll(() => page.locator('#line').textContent(), LONG).toBe(expected.grid);
    expect(new URL(page.url()).search).toBe('?box=2x3&op=sample&seed=7&run=1');

    await page.getByLabel('What').selectOption('unrank');
    await page.getByLabel('Grid number', { exact: true }).fill('28200960'); // N for 2×3: one past the last number
    await page.getByRole('button', { name: 'Go' }).click();
    await expect
      .poll(() => page.locator('#status').textContent(), LONG)
      .toBe('Error: grid number: 28200960 is not below N = 28200960: numbers run from 0 to N − 1');
    expect(await page.locator('#result').isHidden()).toBe(true);

    await page.getByLabel('What').selectOption('rank');
    await page.getByLabel(/^Grid \(/).fill(expected.grid.replace(/^(\d)(\d)/, '$2$1'));
    await page.getByRole('button', { name: 'Go' }).click();
    await expect.poll(() => page.locator('#status').textContent(), LONG).toMatch(/^Error: grid: .*/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
