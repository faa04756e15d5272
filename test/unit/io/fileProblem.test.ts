import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileProblem, REPOSITORY_URL } from '../../../src/io/fileProblem.js';
import { ROOT } from '../../helpers/paths.js';

const missing = (path: string) => Object.assign(new Error('ENOENT'), { code: 'ENOENT', path });

describe('fileProblem: a missing research file says where data/ comes from', () => {
  it('names the repository for a path under data/, and only there', () => {
    const hint = `no such file or folder (data/ comes with a clone of ${REPOSITORY_URL}, not with the npm package)`;
    expect(fileProblem(missing('data/6x2/plan.json.gz'))).toBe(hint);
    expect(fileProblem(missing('./data/variant-table-3x3+x.bin'))).toBe(hint);
    expect(fileProblem(missing('plans/data/x.json'))).toBe('no such file or folder');
    expect(fileProblem(missing('puzzles.txt'))).toBe('no such file or folder');
  });

  it('the repository named is the one package.json names in repository, homepage and bugs', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      repository: { url: string };
      homepage: string;
      bugs: { url: string };
    };
    expect(pkg.repository.url).toBe(`git+${REPOSITORY_URL}.git`);
    expect(pkg.homepage).toBe(`${REPOSITORY_URL}#readme`);
    expect(pkg.bugs.url).toBe(`${REPOSITORY_URL}/issues`);
  });
});
