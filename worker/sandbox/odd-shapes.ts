import type { OperationId } from '../../shared/operations';
import type { Platform } from '../../shared/platforms';
import { RAW_PAGINATION, isPagedRawOperation, type PagedRawOperationId } from '../../shared/responses/raw';
import { numericFeedCursor } from './operations/content/feed-cursor';

/**
 * The shapes setting (SANDBOX_SHAPES, or `shapes` through `PUT /_sandbox/faults`).
 *
 * - `real`: answers as the real service is seen to give them (api-notes "Seen from the real
 *   service"); the handlers build these.
 * - `odd`: the same answers rewritten into older and odder shapes that public clients have met and
 *   that a tolerant reader must still read: success bodies without `error`, Instagram user info in
 *   its old `user` wrapper, the Instagram search as `{ users, hashtags }`, other clients' paging
 *   names, unknown enum values, nulls where numbers were, fields left out, fields added. Health
 *   answers its older body with every group (`{ error, status: "Healthy", groups }`), which its
 *   handler gives, since only it knows the groups; the real shape is the vendor's `{ "status": "ok" }`.
 *
 * The rewrite never changes what is billed: the core charges from the handler's result, before.
 */
export const SANDBOX_SHAPES = ['real', 'odd'] as const;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function records(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** A field no version of the product knows, on every odd success body that is an object. */
export const ODD_EXTRA_FIELD = 'took_ms';

/**
 * The body of a successful answer of `id` in the odd shapes. Works on a copy: handlers may share
 * cached objects between answers (collaboration summaries), which must stay as they are.
 */
export function toOddShape(id: OperationId, platform: Platform | null, body: unknown): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(body));
  if (!isRecord(copy)) return copy;
  // Shaped by its handler (router.ts): the groups are not in the real body to rebuild them from.
  if (id === 'health') return copy;
  const { error: _error, ...rest } = copy;
  const odd: Json = { ...rest, [ODD_EXTRA_FIELD]: 12 };
  switch (id) {
    case 'rawIgUserInfo':
      return oddIgUserInfo(odd);
    case 'rawIgSearch':
      return oddIgSearch(odd);
    case 'report':
      oddReport(odd, platform);
      break;
    case 'search':
      oddSearch(odd);
      break;
    case 'emailSearch':
      delete odd.totalMatches;
      delete odd.notMatchedEmails;
      break;
    case 'collaborationPosts':
      oddCollaborationPosts(odd);
      break;
    case 'collaborationSummary':
      oddCollaborationSummary(odd);
      break;
    default:
      if (isPagedRawOperation(id)) oddRawPage(id, odd);
  }
  return odd;
}

/** The old wrapper the first clients read: the profile under `user`. */
function oddIgUserInfo(body: Json): Json {
  const { status, [ODD_EXTRA_FIELD]: extra, ...user } = body;
  return { user, status: status ?? 'ok', [ODD_EXTRA_FIELD]: extra };
}

/** The search as this product first read it: `{ users, hashtags }`, entries bare. */
function oddIgSearch(body: Json): Json {
  const { list, ...rest } = body;
  const entries = records(list);
  const inner = (key: string) => entries.map((entry) => entry[key]).filter(isRecord);
  return { ...rest, users: inner('user'), hashtags: inner('hashtag') };
}

/**
 * TikTok and YouTube pages as other clients recorded them: `hasMore` and `nextCursor` instead of
 * `has_more` and `cursor`, TikTok's cursor a number (feed-cursor.ts takes it back).
 */
function oddRawPage(id: PagedRawOperationId, body: Json): void {
  let page: unknown = body;
  for (const key of RAW_PAGINATION[id].at) page = isRecord(page) ? page[key] : undefined;
  if (!isRecord(page) || !('has_more' in page)) return;
  const { has_more: hasMore, cursor } = page;
  delete page.has_more;
  delete page.cursor;
  page.hasMore = hasMore;
  if (typeof cursor !== 'string') page.nextCursor = null;
  else page.nextCursor = id.startsWith('rawTiktok') ? numericFeedCursor(cursor) : cursor;
}

/**
 * Unknown enum values (a gender and an Instagram account type no list names), numbers sent as
 * null, and a block of fields nobody reads.
 */
function oddReport(body: Json, platform: Platform | null): void {
  const report = body.profile;
  if (!isRecord(report)) return;
  report.gender = 'NON_BINARY';
  report.sponsoredPostsMedianViews = null;
  report.scores = { authenticity: 0.93, brandSafety: 'A' };
  if (platform === 'instagram') {
    report.accountType = 'Media';
    report.avgComments = null;
    if (isRecord(report.audience)) report.audience.credibility = null;
  } else {
    report.totalLikes = null;
    if (isRecord(report.profile)) report.profile.averageViews = null;
  }
}

/** A page without `total`, its items with the user id only inside `profile`. */
function oddSearch(body: Json): void {
  delete body.total;
  for (const item of [...records(body.directs), ...records(body.lookalikes)]) {
    delete item.userId;
    item.rank_score = 1;
  }
}

function oddCollaborationPosts(body: Json): void {
  for (const side of [body.influencer, body.brand]) {
    if (!isRecord(side)) continue;
    for (const post of records(side.posts)) post.is_boosted = false;
  }
}

/** Per-brand summaries with the brand in the older `{ id, brand_name, brand_domain }` form. */
function oddCollaborationSummary(body: Json): void {
  if (!isRecord(body.influencer)) return;
  for (const entry of records(body.influencer.per_brand_summary)) {
    const brand = isRecord(entry.brand) ? entry.brand : {};
    entry.brand = { id: brand.user_id, brand_name: brand.name, brand_domain: brand.domain };
  }
}
