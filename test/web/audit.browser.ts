import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG, openSite, type Site } from './site.js';
import { AUDIT_TESTS_3X3 } from '../helpers/auditTestIds.js';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

/** Exactly uniform grids from the command line (fixed seed). */
function sample(count: number, seed: number): string[] {
  const out = execFileSync(
    process.execPath,
    ['dist/cli/main.js', 'sample', '--count', String(count), '--seed', String(seed)],
    { encoding: 'utf8' },
  );
  return out.trim().split('\n');
}

describe('Audit page', () => {
  it('passes an uploaded file of uniform grids, with every test and the charts', async () => {
    const { page, problems } = await site.page();
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-web-'));
    const path = join(dir, 'grids.txt');
    writeFileSync(path, sample(1000, 1).join('\n') + '\n');
    await page.goto(`${site.url}audit/`);
    await page.getByLabel('Upload a file').setInputFiles(path);
    await expect.poll(() => page.locator('#status').textContent(), LONG).toMatch(/^Read grids\.txt/);
    await page.getByRole('button', { name: 'Audit' }).click();
    const verdict = page.locator('#verdict');
    await verdict.waitFor({ state: 'visible', timeout: 60_000 });
    // a uniform source fails this audit with probability ≤ alpha = 0.01; with this seed it passes (deterministic)
    expect(await verdict.getAttribute('data-uniform')).toBe('true');
    const ids = await Promise.all(
      (await page.locator('#tests tbody tr').all()).map((tr) => tr.getAttribute('data-test')),
    );
    expect(ids).toEqual(AUDIT_TESTS_3X3);
    expect(await page.locator('#status').textContent()).toMatch(/^Audited 1,000 3x3 grids in [\d.]+ s\.$/);
    // the charts are the command line's report, drawn by vega in the worker
    await expect.poll(() => page.frameLocator('#report').locator('figure svg').count(), LONG).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('rejects pasted grids that repeat, and names a bad line', async () => {
    const { page, problems } = await site.page();
    const grids = sample(200, 2);
    await page.goto(`${site.url}audit/`);
    await page.getByLabel('Grids, one per line').fill([...grids, ...grids].join('\n'));
    await page.getByRole('button', { name: 'Audit' }).click();
    await expect.poll(() => page.locator('#verdict').getAttribute('data-uniform'), LONG).toBe('false');
    expect(await page.locator('tr[data-test="repeats"] td.rejects').count()).toBe(1);

    const clash = grids[0].replace(/^(\d)(\d)/, '$1$1');
    await page.getByLabel('Grids, one per line').fill(`${grids[1]}\n\n${clash}\n`);
    await page.getByRole('button', { name: 'Audit' }).click();
    await expect.poll(() => page.locator('#status').textContent(), LONG).toMatch(/^Error: line 3: .*r1c/);
    expect(await page.locator('#result').isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
