import { z } from 'zod';
import { successEnvelope } from './envelope';
import { list, optional, wanted } from './tolerant';

/**
 * Dictionary items and list responses (spec "Dictionary items"; every field required there). Read
 * tolerantly (tolerant.ts): the list is required, every field of an item the row shows is wanted.
 */

export const brandSchema = z.looseObject({ id: wanted(z.number()), name: wanted(z.string()) });
export type Brand = z.infer<typeof brandSchema>;

export const interestSchema = z.looseObject({ id: wanted(z.number()), name: wanted(z.string()) });
export type Interest = z.infer<typeof interestSchema>;

/** `code` is enumerated by the service but the full list is not published, so any string passes. */
export const languageSchema = z.looseObject({ code: wanted(z.string()), name: wanted(z.string()) });
export type Language = z.infer<typeof languageSchema>;

export const locationSchema = z.looseObject({
  id: wanted(z.number()),
  name: wanted(z.string()),
  title: wanted(z.string()),
});
export type Location = z.infer<typeof locationSchema>;

const dictionaryUserFieldsSchema = z.looseObject({
  userId: wanted(z.string()),
  username: wanted(z.string()),
  fullname: wanted(z.string()),
  picture: wanted(z.string()),
  followers: wanted(z.number()),
  isVerified: wanted(z.boolean()),
});

/**
 * `/instagram/users` items have been seen with `profile_picture` instead of `picture` (api-notes,
 * single source). Both are accepted and the output always says `picture`, so no caller has to know
 * about the alias; `picture` wins when both are present.
 */
function renameProfilePicture(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !('profile_picture' in input)) {
    return input;
  }
  const { profile_picture: profilePicture, ...rest } = input as Record<string, unknown>;
  return { ...rest, picture: rest.picture ?? profilePicture };
}

export const dictionaryUserSchema = z.preprocess(renameProfilePicture, dictionaryUserFieldsSchema);
export type DictionaryUser = z.infer<typeof dictionaryUserSchema>;

export const brandsResponseSchema = successEnvelope({
  brands: list(brandSchema),
  total: optional(z.number()),
});
export type BrandsResponse = z.infer<typeof brandsResponseSchema>;

export const interestsResponseSchema = successEnvelope({
  interests: list(interestSchema),
  total: optional(z.number()),
});
export type InterestsResponse = z.infer<typeof interestsResponseSchema>;

export const languagesResponseSchema = successEnvelope({
  languages: list(languageSchema),
  total: optional(z.number()),
});
export type LanguagesResponse = z.infer<typeof languagesResponseSchema>;

export const locationsResponseSchema = successEnvelope({
  locations: list(locationSchema),
  total: optional(z.number()),
});
export type LocationsResponse = z.infer<typeof locationsResponseSchema>;

/** The users dictionary answers without `total` (spec). */
export const usersResponseSchema = successEnvelope({ users: list(dictionaryUserSchema) });
export type UsersResponse = z.infer<typeof usersResponseSchema>;

/** Topics and hashtags dictionaries: plain strings. */
export const tagsResponseSchema = successEnvelope({ tags: z.array(z.string()) });
export type TagsResponse = z.infer<typeof tagsResponseSchema>;
