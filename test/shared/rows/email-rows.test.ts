import { prepareEmails } from '../../../shared/emails';
import {
  emailSearchResponseSchema,
  type EmailMatchUser,
  type MatchedEmail,
} from '../../../shared/responses/email-search';
import { columnIds, headerRow } from '../../../shared/rows/columns';
import { EMAIL_COLUMNS, type EmailSearchOutcome, emailToRows } from '../../../shared/rows/email-rows';
import {
  emailMatchOnNewPlatformWithPartialUser,
  emailMatchWithoutAddress,
  emailMatchWithoutUsers,
  emailSearchWithOnlyMatched,
  emailSearchWithOnlyNotMatched,
} from '../responses/fixtures/email-search';

function user(platform: string, username: string, followers: number, engagementRate = 0.02): EmailMatchUser {
  return {
    platform,
    userId: `${username}-id`,
    url: `https://example.test/${username}`,
    username,
    fullname: username.toUpperCase(),
    picture: 'https://cdn.example/p.jpg',
    followers,
    engagements: 10,
    engagementRate,
    isVerified: false,
  };
}

/**
 * An answer as the API sends it, parsed by the contract's schema, as the worker hands it on: a list
 * the answer left out is an empty list.
 */
function answer(body: unknown): EmailSearchOutcome {
  const parsed = emailSearchResponseSchema.parse(body);
  return { matchedEmails: parsed.matchedEmails ?? [], notMatchedEmails: parsed.notMatchedEmails ?? [] };
}

describe('emailToRows', () => {
  it('pins the columns', () => {
    expect(EMAIL_COLUMNS.map((col) => [col.id, col.label, col.format])).toEqual([
      ['email', 'E-mail', 'text'],
      ['status', 'Status', 'text'],
      ['platform', 'Platform', 'text'],
      ['handle', 'Handle', 'text'],
      ['name', 'Name', 'text'],
      ['followers', 'Followers', 'integer'],
      ['engagement_rate', 'Engagement rate', 'percent'],
      ['url', 'URL', 'url'],
      ['other_accounts', 'Other accounts', 'text'],
    ]);
  });

  it('writes one row per input position, as typed, with every status', () => {
    const prepared = prepareEmails([
      'Ada@Example.com',
      '',
      'nobody@example.com',
      'broken',
      ' ada@example.com',
      'later@example.com',
    ]);
    const response = answer({
      error: false,
      matchedEmails: [{ email: 'ada@example.com', users: [user('instagram', 'ada.runs', 52000, 0.0346)] }],
      notMatchedEmails: ['nobody@example.com'],
      totalMatches: 1,
    });
    const rows = emailToRows(prepared, response);
    expect(rows).toEqual([
      [
        'Ada@Example.com',
        'matched',
        'instagram',
        'ada.runs',
        'ADA.RUNS',
        52000,
        0.0346,
        'https://example.test/ada.runs',
        null,
      ],
      [null, null, null, null, null, null, null, null, null],
      ['nobody@example.com', 'no match', null, null, null, null, null, null, null],
      ['broken', 'invalid: missing @', null, null, null, null, null, null, null],
      [
        ' ada@example.com',
        'matched',
        'instagram',
        'ada.runs',
        'ADA.RUNS',
        52000,
        0.0346,
        'https://example.test/ada.runs',
        null,
      ],
      ['later@example.com', 'not checked', null, null, null, null, null, null, null],
    ]);
  });

  it('shows the largest of several accounts and lists the others, largest first', () => {
    const prepared = prepareEmails(['cy@example.com']);
    const rows = emailToRows(prepared, {
      matchedEmails: [
        {
          email: 'cy@example.com',
          users: [
            user('instagram', 'cy.insta', 20000),
            user('tiktok', 'cy.dances', 310000),
            user('youtube', 'cytube', 90000),
          ],
        },
      ],
      notMatchedEmails: [],
    });
    const row = Object.fromEntries(columnIds(EMAIL_COLUMNS).map((id, i) => [id, rows[0][i]]));
    expect(row).toMatchObject({
      status: 'matched',
      platform: 'tiktok',
      handle: 'cy.dances',
      followers: 310000,
      other_accounts: 'youtube:cytube, instagram:cy.insta',
    });
  });

  it('keeps the API order on a tie', () => {
    const rows = emailToRows(prepareEmails(['t@example.com']), {
      matchedEmails: [
        { email: 't@example.com', users: [user('instagram', 'first', 100), user('tiktok', 'second', 100)] },
      ],
      notMatchedEmails: [],
    });
    expect(rows[0][3]).toBe('first');
    expect(rows[0][8]).toBe('tiktok:second');
  });

  it('matches the API answer whatever case it uses, and merges answers of several batches', () => {
    const rows = emailToRows(prepareEmails(['ada@example.com']), {
      matchedEmails: [
        { email: 'ADA@example.com', users: [user('instagram', 'ada.runs', 52000)] },
        { email: 'ada@example.com', users: [user('youtube', 'adatube', 70000)] },
      ],
      notMatchedEmails: [],
    });
    expect(rows[0].slice(1, 4)).toEqual(['matched', 'youtube', 'adatube']);
    expect(rows[0][8]).toBe('instagram:ada.runs');
  });

  it('reports a failed batch on its addresses', () => {
    const rows = emailToRows(prepareEmails(['a@example.com', 'b@example.com']), {
      matchedEmails: [],
      notMatchedEmails: ['a@example.com'],
      failures: { 'b@example.com': 'Not enough credits' },
    });
    expect(rows.map((row) => row[1])).toEqual(['no match', 'error: Not enough credits']);
  });

  it('puts the header first when asked, and accepts the entries alone', () => {
    const prepared = prepareEmails(['x@example.com']);
    const rows = emailToRows(
      prepared.entries,
      { matchedEmails: [], notMatchedEmails: ['x@example.com'] },
      { withHeader: true },
    );
    expect(rows[0]).toEqual(headerRow(EMAIL_COLUMNS));
    expect(rows).toHaveLength(2);
  });

  it('skips an entry that does not say its address, and still places the others', () => {
    // The schema reads such an answer as unreadable (the worker then marks the whole batch); the
    // rows themselves still never break on one.
    const body = emailMatchWithoutAddress() as { matchedEmails: MatchedEmail[] };
    const rows = emailToRows(prepareEmails(['ada@example.com', 'who@example.com']), {
      matchedEmails: body.matchedEmails,
      notMatchedEmails: [],
    });
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['ada@example.com', 'matched', 'instagram', 'ada.runs'],
      ['who@example.com', 'not checked', null, null],
    ]);
    expect(rows.flat()).not.toContain('who.is.this');
  });

  it('reads an entry without accounts as no match for its address', () => {
    const rows = emailToRows(
      prepareEmails(['ada@example.com', 'nobody@example.com']),
      answer(emailMatchWithoutUsers()),
    );
    expect(rows).toEqual([
      ['ada@example.com', 'no match', null, null, null, null, null, null, null],
      ['nobody@example.com', 'no match', null, null, null, null, null, null, null],
    ]);
  });

  it('writes an account with fields missing as empty cells, never a crash', () => {
    const rows = emailToRows(
      prepareEmails(['cy@example.com']),
      answer(emailMatchOnNewPlatformWithPartialUser()),
    );
    expect(rows).toEqual([['cy@example.com', 'matched', 'twitch', 'cy_live', null, null, null, null, null]]);
  });

  it('places addresses from an answer that carries only one of the two lists', () => {
    const addresses = prepareEmails(['ada@example.com', 'nobody@example.com', 'ghost@example.com']);
    expect(emailToRows(addresses, answer(emailSearchWithOnlyNotMatched())).map((row) => row[1])).toEqual([
      'not checked',
      'no match',
      'no match',
    ]);
    expect(emailToRows(addresses, answer(emailSearchWithOnlyMatched())).map((row) => row[1])).toEqual([
      'matched',
      'not checked',
      'not checked',
    ]);
  });

  it('says "no match in this answer" for an address sent in a batch whose answer listed it nowhere', () => {
    const addresses = prepareEmails(['ada@example.com', 'ghost@example.com', 'later@example.com']);
    const rows = emailToRows(addresses, {
      ...answer(emailSearchWithOnlyMatched()),
      unansweredEmails: ['GHOST@example.com'],
    });
    // "not checked" is left for an address no answer was asked for.
    expect(rows.map((row) => row[1])).toEqual(['matched', 'no match in this answer', 'not checked']);
  });
});
