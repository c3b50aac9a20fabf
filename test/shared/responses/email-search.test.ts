import { emailSearchResponseSchema } from '../../../shared/responses/email-search';
import { readAnswer } from '../../../shared/responses/tolerant';
import { driftByPath } from './drift-by-path';
import { withValue, without } from './fixtures/edit-path';
import {
  emailMatchOnNewPlatformWithPartialUser,
  emailMatchWithoutAddress,
  emailMatchWithoutUsers,
  emailSearchWithNeitherList,
  emailSearchWithOneMatch,
  emailSearchWithOnlyMatched,
  emailSearchWithOnlyNotMatched,
} from './fixtures/email-search';

const schema = emailSearchResponseSchema;
const drift = (body: unknown) => driftByPath(schema, body);

describe('emailSearchResponseSchema', () => {
  it('reads matched and unmatched e-mails, with no drift', () => {
    const result = schema.parse(emailSearchWithOneMatch());
    expect(result.matchedEmails?.[0]?.users?.[0]?.username).toBe('ada.runs');
    expect(result.notMatchedEmails).toEqual(['nobody@example.com']);
    expect(result.totalMatches).toBe(1);
    expect(drift(emailSearchWithOneMatch())).toEqual([]);
  });

  it('reads users without the optional userId, fullname, picture, engagements and isVerified', () => {
    let body = emailSearchWithOneMatch();
    for (const field of ['userId', 'fullname', 'picture', 'engagements', 'isVerified']) {
      body = without(body, ['matchedEmails', 0, 'users', 0, field]);
    }
    body = without(body, ['totalMatches']);
    expect(schema.parse(body).matchedEmails?.[0]?.users?.[0]?.username).toBe('ada.runs');
    expect(drift(body)).toEqual([]);
  });

  it('reads an answer with only notMatchedEmails, and reports the missing matchedEmails', () => {
    const result = schema.parse(emailSearchWithOnlyNotMatched());
    expect(result.matchedEmails).toBeUndefined();
    expect(result.notMatchedEmails).toEqual(['nobody@example.com', 'ghost@example.com']);
    expect(drift(emailSearchWithOnlyNotMatched())).toEqual([{ kind: 'missing', path: 'matchedEmails' }]);
  });

  it('reads an answer with only matchedEmails, and reports the missing notMatchedEmails', () => {
    const result = schema.parse(emailSearchWithOnlyMatched());
    expect(result.matchedEmails?.[0]?.email).toBe('ada@example.com');
    expect(result.notMatchedEmails).toBeUndefined();
    expect(drift(emailSearchWithOnlyMatched())).toEqual([{ kind: 'missing', path: 'notMatchedEmails' }]);
  });

  it('cannot read an answer with a match that does not say its address: a billed match nobody can place', () => {
    // Read as unreadable, the batch is billed once and every address of it marked, so none is
    // sent (and billed) again as "no match in this answer".
    const result = schema.safeParse(emailMatchWithoutAddress());
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'a matched entry does not say which address it matched',
    ]);
  });

  it('reads a match that is not even an object as an empty match: unreadable too, the list keeps its length', () => {
    const body = { error: false, matchedEmails: ['ada@example.com', 'bo@example.com'] };
    expect(schema.safeParse(body).success).toBe(false);
    expect(drift(body)).toEqual([
      { kind: 'wrong_type', path: 'matchedEmails[]' },
      { kind: 'missing', path: 'notMatchedEmails' },
    ]);
  });

  it('reads an entry without accounts', () => {
    const result = schema.parse(emailMatchWithoutUsers());
    expect(result.matchedEmails).toEqual([{ email: 'ada@example.com' }]);
    expect(drift(emailMatchWithoutUsers())).toEqual([{ kind: 'missing', path: 'matchedEmails[].users' }]);
  });

  it('reads an account on an unknown platform, and reports only what the row lacks', () => {
    const user = schema.parse(emailMatchOnNewPlatformWithPartialUser()).matchedEmails?.[0]?.users?.[0];
    expect(user).toEqual({ platform: 'twitch', username: 'cy_live', userId: '998877' });
    expect(drift(emailMatchOnNewPlatformWithPartialUser())).toEqual([
      { kind: 'missing', path: 'matchedEmails[].users[].engagementRate' },
      { kind: 'wrong_type', path: 'matchedEmails[].users[].followers' },
      { kind: 'missing', path: 'matchedEmails[].users[].url' },
    ]);
  });

  it('reads a string engagement rate as empty and reports it', () => {
    const body = withValue(
      emailSearchWithOneMatch(),
      ['matchedEmails', 0, 'users', 0, 'engagementRate'],
      '3%',
    );
    expect(schema.parse(body).matchedEmails?.[0]?.users?.[0]?.engagementRate).toBeUndefined();
    expect(drift(body)).toEqual([{ kind: 'wrong_type', path: 'matchedEmails[].users[].engagementRate' }]);
  });

  it('keeps unknown fields', () => {
    let body = withValue(emailSearchWithOneMatch(), ['creditsUsed'], 0.02);
    body = withValue(body, ['matchedEmails', 0, 'users', 0, 'source'], 'bio');
    body = withValue(body, ['matchedEmails', 0, 'confidence'], 0.9);
    expect(schema.parse(body)).toMatchObject({
      creditsUsed: 0.02,
      matchedEmails: [{ confidence: 0.9, users: [{ source: 'bio' }] }],
    });
  });

  it.each<[string, unknown]>([
    ['neither list', emailSearchWithNeitherList()],
    ['two lists of another type', { matchedEmails: { 'ada@example.com': [] }, notMatchedEmails: 'none' }],
    ['null lists', { matchedEmails: null, notMatchedEmails: null }],
    ['a list body', [emailSearchWithOneMatch()]],
  ])('rejects an answer with %s: it says nothing about any address', (_, body) => {
    expect(readAnswer(schema, body).ok).toBe(false);
  });

  it('says why it rejects an answer with neither list', () => {
    expect(readAnswer(schema, emailSearchWithNeitherList())).toEqual({
      ok: false,
      problems: ['(root): neither matchedEmails nor notMatchedEmails is a list'],
    });
  });
});
