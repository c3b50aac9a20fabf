import type { RawFeedUsage } from '../../../../addon/bridge-contract/raw-data-api';
import {
  afterPull,
  allowanceText,
  feedMoreText,
  feedSpendText,
  tableResultText,
} from '../../../../addon/sidebar/raw-data/raw-data-result-text';

const usage = (overrides: Partial<RawFeedUsage> = {}): RawFeedUsage => ({
  jobId: 'raw-1',
  status: 'done',
  operation: 'rawIgUserFeed',
  pages: 5,
  rawUnits: 5,
  rawRequestsLeft: 8995,
  limitedBy: 'account',
  more: false,
  cursor: null,
  cursorParam: 'after',
  ...overrides,
});

describe('what the section says when a pull has ended', () => {
  it('states the exact raw requests and pages spent, leaving outcome, rows and tab to the jobs strip', () => {
    expect(feedSpendText(usage())).toBe(
      'Spent 5 raw requests for 5 pages, no credits; 8,995 left this month.',
    );
    expect(feedSpendText(usage({ status: 'cancelled', pages: 1, rawUnits: 1, limitedBy: 'budget' }))).toBe(
      'Spent 1 raw request for 1 page, no credits; 8,995 left under your raw budget.',
    );
    expect(feedSpendText(usage({ status: 'failed', pages: 0, rawUnits: 1, rawRequestsLeft: null }))).toBe(
      'Spent 1 raw request for 0 pages, no credits.',
    );
    expect(feedSpendText(usage({ status: 'failed', pages: 0, rawUnits: 0 }))).toBe(
      'Spent no raw requests: no page was pulled; 8,995 left this month.',
    );
    for (const status of ['done', 'cancelled', 'failed'] as const) {
      expect(feedSpendText(usage({ status }))).not.toMatch(
        /Done|Cancelled|Stopped|rows|Instagram user posts/,
      );
    }
  });

  it('says where the feed goes on: in the field, or as a cursor to copy', () => {
    const more = usage({ more: true, cursor: 'QVFE' });
    expect(feedMoreText(more, true)).toBe(
      'The feed goes on: "Start after (cursor)" of Instagram user posts now holds where it stopped. Pull again for the next pages: "This tab, below its table" adds them to the same table.',
    );
    expect(feedMoreText(more, false)).toBe(
      'The feed goes on. To pull the next pages, put this in "Start after (cursor)": QVFE',
    );
    expect(feedMoreText(usage(), true)).toBeNull();
  });

  it('reports a one-request pull', () => {
    const usageOf = { pages: 1, rawUnits: 1, rawRequestsLeft: 41, limitedBy: 'account' as const };
    expect(tableResultText({ destination: "'X'!A2", rows: 1, usage: usageOf })).toBe(
      "Wrote 1 row into 'X'!A2. Spent 1 raw request; 41 left this month.",
    );
    expect(tableResultText({ destination: "'X'!A2", rows: 0, usage: usageOf })).toBe(
      "The answer held nothing to write; the header is in 'X'!A2. Spent 1 raw request; 41 left this month.",
    );
  });

  it("says what a member's budget leaves, not the account's allowance they are not told", () => {
    const budget = { pages: 1, rawUnits: 1, rawRequestsLeft: 7, limitedBy: 'budget' as const };
    expect(tableResultText({ destination: "'X'!A2", rows: 1, usage: budget })).toBe(
      "Wrote 1 row into 'X'!A2. Spent 1 raw request; 7 left under your raw budget.",
    );
    expect(allowanceText({ rawRequestsLeft: 7, limitedBy: 'budget', accountHidden: true })).toBe(
      'Raw requests your budget leaves: 7.',
    );
    expect(allowanceText({ rawRequestsLeft: null, limitedBy: null, accountHidden: true })).toBe(
      "Raw requests left: only admins see the API account's allowance, and no raw budget limits yours.",
    );
    expect(allowanceText({ rawRequestsLeft: 9000, limitedBy: 'account', accountHidden: false })).toBe(
      'Raw requests left this month: 9,000.',
    );
    expect(allowanceText({ rawRequestsLeft: null, limitedBy: null, accountHidden: false })).toBe(
      'Raw requests left this month: unknown (the API did not say).',
    );
  });

  it('takes what a pull says is left, and keeps the line when it says nothing', () => {
    const before = { rawRequestsLeft: 7, limitedBy: 'budget' as const, accountHidden: true };
    expect(afterPull(before, { pages: 2, rawUnits: 2, rawRequestsLeft: 5, limitedBy: 'budget' })).toEqual({
      ...before,
      rawRequestsLeft: 5,
    });
    expect(afterPull(before, { pages: 1, rawUnits: 1, rawRequestsLeft: null, limitedBy: null })).toBe(before);
  });
});
