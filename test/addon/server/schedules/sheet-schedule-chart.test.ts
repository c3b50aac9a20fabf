import { runSheetSchedule } from '../../../../addon/server/schedules/sheet-schedule-run';
import type { FakeEmbeddedChart } from '../../../../worker/playground/apps-script/spreadsheet/embedded-charts';
import type { FakeSheet } from '../../../../worker/playground/apps-script/spreadsheet/sheet';
import { DAY, useSheetRunWorld, type SheetRunWorld } from './sheet-run-world';

/**
 * Issue 26, items 1 and 4 on the add-on's runner: a snapshot's growth chart as the worker's runner
 * draws it (its block on "<tab> (Creator Sheets)" from J3, floating right of the table below the
 * stamp), found again by its kept id, and on later runs only its ranges changed.
 */

const world = useSheetRunWorld();
let w: SheetRunWorld;

beforeEach(() => {
  w = world();
});

const SUMMARY = 'Growth (Creator Sheets)';

function runDay(): string {
  const end = runSheetSchedule(w.schedule(), Date.now() + 60 * 60_000);
  if (end.kind !== 'recorded') throw new Error('the run paused');
  w.advance(DAY);
  return end.run.message;
}

function sheet(name: string): FakeSheet {
  return w.env.fakes.spreadsheet.requireSheet(name);
}

function allCharts(): { tab: string; chart: FakeEmbeddedChart }[] {
  return w.env.fakes.spreadsheet
    .getSheets()
    .flatMap((tab) => tab.getCharts().map((chart) => ({ tab: tab.getName(), chart })));
}

function rangesOf(chart: FakeEmbeddedChart): string[] {
  return chart.getRanges().map((range) => `${range.getSheet().getName()}!${range.getA1Notation()}`);
}

describe("the add-on runner's growth chart", () => {
  it('draws the block and the chart where the worker puts them, and says so in the run message', () => {
    w.fillInputs(3);
    expect(runDay()).toBe('Added a snapshot of 3 rows. The chart shows followers of 3 creators on 1 date.');

    const [only, ...more] = allCharts();
    expect(more).toEqual([]);
    expect(only.tab).toBe('Growth');
    // The table is A:E (Date, Handle, Followers and two change columns), the stamp in F1.
    const anchor = only.chart.getContainerInfo();
    expect([anchor.getAnchorRow(), anchor.getAnchorColumn()]).toEqual([2, 6]);
    expect(rangesOf(only.chart)).toEqual([
      `${SUMMARY}!J3:J4`,
      `${SUMMARY}!K3:K4`,
      `${SUMMARY}!L3:L4`,
      `${SUMMARY}!M3:M4`,
    ]);
    expect(only.chart.modify().getChartType()).toBe('LINE');
    expect(only.chart.getOptions().get('title')).toBe('Followers over time');
    expect(w.env.fakes.propertiesService.document.getProperty('creatorSheets.chart.sch_daily')).toBe(
      String(only.chart.getChartId()),
    );

    const summary = sheet(SUMMARY);
    // Right of the table's tab, its first cell saying what it is.
    expect(summary.getIndex()).toBe(sheet('Growth').getIndex() + 1);
    expect(summary.getRange('A1').getValue()).toBe(
      'Data of the growth chart of "Daily creators" on the tab "Growth": Creator Sheets rewrites it each run.',
    );
    // The creators with the most followers on the latest run first.
    const block = summary.getRange(3, 10, 2, 4).getValues();
    expect(block[0]).toEqual(['Date (Followers)', 'creator3', 'creator2', 'creator1']);
    expect(Object.prototype.toString.call(block[1][0])).toBe('[object Date]');
    expect(block[1].slice(1)).toEqual([
      sheet('Growth').getRange(4, 3).getValue(),
      sheet('Growth').getRange(3, 3).getValue(),
      sheet('Growth').getRange(2, 3).getValue(),
    ]);
  });

  it("keeps one chart over 7 days, changing only its ranges: a person's title, colours and type stay", () => {
    w.fillInputs(3);
    runDay();
    const growthTab = sheet('Growth');
    const [first] = growthTab.getCharts();
    const id = first.getChartId();
    // Someone restyles it in Sheets: a title of their own, a colour, an area chart.
    growthTab.updateChart(
      first
        .modify()
        .setOption('title', 'Our creators')
        .setOption('series', { 0: { color: '#ff0000' } })
        .setChartType('AREA')
        .build(),
    );
    for (let day = 1; day < 7; day++) runDay();

    const charts = allCharts();
    expect(charts).toHaveLength(1);
    const [{ chart }] = charts;
    expect(chart.getChartId()).toBe(id);
    expect(rangesOf(chart)[0]).toBe(`${SUMMARY}!J3:J10`);
    expect(chart.getOptions().get('title')).toBe('Our creators');
    expect(chart.getOptions().get('series')).toEqual({ 0: { color: '#ff0000' } });
    expect(chart.modify().getChartType()).toBe('AREA');
  });

  it('finds a chart whose id was not kept by its first range, and adds no second one', () => {
    w.fillInputs(2);
    runDay();
    w.env.fakes.propertiesService.document.deleteProperty('creatorSheets.chart.sch_daily');
    runDay();
    const charts = allCharts();
    expect(charts).toHaveLength(1);
    expect(rangesOf(charts[0].chart)[0]).toBe(`${SUMMARY}!J3:J5`);
  });

  it('leaves a chart a person made a pie as it is', () => {
    w.fillInputs(2);
    runDay();
    const growthTab = sheet('Growth');
    const [first] = growthTab.getCharts();
    growthTab.updateChart(first.modify().setChartType('PIE').build());
    runDay();
    const [chart] = growthTab.getCharts();
    expect(chart.modify().getChartType()).toBe('PIE');
    expect(rangesOf(chart)[0]).toBe(`${SUMMARY}!J3:J4`);
    // Its block is still brought up to date.
    expect(sheet(SUMMARY).getRange(5, 10).getValue()).not.toBe('');
  });

  it('moves the chart onto the summary tab when the table grows past column J', () => {
    w.fillInputs(2);
    runDay();
    const id = sheet('Growth').getCharts()[0].getChartId();
    const wide = w.schedule({ output: { sheetName: 'Growth', row: 1, column: 7 } });
    sheet('Growth').clear();
    runSheetSchedule(wide, Date.now() + 60 * 60_000);
    expect(sheet('Growth').getCharts()).toEqual([]);
    const [moved] = sheet(SUMMARY).getCharts();
    expect(moved.getOptions().get('title')).toBe('Followers over time');
    expect(moved.getChartId()).not.toBe(id);
    expect(w.env.fakes.propertiesService.document.getProperty('creatorSheets.chart.sch_daily')).toBe(
      String(moved.getChartId()),
    );
    const anchor = moved.getContainerInfo();
    expect([anchor.getAnchorRow(), anchor.getAnchorColumn()]).toEqual([3, 1]);
  });
});
