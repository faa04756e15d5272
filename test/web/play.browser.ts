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

function cliGenerate(...args: string[]): { puzzle: string; solution: string } {
  const out = execFileSync(process.execPath, ['dist/cli/main.js', 'generate', '--json', ...args], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n')[0]) as { puzzle: string; solution: string };
}

/** A 9×9 grid with four cells emptied in a rectangle whose two digits can swap: exactly two solutions. */
const TWO_SOLUTIONS = '534..8912672195348198342567859..1423426853791713924856961537284287419635345286179';

describe('Play', () => {
  it('plays a puzzle: type, pencil marks, undo, check, hint, and a reload keeps it, undo history too', async () => {
    const { page, problems } = await site.page();
    const { puzzle, solution } = cliGenerate('--seed', '5');
    const open = [...puzzle].flatMap((ch, i) => (ch === '.' ? [i] : []));
    const [a, b, c] = open;
    const wrong = solution[b] === '9' ? '8' : '9';
    await page.goto(`${site.url}puzzles/?box=3x3&count=1&seed=5&run=1&play=1`);
    const cell = (i: number) => page.locator(`#play [data-cell="${i}"]`);
    await cell(a).waitFor({ timeout: 60_000 });
    // a right digit by keyboard, a wrong one from the on-screen pad
    await cell(a).click();
    await page.keyboard.press(solution[a]);
    expect(await cell(a).getAttribute('data-digit')).toBe(solution[a]);
    await cell(b).click();
    await page.getByRole('button', { name: `enter ${wrong}`, exact: true }).click();
    expect(await cell(b).getAttribute('data-digit')).toBe(wrong);
    // corner marks with Shift, a centre mark in centre mode; undo takes the last one back, redo restores it
    await cell(c).click();
    await page.keyboard.press('Shift+Digit1');
    await page.keyboard.press('Shift+Digit2');
    expect(await cell(c).locator('.corner').textContent()).toBe('12');
    await page.getByRole('button', { name: 'enter centre pencil marks' }).click();
    await page.getByRole('button', { name: 'enter 7', exact: true }).click();
    expect(await cell(c).locator('.centre').textContent()).toBe('7');
    await page.getByRole('button', { name: 'undo' }).click();
    expect(await cell(c).locator('.centre').count()).toBe(0);
    await page.getByRole('button', { name: 'redo' }).click();
    expect(await cell(c).locator('.centre').textContent()).toBe('7');
    // check shows the one mistake
    await page.getByRole('button', { name: 'check against the solution' }).click();
    expect(await page.locator('#play .play-message').textContent()).toMatch(/^1 digit is wrong/);
    expect(await attributes(page.locator('#play .cell.wrong'), 'data-cell')).toEqual([String(b)]);
    // a hint: the rater's next step, its cells marked on the board
    await page.getByRole('button', { name: 'hint: the next logical step' }).click();
    await expect.poll(() => page.locator('#play .play-message').textContent(), LONG).toMatch(/^Hint: [A-Z].+: /);
    expect(await page.locator('#play .cell.target').count()).toBeGreaterThan(0);
    // a reload loses nothing
    await page.reload();
    await cell(a).waitFor({ timeout: 60_000 });
    expect(await cell(a).getAttribute('data-digit')).toBe(solution[a]);
    expect(await cell(b).getAttribute('data-digit')).toBe(wrong);
    expect(await cell(c).locator('.centre').textContent()).toBe('7');
    // …not even the undo history: the centre mark is taken back, then the corner marks
    await page.getByRole('button', { name: 'undo' }).click();
    expect(await cell(c).locator('.centre').count()).toBe(0);
    await page.getByRole('button', { name: 'undo' }).click();
    expect(await cell(c).locator('.corner').textContent()).toBe('1');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says how many solutions a typed puzzle has, and what is wrong with a bad one, beside the grid', async () => {
    const { page, problems } = await site.page();
    await page.goto(`${site.url}play/?p=${TWO_SOLUTIONS}`);
    const verdict = page.locator('#verdict');
    await verdict.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await verdict.getAttribute('data-solutions')).toBe('2');
    expect(await verdict.textContent()).toMatch(/^2 solutions: not a proper puzzle/);
    // no technique applies: the steps say at once where logic stops, and what remains
    expect(await page.getByRole('button', { name: 'All steps' }).isDisabled()).toBe(true);
    expect(await page.locator('#solver-stop').textContent()).toMatch(/^Logic stops here: .* 4 cells still open/);

    const status = page.locator('#entry-status');
    for (const [text, said] of [
      ['123', /^Error: puzzle: 3 cells, a 3x3 grid has 81/],
      [`11${'.'.repeat(79)}`, /^Error: .*clash.*r1c1.*r1c2/],
    ] as const) {
      await page.getByLabel('Puzzle', { exact: true }).fill(text);
      await page.getByRole('button', { name: 'Check this puzzle' }).click();
      await expect.poll(() => status.textContent(), LONG).toMatch(said);
      expect(await verdict.isHidden()).toBe(true);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("draws a variant's houses as the sheet does: the diagonals of x shaded", async () => {
    const { page, problems } = await site.page();
    await page.goto(`${site.url}puzzles/?box=3x3&variant=x&count=1&seed=3&run=1`);
    const board = page.locator('#puzzles figure .board').first();
    await board.waitFor({ timeout: 60_000 });
    const shaded = (await attributes(board.locator('svg rect.s'), 'data-cell')).map(Number);
    const diagonals = new Set<number>();
    for (let k = 0; k < 9; k++) diagonals.add(k * 10).add(k * 8 + 8);
    expect(new Set(shaded)).toEqual(diagonals);
    // and the printed sheet's grid is the same drawing
    const sheet = (await page.locator('#sheet').getAttribute('srcdoc')) ?? '';
    expect(sheet.match(/class="s" data-cell/g)?.length).toBe(2 * diagonals.size);

    // a jigsaw typed on the Play page: a thick line wherever two neighbours lie in different regions
    const regions = 'AAABBBCCCAAABBACCCAABBBBCCCDDDEEEFFFDDDEEEFFEDDDEEFFFFGGGHHHIIIGGGHHHIIIGGGHHHIII';
    let borders = 0;
    for (let i = 0; i < 81; i++) {
      if (i % 9 < 8 && regions[i] !== regions[i + 1]) borders++;
      if (i < 72 && regions[i] !== regions[i + 9]) borders++;
    }
    await page.goto(`${site.url}play/?regions=${regions}&p=1${'.'.repeat(80)}`);
    await page.locator('#play .board').waitFor({ timeout: 60_000 });
    expect(await page.locator('#play .board svg line.b').count()).toBe(borders);
    expect(await page.locator('#verdict').textContent()).toMatch(/^At least 2 solutions/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
