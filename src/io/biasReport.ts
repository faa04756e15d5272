import type { BatchTests } from '../bias/batchTests.js';
import { biasCharts } from '../bias/biasCharts.js';
import { chartReportHtml, reportOutput } from './chartReport.js';
import { prepareOutput, type PreparedOutput } from './outputFile.js';

const GENERATOR = 'sudoku-count bias report';

/** The bias report: the batch statistics and the three charts of `biasCharts` (see chartReport.ts). */
export async function biasReportHtml(r: BatchTests, summary: readonly (readonly [string, string])[]): Promise<string> {
  const charts = biasCharts(r);
  return chartReportHtml({
    generator: GENERATOR,
    title: `sudoku-count bias: ${r.method} ${r.box}`,
    heading: `Estimator bias: ${r.method}${r.fill !== null ? ` (fill ${r.fill})` : ''} on ${r.box}`,
    summary,
    charts: [
      ['running', charts.running],
      ['z-histogram', charts.zHistogram],
      ['log-x', charts.logX],
    ],
  });
}

/** What a bias report looks like to `prepareOutput`: it may replace an earlier report, nothing else. */
export const BIAS_REPORT_OUTPUT = reportOutput('bias report', GENERATOR);

/**
 * Write the report to `out`: a path (checked and written by the rules of src/io/outputFile.ts: only a report it
 * wrote before is replaced), or an output prepared before the batch tests ran (as the CLI does, to fail early).
 */
export async function writeBiasReport(
  out: PreparedOutput | string,
  r: BatchTests,
  summary: readonly (readonly [string, string])[],
): Promise<void> {
  const target = typeof out === 'string' ? prepareOutput(out, BIAS_REPORT_OUTPUT) : out;
  target.write(await biasReportHtml(r, summary));
}
