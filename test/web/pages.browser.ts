import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, type Site } from './site.js';

let site: Site;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const PAGES = ['', 'count/', 'number/', 'puzzles/', 'play/', 'audit/', 'estimate/'];

/** Form controls without a label (by id), in the page. */
const UNLABELLED = `[...document.querySelectorAll('input, select, textarea')]
  .filter((e) => e.labels.length === 0 && !e.getAttribute('aria-label')).map((e) => e.id || e.outerHTML)`;

/**
 * Visible text below WCAG AA contrast (4.5:1) against the nearest opaque background (white when none), skipping
 * disabled controls (exempt) and SVG.
 */
const LOW_CONTRAST = `(() => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const bad = [];
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('svg') || e.closest(':disabled') || !e.checkVisibility()) continue;
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '')) continue;
    const fg = rgb(getComputedStyle(e).color);
    let bg = [255, 255, 255];
    for (let p = e; p; p = p.parentElement) {
      const c = rgb(getComputedStyle(p).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] === 1)) { bg = c.slice(0, 3); break; }
    }
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) bad.push(e.tagName + ' ' + ratio.toFixed(2) + ' ' + e.textContent.trim().slice(0, 30));
  }
  return bad;
})()`;

describe('every page', () => {
  it('loads from the built site with navigation, a heading, labelled controls and readable contrast', async () => {
    const { page, problems } = await site.page();
    for (const path of PAGES) {
      await page.goto(`${site.url}${path}`);
      await page.locator('nav a').first().waitFor();
      expect(await page.locator('html').getAttribute('lang'), path).toBe('en');
      expect(await page.locator('h1').count(), path).toBe(1);
      expect(await page.locator('nav a').count(), path).toBe(7);
      expect(await page.evaluate(UNLABELLED), path).toEqual([]);
      expect(await page.evaluate(LOW_CONTRAST), path).toEqual([]);
      if (path !== '') expect(await page.locator('nav a[aria-current="page"]').count(), path).toBe(1);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens from an address without the trailing slash, as in a shared link', async () => {
    const { page, problems } = await site.page();
    await page.goto(`${site.url}count?box=2x2&run=1`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/count/?box=2x2&run=1');
    await page.locator('#total').waitFor();
    expect(await page.locator('#total').getAttribute('data-total')).toBe('288');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is reachable by keyboard: Tab moves through the navigation to the form', async () => {
    const { page, problems } = await site.page();
    await page.goto(`${site.url}count/`);
    await page.locator('#box option').first().waitFor({ state: 'attached' });
    const focused: string[] = [];
    for (let k = 0; k < 9; k++) {
      await page.keyboard.press('Tab');
      focused.push(String(await page.evaluate('document.activeElement.id || document.activeElement.textContent')));
    }
    expect(focused.slice(0, 7)).toEqual([
      'sudoku-count',
      'Count',
      'Grid by number',
      'Puzzles',
      'Play',
      'Audit',
      'Estimators',
    ]);
    expect(focused.slice(7)).toEqual(['box', 'run']);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('on a 390 px phone', () => {
  it('no page scrolls sideways, with its results shown', async () => {
    const { page, problems } = await site.page({ width: 390, height: 844 });
    const addresses = [
      ...PAGES,
      'puzzles/?box=3x3&variant=x&count=2&seed=5&run=1&play=1&solve=1',
      'play/?p=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
    ];
    for (const path of addresses) {
      await page.goto(`${site.url}${path}`);
      await page.locator('nav a').first().waitFor();
      if (path.includes('run=1')) await page.locator('#solver').waitFor({ state: 'visible', timeout: 60_000 });
      if (path.includes('p=')) await page.locator('#play .board').waitFor({ timeout: 60_000 });
      expect(await page.evaluate('document.documentElement.scrollWidth'), path).toBeLessThanOrEqual(390);
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('address parameters a page does not offer', () => {
  it.each([
    ['number/?box=9x9&op=guess', ['box=9x9', 'op=guess'], { box: '3x3', op: 'sample' }],
    ['estimate/?method=magic&box=2x3', ['method=magic'], { box: '2x3', method: 'knuth' }],
    ['puzzles/?daily=2025-13-45&box=7x7', ['box=7x7', 'daily=2025-13-45'], { box: '3x3', daily: '' }],
    ['count/?box=<b>x</b>', ['box=<b>x</b>'], { box: '3x3' }],
  ])('%s: the defaults shown, and a notice naming what was ignored', async (address, named, shown) => {
    const { page, problems } = await site.page();
    await page.goto(`${site.url}${address}`);
    const notice = page.locator('#address-notice');
    await expect.poll(() => notice.textContent()).toMatch(/^Ignored in the address: /);
    const text = (await notice.textContent()) ?? '';
    for (const name of named) expect(text).toContain(name);
    for (const [id, value] of Object.entries(shown)) expect(await page.locator(`#${id}`).inputValue()).toBe(value);
    expect(await page.locator('#address-notice b').count()).toBe(0); // text, never markup
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a page whose address it takes whole shows no notice', async () => {
    const { page } = await site.page();
    await page.goto(`${site.url}number/?box=2x3&op=rank`);
    await expect.poll(() => page.locator('#op').inputValue()).toBe('rank');
    expect(await page.locator('#address-notice').count()).toBe(0);
    await page.close();
  });
});
