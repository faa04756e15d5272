import type * as Vega from 'vega';
import { auditCharts } from '../audit/auditCharts.js';
import type { AuditSampleResult } from '../audit/auditSamples.js';
import { prepareOutput, type PreparedOutput } from './outputFile.js';

/**
 * The audit report: one self-contained HTML page (no script, no network) with the charts of `auditCharts` rendered
 * to SVG by vega in Node (renderer 'none') and inlined, after a table of the audit's lines. Built like the bias
 * report (src/io/biasReport.ts); vega is loaded only when a report is drawn.
 */
export async function auditReportHtml(
  r: AuditSampleResult,
  summary: readonly (readonly [string, string])[],
): Promise<string> {
  const charts = auditCharts(r, r.indexTest ? r.indexTest.counts : null);
  const vega: typeof Vega = await import('vega');
  const svg = async (spec: object | null, id: string) => {
    if (spec === null) return '';
    const view = new vega.View(vega.parse(spec), { renderer: 'none' });
    const text = await view.toSVG();
    view.finalize();
    return `<figure id="${id}">${text}</figure>`;
  };
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const rows = summary.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="generator" content="sudoku-count audit report">
<title>sudoku-count audit: ${esc(r.generator)} ${esc(r.box)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2em auto;color:#222}
th{text-align:left;padding-right:1em;vertical-align:top;white-space:nowrap}figure{margin:1.5em 0}</style>
</head><body>
<h1>Generator audit: ${esc(r.generator)} on ${esc(r.box)}</h1>
<table>
${rows}
</table>
${await svg(charts.classes, 'classes')}
${await svg(charts.logNP, 'log-np')}
${await svg(charts.index, 'index')}
</body></html>
`;
}

/** What an audit report looks like to `prepareOutput`: it may replace an earlier report, nothing else. */
export const AUDIT_REPORT_OUTPUT = {
  what: 'generator audit report',
  isOurs: (head: string): boolean => head.includes('<meta name="generator" content="sudoku-count audit report">'),
} as const;

/** Write the report to `out`: a path (checked and written by src/io/outputFile.ts), or an output prepared earlier. */
export async function writeAuditReport(
  out: PreparedOutput | string,
  r: AuditSampleResult,
  summary: readonly (readonly [string, string])[],
): Promise<void> {
  const target = typeof out === 'string' ? prepareOutput(out, AUDIT_REPORT_OUTPUT) : out;
  target.write(await auditReportHtml(r, summary));
}
