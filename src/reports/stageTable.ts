/**
 * The stage table of a count's text report: one row a stage (what, how many, seconds and checks), the first column
 * padded to the right and the second to the left, two spaces in front. `seconds` writes a stage's time.
 */
export function stageTable(rows: readonly (readonly [string, string, string])[]): string[] {
  const w0 = Math.max(...rows.map((x) => x[0].length));
  const w1 = Math.max(...rows.map((x) => x[1].length));
  return rows.map(([a, b, c]) => `  ${a.padEnd(w0)}  ${b.padStart(w1)}  ${c}`.trimEnd());
}

/** A stage's seconds as the reports write them: 1.234 s. */
export const seconds = (x: number): string => `${x.toFixed(3)} s`;
