import type { Brand, DictionaryUser, Interest, Language, Location } from '../responses/dictionaries';
import { booleanCell, numberCell, textCell } from './cell-values';
import { column, type Column, type Row, type RowOptions, withOptionalHeader } from './columns';

/**
 * Dictionaries (brands, interests, languages, locations, users, topic and hashtag tags, and the AI
 * dictionaries), one row per item in the API's order. The ids are what search filters take, so
 * they come first.
 */

export interface DictionaryItems {
  readonly brands: Brand;
  readonly interests: Interest;
  readonly languages: Language;
  readonly locations: Location;
  readonly users: DictionaryUser;
  /** `/{platform}/topics` and `/{platform}/hashtags`. */
  readonly tags: string;
  readonly ai_brands: { readonly name: string };
  readonly ai_hashtags: { readonly tag: string; readonly postCount: number };
  readonly ai_mentions: { readonly username: string; readonly postCount: number };
}

export type DictionaryKind = keyof DictionaryItems;

export const DICTIONARY_COLUMNS: { readonly [K in DictionaryKind]: readonly Column[] } = {
  brands: [column('id', 'Id', 'integer'), column('name', 'Name', 'text')],
  interests: [column('id', 'Id', 'integer'), column('name', 'Name', 'text')],
  languages: [column('code', 'Code', 'text'), column('name', 'Name', 'text')],
  locations: [
    column('id', 'Id', 'integer'),
    column('name', 'Name', 'text'),
    column('title', 'Full name', 'text'),
  ],
  users: [
    column('user_id', 'User id', 'text'),
    column('handle', 'Handle', 'text'),
    column('name', 'Name', 'text'),
    column('followers', 'Followers', 'integer'),
    column('verified', 'Verified', 'boolean'),
    column('picture', 'Picture', 'url'),
  ],
  tags: [column('tag', 'Tag', 'text')],
  ai_brands: [column('name', 'Name', 'text')],
  ai_hashtags: [column('tag', 'Hashtag', 'text'), column('post_count', 'Posts', 'integer')],
  ai_mentions: [column('handle', 'Handle', 'text'), column('post_count', 'Posts', 'integer')],
};

const ROW_OF: { readonly [K in DictionaryKind]: (item: DictionaryItems[K]) => Row } = {
  brands: (item) => [numberCell(item.id), textCell(item.name)],
  interests: (item) => [numberCell(item.id), textCell(item.name)],
  languages: (item) => [textCell(item.code), textCell(item.name)],
  locations: (item) => [numberCell(item.id), textCell(item.name), textCell(item.title)],
  users: (item) => [
    textCell(item.userId),
    textCell(item.username),
    textCell(item.fullname),
    numberCell(item.followers),
    booleanCell(item.isVerified),
    textCell(item.picture),
  ],
  tags: (item) => [textCell(item)],
  ai_brands: (item) => [textCell(item.name)],
  ai_hashtags: (item) => [textCell(item.tag), numberCell(item.postCount)],
  ai_mentions: (item) => [textCell(item.username), numberCell(item.postCount)],
};

export function dictionaryToRows<K extends DictionaryKind>(
  kind: K,
  items: readonly DictionaryItems[K][],
  options?: RowOptions,
): Row[] {
  const toRow: (item: DictionaryItems[K]) => Row = ROW_OF[kind];
  return withOptionalHeader(DICTIONARY_COLUMNS[kind], items.map(toRow), options);
}
