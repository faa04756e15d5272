/**
 * The Audit page's job: grids pasted or uploaded (one per line), judged against a uniform source by auditGrids
 * (`audit --file`), with the charts of the command line's report (vega, loaded only when the charts are drawn).
 */
import { auditGrids, type AuditTest } from '../../audit/auditGrids.js';
import { gridAuditCharts } from '../../audit/auditCharts.js';
import { fullGridProblem, parseGrid } from '../../grid/parseGrid.js';
import { InputError } from '../../grid/shape.js';
import { resolveShape } from '../../grid/support.js';
import { chartReportHtml } from '../../io/chartReport.js';

export interface AuditJobInput {
  readonly box: string;
  /** Grids, one per line; blank lines and lines starting with '#' are skipped. */
  readonly text: string;
  readonly alpha: number;
}

/** A test's result, as the page shows it. */
export type AuditJobTest = Pick<AuditTest, 'id' | 'name' | 'statistic' | 'df' | 'pValue' | 'rejects' | 'departure'>;

export interface AuditJobResult {
  readonly box: string;
  readonly grids: number;
  readonly uniform: boolean;
  readonly verdict: string;
  readonly familyP: number;
  readonly tests: readonly AuditJobTest[];
  /** The report page with the charts (self-contained HTML, no script). */
  readonly report: string;
  readonly seconds: number;
}

/** The grids of `text`, each checked where it is read: a bad line is an error naming it. */
function* gridsOf(box: string, text: string): Generator<Uint8Array> {
  const shape = resolveShape('solve', box);
  const lines = text.split(/\r?\n/);
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k].trim();
    if (line === '' || line.startsWith('#')) continue;
    const grid = parseGrid(shape, line, `line ${k + 1}`);
    const problem = fullGridProblem(shape, grid);
    if (problem) throw new InputError(`line ${k + 1}: ${problem}`);
    yield grid;
  }
}

export async function run(input: AuditJobInput, emit: (grids: number) => void): Promise<AuditJobResult> {
  if (!(input.alpha > 0 && input.alpha < 1)) throw new InputError(`alpha must be between 0 and 1, not ${input.alpha}`);
  const r = await auditGrids(gridsOf(input.box, input.text), {
    box: input.box,
    alpha: input.alpha,
    onProgress: emit,
    trusted: true, // checked line by line above
  });
  const report = await chartReportHtml({
    generator: 'sudoku-count audit report',
    title: `sudoku-count audit: ${r.grids} ${r.box} grids`,
    heading: `Grid audit: ${r.grids.toLocaleString('en-US')} ${r.box} grids`,
    summary: [['verdict', r.verdict]],
    charts: gridAuditCharts(r),
  });
  return {
    box: r.box,
    grids: r.grids,
    uniform: r.uniform,
    verdict: r.verdict,
    familyP: r.familyP,
    tests: r.tests.map(({ id, name, statistic, df, pValue, rejects, departure }) => ({
      id,
      name,
      statistic,
      df,
      pValue,
      rejects,
      departure,
    })),
    report,
    seconds: r.seconds.total,
  };
}
