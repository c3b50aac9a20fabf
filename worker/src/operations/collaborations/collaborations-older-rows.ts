import {
  dateFromMillis,
  isRecord,
  joinedCell,
  numberCell,
  textCell,
  valueAt,
} from '../../../../shared/rows/cell-values';
import { COLLABORATION_POST_COLUMNS } from '../../../../shared/rows/collaboration-rows';
import { column, type Cell, type Column, type Row } from '../../../../shared/rows/columns';
import { flatColumns, flatToRows } from '../../../../shared/rows/raw-rows';
import type { DeprecatedCollaborationsInput } from './collaborations-request';

/**
 * The deprecated collaborations as a table whose columns are known before the first page, for the
 * `collaboration-posts` job (a job fixes its columns when it is created). The spec does not
 * describe the items: the columns read the fields of the newer endpoint's posts (api-notes, the
 * same collaborations) under the names they would carry, and every other field an item holds goes
 * into the last column as JSON, so whatever the API sends, nothing is lost. The route
 * (`POST /api/collaborations/deprecated`) keeps laying them out flat from its first page.
 */

/** An influencer's posts with their brand; a brand's posts with their creator; brands by domain. */
type OlderCollaborationsLayout = 'influencer-posts' | 'brand-posts' | 'brands-by-domain';

interface OlderField {
  column: Column;
  /** Dotted paths tried in order: the first holding a value fills the cell. All are consumed. */
  paths: readonly string[];
}

const OTHER_FIELDS_COLUMN: Column = column('other_fields', 'Other fields (JSON)', 'text');

/** Where the shared post columns (COLLABORATION_POST_COLUMNS) are read, by column id. */
const POST_PATHS: Readonly<Record<string, readonly string[]>> = {
  post_id: ['post_id', 'id'],
  post_date: ['post_timestamp'],
  collaboration_type: ['collaboration_type'],
  title: ['title'],
  description: ['description'],
  label: ['label'],
  likes: ['stats.likes'],
  comments: ['stats.comments'],
  views: ['stats.views'],
  plays: ['stats.plays'],
  shares: ['stats.shares'],
  sponsors: ['sponsors'],
  thumbnail: ['post_thumbnail'],
};

const POST_FIELDS: readonly OlderField[] = COLLABORATION_POST_COLUMNS.map((col) => ({
  column: col,
  paths: POST_PATHS[col.id] ?? [col.id],
}));

const LAYOUTS: Readonly<Record<OlderCollaborationsLayout, readonly OlderField[]>> = {
  'influencer-posts': [
    ...POST_FIELDS,
    {
      column: column('brand', 'Brand', 'text'),
      paths: ['brand.brand_name', 'brand.name', 'brand.brand_domain', 'brand.domain'],
    },
  ],
  'brand-posts': [
    ...POST_FIELDS,
    { column: column('creator', 'Creator', 'text'), paths: ['influencer.username', 'influencer.user_id'] },
  ],
  'brands-by-domain': [
    { column: column('brand', 'Brand', 'text'), paths: ['brand_name', 'name'] },
    { column: column('domain', 'Domain', 'text'), paths: ['brand_domain', 'domain'] },
    { column: column('posts', 'Posts', 'integer'), paths: ['posts_count'] },
    { column: column('first_post', 'First post', 'date'), paths: ['first_post_timestamp'] },
    { column: column('last_post', 'Last post', 'date'), paths: ['last_post_timestamp'] },
    { column: column('likes', 'Likes', 'integer'), paths: ['summary.total_likes'] },
    { column: column('views', 'Views', 'integer'), paths: ['summary.total_views'] },
    { column: column('plays', 'Plays', 'integer'), paths: ['summary.total_plays'] },
    { column: column('shares', 'Shares', 'integer'), paths: ['summary.total_shares'] },
  ],
};

export function olderCollaborationsLayout(
  input: Pick<DeprecatedCollaborationsInput, 'kind' | 'groupedBrands'>,
): OlderCollaborationsLayout {
  if (input.kind === 'brand') return 'brand-posts';
  return input.groupedBrands === true ? 'brands-by-domain' : 'influencer-posts';
}

export function olderCollaborationColumns(layout: OlderCollaborationsLayout): Column[] {
  return [...LAYOUTS[layout].map((field) => field.column), OTHER_FIELDS_COLUMN];
}

function sponsorName(sponsor: unknown): unknown {
  return isRecord(sponsor) ? (sponsor.name ?? sponsor.username ?? sponsor.domain) : sponsor;
}

function cellOf(col: Column, value: unknown, timeZone: string | undefined): Cell {
  if (col.id === 'sponsors' && Array.isArray(value)) return joinedCell(value.map(sponsorName));
  switch (col.format) {
    case 'date':
      return dateFromMillis(value, timeZone);
    case 'integer':
    case 'decimal':
    case 'percent':
      return numberCell(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    default:
      return textCell(value);
  }
}

function readField(item: unknown, field: OlderField, timeZone: string | undefined): Cell {
  for (const path of field.paths) {
    const value = valueAt(item, path.split('.'));
    if (value === undefined || value === null) continue;
    const cell = cellOf(field.column, value, timeZone);
    if (cell !== null) return cell;
  }
  return null;
}

/** The item's fields no column reads, as `{"dotted.path": value}`; null when there are none. */
function otherFields(item: unknown, consumed: ReadonlySet<string>): Cell {
  const leaves = flatColumns([item]).filter((col) => !consumed.has(col.id));
  if (leaves.length === 0) return null;
  const [values] = flatToRows([item], leaves);
  const rest: Record<string, Cell> = {};
  leaves.forEach((col, index) => {
    const value = values?.[index] ?? null;
    if (value !== null) rest[col.id] = value;
  });
  return Object.keys(rest).length === 0 ? null : textCell(JSON.stringify(rest));
}

/**
 * One row per item, in the API's order, under olderCollaborationColumns(layout); dates are days on
 * the calendar of `timeZone`, the spreadsheet's (UTC when absent).
 */
export function olderCollaborationRows(
  layout: OlderCollaborationsLayout,
  items: readonly unknown[],
  timeZone?: string,
): Row[] {
  const fields = LAYOUTS[layout];
  const consumed = new Set(fields.flatMap((field) => field.paths));
  return items.map((item) => [
    ...fields.map((field) => readField(item, field, timeZone)),
    otherFields(item, consumed),
  ]);
}

/** What makes two items the same: a post's id, else the item's id, else a brand's domain. */
export function olderCollaborationItemId(item: unknown): string | null {
  if (!isRecord(item)) return null;
  for (const field of ['post_id', 'id', 'brand_domain', 'domain']) {
    const value = item[field];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return `${field}:${value}`;
  }
  return null;
}
