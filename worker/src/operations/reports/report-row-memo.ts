import type { Column, Row } from '../../../../shared/rows/columns';
import { withOptionalHeader, type RowOptions } from '../../../../shared/rows/columns';
import { reportToRow, type ReportRowInput } from '../../../../shared/rows/report-rows';

interface Remembered {
  platform: string;
  reportDate: string | number | undefined;
  timeZone: string | undefined;
  row: Row;
}

/**
 * Per column set, then per report object: the row built from it. Both keys are weak, so a report
 * that leaves the cache's memory, or a one-off column list, takes its rows with it.
 */
const memo = new WeakMap<readonly Column[], WeakMap<object, Remembered>>();

/**
 * reportToRows, with the rows of reports served from the cache's memory built once: a report
 * kept there is frozen (it cannot change under the row), and a sheet recalculating a formula asks
 * for the same creators with the same columns again and again. A row is a pure function of the
 * platform, the report, its date, the sheet's zone and the columns; all but the columns are checked
 * on every use. Other
 * reports (fresh from the API) are built as usual. Every caller gets its own copy of a row.
 */
export function reportRowsWithMemo(
  inputs: readonly ReportRowInput[],
  columns: readonly Column[],
  options?: RowOptions,
): Row[] {
  const rows = inputs.map((input): Row => {
    const timeZone = options?.timeZone;
    if (input.kind !== 'report' || !Object.isFrozen(input.report))
      return reportToRow(input, columns, timeZone);
    let byReport = memo.get(columns);
    if (byReport === undefined) {
      byReport = new WeakMap();
      memo.set(columns, byReport);
    }
    const known = byReport.get(input.report);
    if (
      known !== undefined &&
      known.platform === input.platform &&
      known.reportDate === input.reportDate &&
      known.timeZone === timeZone
    )
      return [...known.row];
    const row = reportToRow(input, columns, timeZone);
    byReport.set(input.report, {
      platform: input.platform,
      reportDate: input.reportDate,
      timeZone,
      row: [...row],
    });
    return row;
  });
  return withOptionalHeader(columns, rows, options);
}
