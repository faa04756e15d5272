/**
 * Vega specs shared by the reports (the bias report and the audit report render them to SVG in src/io/). Specs are
 * plain JSON objects; vega's `Spec` type is not needed to build them, and nothing here loads vega.
 *
 *   vegaFrame            the common frame: size, title, data, scales, axes, marks (and a colour legend)
 *   histogramWithMarker  bars over [x0, x1) bins and one red vertical rule at a marked x (log10 N, 0, …)
 *   histogramWithReference  bars over [x0, x1) bins and what they should be, in red: a curve through points
 *                        {x, y} (a density) or a horizontal rule at y (a uniform count); the y axis covers both
 *   mark, on, stroke, fill, axesXY, fieldsDomain   the pieces every spec is made of, so each chart says only what
 *                        it draws
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

/** A mark drawn from one data set, its encodings set once (`enter`). */
export function mark(type: string, data: string, enter: object): object {
  return { type, from: { data }, encode: { enter } };
}

/** An encoding: a data field through a scale. */
export const on = (scale: string, field: string): object => ({ scale, field });

/** A line's colour, then its dash pattern and width when given. */
export function stroke(colour: string, o: { readonly dash?: readonly number[]; readonly width?: number } = {}): object {
  return {
    stroke: { value: colour },
    ...(o.dash ? { strokeDash: { value: o.dash } } : {}),
    ...(o.width !== undefined ? { strokeWidth: { value: o.width } } : {}),
  };
}

/** A fill colour, and its opacity when given. */
export function fill(colour: string, opacity?: number): object {
  return { fill: { value: colour }, ...(opacity !== undefined ? { fillOpacity: { value: opacity } } : {}) };
}

/** The bottom (x) and left (y) axes with their titles, and their number formats when given. */
export function axesXY(xTitle: string, yTitle: string, xFormat?: string, yFormat?: string): object[] {
  return [
    { orient: 'bottom', scale: 'x', title: xTitle, ...(xFormat !== undefined ? { format: xFormat } : {}) },
    { orient: 'left', scale: 'y', title: yTitle, ...(yFormat !== undefined ? { format: yFormat } : {}) },
  ];
}

/** A scale's domain over fields of data sets, as [data set, field] pairs. */
export function fieldsDomain(...fields: ReadonlyArray<readonly [string, string]>): object {
  return { fields: fields.map(([data, field]) => ({ data, field })) };
}

/** Bars over the [x0, x1) bins of data set 'bins', down to 0, with `look` (fill, outline). */
function bars(look: object): object {
  return mark('rect', 'bins', {
    x: on('x', 'x0'),
    x2: on('x', 'x1'),
    y: on('y', 'count'),
    y2: { scale: 'y', value: 0 },
    ...look,
  });
}

const RED = '#d62728';

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
        domain: fieldsDomain(['bins', 'x0'], ['bins', 'x1'], ['marker', 'x']),
        range: 'width',
        zero: false,
        nice: true,
      },
      { name: 'y', type: 'linear', domain: { data: 'bins', field: 'count' }, range: 'height', nice: true },
    ],
    axesXY(o.xTitle, o.yTitle),
    [
      bars(fill('#74c476')),
      mark('rule', 'marker', {
        x: on('x', 'x'),
        y: { value: 0 },
        y2: { signal: 'height' },
        ...stroke(RED, { width: 2 }),
      }),
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
  const red = stroke(RED, { width: 2 });
  return vegaFrame(
    o.title,
    [
      { name: 'bins', values: o.bins },
      { name: ref, values: o.reference.values },
    ],
    [
      o.xScale,
      { name: 'y', type: 'linear', domain: fieldsDomain(['bins', 'count'], [ref, 'y']), range: 'height', nice: true },
    ],
    axesXY(o.xTitle, o.yTitle),
    [
      bars({ ...fill('#6baed6'), stroke: { value: 'white' } }),
      o.reference.shape === 'curve'
        ? mark('line', ref, { x: on('x', 'x'), y: on('y', 'y'), ...red })
        : mark('rule', ref, { x: { value: 0 }, x2: { signal: 'width' }, y: on('y', 'y'), ...red }),
    ],
  );
}
