import {
  buildRawPull,
  checkRawPull,
  RAW_MAX_PAGES,
  RAW_MAX_ROWS,
  RAW_ROWS_PER_PAGE,
  rawFeedJobInput,
  rawTabName,
  suggestRawTabName,
  type RawFormValues,
} from '../../../addon/bridge-contract/raw-data-request';
import { RAW_PAGE_SIZES } from '../../../shared/limits';
import { MAX_RAW_JOB_ITEMS, MAX_RAW_JOB_PAGES } from '../../../worker/src/jobs/job-kinds/raw-feed';
import { parseRawRequest } from '../../../worker/src/operations/raw/raw-request';
import {
  RAW_FEED_PAGE_SIZE,
  TIKTOK_USER_FEED_MAX,
} from '../../../worker/sandbox/operations/content/raw-paging';

function form(overrides: Partial<RawFormValues> = {}): RawFormValues {
  return {
    operation: 'rawIgUserFeed',
    params: { url: ' @nasa ' },
    pages: '3',
    untilDone: false,
    allFields: false,
    tabName: '',
    ...overrides,
  };
}

describe('buildRawPull: the form as a pull', () => {
  it('trims the values, leaves out empty optional ones and ignores fields of other operations', () => {
    const result = buildRawPull(form({ params: { url: ' @nasa ', after: '  ', code: 'CxYz', tag: 'x' } }));

    expect(result).toEqual({
      ok: true,
      request: {
        operation: 'rawIgUserFeed',
        query: { url: '@nasa' },
        pages: 3,
        allFields: false,
        tabName: '',
      },
    });
  });

  it('keeps a cursor to start from', () => {
    const result = buildRawPull(form({ params: { url: '@nasa', after: 'QVFE' } }));

    expect(result.ok && result.request.query).toEqual({ url: '@nasa', after: 'QVFE' });
  });

  it('reads pages as a whole number within the job limit, thousands separators allowed', () => {
    const pages = (text: string) => {
      const result = buildRawPull(form({ pages: text }));
      return result.ok ? result.request.pages : result.errors;
    };
    expect(pages(' 12 ')).toBe(12);
    expect(pages('1,000')).toBe(1000);
    expect(pages('10000')).toBe(10_000);
    const range = 'Pages must be a whole number from 1 to 10,000';
    expect(pages('0')).toEqual([{ field: 'pages', message: `${range}, got "0".` }]);
    expect(pages('10001')).toEqual([{ field: 'pages', message: `${range}, got "10001".` }]);
    expect(pages('2.5')).toEqual([{ field: 'pages', message: `${range}, got "2.5".` }]);
    expect(pages('ten')).toEqual([{ field: 'pages', message: `${range}, got "ten".` }]);
    expect(pages('')).toEqual([{ field: 'pages', message: `${range}, or tick "Until done".` }]);
  });

  it('takes "until done" as no page number, whatever the pages field holds', () => {
    const result = buildRawPull(form({ untilDone: true, pages: 'nonsense' }));

    expect(result.ok && result.request.pages).toBeNull();
  });

  it('pulls a one-request operation as one page, "All fields" kept for it only', () => {
    const info = buildRawPull(form({ operation: 'rawIgUserInfo', pages: 'x', allFields: true }));
    const feed = buildRawPull(form({ allFields: true }));

    expect(info.ok && info.request).toMatchObject({ pages: 1, allFields: true });
    expect(feed.ok && feed.request.allFields).toBe(false);
  });

  it('names every problem at once, by the label the user sees', () => {
    const result = buildRawPull(
      form({ operation: 'rawIgMediaCommentReplies', params: { code: '' }, pages: '-1' }),
    );

    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'param:code', message: 'Post shortcode is required.' },
        { field: 'param:comment_id', message: 'Comment id is required.' },
        { field: 'pages', message: 'Pages must be a whole number from 1 to 10,000, got "-1".' },
      ],
    });
    expect(buildRawPull(form({ operation: 'rawIgStories' }))).toEqual({
      ok: false,
      errors: [{ field: 'operation', message: 'Pick an operation.' }],
    });
  });
});

describe('checkRawPull: the server reads what the page sent', () => {
  it('accepts a pull the form built, unchanged', () => {
    const built = buildRawPull(form());
    if (!built.ok) throw new Error('the form should accept this');

    expect(checkRawPull(JSON.parse(JSON.stringify(built.request)))).toEqual(built.request);
    expect(checkRawPull({ ...built.request, pages: null }).pages).toBeNull();
  });

  it('refuses anything else with one sentence', () => {
    expect(() => checkRawPull(null)).toThrow('Raw data: Pick an operation.');
    expect(() => checkRawPull({ operation: 'rawIgUserFeed', query: {}, pages: 'x' })).toThrow(
      'Instagram user posts: Account is required. Pages must be a whole number from 1 to 10,000, or tick "Until done".',
    );
    expect(() => checkRawPull({ operation: 'rawIgUserInfo', query: { url: ['@a'] } })).toThrow(
      'Instagram user info: Account is required.',
    );
  });
});

describe('the feed job input', () => {
  it('asks for the pages and room for their rows, within the pull row limit', () => {
    const pull = (pages: number | null) => ({
      operation: 'rawIgUserFeed' as const,
      query: { url: '@nasa' },
      pages,
      allFields: false,
      tabName: '',
    });

    expect(rawFeedJobInput(pull(3))).toEqual({
      operation: 'rawIgUserFeed',
      query: { url: '@nasa' },
      maxPages: 3,
      maxItems: 300,
    });
    expect(rawFeedJobInput(pull(500))).toMatchObject({ maxPages: 500, maxItems: RAW_MAX_ROWS });
    expect(rawFeedJobInput(pull(null))).toMatchObject({ maxPages: RAW_MAX_PAGES, maxItems: RAW_MAX_ROWS });
  });

  it("stays within the worker's raw-feed job limits, and the worker reads its query", () => {
    expect(RAW_MAX_PAGES).toBe(MAX_RAW_JOB_PAGES);
    expect(RAW_MAX_ROWS).toBeLessThanOrEqual(MAX_RAW_JOB_ITEMS);
    const input = rawFeedJobInput({
      operation: 'rawIgMediaCommentReplies',
      query: { code: 'CxYz', comment_id: '17', after: 'QVFE' },
      pages: 2,
      allFields: false,
      tabName: '',
    });
    expect(parseRawRequest({ operation: input.operation, query: input.query }).query).toEqual(input.query);
  });

  it('leaves room for a full page of every feed, so the row limit never cuts a page of N pages', () => {
    const largest = Math.max(
      ...Object.values(RAW_PAGE_SIZES),
      ...Object.values(RAW_FEED_PAGE_SIZE),
      TIKTOK_USER_FEED_MAX,
    );
    expect(RAW_ROWS_PER_PAGE).toBeGreaterThanOrEqual(largest);
  });
});

describe('the tab name', () => {
  it('names the platform, the operation and what it is about, without the cursor', () => {
    expect(suggestRawTabName('rawIgUserFeed', { url: '@nasa', after: 'QVFE' })).toBe(
      'Instagram user posts @nasa',
    );
    expect(suggestRawTabName('rawYoutubeVideoComments', { cursor: 'abc' })).toBe('YouTube video comments');
    expect(
      suggestRawTabName('rawTiktokComments', { url: `https://www.tiktok.com/@a/video/${'1'.repeat(40)}` }),
    ).toBe(`TikTok video comments https://www.tiktok.com/@a/video/${'1'.repeat(7)}…`);
    expect(suggestRawTabName('nothing', {})).toBe('Raw data');
  });

  it("takes the user's name when there is one", () => {
    const request = { operation: 'rawIgUserInfo' as const, query: { url: '@x' }, pages: 1, allFields: false };
    expect(rawTabName({ ...request, tabName: 'Leads' })).toBe('Leads');
    expect(rawTabName({ ...request, tabName: '' })).toBe('Instagram user info @x');
  });
});
