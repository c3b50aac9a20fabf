import { instagramReportResponseSchema } from '../../../../../shared/responses/reports';
import {
  DEFAULT_REPORT_COLUMNS,
  reportToRows,
  type ReportRowInput,
} from '../../../../../shared/rows/report-rows';
import { freezeJson } from '../../../../../worker/src/store/values/json-value';
import { reportRowsWithMemo } from '../../../../../worker/src/operations/reports/report-row-memo';
import { instagramReportOfFitnessCreator } from '../../../../shared/responses/fixtures/reports';

/** A report as the cache's memory hands it out: parsed once, then frozen. */
function keptReport() {
  const report = instagramReportResponseSchema.parse(instagramReportOfFitnessCreator()).profile;
  freezeJson(report);
  return report;
}

describe('reportRowsWithMemo', () => {
  it('gives the rows reportToRows gives, blanks and errors included, with the header when asked', () => {
    const report = keptReport();
    const inputs: ReportRowInput[] = [
      { kind: 'report', platform: 'instagram', report, reportDate: 1_714_730_400_000 },
      { kind: 'blank' },
      { kind: 'error', message: 'Unknown handle "@nobody" on instagram' },
      { kind: 'report', platform: 'instagram', report, reportDate: 1_714_730_400_000 },
    ];
    const expected = reportToRows(inputs, DEFAULT_REPORT_COLUMNS, { withHeader: true });

    expect(reportRowsWithMemo(inputs, DEFAULT_REPORT_COLUMNS, { withHeader: true })).toEqual(expected);
    expect(reportRowsWithMemo(inputs, DEFAULT_REPORT_COLUMNS, { withHeader: true })).toEqual(expected);
  });

  it('hands every caller its own row: changing one changes no later answer', () => {
    const input: ReportRowInput = { kind: 'report', platform: 'instagram', report: keptReport() };
    const [first] = reportRowsWithMemo([input], DEFAULT_REPORT_COLUMNS);
    const name = first[1];
    first[1] = 'changed by a caller';

    const [second] = reportRowsWithMemo([input], DEFAULT_REPORT_COLUMNS);
    expect(second[1]).toBe(name);
  });

  it('builds the row again when the same report comes with another date', () => {
    const report = keptReport();
    const columns = DEFAULT_REPORT_COLUMNS;
    const dateColumn = columns.findIndex((col) => col.format === 'date');
    const at = (reportDate: string) =>
      reportRowsWithMemo([{ kind: 'report', platform: 'instagram', report, reportDate }], columns)[0][
        dateColumn
      ];

    expect(dateColumn).toBeGreaterThanOrEqual(0);
    expect(at('2024-05-03')).not.toEqual(at('2024-06-03'));
  });
});
