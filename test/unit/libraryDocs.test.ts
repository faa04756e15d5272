import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as library from '../../src/index.js';
import { ROOT } from '../helpers/paths.js';

/** Every name src/index.ts exports, and whether it is a type only (read by the TypeScript parser, not a regex). */
function exportsOfIndex(): Map<string, boolean> {
  const file = join(ROOT, 'src', 'index.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names = new Map<string, boolean>();
  for (const s of source.statements) {
    if (!ts.isExportDeclaration(s)) continue;
    if (!s.exportClause || !ts.isNamedExports(s.exportClause)) throw new Error('src/index.ts: export * is not listed');
    for (const e of s.exportClause.elements) names.set(e.name.text, s.isTypeOnly || e.isTypeOnly);
  }
  return names;
}

/** The reference section of docs/library.md: one list item a name, its signature in the leading code span. */
function documented(): { name: string; code: string }[] {
  const text = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8');
  const start = text.indexOf('\n## Every export of `sudoku-count`\n');
  expect(start).toBeGreaterThan(0);
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^- `([^`]+)`/gm)].map((m) => ({
    code: m[1],
    name: /^(?:class |interface |type |const )?([A-Za-z_$][\w$]*)/.exec(m[1])![1],
  }));
}

describe('docs/library.md lists every export of the package entry, with its signature', () => {
  const names = exportsOfIndex();
  const runtime = Object.keys(library);

  it('the parse of src/index.ts finds exactly the values the built package exports', () => {
    const values = [...names].filter(([, typeOnly]) => !typeOnly).map(([n]) => n);
    expect(values.sort()).toEqual([...runtime].sort());
    expect(names.size).toBeGreaterThan(runtime.length); // the types too
  });

  it('every export is documented, once, and every documented name is exported', () => {
    const docs = documented().map((d) => d.name);
    expect(docs.filter((n, i) => docs.indexOf(n) !== i)).toEqual([]);
    expect(docs.filter((n) => !names.has(n))).toEqual([]);
    expect([...names.keys()].filter((n) => !docs.includes(n))).toEqual([]);
  });

  it("each entry's signature is of its kind: a function's parameters and result, a class, a constant's type", () => {
    const wrong: string[] = [];
    for (const { name, code } of documented()) {
      const value = (library as Record<string, unknown>)[name];
      const ok =
        names.get(name) === true
          ? code.startsWith(`interface ${name}`) || code.startsWith(`type ${name}`)
          : typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value))
            ? code.startsWith(`class ${name}`)
            : typeof value === 'function'
              ? code.startsWith(`${name}(`) && /\): .+$/.test(code)
              : code.startsWith(`const ${name}: `);
      if (!ok) wrong.push(code);
    }
    expect(wrong).toEqual([]);
  });
});

describe("docs/library.md's example of a resumable count and of shards (runClassSum) runs as written", () => {
  it('3x3: the count gives N, the same call again goes on from its checkpoint, two shards merged give N', async () => {
    const text = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8');
    const at = text.indexOf('\n### Long counts: a class sum and its one runner');
    expect(at).toBeGreaterThan(0);
    const block = /```ts\n([\s\S]*?)```/.exec(text.slice(at))![1];
    const dir = mkdtempSync(join(tmpdir(), 'sudoku-count-example-'));
    try {
      const checkpoint = join(dir, 'count-3x3.checkpoint.json');
      expect(block).toContain("'count-3x3.checkpoint.json'");
      // the example's import becomes the library's exports; its checkpoint goes to a temporary folder
      const body = block
        .replace(/^import \{([^}]*)\} from 'sudoku-count';$/m, 'const {$1} = library;')
        .replace("'count-3x3.checkpoint.json'", JSON.stringify(checkpoint));
      const merged = 'classSumReport(sum, values, parts.map((p) => p.facts), 0).total';
      expect(body).toContain(merged);
      type Run = { run: library.ClassSumRun; merged: bigint };
      const AsyncFunction = (Object.getPrototypeOf(async () => {}) as { constructor: unknown }).constructor as new (
        ...args: string[]
      ) => (lib: typeof library) => Promise<Run>;
      const example = new AsyncFunction('library', `${body}\nreturn { run, merged: ${merged} };`);
      const first = await example(library);
      const N = 6670903752021072936960n; // Felgenhauer and Jarvis
      expect(first.run.report?.total).toBe(N);
      expect(first.merged).toBe(N);
      const again = await example(library);
      expect(again.run.report?.total).toBe(N);
      expect([first.run.resumed, again.run.resumed]).toEqual([0, 416]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
