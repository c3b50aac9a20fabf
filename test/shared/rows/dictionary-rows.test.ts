import {
  brandsResponseSchema,
  languagesResponseSchema,
  locationsResponseSchema,
  tagsResponseSchema,
  usersResponseSchema,
} from '../../../shared/responses/dictionaries';
import { columnIds, headerRow } from '../../../shared/rows/columns';
import { DICTIONARY_COLUMNS, dictionaryToRows } from '../../../shared/rows/dictionary-rows';
import {
  brandsPageOfTwo,
  hashtagsMatchingRun,
  instagramUsersWithProfilePicture,
  languagesPage,
  locationsMatchingBerlin,
} from '../responses/fixtures/dictionaries';

describe('dictionaryToRows', () => {
  it('pins the columns of each kind', () => {
    const ids = Object.fromEntries(
      Object.entries(DICTIONARY_COLUMNS).map(([kind, columns]) => [kind, columnIds(columns)]),
    );
    expect(ids).toEqual({
      brands: ['id', 'name'],
      interests: ['id', 'name'],
      languages: ['code', 'name'],
      locations: ['id', 'name', 'title'],
      users: ['user_id', 'handle', 'name', 'followers', 'verified', 'picture'],
      tags: ['tag'],
      ai_brands: ['name'],
      ai_hashtags: ['tag', 'post_count'],
      ai_mentions: ['handle', 'post_count'],
    });
  });

  it('writes brands in the API order', () => {
    const { brands } = brandsResponseSchema.parse(brandsPageOfTwo());
    expect(dictionaryToRows('brands', brands, { withHeader: true })).toEqual([
      ['Id', 'Name'],
      [201, 'Nike'],
      [202, 'Adidas'],
    ]);
  });

  it('writes languages, locations and tags', () => {
    expect(dictionaryToRows('languages', languagesResponseSchema.parse(languagesPage()).languages)).toEqual([
      ['af', 'Afrikaans'],
      ['de', 'German'],
    ]);
    expect(
      dictionaryToRows('locations', locationsResponseSchema.parse(locationsMatchingBerlin()).locations),
    ).toEqual([[62422, 'Berlin', 'Berlin, Germany']]);
    expect(dictionaryToRows('tags', tagsResponseSchema.parse(hashtagsMatchingRun()).tags)).toEqual([
      ['running'],
      ['runner'],
      ['runnersworld'],
    ]);
  });

  it('writes users, with the picture the API called profile_picture', () => {
    const { users } = usersResponseSchema.parse(instagramUsersWithProfilePicture());
    expect(dictionaryToRows('users', users, { withHeader: true })).toEqual([
      headerRow(DICTIONARY_COLUMNS.users),
      ['173560420', 'ada.runs', 'Ada Runner', 52000, true, 'https://cdn.example/ada.jpg'],
    ]);
  });

  it('writes the AI dictionaries', () => {
    expect(dictionaryToRows('ai_hashtags', [{ tag: 'running', postCount: 9000 }])).toEqual([
      ['running', 9000],
    ]);
    expect(dictionaryToRows('ai_mentions', [{ username: 'nike', postCount: 12 }])).toEqual([['nike', 12]]);
    expect(dictionaryToRows('ai_brands', [{ name: 'Nike' }])).toEqual([['Nike']]);
  });
});
