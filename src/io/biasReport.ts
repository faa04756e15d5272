import type * as Vega from 'vega';
import type { BatchTests } from '../bias/batchTests.js';
import { biasCharts } from '../bias/biasCharts.js';
import { prepareOutput, type PreparedOutput } from './outputFile.js';

/**
 * The bias report: one self-contained HTML page (no script, no network) with the three charts of
 * `biasCharts` rendered to SVG by vega in Node (renderer 'none', no DOM) and inlined, and a table of the
 * batch statistics. `biasReportHtml` builds the text; `writeBiasReport` writes it (atomically).
 * vega is loaded here, when a report is drawn, not when the module is imported: it takes ~0.3 s to load,
 * which every other command and every library user would otherwise pay at start-up.
 */
export async function biasReportHtml(r: BatchTests, summary: readonly (readonly [string, string])[]): Promise<string> {
  const charts = biasCharts(r);
  const vega: typeof Vega = await import('vega');
  const svg = async (spec: object, id: string) => {
    const view = new vega.View(vega.parse(spec), { renderer: 'none' });
    const text = await view.toSVG();
    view.finalize();
    return `<figure id="${id}">${text}</figure>`;
  };
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const rows = summary.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="generator" content="sudoku-count bias report">
<title>sudoku-count bias: ${esc(r.method)} ${esc(r.box)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2em auto;color:#222}
th{text-align:left;padding-right:1em;vertical-align:top}figure{margin:1.5em 0}</style>
</head><body>
<h1>Estimator bias: ${esc(r.method)}${r.fill !== null ? ` (fill ${r.fill})` : ''} on ${esc(r.box)}</h1>
<table>
${rows}
</table>
${await svg(charts.running, 'running')}
${await svg(charts.zHistogram, 'z-histogram')}
${await svg(charts.logX, 'log-x')}
</body></html>
`;
}

/** What a bias report looks like to `prepareOutput`: it may replace an earlier report, nothing else. */
export const BIAS_REPORT_OUTPUT = {
  what: 'bias report',
  isOurs: (head: string): boolean => head.includes('<meta name="generator" content="sudoku-count bias report">'),
} as const;

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
