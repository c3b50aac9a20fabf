import type { OverlapInfluencer, OverlapReportInfo } from '../responses/overlap';
import { numberCell, textCell } from './cell-values';
import { column, type Column, type Row, type RowOptions, withOptionalHeader } from './columns';

/**
 * Audience overlap: one row per creator in the API's order, then a totals row.
 *
 * The fields are named `...Percentage` and the sandbox sends 0 to 100 (unique + overlapping = 100);
 * a row holds fractions for the percent format. Should the service send fractions instead, the two
 * shares of a creator then add up to 1, not 100, and are kept as they are, so either reading shows
 * 40%, never 0.4% or 4000%.
 *
 * Totals row: "Total", summed followers (`totalFollowers`), distinct followers of the whole set
 * (`totalUniqueFollowers`), their share of the summed followers, and the rest as overlapping.
 * A creator's "Unique followers" is followers x unique share, rounded.
 */

export const OVERLAP_COLUMNS: readonly Column[] = [
  column('handle', 'Handle', 'text'),
  column('user_id', 'User id', 'text'),
  column('followers', 'Followers', 'integer'),
  column('unique_followers', 'Unique followers', 'integer'),
  column('unique_share', 'Unique', 'percent'),
  column('overlapping_share', 'Overlapping', 'percent'),
];

export const OVERLAP_TOTAL_LABEL = 'Total';

export interface OverlapResult {
  /** Totals; an empty object when the answer had none (the totals row is then empty). */
  readonly reportInfo: OverlapReportInfo;
  readonly data: readonly OverlapInfluencer[];
}

export interface OverlapRowOptions extends RowOptions {
  /** Append the totals row (default true). */
  readonly withTotals?: boolean;
}

function asFractions(unique: number | null, overlapping: number | null): [number | null, number | null] {
  const alreadyFractions =
    unique !== null &&
    overlapping !== null &&
    unique <= 1 &&
    overlapping <= 1 &&
    unique + overlapping <= 1.0001;
  if (alreadyFractions) return [unique, overlapping];
  const toFraction = (value: number | null) =>
    value === null ? null : Number((value / 100).toPrecision(12));
  return [toFraction(unique), toFraction(overlapping)];
}

function creatorRow(entry: OverlapInfluencer): Row {
  const followers = numberCell(entry.followers);
  const [unique, overlapping] = asFractions(
    numberCell(entry.uniquePercentage),
    numberCell(entry.overlappingPercentage),
  );
  return [
    textCell(entry.username) ?? textCell(entry.userId),
    textCell(entry.userId),
    followers,
    followers === null || unique === null ? null : Math.round(followers * unique),
    unique,
    overlapping,
  ];
}

function totalsRow(info: OverlapReportInfo): Row {
  const total = numberCell(info.totalFollowers);
  const unique = numberCell(info.totalUniqueFollowers);
  const uniqueShare =
    total === null || unique === null || total <= 0 ? null : Number((unique / total).toPrecision(12));
  return [
    OVERLAP_TOTAL_LABEL,
    null,
    total,
    unique,
    uniqueShare,
    uniqueShare === null ? null : Number((1 - uniqueShare).toPrecision(12)),
  ];
}

export function overlapToRows(result: OverlapResult, options?: OverlapRowOptions): Row[] {
  const rows = result.data.map(creatorRow);
  if (options?.withTotals !== false) rows.push(totalsRow(result.reportInfo));
  return withOptionalHeader(OVERLAP_COLUMNS, rows, options);
}
