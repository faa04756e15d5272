/**
 * Vega specs shared by the reports (the bias report and the audit report render them to SVG in src/io/). Specs are
 * plain JSON objects; vega's `Spec` type is not needed to build them, and nothing here loads vega.
 *
 *   vegaFrame            the common frame: size, title, data, scales, axes, marks (and a colour legend)
 *   histogramWithMarker  bars over [x0, x1) bins and one red vertical rule at a marked x (log10 N, 0, …)
 *   histogramWithReference  bars over [x0, x1) bins and what they should be, in red: a curve through points
 *                        {x, y} (a density) or a horizontal rule at y (a uniform count); the y axis covers both
 */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 300;

export function vegaFrame(
  title: string,
  data: object[],
  scales: object[],
  axes: object[],
  marks: object[],
  legend = false,
): object {
  return {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    padding: 8,
    background: 'white',
    title: { text: title, fontSize: 13 },
    data,
    scales,
    axes,
    ...(legend ? { legends: [{ fill: 'colour', orient: 'top-left', title: null, labelLimit: 320 }] } : {}),
    marks,
  };
}

export interface HistogramBin {
  readonly x0: number;
  readonly x1: number;
  readonly count: number;
}

/** A histogram with a red vertical rule at `marker` (the x axis always shows the marker). */
export function histogramWithMarker(o: {
  readonly title: string;
  readonly bins: readonly HistogramBin[];
  readonly marker: number;
  readonly xTitle: string;
  readonly yTitle: string;
}): object {
  return vegaFrame(
    o.title,
    [
      { name: 'bins', values: o.bins },
      { name: 'marker', values: [{ x: o.marker }] },
    ],
    [
      {
        name: 'x',
        type: 'linear',
        domain: {
          fields: [
            { data: 'bins', field: 'x0' },
            { data: 'bins', field: 'x1' },
            { data: 'marker', field: 'x' },
          ],
        },
        range: 'width',
        zero: false,
        nice: true,
      },
      { name: 'y', type: 'linear', domain: { data: 'bins', field: 'count' }, range: 'height', nice: true },
    ],
    [
      { orient: 'bottom', scale: 'x', title: o.xTitle },
      { orient: 'left', scale: 'y', title: o.yTitle },
    ],
    [
      {
        type: 'rect',
        from: { data: 'bins' },
        encode: {
          enter: {
            x: { scale: 'x', field: 'x0' },
            x2: { scale: 'x', field: 'x1' },
            y: { scale: 'y', field: 'count' },
            y2: { scale: 'y', value: 0 },
            fill: { value: '#74c476' },
          },
        },
      },
      {
        type: 'rule',
        from: { data: 'marker' },
        encode: {
          enter: {
            x: { scale: 'x', field: 'x' },
            y: { value: 0 },
            y2: { signal: 'height' },
            stroke: { value: '#d62728' },
            strokeWidth: { value: 2 },
          },
        },
      },
    ],
  );
}

/** Bars over [x0, x1) bins with the expected counts drawn in red over them (see the file comment). */
export function histogramWithReference(o: {
  readonly title: string;
  readonly bins: readonly HistogramBin[];
  /** The data set of the reference (its name in the spec, and its points {x, y} or levels {y}). */
  readonly reference: { readonly name: string; readonly shape: 'curve' | 'level'; readonly values: object[] };
  /** The x scale (named 'x'). */
  readonly xScale: object;
  readonly xTitle: string;
  readonly yTitle: string;
}): object {
  const ref = o.reference.name;
  const red = { stroke: { value: '#d62728' }, strokeWidth: { value: 2 } };
  return vegaFrame(
    o.title,
    [
      { name: 'bins', values: o.bins },
      { name: ref, values: o.reference.values },
    ],
    [
      o.xScale,
      {
        name: 'y',
        type: 'linear',
        domain: {
          fields: [
            { data: 'bins', field: 'count' },
            { data: ref, field: 'y' },
          ],
        },
        range: 'height',
        nice: true,
      },
    ],
    [
      { orient: 'bottom', scale: 'x', title: o.xTitle },
      { orient: 'left', scale: 'y', title: o.yTitle },
    ],
    [
      {
        type: 'rect',
        from: { data: 'bins' },
        encode: {
          enter: {
            x: { scale: 'x', field: 'x0' },
            x2: { scale: 'x', field: 'x1' },
            y: { scale: 'y', field: 'count' },
            y2: { scale: 'y', value: 0 },
            fill: { value: '#6baed6' },
            stroke: { value: 'white' },
          },
        },
      },
      o.reference.shape === 'curve'
        ? {
            type: 'line',
            from: { data: ref },
            encode: { enter: { x: { scale: 'x', field: 'x' }, y: { scale: 'y', field: 'y' }, ...red } },
          }
        : {
            type: 'rule',
            from: { data: ref },
            encode: { enter: { x: { value: 0 }, x2: { signal: 'width' }, y: { scale: 'y', field: 'y' }, ...red } },
          },
    ],
  );
}
