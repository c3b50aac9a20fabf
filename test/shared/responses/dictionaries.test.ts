import {
  brandsResponseSchema,
  dictionaryUserSchema,
  interestsResponseSchema,
  languagesResponseSchema,
  locationsResponseSchema,
  tagsResponseSchema,
  usersResponseSchema,
} from '../../../shared/responses/dictionaries';
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
  it('read brands, interests, languages and locations with their totals', () => {
    expect(brandsResponseSchema.parse(brandsPageOfTwo()).brands.map((brand) => brand.name)).toEqual([
      'Nike',
      'Adidas',
    ]);
    expect(interestsResponseSchema.parse(interestsPage()).total).toBe(60);
    expect(languagesResponseSchema.parse(languagesPage()).languages[1]?.code).toBe('de');
    expect(locationsResponseSchema.parse(locationsMatchingBerlin()).locations[0]?.title).toBe(
      'Berlin, Germany',
    );
  });

  it('require total on the lists that have one', () => {
    expect(brandsResponseSchema.safeParse(without(brandsPageOfTwo(), ['total'])).success).toBe(false);
    expect(locationsResponseSchema.safeParse(without(locationsMatchingBerlin(), ['total'])).success).toBe(
      false,
    );
  });

  it('reject ids sent as strings and items without their title', () => {
    expect(
      brandsResponseSchema.safeParse(withValue(brandsPageOfTwo(), ['brands', 0, 'id'], '201')).success,
    ).toBe(false);
    expect(
      locationsResponseSchema.safeParse(without(locationsMatchingBerlin(), ['locations', 0, 'title']))
        .success,
    ).toBe(false);
  });

  it('keep unknown fields at the top and in items', () => {
    let body = withValue(locationsMatchingBerlin(), ['query'], 'berl');
    body = withValue(body, ['locations', 0, 'type'], ['city']);
    expect(locationsResponseSchema.parse(body)).toMatchObject({
      query: 'berl',
      locations: [{ type: ['city'] }],
    });
  });

  it('read tag lists as plain strings', () => {
    expect(tagsResponseSchema.parse(hashtagsMatchingRun()).tags).toContain('runner');
    expect(
      tagsResponseSchema.safeParse(withValue(hashtagsMatchingRun(), ['tags', 0], { tag: 'x' })).success,
    ).toBe(false);
  });
});

describe('users dictionary', () => {
  it('reads users without a total', () => {
    const users = usersResponseSchema.parse(tiktokUsersMatchingCy()).users;
    expect(users[0]?.picture).toBe('https://cdn.example/cy.jpg');
  });

  it('turns profile_picture into picture', () => {
    const [user] = usersResponseSchema.parse(instagramUsersWithProfilePicture()).users;
    expect(user?.picture).toBe('https://cdn.example/ada.jpg');
    expect(user).not.toHaveProperty('profile_picture');
  });

  it('prefers picture when both are sent', () => {
    const user = dictionaryUserSchema.parse({
      ...tiktokUsersMatchingCy().users[0],
      profile_picture: 'https://cdn.example/old.jpg',
    });
    expect(user.picture).toBe('https://cdn.example/cy.jpg');
  });

  it('rejects a user with neither picture field, or a wrong type', () => {
    expect(
      usersResponseSchema.safeParse(without(tiktokUsersMatchingCy(), ['users', 0, 'picture'])).success,
    ).toBe(false);
    const numericPicture = withValue(instagramUsersWithProfilePicture(), ['users', 0, 'profile_picture'], 42);
    expect(usersResponseSchema.safeParse(numericPicture).success).toBe(false);
    const stringVerified = withValue(tiktokUsersMatchingCy(), ['users', 0, 'isVerified'], 'true');
    expect(usersResponseSchema.safeParse(stringVerified).success).toBe(false);
  });

  it('keeps unknown fields of a user', () => {
    const body = withValue(instagramUsersWithProfilePicture(), ['users', 0, 'category'], 'Athlete');
    expect(usersResponseSchema.parse(body).users[0]).toMatchObject({ category: 'Athlete' });
  });
});
