import { overlapResponseSchema } from '../../../shared/responses/overlap';
import { headerRow } from '../../../shared/rows/columns';
import { OVERLAP_COLUMNS, type OverlapResult, overlapToRows } from '../../../shared/rows/overlap-rows';
import { overlapWithoutReportInfo } from '../responses/fixtures/overlap';

/** An answer parsed by the contract's schema, as the worker hands it on: no totals are empty totals. */
function result(body: unknown): OverlapResult {
  const parsed = overlapResponseSchema.parse(body);
  return { reportInfo: parsed.reportInfo ?? {}, data: parsed.data };
}

/** An overlap answer as the sandbox sends it: shares in percent, unique + overlapping = 100. */
function overlapOfThree() {
  return result({
    error: false,
    reportInfo: { totalFollowers: 400000, totalUniqueFollowers: 300000 },
    data: [
      {
        userId: '173560420',
        username: 'ada.runs',
        followers: 200000,
        uniquePercentage: 62.5,
        overlappingPercentage: 37.5,
      },
      {
        userId: '99887766',
        username: 'bo.trails',
        followers: 150000,
        uniquePercentage: 40,
        overlappingPercentage: 60,
      },
      { userId: '55555', followers: 50000, uniquePercentage: 10.01, overlappingPercentage: 89.99 },
    ],
  });
}

describe('overlapToRows', () => {
  it('pins the columns', () => {
    expect(OVERLAP_COLUMNS.map((col) => [col.id, col.label, col.format])).toEqual([
      ['handle', 'Handle', 'text'],
      ['user_id', 'User id', 'text'],
      ['followers', 'Followers', 'integer'],
      ['unique_followers', 'Unique followers', 'integer'],
      ['unique_share', 'Unique', 'percent'],
      ['overlapping_share', 'Overlapping', 'percent'],
    ]);
  });

  it('writes one row per creator in the API order, then the totals row', () => {
    expect(overlapToRows(overlapOfThree(), { withHeader: true })).toEqual([
      headerRow(OVERLAP_COLUMNS),
      ['ada.runs', '173560420', 200000, 125000, 0.625, 0.375],
      ['bo.trails', '99887766', 150000, 60000, 0.4, 0.6],
      ['55555', '55555', 50000, 5005, 0.1001, 0.8999],
      ['Total', null, 400000, 300000, 0.75, 0.25],
    ]);
  });

  it('keeps shares that already are fractions as they are', () => {
    const asFractions = {
      ...overlapOfThree(),
      data: [
        { userId: '1', username: 'x', followers: 1000, uniquePercentage: 0.4, overlappingPercentage: 0.6 },
      ],
    };
    expect(overlapToRows(asFractions, { withTotals: false })).toEqual([['x', '1', 1000, 400, 0.4, 0.6]]);
  });

  it('leaves the totals shares empty when there are no followers at all', () => {
    const rows = overlapToRows({ reportInfo: { totalFollowers: 0, totalUniqueFollowers: 0 }, data: [] });
    expect(rows).toEqual([['Total', null, 0, 0, null, null]]);
  });

  it('writes an empty totals row for an answer without reportInfo', () => {
    expect(overlapToRows(result(overlapWithoutReportInfo()))).toEqual([
      ['ada.runs', '173560420', 52000, 44720, 0.86, 0.14],
      ['Total', null, null, null, null, null],
    ]);
  });

  it('writes empty cells for a creator whose shares or followers are missing', () => {
    const rows = overlapToRows(
      result({
        reportInfo: { totalFollowers: 10 },
        data: [{ userId: '1', followers: '10', uniquePercentage: 40 }],
      }),
    );
    expect(rows).toEqual([
      ['1', '1', null, null, 0.4, null],
      ['Total', null, 10, null, null, null],
    ]);
  });
});
