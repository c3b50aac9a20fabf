import type { RawPullRequest } from '../../../addon/shared/raw-data-api';
import {
  confirmUnitsLabel,
  estimateRawPull,
  rawRunLabel,
  requireUnitsConfirmation,
} from '../../../addon/shared/raw-data-estimate';

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
  it('says pages = raw requests, against the allowance left, before anything runs', () => {
    const estimate = estimateRawPull(feed(5), 9000);

    expect(estimate).toMatchObject({ maxPages: 5, maxUnits: 5, maxRows: 500, needsConfirmation: true });
    expect(estimate.summary).toBe(
      'This pulls up to 5 pages = up to 5 raw requests of your 9,000 left this month.',
    );
    expect(estimate.limits).toBe(
      'Each page costs one raw request, no credits; a feed that ends sooner costs less.',
    );
    expect(estimate.warning).toBeNull();
    expect(estimate.blocked).toBeNull();
  });

  it('states the limits "until done" stops at', () => {
    const estimate = estimateRawPull(feed(null), 12_000);

    expect(estimate.summary).toBe(
      'This pulls until the feed ends: up to 10,000 pages = up to 10,000 raw requests of your 12,000 left this month.',
    );
    expect(estimate.limits).toBe(
      "Until done stops at the feed's end, or at 10,000 pages or 10,000 rows. Each page costs one raw request, no credits.",
    );
    expect(estimate.maxRows).toBe(10_000);
  });

  it('says when a number of pages meets the row limit', () => {
    expect(estimateRawPull(feed(200), 9000).limits).toBe(
      'Each page costs one raw request, no credits; a feed that ends sooner costs less. A pull writes at most 10,000 rows.',
    );
  });

  it('asks no confirmation for a single raw request', () => {
    const one = estimateRawPull(info, 3);
    const onePage = estimateRawPull(feed(1), 3);

    expect(one).toMatchObject({ maxUnits: 1, maxRows: null, needsConfirmation: false, warning: null });
    expect(one.summary).toBe('This is one request = 1 raw request of your 3 left this month.');
    expect(onePage.needsConfirmation).toBe(false);
  });

  it('warns when the allowance may run out first, and blocks when none is left', () => {
    expect(estimateRawPull(feed(5), 3).warning).toBe(
      'That is more than the 3 left: if the feed is that long, the pull stops when they run out and keeps the rows it has.',
    );
    expect(estimateRawPull(feed(5), 0)).toMatchObject({
      warning: null,
      blocked: 'No raw requests are left this month: the allowance renews with the API subscription.',
    });
  });

  it("speaks of the user's raw budget when that is what limits the pull", () => {
    expect(estimateRawPull(feed(5), 4, 'budget')).toMatchObject({
      summary: 'This pulls up to 5 pages = up to 5 raw requests of the 4 your raw budget leaves.',
      warning:
        'That is more than the 4 left: if the feed is that long, the pull stops when they run out and keeps the rows it has.',
    });
    expect(estimateRawPull(feed(5), 0, 'budget').blocked).toBe(
      'Your raw budget is spent: it renews at the start of the next UTC day or month, or an admin can raise it.',
    );
  });

  it('says so when the allowance is unknown', () => {
    expect(estimateRawPull(feed(2), null)).toMatchObject({
      summary: 'This pulls up to 2 pages = up to 2 raw requests (the allowance left is unknown).',
      warning: null,
      blocked: null,
    });
  });
});

describe('the run button and the consent', () => {
  it('says on the button what the pull may spend', () => {
    expect(rawRunLabel(feed(5))).toBe('Pull 5 pages (up to 5 raw requests)');
    expect(rawRunLabel(feed(1))).toBe('Pull 1 page (up to 1 raw request)');
    expect(rawRunLabel(feed(null))).toBe('Pull until done (up to 10,000 raw requests)');
    expect(rawRunLabel(info)).toBe('Pull (1 raw request)');
    expect(rawRunLabel(null)).toBe('Pull into a new tab');
    expect(confirmUnitsLabel(5)).toBe('I accept spending up to 5 raw requests');
  });

  it('refuses an unconfirmed spend above one raw request', () => {
    expect(() => requireUnitsConfirmation(estimateRawPull(feed(2), 10), false)).toThrow(
      'This pull may spend up to 2 raw requests: tick "I accept spending up to 2 raw requests" first.',
    );
    expect(() => requireUnitsConfirmation(estimateRawPull(feed(2), 10), true)).not.toThrow();
    expect(() => requireUnitsConfirmation(estimateRawPull(info, 10), false)).not.toThrow();
  });
});
