import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';

/** SpreadsheetApp's embedded charts in the fakes: Google's rules for ids, builders and updates. */

function twoSheets() {
  const fakes = createAppsScriptFakes({ spreadsheet: { sheets: ['Data', 'Other'] } });
  return {
    fakes,
    data: fakes.spreadsheet.requireSheet('Data'),
    other: fakes.spreadsheet.requireSheet('Other'),
  };
}

describe('embedded charts', () => {
  it('gives a chart an id when inserted, unique across the spreadsheet, and none before', () => {
    const { data, other } = twoSheets();
    const built = data.newChart().addRange(data.getRange('A1:B5')).setPosition(2, 4, 0, 0).build();
    expect(built.getChartId()).toBeNull();
    data.insertChart(built);
    other.insertChart(other.newChart().addRange(data.getRange('A1:A5')).build());
    const ids = [...data.getCharts(), ...other.getCharts()].map((chart) => chart.getChartId());
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    const [chart] = data.getCharts();
    expect(chart.getRanges().map((range) => range.getA1Notation())).toEqual(['A1:B5']);
    const info = chart.getContainerInfo();
    expect([info.getAnchorRow(), info.getAnchorColumn()]).toEqual([2, 4]);
  });

  it('changes a chart only when its modified copy is given to updateChart, keeping its id and options', () => {
    const { data } = twoSheets();
    data.insertChart(data.newChart().addRange(data.getRange('A1:B5')).setOption('title', 'Mine').build());
    const [chart] = data.getCharts();
    const changed = chart.modify().clearRanges().addRange(data.getRange('A1:B9')).build();
    expect(data.getCharts()[0].getRanges()[0].getA1Notation()).toBe('A1:B5');
    data.updateChart(changed);
    const [after] = data.getCharts();
    expect(after.getChartId()).toBe(chart.getChartId());
    expect(after.getRanges()[0].getA1Notation()).toBe('A1:B9');
    expect(after.getOptions().get('title')).toBe('Mine');
    expect(after.modify().getChartType()).toBe('LINE');
  });

  it('refuses to update or remove a chart the sheet does not hold', () => {
    const { data, other } = twoSheets();
    const never = data.newChart().addRange(data.getRange('A1:A3')).build();
    expect(() => data.updateChart(never)).toThrow('The chart is not on this sheet');
    data.insertChart(never);
    const [chart] = data.getCharts();
    expect(() => other.updateChart(chart)).toThrow('The chart is not on this sheet');
    data.removeChart(chart);
    expect(data.getCharts()).toEqual([]);
    expect(() => data.removeChart(chart)).toThrow('The chart is not on this sheet');
    expect(() => data.newChart().setPosition(0, 1, 0, 0)).toThrow('Invalid argument');
  });

  it('lets no custom function add a chart', () => {
    const { fakes, data } = twoSheets();
    const chart = data.newChart().addRange(data.getRange('A1:A3')).build();
    expect(() => fakes.runtime.run('custom-function', () => data.insertChart(chart))).toThrow();
    expect(data.getCharts()).toEqual([]);
  });
});
