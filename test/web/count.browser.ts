import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG, openSite, type Site } from './site.js';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const STAGES_3X3 = [
  ['bands', '2,612,736 bands'],
  ['lexReduced', '36,288'],
  ['columnSets', '78,400 entries'],
  ['classes', '416 classes'],
  ['completions', '416 of 416 classes'],
  ['pair-swaps', '174 classes'],
  ['rectangles', '71 classes'],
  ['column-sets', '44 classes'],
  ['total', '6,670,903,752,021,072,936,960'],
];

describe('Count page', () => {
  it('opened from its address, counts the 9×9 grids stage by stage and offers the class table', async () => {
    const { page, problems } = await site.page();
    await page.goto(`${site.url}count/?box=3x3&run=1`);
    const total = page.locator('#total');
    await total.waitFor({ timeout: 60_000 });
    expect(await total.getAttribute('data-total')).toBe('6670903752021072936960');
    const stages: (string | null)[][] = [];
    for (const li of await page.locator('#stages > li').all())
      stages.push([await li.getAttribute('data-stage'), await li.locator('[data-value]').textContent()]);
    expect(stages).toEqual(STAGES_3X3);
    await expect.poll(() => page.locator('#stages > li.done').count(), LONG).toBe(STAGES_3X3.length);
    expect(await page.locator('#status').textContent()).toMatch(
      /^Counted in [\d.]+ s \([\d.]+ s in the worker, \d threads?\)\.$/,
    );

    // the download is byte for byte what the command line's `classes` writes
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('classes-3x3.json');
    const fromPage = readFileSync(await download.path(), 'utf8');
    const fromCli = execFileSync(process.execPath, ['dist/cli/main.js', 'classes'], { encoding: 'utf8' });
    expect(fromPage).toBe(fromCli);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is driven by keyboard, puts its inputs in the address, and stops at once', async () => {
    const { page, problems } = await site.page();
    await page.goto(`${site.url}count/`);
    await page.getByLabel('Box shape').focus();
    await page.keyboard.press('Tab'); // to "Count"
    await page.getByLabel('Box shape').selectOption('2x3');
    await page.getByRole('button', { name: 'Count', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.locator('#total').waitFor();
    expect(await page.locator('#total').getAttribute('data-total')).toBe('28200960');
    expect(new URL(page.url()).search).toBe('?box=2x3&run=1');

    // 4×2 takes seconds: Stop ends it well before it finishes, and the page counts again afterwards
    await page.getByLabel('Box shape').selectOption('4x2');
    await page.getByRole('button', { name: 'Count', exact: true }).click();
    await page.locator('li[data-stage="bands"].done').waitFor();
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => page.locator('#status').textContent(), LONG).toBe('Stopped.');
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await page.locator('#total').count()).toBe(0);
    await page.getByLabel('Box shape').selectOption('2x2');
    await page.getByRole('button', { name: 'Count', exact: true }).click();
    await page.locator('#total').waitFor();
    expect(await page.locator('#total').getAttribute('data-total')).toBe('288');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('counts 10×10 grids by column sets: configuration classes, then F per class (stopped: ~30 s)', async () => {
    const { page, problems } = await site.page();
    await page.goto(`${site.url}count/?box=2x5&run=1`);
    const classes = page.locator('li[data-stage="configurations"].done [data-value]');
    await classes.waitFor({ timeout: 60_000 });
    expect(await classes.textContent()).toBe('355 classes');
    await expect
      .poll(() => page.locator('li[data-stage="bandsOfClasses"] [data-value]').textContent(), LONG)
      .toMatch(/^\d+ of 355 classes$/);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => page.locator('#status').textContent(), LONG).toBe('Stopped.');
    expect(await page.locator('#total').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('fits a phone: no sideways scrolling, and the screenshot has the page’s structure', async () => {
    const { page, problems } = await site.page({ width: 390, height: 844 });
    await page.goto(`${site.url}count/?box=3x3&run=1`);
    await page.locator('#total').waitFor({ timeout: 60_000 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const shot = await page.screenshot({ fullPage: true });
    // PNG header: width and height (big-endian) at bytes 16..23
    expect(shot.readUInt32BE(16)).toBe(390);
    const height = shot.readUInt32BE(20);
    const list = await page.locator('#stages').boundingBox();
    expect(list).not.toBeNull();
    expect(height).toBeGreaterThanOrEqual(Math.floor((list?.y ?? 0) + (list?.height ?? 0)));
    expect(problems).toEqual([]);
    await page.close();
  });
});
