import { OPERATIONS } from '../../../../../shared/operations';
import {
  RAW_PAGINATION,
  RAW_RESPONSE_SCHEMAS,
  rawNextCursor,
  type PagedRawOperationId,
} from '../../../../../shared/responses/raw';
import { rawItems } from '../../../../../shared/rows/raw-rows';
import type { ContentSandbox } from './content-sandbox';

/**
 * Follows a raw feed's cursors to the end, as a client would (RAW_PAGINATION says where the cursor
 * sits and which parameter takes it), checking every page against the operation's schema.
 */

export interface Walk {
  /** The items of each page, in order. */
  pages: unknown[][];
  /** Each page's body. */
  bodies: Record<string, unknown>[];
  /** The cursors handed out, in order (one fewer than pages). */
  cursors: string[];
}

export async function walkPages(
  sandbox: ContentSandbox,
  id: PagedRawOperationId,
  query: Record<string, string>,
  maxPages = 400,
): Promise<Walk> {
  const walk: Walk = { pages: [], bodies: [], cursors: [] };
  let cursor: string | null = null;
  do {
    const params: Record<string, string> =
      cursor === null ? query : { ...query, [RAW_PAGINATION[id].param]: cursor };
    const response = await sandbox.get(OPERATIONS[id].path, params);
    if (response.status !== 200) {
      throw new Error(
        `${id} page ${walk.pages.length + 1}: ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    RAW_RESPONSE_SCHEMAS[id].parse(response.body);
    walk.bodies.push(response.body as Record<string, unknown>);
    walk.pages.push(rawItems(id, response.body));
    cursor = rawNextCursor(id, response.body);
    if (cursor !== null) walk.cursors.push(cursor);
    if (walk.pages.length > maxPages) throw new Error(`${id}: more than ${maxPages} pages`);
  } while (cursor !== null);
  return walk;
}

/** The string field `key` of each item (its id). */
export function idsOf(items: unknown[], key: string): string[] {
  return items.map((item) => {
    const value = (item as Record<string, unknown>)[key];
    if (typeof value !== 'string') throw new Error(`item without a string ${key}: ${JSON.stringify(item)}`);
    return value;
  });
}

export function sizes(walk: Walk): number[] {
  return walk.pages.map((page) => page.length);
}
