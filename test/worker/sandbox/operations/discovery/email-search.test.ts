import request from 'supertest';
import { emailSearchResponseSchema } from '../../../../../shared/responses/email-search';
import type { Platform } from '../../../../../shared/platforms';
import { bearer, costOf, creditsOf, discoverySandbox, TOKENS } from './discovery-sandbox';
import { readComplete } from '../../../../support/complete-answer';

const sandbox = discoverySandbox();
const world = sandbox.state.world;

function emailSearch(emails: unknown, token?: string) {
  return request(sandbox.app).post('/v1/email-search').set(bearer(token)).send({ emails });
}

/** Public e-mails of people of the world, with the accounts (on every platform) that list them. */
function knownEmails(count: number): { email: string; accounts: { platform: Platform; userId: string }[] }[] {
  const found: { email: string; accounts: { platform: Platform; userId: string }[] }[] = [];
  const pc = world.instagram;
  for (let index = pc.firstPersonIndex; index < pc.size && found.length < count; index += 13) {
    const email = pc.details(index).email;
    if (email === null) continue;
    const accounts = world.findByEmail(email).map((ref) => ({
      platform: ref.platform,
      userId: world.platform(ref.platform).userId(ref.index),
    }));
    found.push({ email, accounts });
  }
  return found;
}

describe('e-mail search', () => {
  it('matches public e-mails case-insensitively, on every platform the person is on', async () => {
    const [first, second] = knownEmails(2);
    const upper = first.email.toUpperCase();
    const response = await emailSearch([upper, ` ${second.email} `, 'nobody@nowhere.example']);
    expect(response.status).toBe(200);
    const body = readComplete(emailSearchResponseSchema, response.body);
    expect(body.totalMatches).toBe(2);
    expect(body.notMatchedEmails).toEqual(['nobody@nowhere.example']);
    expect(body.matchedEmails.map((match) => match.email)).toEqual([upper, second.email]);
    const users = body.matchedEmails[0].users;
    expect(users.map((user) => ({ platform: user.platform, userId: user.userId }))).toEqual(first.accounts);
    for (const user of users) {
      const pc = world.platform(user.platform as Platform);
      const summary = pc.summary(pc.indexOfUserId(user.userId ?? ''));
      expect(user).toEqual({
        platform: user.platform,
        userId: summary.userId,
        url: summary.url,
        username: summary.username,
        fullname: summary.fullname,
        picture: summary.picture,
        followers: summary.followers,
        engagements: summary.engagements,
        engagementRate: summary.engagementRate,
        isVerified: summary.isVerified,
      });
    }
  });

  it('finds brands at their own domain', async () => {
    const brand = world.dictionaries.brands[3];
    const response = await emailSearch([`Hello@${brand.domain}`]);
    expect(response.body.matchedEmails[0].users.map((user: { username: string }) => user.username)).toEqual([
      brand.username,
      brand.username,
      brand.username,
    ]);
  });

  it('lists an address written twice in different cases once, as first written, and bills it once', async () => {
    const [known] = knownEmails(1);
    let body: Record<string, unknown> = {};
    const cost = await costOf(sandbox, async () => {
      body = (await emailSearch([known.email, known.email.toUpperCase(), 'a@b.example', 'A@B.example'])).body;
    });
    expect(body).toMatchObject({ totalMatches: 1, notMatchedEmails: ['a@b.example'] });
    expect((body.matchedEmails as { email: string }[]).map((match) => match.email)).toEqual([known.email]);
    expect(cost).toBe(0.02);
  });

  it('bills 0.02 per matched e-mail and nothing for unmatched ones', async () => {
    const known = knownEmails(5).map((entry) => entry.email);
    expect(await costOf(sandbox, () => emailSearch([...known, 'x@none.example', 'y@none.example']))).toBe(
      0.1,
    );
    expect(await costOf(sandbox, () => emailSearch(['x@none.example', 'y@none.example']))).toBe(0);
  });

  it('needs 0.02 credits per submitted e-mail before looking anything up', async () => {
    // The poor account holds 0.05: two addresses pass the check, three do not, matched or not.
    const before = await creditsOf(sandbox, TOKENS.poor);
    const three = await emailSearch(['a@none.example', 'b@none.example', 'c@none.example'], TOKENS.poor);
    expect(three.status).toBe(402);
    expect(three.body).toEqual({
      error: true,
      code: 'not_enough_credits',
      message: expect.stringMatching(/needs at least 0\.06 credits and the account holds 0\.05/),
    });
    const lookups = jest.spyOn(world, 'findByEmail');
    await emailSearch(['a@none.example', 'b@none.example', 'c@none.example'], TOKENS.poor);
    expect(lookups).not.toHaveBeenCalled();
    const two = await emailSearch(['a@none.example', 'b@none.example'], TOKENS.poor);
    expect(lookups).toHaveBeenCalledTimes(2);
    lookups.mockRestore();
    expect(two.status).toBe(200);
    expect(await creditsOf(sandbox, TOKENS.poor)).toBe(before);
  });

  it('takes 1 to 1000 addresses', async () => {
    const tooMany = await emailSearch(Array.from({ length: 1001 }, (_, k) => `p${k}@none.example`));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      error: true,
      code: 'bad_request',
      message: 'emails must hold 1 to 1000 items, got 1001',
    });
    const none = await emailSearch([]);
    expect(none.body.message).toBe('emails must hold 1 to 1000 items, got 0');
    const thousand = await emailSearch(Array.from({ length: 1000 }, (_, k) => `p${k}@none.example`));
    expect(thousand.status).toBe(200);
    expect(thousand.body.notMatchedEmails).toHaveLength(1000);
    const blank = await emailSearch(['a@none.example', '  ']);
    expect(blank.body.message).toMatch(/emails\[1\] must not be empty/);
    const missing = await request(sandbox.app).post('/v1/email-search').set(bearer()).send({});
    expect(missing.body.message).toMatch(/emails is required/);
  });

  it('never logs or keeps the submitted addresses', async () => {
    const secret = 'secret.person.4711@private.example';
    const [known] = knownEmails(1);
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      jest.spyOn(console, method).mockImplementation(() => undefined),
    );
    await emailSearch([secret, known.email]);
    await emailSearch(Array.from({ length: 2000 }, () => secret));
    for (const spy of spies) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
    const stats = await request(sandbox.app).get('/_sandbox/stats').set(bearer());
    expect(JSON.stringify(stats.body)).not.toContain('secret.person');
    expect(JSON.stringify(stats.body)).not.toContain(known.email);
    expect(JSON.stringify(sandbox.state.accounts)).not.toContain('secret.person');
  });
});
