import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_URL } from '../../src/io/fileProblem.js';
import { ROOT } from '../helpers/paths.js';

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

/**
 * The README is also the package's page on the registry, which shows it without the repository around it: every
 * link is absolute, and a link into the repository names a file (and heading) that is there.
 */
describe('README.md as the registry shows it', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);

  it('stays a landing page of at most 200 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('links absolutely, and each link into the repository finds its file and heading', () => {
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((l) => !/^https:\/\//.test(l))).toEqual([]);
    const broken: string[] = [];
    const base = `${REPOSITORY_URL}/blob/main/`;
    for (const link of links.filter((l) => l.startsWith(REPOSITORY_URL))) {
      const [path, anchor] = link.slice(base.length).split('#');
      if (!link.startsWith(base) || !existsSync(join(ROOT, path))) broken.push(link);
      else if (anchor !== undefined) {
        const headings = [...readFileSync(join(ROOT, path), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]));
        if (!headings.includes(anchor)) broken.push(link);
      }
    }
    expect(broken).toEqual([]);
  });
});
