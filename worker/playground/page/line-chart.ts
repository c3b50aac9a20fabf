import type { ChartView } from '../playground-api';

const SVG = 'http://www.w3.org/2000/svg';
/** Sheets' default series colours, in order. */
const COLORS = ['#4285f4', '#ea4335', '#fbbc04', '#34a853', '#ff6d01', '#46bdc6', '#7baaf7', '#f07b72'];
const MARGIN = { top: 8, right: 12, bottom: 22, left: 52 };
const LEGEND_WIDTH = 150;
const LEGEND_LINE = 16;

type Attributes = Record<string, string | number>;

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  children: (Node | string)[] = [],
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/**
 * A chart's lines as an inline SVG of `width` by `height`: one polyline per series over the
 * domain's labels (evenly spaced, as Sheets spaces text dates), the value axis from the lowest to
 * the highest number shown, the first and last labels under it, a legend on the right. Empty
 * cells are skipped, as the growth chart's `interpolateNulls` asks. A picture of the numbers, not
 * Sheets' renderer: enough to see the worker's chart arrive and grow.
 */
export function lineChart(view: ChartView, width: number, height: number): SVGSVGElement {
  const legend = view.series.length > 0 ? LEGEND_WIDTH : 0;
  const plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: Math.max(40, width - MARGIN.left - MARGIN.right - legend),
    height: Math.max(40, height - MARGIN.top - MARGIN.bottom),
  };
  const numbers = view.series.flatMap((series) => series.values.filter((v): v is number => v !== null));
  const root = svg('svg', {
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': `${view.title || 'Chart'}: ${view.series.length} lines over ${view.labels.length} points`,
  });
  root.append(svg('rect', { ...box(plot), fill: '#fff', stroke: '#dadce0' }));
  if (numbers.length === 0) {
    root.append(
      text('No numbers to draw yet', plot.left + plot.width / 2, plot.top + plot.height / 2, 'middle'),
    );
    return root;
  }
  const [low, high] = range(numbers);
  const x = (i: number) =>
    plot.left + (view.labels.length <= 1 ? plot.width / 2 : (i * plot.width) / (view.labels.length - 1));
  const y = (value: number) => plot.top + plot.height - ((value - low) / (high - low)) * plot.height;
  for (const value of [low, (low + high) / 2, high]) {
    root.append(
      svg('line', { x1: plot.left, x2: plot.left + plot.width, y1: y(value), y2: y(value), stroke: '#eee' }),
      text(compact(value), plot.left - 6, y(value) + 4, 'end'),
    );
  }
  const bottom = plot.top + plot.height + 15;
  root.append(text(view.labels[0] ?? '', plot.left, bottom, 'start'));
  if (view.labels.length > 1)
    root.append(text(view.labels[view.labels.length - 1], plot.left + plot.width, bottom, 'end'));
  view.series.forEach((series, s) => {
    const color = COLORS[s % COLORS.length];
    const points = series.values.flatMap((value, i) => (value === null ? [] : [`${x(i)},${y(value)}`]));
    if (points.length === 1) {
      const [cx, cy] = points[0].split(',');
      root.append(svg('circle', { cx, cy, r: 3, fill: color }));
    } else {
      root.append(
        svg('polyline', { points: points.join(' '), fill: 'none', stroke: color, 'stroke-width': 2 }),
      );
    }
    const top = plot.top + s * LEGEND_LINE;
    if (top + LEGEND_LINE > height) return;
    const left = plot.left + plot.width + 12;
    root.append(
      svg('rect', { x: left, y: top + 3, width: 10, height: 10, fill: color }),
      text(
        series.name.length > 18 ? `${series.name.slice(0, 17)}…` : series.name,
        left + 14,
        top + 12,
        'start',
      ),
    );
  });
  return root;
}

function text(content: string, x: number, y: number, anchor: 'start' | 'middle' | 'end'): SVGTextElement {
  return svg('text', { x, y, 'text-anchor': anchor, 'font-size': 11, fill: '#5f6368' }, [content]);
}

function box(area: { left: number; top: number; width: number; height: number }): Attributes {
  return { x: area.left, y: area.top, width: area.width, height: area.height };
}

/** The value axis: the numbers' span, widened when flat so that a line shows in the middle. */
function range(numbers: number[]): [number, number] {
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  if (low !== high) return [low, high];
  const pad = Math.abs(low) / 10 || 1;
  return [low - pad, high + pad];
}

function compact(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
