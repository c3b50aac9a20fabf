import type { SearchItem } from '../responses/search';
import { firstCell, numberCell, textCell, valueAt } from './cell-values';
import { column, type Column, type Row, type RowOptions, withOptionalHeader } from './columns';

/**
 * Search results, one row per item: a page's `directs` first, then its `lookalikes`, in the API's
 * order, with the list each came from in the first column (the API bills both alike), in words a
 * reader takes in (issue 15: not "Match: direct"): a creator matching the filters is a "filter
 * match", one the API adds for resembling them a "lookalike".
 */

export const SEARCH_COLUMNS: readonly Column[] = [
  column('match_type', 'Found as', 'text'),
  column('handle', 'Handle', 'text'),
  column('name', 'Name', 'text'),
  column('followers', 'Followers', 'integer'),
  column('engagements', 'Avg engagements', 'integer'),
  column('engagement_rate', 'Engagement rate', 'percent'),
  column('avg_views', 'Avg views', 'integer'),
  column('url', 'URL', 'url'),
  column('user_id', 'User id', 'text'),
];

const MATCH_TYPES = { direct: 'filter match', lookalike: 'lookalike' } as const;

export interface SearchPage {
  readonly directs: readonly SearchItem[];
  readonly lookalikes?: readonly SearchItem[];
}

function itemRow(item: SearchItem, matchType: string): Row {
  const profile = (key: string) => valueAt(item, ['profile', key]);
  return [
    matchType,
    textCell(profile('username')),
    textCell(profile('fullname')),
    numberCell(profile('followers')),
    numberCell(profile('engagements')),
    numberCell(profile('engagementRate')),
    numberCell(profile('averageViews')),
    textCell(profile('url')),
    firstCell(textCell(valueAt(item, ['userId'])), textCell(profile('userId'))),
  ];
}

export function searchToRows(page: SearchPage, options?: RowOptions): Row[] {
  const rows = page.directs
    .map((item) => itemRow(item, MATCH_TYPES.direct))
    .concat((page.lookalikes ?? []).map((item) => itemRow(item, MATCH_TYPES.lookalike)));
  return withOptionalHeader(SEARCH_COLUMNS, rows, options);
}
