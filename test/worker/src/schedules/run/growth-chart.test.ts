import {
  findGrowthChart,
  growthChartId,
  growthChartSpec,
  retargetedSpec,
} from '../../../../../worker/src/schedules/run/growth-chart';

/** The growth chart's identity and its user's styling across runs (issue 26, item 4). */

const text = { metric: 'Followers', scheduleId: 'sch_abc', scheduleName: 'Weekly' };
const block = (rows: number, series = 3) => ({ sheetId: 7, row: 3, column: 10, rows, series });

describe('the growth chart', () => {
  it('is added under an id of its schedule, the next free one when taken, and found by it first', () => {
    const own = growthChartId('sch_abc', new Set());
    expect(growthChartId('sch_abc', new Set())).toBe(own);
    expect(growthChartId('sch_abc', new Set([own]))).toBe(own + 1);
    expect(growthChartId('sch_other', new Set())).not.toBe(own);
    const charts = [
      { chartId: 5, altText: 'someone else’s [creator-sheets:sch_abc]' },
      { chartId: own, altText: 'retitled by a person' },
    ];
    expect(findGrowthChart(charts, 'sch_abc')?.chartId).toBe(own);
    // A chart of before issue 26 is found by its mark.
    expect(findGrowthChart([charts[0]], 'sch_abc')?.chartId).toBe(5);
    expect(findGrowthChart([{ chartId: 9, altText: 'x' }], 'sch_abc')).toBeNull();
  });

  it("moves only the ranges: the user's title, colours and legend stay; nothing is sent when they already match", () => {
    const first = growthChartSpec(block(4), text);
    const styled = {
      ...first,
      title: 'Ours',
      basicChart: {
        ...first.basicChart,
        legendPosition: 'BOTTOM_LEGEND',
        series: first.basicChart?.series?.map((line, i) => (i === 0 ? { ...line, color: { red: 1 } } : line)),
      },
    };
    const next = retargetedSpec(styled, growthChartSpec(block(5, 4), text));
    expect(next).toMatchObject({ title: 'Ours', basicChart: { legendPosition: 'BOTTOM_LEGEND' } });
    expect(next?.basicChart?.series).toHaveLength(4);
    expect(next?.basicChart?.series?.[0]).toMatchObject({ color: { red: 1 } });
    expect(next?.basicChart?.domains?.[0].domain?.sourceRange?.sources?.[0].endRowIndex).toBe(2 + 5);
    expect(retargetedSpec(next ?? {}, growthChartSpec(block(5, 4), text))).toBeNull();
  });

  it('leaves a chart a person turned into a pie as it is, and replaces a spec of no kind', () => {
    const planned = growthChartSpec(block(4), text);
    expect(
      retargetedSpec({ title: 'Share', pieChart: { legendPosition: 'RIGHT_LEGEND' } }, planned),
    ).toBeNull();
    expect(retargetedSpec({ title: 'Bare' }, planned)).toBe(planned);
  });
});
