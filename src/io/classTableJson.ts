import type { ChainTable } from '../count/chainTable.js';
import type { LevelName } from '../symmetry/classChain.js';
import { toJson } from './json.js';

/**
 * The class tables as one JSON object (format "sudoku-count/classes@2", described by
 * data/classes.schema.json), laid out one class per line so that diffs stay readable:
 *
 *   {
 *     "format": "sudoku-count/classes@2",
 *     "box": "3x3", "n": 9,
 *     "bands": 2612736,            standard top bands
 *     "lexReduced": 36288,         lexicographically reduced bands
 *     "groupOrder": 7776,          box × column × row permutations
 *     "totalWithFixedBox": …,      Σ m_C·n_C
 *     "total": …,                  N = n!·Σ m_C·n_C (a JSON number, exact)
 *     "distinctCompletions": 44,   different values of n_C
 *     "classCount": 416,
 *     "classes": [                 the symmetry classes
 *       {"id":0,"band":"123456789|456789123|789123456","bands":72,"stabilizer":108,"completions":…,"next":0},
 *       …
 *     ],
 *     "chain": [                   the coarser levels, each merging classes of the level before
 *       {"level":"pair-swaps","moves":"…","classCount":174,"classes":[
 *         {"id":0,"band":"…","bands":…,"completions":…,"members":[0,5],"next":0}, … ]},
 *       … "rectangles" (71), "column-sets" (44)
 *     ]
 *   }
 *
 * With a level named, the object has "level" and that level's "classes" instead of the whole chain.
 */
export function classTableToJson(table: ChainTable, level?: LevelName): string {
  const head = {
    format: 'sudoku-count/classes@2',
    box: table.box,
    n: table.n,
    bands: table.bands,
    lexReduced: table.lexReduced,
    groupOrder: table.groupOrder,
    totalWithFixedBox: table.totalWithFixedBox,
    total: table.total,
    distinctCompletions: table.distinctCompletions,
  };
  const lines = ['{'];
  for (const [k, v] of Object.entries(head)) lines.push(`  ${JSON.stringify(k)}: ${toJson(v)},`);
  const [finest, ...coarser] = table.levels;
  const chosen = level ? table.levels.find((l) => l.name === level) : finest;
  if (!chosen || !finest) throw new Error(`internal: no level ${level}`);
  if (level) {
    lines.push(`  "level": ${JSON.stringify(chosen.name)},`, `  "moves": ${JSON.stringify(chosen.moves)},`);
  }
  lines.push(`  "classCount": ${chosen.count},`, '  "classes": [');
  const rowsOf = (l: typeof finest, indent: string): string[] =>
    l.classes.map((row, i) => {
      const { id, band, bands, completions, members, next } = row;
      const entry =
        l === finest
          ? {
              id,
              band,
              bands,
              stabilizer: table.groupOrder / bands,
              completions,
              ...(next === undefined ? {} : { next }),
            }
          : { id, band, bands, completions, members, ...(next === undefined ? {} : { next }) };
      return `${indent}${toJson(entry)}${i + 1 < l.classes.length ? ',' : ''}`;
    });
  lines.push(...rowsOf(chosen, '    '));
  if (level) {
    lines.push('  ]', '}', '');
    return lines.join('\n');
  }
  lines.push('  ],', '  "chain": [');
  coarser.forEach((l, i) => {
    lines.push(
      `    {"level": ${JSON.stringify(l.name)}, "moves": ${JSON.stringify(l.moves)}, "classCount": ` +
        `${l.count}, "classes": [`,
    );
    lines.push(...rowsOf(l, '      '));
    lines.push(`    ]}${i + 1 < coarser.length ? ',' : ''}`);
  });
  lines.push('  ]', '}', '');
  return lines.join('\n');
}

/** What a class table looks like to `prepareOutput`: it may replace an earlier table, nothing else. */
export const CLASS_TABLE_OUTPUT = {
  what: 'class table',
  isOurs: (head: string): boolean => /^\{\s*"format": "sudoku-count\/classes@/.test(head),
} as const;
