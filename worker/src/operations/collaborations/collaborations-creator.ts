import type { CollaborationPostsResponse } from '../../../../shared/responses/collaborations';
import { textCell, valueAt } from '../../../../shared/rows/cell-values';
import { column, type Cell, type Column, type Row } from '../../../../shared/rows/columns';

/**
 * Who made each post of a brand's collaboration posts. The post fields of api-notes do not name
 * the influencer (an influencer's own posts need not), but a brand's list is of no use without
 * them; the answers carry them as `influencer` beside the post's fields, which the response
 * schema keeps. One column, after the shared post columns, on the brand side only.
 */
export const CREATOR_COLUMN: Column = column('creator', 'Creator', 'text');

export function creatorCell(post: unknown): Cell {
  return (
    textCell(valueAt(post, ['influencer', 'username'])) ?? textCell(valueAt(post, ['influencer', 'user_id']))
  );
}

/** A brand page's rows with the creator of each post appended; other pages' rows unchanged. */
export function withCreators(page: CollaborationPostsResponse, rows: Row[]): Row[] {
  if (page.influencer !== undefined || page.brand === undefined) return rows;
  const posts = page.brand.posts ?? [];
  return rows.map((row, index) => [...row, creatorCell(posts[index])]);
}

/**
 * Every page's rows with a creator each, for a table whose columns are fixed before the first page
 * says which side it describes (the `collaboration-posts` job): a brand's posts name their
 * creator as above, an influencer's posts name the influencer itself.
 */
export function withCreatorColumn(page: CollaborationPostsResponse, rows: Row[]): Row[] {
  if (page.influencer === undefined) return withCreators(page, rows);
  const creator = textCell(page.influencer.username) ?? textCell(page.influencer.id);
  return rows.map((row) => [...row, creator]);
}
