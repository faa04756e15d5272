import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, LONG, openSite, type Site } from './site.js';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

interface CliPuzzle {
  readonly puzzle: string;
  readonly solution: string;
}

function cliGenerate(...args: string[]): CliPuzzle[] {
  const out = execFileSync(process.execPath, ['dist/cli/main.js', 'generate', '--json', ...args], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as CliPuzzle);
}

/** A PDF's pages and the first page's size in points, read from its page objects. */
function pdfPages(pdf: Buffer): { pages: number; width: number; height: number } {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  return { pages, width: Number(box?.[1]), height: Number(box?.[2]) };
}

describe('Puzzles page', () => {
  it('makes the puzzles the command line makes for a seed and for a day', async () => {
    const { page, problems } = await site.page();
    const expected = cliGenerate('--seed', '5', '--count', '2');
    await page.goto(`${site.url}puzzles/?box=3x3&count=2&seed=5&run=1`);
    await expect.poll(() => page.locator('#puzzles figure').count(), LONG).toBe(2);
    const lines = await Promise.all(
      (await page.locator('#puzzles figure').all()).map((f) => f.getAttribute('data-line')),
    );
    expect(lines).toEqual(expected.map((p) => p.puzzle));

    const day = cliGenerate('--daily', '2025-03-14');
    await page.getByLabel('Seed').fill('');
    await page.getByLabel('or the puzzles of the day').fill('2025-03-14');
    await page.getByLabel('How many').fill('1');
    await page.getByRole('button', { name: 'Make puzzles' }).click();
    await expect.poll(() => page.locator('#puzzles figure').getAttribute('data-line'), LONG).toBe(day[0].puzzle);
    expect(new URL(page.url()).searchParams.get('daily')).toBe('2025-03-14');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('solves a puzzle step by step, from its address, to the one solution', async () => {
    const { page, problems } = await site.page();
    const [expected] = cliGenerate('--seed', '5');
    await page.goto(`${site.url}puzzles/?box=3x3&count=1&seed=5&run=1&solve=1`);
    const solver = page.locator('#solver');
    await solver.waitFor({ state: 'visible', timeout: 60_000 });
    const digits = () => attributes(page.locator('#solver-grid [data-cell]'), 'data-digit');
    const filled = async () => (await digits()).filter((t) => t !== '').length;
    const clues = expected.puzzle.replace(/\./g, '').length;
    expect(await filled()).toBe(clues);
    for (let k = 1; k <= 3; k++) await page.getByRole('button', { name: 'Next step' }).click();
    expect(await solver.getAttribute('data-shown')).toBe('3');
    expect(await page.locator('#steps li:visible').count()).toBe(3);
    // each step worded once: its technique, then what it finds
    const current = (await page.locator('#steps li.current').textContent()) ?? '';
    expect(current).toMatch(/^[A-Z][A-Za-z -]+: .+/);
    expect(current).not.toMatch(/^([\w -]+): \1/i);
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.locator('#steps li:visible').count()).toBe(2);
    await page.getByRole('button', { name: 'All steps' }).click();
    expect((await digits()).join('')).toBe(expected.solution);
    expect(await page.getByRole('button', { name: 'Next step' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('prints a sheet: the puzzles on one page, their solutions on the next, on the paper chosen', async () => {
    const { page, problems } = await site.page();
    for (const [paper, width, height] of [
      ['A4', 595, 842],
      ['Letter', 612, 792],
    ] as const) {
      await page.goto(`${site.url}puzzles/?box=3x3&count=2&seed=11&paper=${paper}&run=1`);
      await expect.poll(() => page.locator('#puzzles figure').count(), LONG).toBe(2);
      const sheet = await page.locator('#sheet').getAttribute('srcdoc');
      expect(sheet).toContain(`size: ${paper};`);
      // the printed DOM: 2 puzzles, then 2 solutions in a block that starts a new page
      const frame = page.frameLocator('#sheet');
      expect(await frame.locator('figure').count()).toBe(4);
      expect(await frame.locator('.solutions figure').count()).toBe(2);
      // and the PDF Chromium prints from it
      const printer = await site.browser.newPage();
      await printer.setContent(sheet ?? '');
      const pdf = pdfPages(await printer.pdf({ preferCSSPageSize: true }));
      await printer.close();
      expect(pdf.pages).toBe(2);
      expect(Math.round(pdf.width)).toBe(width);
      expect(Math.round(pdf.height)).toBe(height);
    }
    // 6 puzzles, 4 or 6 a page: 2 or 1 pages of puzzles, then one of solutions
    for (const [perPage, pages] of [
      [4, 3],
      [6, 2],
    ] as const) {
      await page.goto(`${site.url}puzzles/?box=3x3&count=6&seed=11&perpage=${perPage}&run=1`);
      await expect.poll(() => page.locator('#puzzles figure').count(), LONG).toBe(6);
      const printer = await site.browser.newPage();
      await printer.setContent((await page.locator('#sheet').getAttribute('srcdoc')) ?? '');
      expect(await printer.locator('.head', { hasText: 'Name' }).count()).toBe(pages - 1);
      expect(pdfPages(await printer.pdf({ preferCSSPageSize: true })).pages, `${perPage} a page`).toBe(pages);
      await printer.close();
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
