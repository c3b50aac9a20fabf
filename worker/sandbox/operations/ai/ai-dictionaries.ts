import {
  aiBrandsQuerySchema,
  aiHashtagsQuerySchema,
  aiMentionsQuerySchema,
} from '../../../../shared/requests/dictionaries';
import type { World } from '../../data';
import type { SandboxHandlers } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { SandboxError } from '../../sandbox-error';

/**
 * `/ai/brands`, `/ai/hashtags`, `/ai/mentions`: free dictionaries for the AI filters. Without a
 * `limit` they return every match (the lists are a few hundred items); `limit` keeps the first ones.
 */
export const aiDictionaryHandlers: SandboxHandlers<World> = {
  aiBrands: ({ query, world }) => {
    const { query: text, limit } = parseWith(aiBrandsQuerySchema, query);
    const needle = text?.toLowerCase();
    const names = [...world.dictionaries.aiBrands].sort(byText);
    // Names that start with the query first, then those that contain it elsewhere.
    const matching =
      needle === undefined
        ? names
        : [
            ...names.filter((name) => name.toLowerCase().startsWith(needle)),
            ...names.filter((name) => {
              const lower = name.toLowerCase();
              return !lower.startsWith(needle) && lower.includes(needle);
            }),
          ];
    return { body: { error: false, brands: matching.slice(0, limit).map((name) => ({ name })) } };
  },

  aiHashtags: ({ query, world }) => {
    const { platform, prefix, limit } = parseWith(aiHashtagsQuerySchema, query);
    const start = prefix?.toLowerCase() ?? '';
    const hashtags = world
      .hashtagCounts(platform)
      .filter((entry) => entry.tag.startsWith(start))
      .slice(0, limit)
      .map((entry) => ({ tag: entry.tag, postCount: entry.postCount }));
    return { body: { error: false, hashtags } };
  },

  aiMentions: ({ query, world }) => {
    if (query.platform === 'youtube') {
      throw new SandboxError(
        'bad_request',
        'platform youtube has no mentions dictionary; /ai/mentions serves instagram and tiktok',
      );
    }
    const { platform, prefix, limit } = parseWith(aiMentionsQuerySchema, query);
    const start = prefix?.toLowerCase() ?? '';
    const mentions = world
      .mentionCounts(platform)
      .filter((entry) => entry.tag.startsWith(start))
      .slice(0, limit)
      .map((entry) => ({ username: entry.tag, postCount: entry.postCount }));
    return { body: { error: false, mentions } };
  },
};

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
