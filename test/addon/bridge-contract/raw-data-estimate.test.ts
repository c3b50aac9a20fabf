import type { RawPullRequest } from '../../../addon/bridge-contract/raw-data-api';
import {
  confirmUnitsLabel,
  estimateRawPull,
  RAW_ASK_ABOVE_UNITS,
  rawRunLabel,
  requireUnitsConfirmation,
} from '../../../addon/bridge-contract/raw-data-estimate';

const feed = (pages: number | null): RawPullRequest => ({
  operation: 'rawIgMediaComments',
  query: { code: 'CxYz' },
  pages,
  allFields: false,
  tabName: '',
});
const info: RawPullRequest = {
  operation: 'rawTiktokUserInfo',
  query: { url: '@a' },
  pages: 1,
  allFields: false,
  tabName: '',
};

describe('estimateRawPull', () => {
  it('says what the pull uses of the allowance left, and that it costs no credits, before anything runs', () => {
    const estimate = estimateRawPull(feed(5), 9000);

    expect(estimate).toMatchObject({ maxPages: 5, maxUnits: 5, maxRows: 500 });
    expect(estimate.summary).toBe(
      'Up to 5 pages: uses up to 5 raw requests of your 9,000 left this month, no credits.',
    );
    expect(estimate.limits).toBe('One raw request per page; a feed that ends sooner uses fewer.');
    expect(estimate.warning).toBeNull();
    expect(estimate.blocked).toBeNull();
  });

  it('states the limits "until done" stops at', () => {
    const estimate = estimateRawPull(feed(null), 12_000);

    expect(estimate.summary).toBe(
      'Until the feed ends: up to 10,000 pages, using up to 10,000 raw requests of your 12,000 left this month, no credits.',
    );
    expect(estimate.limits).toBe(
      "Until done stops at the feed's end, or at 10,000 pages or 10,000 rows. One raw request per page.",
    );
    expect(estimate.maxRows).toBe(10_000);
  });

  it('says when a number of pages meets the row limit', () => {
    expect(estimateRawPull(feed(200), 9000).limits).toBe(
      'One raw request per page; a feed that ends sooner uses fewer. A pull writes at most 10,000 rows.',
    );
  });

  it('says what a single request uses', () => {
    const one = estimateRawPull(info, 3);

    expect(one).toMatchObject({ maxUnits: 1, maxRows: null, warning: null });
    expect(one.summary).toBe('One request: uses 1 raw request of your 3 left this month, no credits.');
    expect(one.limits).toBe('An answer that finds nothing uses a raw request too.');
  });

  it('warns when the allowance may run out first, and blocks when none is left', () => {
    expect(estimateRawPull(feed(5), 3).warning).toBe(
      'That is more than the 3 left: if the feed is that long, the pull stops when they run out and keeps the rows it has.',
    );
    expect(estimateRawPull(feed(5), 0)).toMatchObject({
      warning: null,
      blocked: 'No raw requests are left this month: the allowance renews with the API subscription.',
      needsConfirmation: false,
    });
  });

  it("speaks of the user's raw budget when that is what limits the pull", () => {
    expect(estimateRawPull(feed(5), 4, 'budget')).toMatchObject({
      summary: 'Up to 5 pages: uses up to 5 raw requests of the 4 your raw budget leaves, no credits.',
      warning:
        'That is more than the 4 left: if the feed is that long, the pull stops when they run out and keeps the rows it has.',
    });
    expect(estimateRawPull(feed(5), 0, 'budget').blocked).toBe(
      'Your raw budget is spent: it renews at the start of the next UTC day or month, or an admin can raise it.',
    );
  });

  it('speaks of the monthly allowance when what is left is unknown', () => {
    expect(estimateRawPull(feed(2), null)).toMatchObject({
      summary: 'Up to 2 pages: uses up to 2 raw requests of the monthly allowance, no credits.',
      warning: null,
      blocked: null,
    });
  });
});

describe('when a pull asks for a tick (raw requests cost no credits)', () => {
  it('asks nothing for a few pages well within the allowance, nor for one request', () => {
    for (const estimate of [
      estimateRawPull(feed(3), 9000),
      estimateRawPull(feed(RAW_ASK_ABOVE_UNITS), 9000),
      estimateRawPull(feed(3), null),
      estimateRawPull(info, 3),
      estimateRawPull(feed(1), 1),
    ]) {
      expect(estimate).toMatchObject({ needsConfirmation: false, confirmReason: null });
    }
  });

  it('asks for a big pull, and for until done, whatever is left', () => {
    expect(estimateRawPull(feed(RAW_ASK_ABOVE_UNITS + 1), 100_000)).toMatchObject({
      needsConfirmation: true,
      confirmReason: 'This pull may use up to 51 raw requests: tick the box above to go ahead.',
    });
    expect(estimateRawPull(feed(null), null)).toMatchObject({
      needsConfirmation: true,
      confirmReason: 'Until done may use up to 10,000 raw requests: tick the box above to go ahead.',
    });
  });

  it('asks when the pull may use a real share of what is left', () => {
    expect(estimateRawPull(feed(3), 20)).toMatchObject({
      needsConfirmation: true,
      confirmReason:
        'This pull may use more than a tenth of the 20 raw requests left: tick the box above to go ahead.',
    });
    expect(estimateRawPull(feed(5), 4, 'budget').confirmReason).toBe(
      'This pull may use all of the 4 raw requests left: tick the box above to go ahead.',
    );
    expect(estimateRawPull(feed(2), 20).needsConfirmation).toBe(false);
  });
});

describe('the run button and the consent', () => {
  it('says on the button what the pull may use', () => {
    expect(rawRunLabel(feed(5))).toBe('Pull 5 pages (up to 5 raw requests)');
    expect(rawRunLabel(feed(1))).toBe('Pull 1 page (up to 1 raw request)');
    expect(rawRunLabel(feed(null))).toBe('Pull until done (up to 10,000 raw requests)');
    expect(rawRunLabel(info)).toBe('Pull (1 raw request)');
    expect(rawRunLabel(null)).toBe('Pull into a new tab');
    expect(confirmUnitsLabel(5)).toBe('I accept using up to 5 raw requests (no credits)');
  });

  it('has the server refuse, unconfirmed, only what the sidebar asks about whatever the allowance', () => {
    expect(() => requireUnitsConfirmation(estimateRawPull(feed(51), null), false)).toThrow(
      'This pull may use up to 51 raw requests: tick "I accept using up to 51 raw requests (no credits)" first.',
    );
    expect(() => requireUnitsConfirmation(estimateRawPull(feed(51), null), true)).not.toThrow();
    expect(() => requireUnitsConfirmation(estimateRawPull(feed(3), null), false)).not.toThrow();
    expect(() => requireUnitsConfirmation(estimateRawPull(info, null), false)).not.toThrow();
  });
});
