import { emailSearchResponseSchema } from '../../../shared/responses/email-search';
import { withValue, without } from './fixtures/edit-path';

function emailSearchWithOneMatch() {
  return {
    error: false,
    matchedEmails: [
      {
        email: 'ada@example.com',
        users: [
          {
            platform: 'instagram',
            userId: '173560420',
            url: 'https://www.instagram.com/ada.runs/',
            username: 'ada.runs',
            fullname: 'Ada Runner',
            picture: 'https://cdn.example/ada.jpg',
            followers: 52000,
            engagements: 1800,
            engagementRate: 0.0346,
            isVerified: true,
          },
        ],
      },
    ],
    notMatchedEmails: ['nobody@example.com'],
    totalMatches: 1,
  };
}

describe('emailSearchResponseSchema', () => {
  const parse = (body: unknown) => emailSearchResponseSchema.safeParse(body).success;

  it('reads matched and unmatched e-mails', () => {
    const result = emailSearchResponseSchema.parse(emailSearchWithOneMatch());
    expect(result.matchedEmails[0]?.users[0]?.username).toBe('ada.runs');
    expect(result.notMatchedEmails).toEqual(['nobody@example.com']);
  });

  it('accepts users without the optional userId and fullname', () => {
    let body = without(emailSearchWithOneMatch(), ['matchedEmails', 0, 'users', 0, 'userId']);
    body = without(body, ['matchedEmails', 0, 'users', 0, 'fullname']);
    expect(parse(body)).toBe(true);
  });

  it('rejects a missing total, a missing platform and a string engagement rate', () => {
    expect(parse(without(emailSearchWithOneMatch(), ['totalMatches']))).toBe(false);
    expect(parse(without(emailSearchWithOneMatch(), ['matchedEmails', 0, 'users', 0, 'platform']))).toBe(
      false,
    );
    expect(
      parse(withValue(emailSearchWithOneMatch(), ['matchedEmails', 0, 'users', 0, 'engagementRate'], '3%')),
    ).toBe(false);
  });

  it('keeps unknown fields', () => {
    let body = withValue(emailSearchWithOneMatch(), ['creditsUsed'], 0.02);
    body = withValue(body, ['matchedEmails', 0, 'users', 0, 'source'], 'bio');
    expect(emailSearchResponseSchema.parse(body)).toMatchObject({
      creditsUsed: 0.02,
      matchedEmails: [{ users: [{ source: 'bio' }] }],
    });
  });
});
