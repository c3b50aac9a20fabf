import type { OperationId } from '../../../shared/operations';
import type { Platform } from '../../../shared/platforms';
import { accountInfoResponseSchema } from '../../../shared/responses/account';
import {
  aiBrandsResponseSchema,
  aiHashtagsResponseSchema,
  aiListsResponseSchema,
  aiMentionsResponseSchema,
} from '../../../shared/responses/ai-search';
import {
  brandsResponseSchema,
  interestsResponseSchema,
  languagesResponseSchema,
  locationsResponseSchema,
  tagsResponseSchema,
  usersResponseSchema,
} from '../../../shared/responses/dictionaries';
import { healthGroupsOf, healthResponseSchema, healthStatusOf } from '../../../shared/responses/health';
import { accountToRows } from '../../../shared/rows/account-rows';
import {
  dictionaryToRows,
  type DictionaryItems,
  type DictionaryKind,
} from '../../../shared/rows/dictionary-rows';
import type { CheckReport, KnownCreators } from './check-report';
import type { LiveCalls } from './live-calls';
import { runFreeCheck, type CallSpec } from './run-check';

/**
 * The free operations `npm run verify:live` calls, each once and read-only: health, the account,
 * every dictionary (the platform ones on each platform where the notes leave it open), the AI
 * dictionaries and the AI lists. The AI list changes (create, add, remove, delete) are free too but
 * change the account's lists, so they are left out. The users dictionaries give the creators the
 * paid checks ask about.
 */

/** Items a dictionary check asks for: enough to see their shape. */
const LIMIT = 5;

/** The rows of a dictionary answer's items, as the worker makes them. */
function dictionaryRows<K extends DictionaryKind>(kind: K, items: readonly unknown[]) {
  return dictionaryToRows(kind, items as DictionaryItems[K][]);
}

const notOffered =
  (what: string, why: string) =>
  (failure: { status: number | null }): string | null =>
    failure.status === 404 ? `no ${what}, ${why}` : null;

function healthCheck(): CallSpec<unknown> {
  return {
    name: 'health',
    operation: 'health',
    parts: {},
    schema: healthResponseSchema,
    rows: () => [],
    note: (value) => {
      const { status, groups } = healthResponseSchema.parse(value);
      const read = healthStatusOf(status);
      const named = Object.keys(healthGroupsOf(groups)).length;
      return read === null
        ? `status "${String(status)}" is a word this version does not know`
        : `status "${status}" reads as ${read}; ${named === 0 ? 'no groups' : `${named} groups`}`;
    },
  };
}

function accountCheck(): CallSpec<unknown> {
  return {
    name: 'account (user info)',
    operation: 'userInfo',
    parts: {},
    schema: accountInfoResponseSchema,
    rows: (value) => accountToRows(accountInfoResponseSchema.parse(value)),
    note: (value) => {
      const { billing } = accountInfoResponseSchema.parse(value);
      return `${billing?.credits ?? '?'} credits and ${billing?.rawRequests ?? 'no'} raw requests left`;
    },
  };
}

function dictionaryCheck(
  operation: OperationId,
  label: string,
  platform: Platform | null,
  read: (value: unknown) => { kind: DictionaryKind; items: readonly unknown[] },
  schema: CallSpec<unknown>['schema'],
  refusal?: CallSpec<unknown>['refusal'],
): CallSpec<unknown> {
  return {
    name: platform === null ? label : `${label} (${platform})`,
    operation,
    parts: { ...(platform === null ? {} : { platform }), query: { limit: LIMIT } },
    schema,
    rows: (value) => {
      const { kind, items } = read(value);
      return dictionaryRows(kind, items);
    },
    ...(refusal === undefined ? {} : { refusal }),
  };
}

/** The users dictionary of a platform, whose creators the paid checks then ask about. */
function usersCheck(platform: Platform, known: KnownCreators): CallSpec<unknown> {
  const spec = dictionaryCheck(
    'dictionaryUsers',
    'users dictionary',
    platform,
    (value) => ({ kind: 'users', items: usersResponseSchema.parse(value).users }),
    usersResponseSchema,
    platform === 'youtube'
      ? notOffered('users dictionary for youtube', "as one client's notes say")
      : undefined,
  );
  return {
    ...spec,
    note: (value) => {
      for (const user of usersResponseSchema.parse(value).users) {
        if (user.username !== undefined)
          known[platform].push({ username: user.username, userId: user.userId ?? null });
      }
      return null;
    },
  };
}

function freeSpecs(known: KnownCreators): CallSpec<unknown>[] {
  const tags = (value: unknown) => ({ kind: 'tags' as const, items: tagsResponseSchema.parse(value).tags });
  return [
    healthCheck(),
    accountCheck(),
    dictionaryCheck(
      'dictionaryBrands',
      'brands dictionary',
      null,
      (v) => ({ kind: 'brands', items: brandsResponseSchema.parse(v).brands }),
      brandsResponseSchema,
    ),
    dictionaryCheck(
      'dictionaryInterests',
      'interests dictionary',
      null,
      (v) => ({ kind: 'interests', items: interestsResponseSchema.parse(v).interests }),
      interestsResponseSchema,
    ),
    dictionaryCheck(
      'dictionaryLanguages',
      'languages dictionary',
      'instagram',
      (v) => ({ kind: 'languages', items: languagesResponseSchema.parse(v).languages }),
      languagesResponseSchema,
    ),
    dictionaryCheck(
      'dictionaryLocations',
      'locations dictionary',
      'instagram',
      (v) => ({ kind: 'locations', items: locationsResponseSchema.parse(v).locations }),
      locationsResponseSchema,
    ),
    dictionaryCheck('dictionaryTopics', 'topics dictionary', 'instagram', tags, tagsResponseSchema),
    // The spec names every platform, the vendor's notes Instagram only: the answers settle it.
    ...(['instagram', 'tiktok', 'youtube'] as const).map((platform) =>
      dictionaryCheck(
        'dictionaryHashtags',
        'hashtags dictionary',
        platform,
        tags,
        tagsResponseSchema,
        platform === 'instagram'
          ? undefined
          : notOffered(`hashtag dictionary for ${platform}`, "as the vendor's notes say"),
      ),
    ),
    ...(['instagram', 'tiktok', 'youtube'] as const).map((platform) => usersCheck(platform, known)),
    {
      name: 'AI brands',
      operation: 'aiBrands',
      parts: { query: { limit: LIMIT } },
      schema: aiBrandsResponseSchema,
      rows: (value) => dictionaryRows('ai_brands', aiBrandsResponseSchema.parse(value).brands),
    },
    {
      name: 'AI hashtags (instagram)',
      operation: 'aiHashtags',
      parts: { query: { platform: 'instagram', limit: LIMIT } },
      schema: aiHashtagsResponseSchema,
      rows: (value) => dictionaryRows('ai_hashtags', aiHashtagsResponseSchema.parse(value).hashtags),
    },
    {
      name: 'AI mentions (instagram)',
      operation: 'aiMentions',
      parts: { query: { platform: 'instagram', limit: LIMIT } },
      schema: aiMentionsResponseSchema,
      rows: (value) => dictionaryRows('ai_mentions', aiMentionsResponseSchema.parse(value).mentions),
    },
    {
      name: 'AI lists (read only)',
      operation: 'aiListsGet',
      parts: {},
      schema: aiListsResponseSchema,
      rows: (value) =>
        aiListsResponseSchema
          .parse(value)
          .lists.map((list) => [list.id, list.name ?? null, list.platform ?? null]),
    },
  ];
}

/** Every free check, in order; `known` collects the creators the users dictionaries name. */
export async function runFreeChecks(calls: LiveCalls, known: KnownCreators): Promise<CheckReport[]> {
  const reports: CheckReport[] = [];
  for (const spec of freeSpecs(known)) reports.push((await runFreeCheck(calls, spec)).report);
  return reports;
}
