import type { ChartView } from '../playground-api';
import { h } from './element';
import { lineChart } from './line-chart';

/** Where a cell's top-left corner sits in the grid's scrolled area, in pixels. */
export type CellOrigin = (row: number, column: number) => { top: number; left: number };

/** The card's title block above the drawing. */
const HEADING_HEIGHT = 48;

/**
 * The charts the worker put on the shown tab through the Sheets API (the playground's emulator
 * keeps them as specs; the snapshot carries their lines): a card each, floating over the grid at
 * the chart's anchor cell as in Sheets, scrolling with the cells. Lives inside the grid's scroll
 * area, drawn again only when a chart, its numbers or its place changed.
 */
export class ChartLayer {
  readonly element = h('div', { class: 'chart-layer', style: 'position:absolute;top:0;left:0;z-index:1' });
  private drawn = '';

  show(charts: readonly ChartView[], sheet: string, origin: CellOrigin): void {
    const shown = charts
      .filter((chart) => chart.sheet === sheet)
      .map((chart) => ({ chart, at: origin(chart.row, chart.column) }));
    const key = JSON.stringify(shown);
    if (key === this.drawn) return;
    this.drawn = key;
    this.element.replaceChildren(...shown.map(({ chart, at }) => card(chart, at)));
  }
}

function card(chart: ChartView, at: { top: number; left: number }): HTMLElement {
  const title = chart.title === '' ? 'Chart' : chart.title;
  const drawing =
    chart.note === undefined
      ? lineChart(chart, chart.width - 2, Math.max(80, chart.height - HEADING_HEIGHT))
      : h('p', { style: 'margin:1rem;color:#5f6368' }, [chart.note]);
  return h(
    'figure',
    {
      class: 'chart-card',
      'data-chart-id': String(chart.chartId),
      'aria-label': title,
      style: [
        'position:absolute',
        `top:${at.top + chart.offsetY}px`,
        `left:${at.left + chart.offsetX}px`,
        `width:${chart.width}px`,
        `height:${chart.height}px`,
        'margin:0',
        'overflow:hidden',
        'background:#fff',
        'border:1px solid #dadce0',
        'border-radius:4px',
        'box-shadow:0 1px 3px rgba(60,64,67,0.3)',
        'user-select:none',
      ].join(';'),
    },
    [
      h('figcaption', { style: `height:${HEADING_HEIGHT}px;padding:6px 10px 0;overflow:hidden` }, [
        h('strong', { style: 'display:block;font-size:14px;white-space:nowrap' }, [title]),
        h('span', { style: 'display:block;font-size:11px;color:#5f6368;white-space:nowrap' }, [
          chart.subtitle,
        ]),
      ]),
      drawing,
    ],
  );
}
