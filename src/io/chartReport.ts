import type * as Vega from 'vega';

/**
 * A chart report: one self-contained HTML page (no script, no network) with a table of a run's lines and its
 * Vega charts rendered to SVG in Node (renderer 'none', no DOM) and inlined. The bias and the audit reports are
 * both this page. vega is loaded here, when a report is drawn, not when the module is imported: it takes ~0.3 s
 * to load, which every other command and every library user would otherwise pay at start-up.
 *
 * The page names its `generator` in a meta tag: that is how `prepareOutput` recognises a report it may replace.
 */
export interface ChartReport {
  /** The meta generator tag's content, e.g. "sudoku-count bias report". */
  readonly generator: string;
  readonly title: string;
  readonly heading: string;
  readonly summary: readonly (readonly [string, string])[];
  /** The charts in page order, with their element ids; null entries are left out. */
  readonly charts: readonly (readonly [string, object | null])[];
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function chartReportHtml(report: ChartReport): Promise<string> {
  const vega: typeof Vega = await import('vega');
  const figures: string[] = [];
  for (const [id, spec] of report.charts) {
    if (spec === null) continue;
    const view = new vega.View(vega.parse(spec), { renderer: 'none' });
    figures.push(`<figure id="${id}">${await view.toSVG()}</figure>`);
    view.finalize();
  }
  const rows = report.summary.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="generator" content="${esc(report.generator)}">
<title>${esc(report.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2em auto;color:#222}
th{text-align:left;padding-right:1em;vertical-align:top}figure{margin:1.5em 0}</style>
</head><body>
<h1>${esc(report.heading)}</h1>
<table>
${rows}
</table>
${figures.join('\n')}
</body></html>
`;
}

/** The output rules of a report whose meta generator is `generator` (see src/io/outputFile.ts). */
export function reportOutput(what: string, generator: string): { what: string; isOurs: (head: string) => boolean } {
  const tag = `<meta name="generator" content="${esc(generator)}">`;
  return { what, isOurs: (head: string): boolean => head.includes(tag) };
}
