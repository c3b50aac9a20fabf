import type {
  CollaborationPost,
  CollaborationPostsResponse,
  CollaborationSummary,
  CollaborationSummaryResponse,
} from '../responses/collaborations';
import { dateFromMillis, isRecord, joinedCell, listAt, numberCell, textCell, valueAt } from './cell-values';
import { column, type Column, type Row, type RowOptions, withOptionalHeader } from './columns';

/**
 * Collaborations: the posts of a page (one row per post, in the API's order) and the summary (one
 * row per partner, then a totals row). Whether the answer describes an influencer (partners are
 * brands) or a brand (partners are influencers) only changes who sits in the "Partner" column.
 */

export const COLLABORATION_POST_COLUMNS: readonly Column[] = [
  column('post_id', 'Post id', 'text'),
  column('post_date', 'Date', 'date'),
  column('collaboration_type', 'Type', 'text'),
  column('title', 'Title', 'text'),
  column('description', 'Description', 'text'),
  column('label', 'Label', 'text'),
  column('likes', 'Likes', 'integer'),
  column('comments', 'Comments', 'integer'),
  column('views', 'Views', 'integer'),
  column('plays', 'Plays', 'integer'),
  column('shares', 'Shares', 'integer'),
  column('sponsors', 'Sponsors', 'text'),
  column('thumbnail', 'Thumbnail', 'url'),
];

export const COLLABORATION_SUMMARY_COLUMNS: readonly Column[] = [
  column('partner', 'Partner', 'text'),
  column('partner_id', 'Partner id', 'text'),
  column('likes', 'Likes', 'integer'),
  column('views', 'Views', 'integer'),
  column('plays', 'Plays', 'integer'),
  column('shares', 'Shares', 'integer'),
  column('collects', 'Collects', 'integer'),
];

export const COLLABORATION_TOTAL_LABEL = 'Total';

function sponsorName(sponsor: unknown): string | null {
  if (!isRecord(sponsor)) return textCell(sponsor);
  return textCell(sponsor.name) ?? textCell(sponsor.username) ?? textCell(sponsor.domain);
}

function postRow(post: CollaborationPost, timeZone: string | undefined): Row {
  const stat = (key: string) => numberCell(valueAt(post, ['stats', key]));
  return [
    textCell(post.post_id),
    dateFromMillis(post.post_timestamp, timeZone),
    textCell(post.collaboration_type),
    textCell(post.title),
    textCell(post.description),
    textCell(post.label),
    stat('likes'),
    stat('comments'),
    stat('views'),
    stat('plays'),
    stat('shares'),
    joinedCell(listAt(post, ['sponsors']).map(sponsorName)),
    textCell(post.post_thumbnail),
  ];
}

export function collaborationPostsToRows(response: CollaborationPostsResponse, options?: RowOptions): Row[] {
  const posts = response.influencer?.posts ?? response.brand?.posts ?? [];
  const rows = posts.map((post) => postRow(post, options?.timeZone));
  return withOptionalHeader(COLLABORATION_POST_COLUMNS, rows, options);
}

function summaryRow(
  partner: string | null,
  partnerId: string | null,
  summary: CollaborationSummary | undefined,
): Row {
  const total = (key: string) => numberCell(valueAt(summary, [key]));
  return [
    partner,
    partnerId,
    total('total_likes'),
    total('total_views'),
    total('total_plays'),
    total('total_shares'),
    total('total_collects'),
  ];
}

export interface CollaborationSummaryRowOptions extends RowOptions {
  /** Append the totals row (default true). */
  readonly withTotals?: boolean;
}

export function collaborationSummaryToRows(
  response: CollaborationSummaryResponse,
  options?: CollaborationSummaryRowOptions,
): Row[] {
  const rows: Row[] = [];
  let overall: CollaborationSummary | undefined;
  if (response.influencer !== undefined) {
    overall = response.influencer.summary;
    for (const entry of response.influencer.per_brand_summary ?? []) {
      // The brand object (api-notes, single): `{ name, username, domain, logo_url, user_id, category }`;
      // the posts answer's `brand_name` / `brand_domain` / `id` are read too.
      const brand = entry.brand;
      const name =
        textCell(brand?.name) ??
        textCell(brand?.brand_name) ??
        textCell(brand?.domain) ??
        textCell(brand?.brand_domain) ??
        textCell(brand?.username);
      rows.push(summaryRow(name, textCell(brand?.user_id) ?? textCell(brand?.id), entry.summary));
    }
  } else if (response.brand !== undefined) {
    overall = response.brand.summary;
    for (const entry of response.brand.per_influencer_summary ?? []) {
      const influencer = entry.influencer;
      rows.push(summaryRow(textCell(influencer?.username), textCell(influencer?.user_id), entry.summary));
    }
  }
  if (options?.withTotals !== false) rows.push(summaryRow(COLLABORATION_TOTAL_LABEL, null, overall));
  return withOptionalHeader(COLLABORATION_SUMMARY_COLUMNS, rows, options);
}
