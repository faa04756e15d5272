/**
 * The built site (dist/web/, made by `npm run test:web` before the tests) served by Vite's preview server on a
 * free localhost port, and the system's Chromium (the Debian package `chromium`; CHROMIUM overrides the path)
 * driven by playwright-core.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';

/** How long a page may take to show a result (expect.poll's option): generous, the machine is shared. */
export const LONG = { timeout: 60_000 };

export interface Site {
  readonly url: string;
  readonly browser: Browser;
  /** A fresh page; `problems` collects its uncaught errors and any request off the site (a test expects none). */
  page(viewport?: { width: number; height: number }): Promise<{ page: Page; problems: string[] }>;
  close(): Promise<void>;
}

export function chromiumPath(): string {
  const path = process.env['CHROMIUM'] ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`no Chromium at ${path}: apt-get install chromium (or set CHROMIUM)`);
  return path;
}

export async function openSite(): Promise<Site> {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  if (!existsSync(`${root}dist/web/index.html`)) throw new Error('no dist/web/: run `npm run test:web`');
  const server: PreviewServer = await preview({
    configFile: `${root}src/web/vite.config.ts`,
    logLevel: 'silent',
    preview: { port: 0, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server has no address');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  const origin = new URL(url).origin;
  return {
    url,
    browser,
    async page(viewport = { width: 1280, height: 900 }) {
      const page = await browser.newPage({ viewport, acceptDownloads: true });
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.origin !== origin && u.protocol !== 'data:' && u.protocol !== 'blob:')
          problems.push(`request off the site: ${r.url()}`);
      });
      return { page, problems };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** An attribute of every element a locator finds, in order ('' where it is absent). */
export async function attributes(locator: Locator, name: string): Promise<string[]> {
  return Promise.all((await locator.all()).map(async (e) => (await e.getAttribute(name)) ?? ''));
}
