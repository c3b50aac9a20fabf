import {
  brandsResponseSchema,
  dictionaryUserSchema,
  interestsResponseSchema,
  languagesResponseSchema,
  locationsResponseSchema,
  tagsResponseSchema,
  usersResponseSchema,
} from '../../../shared/responses/dictionaries';
import { readAnswer } from '../../../shared/responses/tolerant';
import { driftByPath } from './drift-by-path';
import {
  brandsPageOfTwo,
  hashtagsMatchingRun,
  instagramUsersWithProfilePicture,
  interestsPage,
  languagesPage,
  locationsMatchingBerlin,
  tiktokUsersMatchingCy,
} from './fixtures/dictionaries';
import { withValue, without } from './fixtures/edit-path';

describe('dictionary list responses', () => {
  it('read brands, interests, languages and locations with their totals, with no drift', () => {
    expect(brandsResponseSchema.parse(brandsPageOfTwo()).brands.map((brand) => brand.name)).toEqual([
      'Nike',
      'Adidas',
    ]);
    expect(interestsResponseSchema.parse(interestsPage()).total).toBe(60);
    expect(languagesResponseSchema.parse(languagesPage()).languages[1]?.code).toBe('de');
    expect(locationsResponseSchema.parse(locationsMatchingBerlin()).locations[0]?.title).toBe(
      'Berlin, Germany',
    );
    expect(driftByPath(brandsResponseSchema, brandsPageOfTwo())).toEqual([]);
    expect(driftByPath(interestsResponseSchema, interestsPage())).toEqual([]);
    expect(driftByPath(languagesResponseSchema, languagesPage())).toEqual([]);
    expect(driftByPath(locationsResponseSchema, locationsMatchingBerlin())).toEqual([]);
  });

  it('read lists without their total, with no drift', () => {
    const brands = without(brandsPageOfTwo(), ['total']);
    expect(brandsResponseSchema.parse(brands).total).toBeUndefined();
    expect(driftByPath(brandsResponseSchema, brands)).toEqual([]);
    expect(driftByPath(locationsResponseSchema, without(locationsMatchingBerlin(), ['total']))).toEqual([]);
  });

  it('read ids sent as text and items without their title as empty, and report the paths', () => {
    const brands = withValue(brandsPageOfTwo(), ['brands', 0, 'id'], '201');
    expect(brandsResponseSchema.parse(brands).brands[0]).toEqual({ name: 'Nike' });
    expect(driftByPath(brandsResponseSchema, brands)).toEqual([{ kind: 'wrong_type', path: 'brands[].id' }]);
    const locations = without(locationsMatchingBerlin(), ['locations', 0, 'title']);
    expect(locationsResponseSchema.parse(locations).locations[0]?.name).toBe('Berlin');
    expect(driftByPath(locationsResponseSchema, locations)).toEqual([
      { kind: 'missing', path: 'locations[].title' },
    ]);
  });

  it('keep unknown fields at the top and in items', () => {
    let body = withValue(locationsMatchingBerlin(), ['query'], 'berl');
    body = withValue(body, ['locations', 0, 'type'], ['city']);
    expect(locationsResponseSchema.parse(body)).toMatchObject({
      query: 'berl',
      locations: [{ type: ['city'] }],
    });
  });

  it('read tag lists as plain strings, and reject a list of another shape', () => {
    expect(tagsResponseSchema.parse(hashtagsMatchingRun()).tags).toContain('runner');
    expect(
      readAnswer(tagsResponseSchema, withValue(hashtagsMatchingRun(), ['tags', 0], { tag: 'x' })).ok,
    ).toBe(false);
  });

  it('reject an answer whose list is not a list', () => {
    expect(readAnswer(brandsResponseSchema, without(brandsPageOfTwo(), ['brands'])).ok).toBe(false);
    expect(readAnswer(languagesResponseSchema, withValue(languagesPage(), ['languages'], {})).ok).toBe(false);
  });
});

describe('users dictionary', () => {
  it('reads users without a total, with no drift', () => {
    const users = usersResponseSchema.parse(tiktokUsersMatchingCy()).users;
    expect(users[0]?.picture).toBe('https://cdn.example/cy.jpg');
    expect(driftByPath(usersResponseSchema, tiktokUsersMatchingCy())).toEqual([]);
  });

  it('turns profile_picture into picture', () => {
    const [user] = usersResponseSchema.parse(instagramUsersWithProfilePicture()).users;
    expect(user?.picture).toBe('https://cdn.example/ada.jpg');
    expect(user).not.toHaveProperty('profile_picture');
  });

  // Bug in shared/responses/tolerant.ts (reported, not fixed here): `core` follows a preprocess to
  // its output schema, but `walk` keeps reading the body as it came, before the preprocess ran. An
  // item that uses the documented `profile_picture` alias is therefore reported as missing
  // `users[].picture`, although the parsed answer has it.
  it('reports no drift for users that carry the profile_picture alias', () => {
    expect(driftByPath(usersResponseSchema, instagramUsersWithProfilePicture())).toEqual([]);
  });

  it('prefers picture when both are sent', () => {
    const user = dictionaryUserSchema.parse({
      ...tiktokUsersMatchingCy().users[0],
      profile_picture: 'https://cdn.example/old.jpg',
    });
    expect(user.picture).toBe('https://cdn.example/cy.jpg');
  });

  it('reads a user with neither picture field, or a wrong type, with those cells empty', () => {
    const noPicture = without(tiktokUsersMatchingCy(), ['users', 0, 'picture']);
    expect(usersResponseSchema.parse(noPicture).users[0]?.username).toBe('cy.dances');
    expect(driftByPath(usersResponseSchema, noPicture)).toEqual([
      { kind: 'missing', path: 'users[].picture' },
    ]);
    const stringVerified = withValue(tiktokUsersMatchingCy(), ['users', 0, 'isVerified'], 'true');
    expect(usersResponseSchema.parse(stringVerified).users[0]?.isVerified).toBeUndefined();
    expect(driftByPath(usersResponseSchema, stringVerified)).toEqual([
      { kind: 'wrong_type', path: 'users[].isVerified' },
    ]);
    const numericPicture = withValue(instagramUsersWithProfilePicture(), ['users', 0, 'profile_picture'], 42);
    expect(usersResponseSchema.parse(numericPicture).users[0]?.picture).toBeUndefined();
  });

  it('keeps unknown fields of a user', () => {
    const body = withValue(instagramUsersWithProfilePicture(), ['users', 0, 'category'], 'Athlete');
    expect(usersResponseSchema.parse(body).users[0]).toMatchObject({ category: 'Athlete' });
  });

  it('rejects an answer whose users are not a list', () => {
    expect(readAnswer(usersResponseSchema, { error: false, users: null }).ok).toBe(false);
  });
});
