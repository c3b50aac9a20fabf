import { z } from 'zod';
import { DICTIONARY_DEFAULT_LIMIT, DICTIONARY_LIMIT_ALL } from '../limits';
import { MENTION_PLATFORMS } from '../platforms';
import { optionalQueryInt, optionalQueryText, platformSchema, queryInt } from './fields';

/**
 * Dictionary query strings: `/instagram/brands`, `/instagram/interests` and
 * `/{platform}/languages|locations|topics|hashtags|users` take `limit` (default 20; 1,000,000
 * returns every item) and `query`. The AI dictionaries' parameters are not in the spec: `/ai/brands`
 * takes `query`, `/ai/hashtags` and `/ai/mentions` a `platform` and a `prefix`; all three take an
 * optional `limit` like the other dictionaries.
 */

export const dictionaryPathSchema = z.looseObject({ platform: platformSchema });

export const dictionaryQuerySchema = z.looseObject({
  limit: queryInt(1, DICTIONARY_LIMIT_ALL, DICTIONARY_DEFAULT_LIMIT),
  query: optionalQueryText(),
});

/** A hashtag or mention prefix may be typed with its # or @; the service wants it bare. */
const prefix = optionalQueryText().transform((value) => value?.replace(/^[#@]/, ''));

export const aiBrandsQuerySchema = z.looseObject({
  query: optionalQueryText(),
  limit: optionalQueryInt(1, DICTIONARY_LIMIT_ALL),
});

export const aiHashtagsQuerySchema = z.looseObject({
  platform: platformSchema,
  prefix,
  limit: optionalQueryInt(1, DICTIONARY_LIMIT_ALL),
});

/** YouTube has no mentions dictionary. */
export const aiMentionsQuerySchema = z.looseObject({
  platform: z.enum(MENTION_PLATFORMS),
  prefix,
  limit: optionalQueryInt(1, DICTIONARY_LIMIT_ALL),
});

export type DictionaryQuery = z.output<typeof dictionaryQuerySchema>;
export type AiBrandsQuery = z.output<typeof aiBrandsQuerySchema>;
export type AiHashtagsQuery = z.output<typeof aiHashtagsQuerySchema>;
export type AiMentionsQuery = z.output<typeof aiMentionsQuerySchema>;
