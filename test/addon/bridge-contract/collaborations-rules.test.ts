import type { CollaborationsRequest } from '../../../addon/bridge-contract/collaborations-api';
import {
  collaborationsCost,
  collaborationsProblems,
  isCalendarDay,
  latestAllowedDay,
  readParty,
} from '../../../addon/bridge-contract/collaborations-rules';

const TODAY = '2026-11-21';

function posts(extra: Partial<CollaborationsRequest> = {}): CollaborationsRequest {
  return {
    kind: 'posts',
    subject: 'influencer',
    platform: 'instagram',
    id: '@Ana.Fit',
    pages: 5,
    ...extra,
  } as CollaborationsRequest;
}

describe('readParty', () => {
  it('reads an influencer like a report cell: handle lowercased, a URL of another platform refused', () => {
    expect(readParty('influencer', 'instagram', ' @Ana.Fit ')).toEqual({ ok: true, id: 'ana.fit' });
    expect(readParty('influencer', 'instagram', 'https://www.instagram.com/ana.fit/')).toEqual({
      ok: true,
      id: 'ana.fit',
    });
    expect(readParty('influencer', 'instagram', 'https://www.tiktok.com/@ana.fit')).toEqual({
      ok: false,
      message: '"https://www.tiktok.com/@ana.fit" is a tiktok URL, but the platform is instagram.',
    });
    expect(readParty('influencer', 'tiktok', '')).toEqual({
      ok: false,
      message: "Type the influencer's handle, profile URL or id.",
    });
  });

  it('takes a brand by domain or name, a web address as its domain, and on YouTube by domain only', () => {
    expect(readParty('brand', 'instagram', 'Ivory Athletics')).toEqual({ ok: true, id: 'Ivory Athletics' });
    expect(readParty('brand', 'tiktok', 'https://www.Nike.com/us')).toEqual({ ok: true, id: 'nike.com' });
    expect(readParty('brand', 'youtube', 'nike.com')).toEqual({ ok: true, id: 'nike.com' });
    expect(readParty('brand', 'youtube', 'Nike')).toEqual({
      ok: false,
      message: 'On YouTube a brand is named by its web domain, such as nike.com, not "Nike".',
    });
  });
});

describe('collaborationsProblems', () => {
  it('accepts a complete request', () => {
    expect(collaborationsProblems(posts({ from: '2026-01-01', to: TODAY }), TODAY)).toEqual([]);
  });

  it('refuses a window that ends before it starts, a day in the future and a day that does not exist', () => {
    expect(collaborationsProblems(posts({ from: '2026-05-02', to: '2026-05-01' }), TODAY)).toEqual([
      { field: 'to', message: 'To must be on or after From (2026-05-02), got 2026-05-01.' },
    ]);
    expect(collaborationsProblems(posts({ to: '2026-11-22' }), TODAY)).toEqual([
      { field: 'to', message: 'To must not be after today (2026-11-21), got 2026-11-22.' },
    ]);
    expect(collaborationsProblems(posts({ from: '2024-02-30' }), TODAY)).toEqual([
      { field: 'from', message: 'From must be a day such as 2024-05-01, got "2024-02-30".' },
    ]);
  });

  it('keeps pages within 1 to 50', () => {
    for (const pages of [0, 51, 2.5]) {
      expect(collaborationsProblems(posts({ pages }), TODAY)).toEqual([
        { field: 'pages', message: `Pages must be a whole number from 1 to 50, got ${pages}.` },
      ]);
    }
  });

  it('reads the counterpart as the other side: a brand for an influencer', () => {
    const request = posts({ platform: 'youtube', id: 'UC1234567890123456789012', collaborator: 'Nike' });
    expect(collaborationsProblems(request, TODAY)).toEqual([
      {
        field: 'collaborator',
        message: 'On YouTube a brand is named by its web domain, such as nike.com, not "Nike".',
      },
    ]);
  });

  it('refuses the older brand endpoint on YouTube, where it does not exist', () => {
    const request: CollaborationsRequest = {
      kind: 'older',
      subject: 'brand',
      platform: 'youtube',
      id: 'nike.com',
      groupByDomain: false,
      pages: 1,
    };
    expect(collaborationsProblems(request, TODAY).map((problem) => problem.field)).toEqual(['platform']);
  });
});

describe('collaborationsCost', () => {
  it('prices posts at 0.2 per page and asks for consent above 1 credit', () => {
    expect(collaborationsCost(posts({ pages: 5 }))).toEqual({
      calls: 5,
      maxCredits: 1,
      maxRows: null,
      needsConfirmation: false,
    });
    expect(collaborationsCost(posts({ pages: 6 }))).toMatchObject({
      maxCredits: 1.2,
      needsConfirmation: true,
    });
  });

  it('prices a summary as one call and the older API at 1 credit per page of 30', () => {
    const summary: CollaborationsRequest = {
      kind: 'summary',
      subject: 'brand',
      platform: 'instagram',
      id: 'nike.com',
      groupByDomain: false,
    };
    expect(collaborationsCost(summary)).toEqual({
      calls: 1,
      maxCredits: 0.2,
      maxRows: null,
      needsConfirmation: false,
    });
    const older: CollaborationsRequest = {
      kind: 'older',
      subject: 'influencer',
      platform: 'tiktok',
      id: 'ana',
      groupByDomain: true,
      pages: 3,
    };
    expect(collaborationsCost(older)).toEqual({
      calls: 3,
      maxCredits: 3,
      maxRows: 90,
      needsConfirmation: true,
    });
  });
});

describe('days', () => {
  it('knows calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-5-1')).toBe(false);
  });

  it('lets the server accept today wherever the user is (up to UTC+14)', () => {
    expect(latestAllowedDay(Date.UTC(2026, 10, 21, 9, 59))).toBe('2026-11-21');
    expect(latestAllowedDay(Date.UTC(2026, 10, 21, 10, 0))).toBe('2026-11-22');
  });

  it("turns the day at local midnight in the sheet's zone when it is known", () => {
    // Berlin is UTC+1 in November: its 2026-11-22 begins at 23:00 UTC on the 21st.
    expect(latestAllowedDay(Date.UTC(2026, 10, 21, 22, 59, 59), 'Europe/Berlin')).toBe('2026-11-21');
    expect(latestAllowedDay(Date.UTC(2026, 10, 21, 23, 0), 'Europe/Berlin')).toBe('2026-11-22');
    // West of UTC the day turns later: Los Angeles (UTC-8) reaches the 22nd at 08:00 UTC.
    expect(latestAllowedDay(Date.UTC(2026, 10, 22, 7, 59), 'America/Los_Angeles')).toBe('2026-11-21');
    expect(latestAllowedDay(Date.UTC(2026, 10, 22, 8, 0), 'America/Los_Angeles')).toBe('2026-11-22');
  });

  it("refuses a day after today on the sheet's calendar, though UTC+14 has reached it", () => {
    // 07:30 UTC on the 21st is 23:30 on the 20th in Los Angeles.
    const now = Date.UTC(2026, 10, 21, 7, 30);
    const tomorrowThere = posts({ to: '2026-11-21' });
    expect(collaborationsProblems(tomorrowThere, latestAllowedDay(now))).toEqual([]);
    expect(collaborationsProblems(tomorrowThere, latestAllowedDay(now, 'America/Los_Angeles'))).toEqual([
      { field: 'to', message: 'To must not be after today (2026-11-20), got 2026-11-21.' },
    ]);
  });
});
