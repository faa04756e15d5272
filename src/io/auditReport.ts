import { auditCharts, gridAuditCharts } from '../audit/auditCharts.js';
import type { GridAuditResult } from '../audit/auditGrids.js';
import type { AuditSampleResult } from '../audit/auditSamples.js';
import { chartReportHtml, reportOutput } from './chartReport.js';
import { prepareOutput, type PreparedOutput } from './outputFile.js';

const GENERATOR = 'sudoku-count audit report';

/** The audit report: the audit's lines and the charts of `auditCharts` (see chartReport.ts). */
export async function auditReportHtml(
  r: AuditSampleResult,
  summary: readonly (readonly [string, string])[],
): Promise<string> {
  const charts = auditCharts(r, r.indexTest ? r.indexTest.counts : null);
  return chartReportHtml({
    generator: GENERATOR,
    title: `sudoku-count audit: ${r.generator} ${r.box}`,
    heading: `Generator audit: ${r.generator} on ${r.box}`,
    summary,
    charts: [
      ['classes', charts.classes],
      ['log-np', charts.logNP],
      ['index', charts.index],
    ],
  });
}

/** What an audit report looks like to `prepareOutput`: it may replace an earlier report, nothing else. */
export const AUDIT_REPORT_OUTPUT = reportOutput('generator audit report', GENERATOR);

/** Write the report to `out`: a path (checked and written by src/io/outputFile.ts), or an output prepared earlier. */
export async function writeAuditReport(
  out: PreparedOutput | string,
  r: AuditSampleResult,
  summary: readonly (readonly [string, string])[],
): Promise<void> {
  const target = typeof out === 'string' ? prepareOutput(out, AUDIT_REPORT_OUTPUT) : out;
  target.write(await auditReportHtml(r, summary));
}

/** The report of `audit --file`: its lines and the charts of `gridAuditCharts`, written to `out` (see above). */
export async function writeGridAuditReport(
  out: PreparedOutput | string,
  r: GridAuditResult,
  sources: string,
  summary: readonly (readonly [string, string])[],
): Promise<void> {
  const target = typeof out === 'string' ? prepareOutput(out, AUDIT_REPORT_OUTPUT) : out;
  target.write(
    await chartReportHtml({
      generator: GENERATOR,
      title: `sudoku-count audit: ${sources} ${r.box}`,
      heading: `Grid audit: ${r.grids.toLocaleString('en-US')} ${r.box} grids from ${sources}`,
      summary,
      charts: gridAuditCharts(r),
    }),
  );
}
