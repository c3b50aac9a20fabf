import { UpstreamError } from '../../../../worker/src/upstream/upstream-error';
import { buildUpstreamUrl, normalizeBaseUrl } from '../../../../worker/src/upstream/upstream-url';

function refusal(work: () => unknown): UpstreamError {
  try {
    work();
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('buildUpstreamUrl', () => {
  test.each([
    'https://api.example.test/v1',
    'https://api.example.test/v1/',
    'https://api.example.test/v1///',
    ' https://api.example.test/v1 ',
  ])('joins base %p and path with exactly one slash', (base) => {
    expect(buildUpstreamUrl(base, 'emailSearch')).toBe('https://api.example.test/v1/email-search');
  });

  test('works with a base without a version path, like a local sandbox', () => {
    expect(buildUpstreamUrl('http://127.0.0.1:4010/', 'health')).toBe('http://127.0.0.1:4010/health');
  });

  test('puts the platform into the path', () => {
    expect(buildUpstreamUrl('https://h/v1', 'search', { platform: 'tiktok' })).toBe(
      'https://h/v1/tiktok/search',
    );
    expect(buildUpstreamUrl('https://h/v1', 'aiTextSearch', { platform: 'youtube' })).toBe(
      'https://h/v1/ai/youtube/text-search',
    );
  });

  test('encodes path parameters, so a handle cannot change the path', () => {
    expect(
      buildUpstreamUrl('https://h/v1', 'report', {
        platform: 'instagram',
        params: { userId: '@cristiano/../x?y' },
      }),
    ).toBe('https://h/v1/instagram/profile/%40cristiano%2F..%2Fx%3Fy/report');
  });

  test('encodes query parameters, repeats arrays and leaves out null and undefined', () => {
    const url = buildUpstreamUrl('https://h/v1', 'dictionaryLocations', {
      platform: 'instagram',
      query: { q: 'São Paulo & co', limit: 20, ids: [1, 2], exact: false, skip: undefined, none: null },
    });
    expect(url).toBe(
      'https://h/v1/instagram/locations?q=S%C3%A3o+Paulo+%26+co&limit=20&ids=1&ids=2&exact=false',
    );
    expect(new URL(url).searchParams.get('q')).toBe('São Paulo & co');
  });

  test('refuses a platform the operation does not exist for, naming the ones it does', () => {
    const error = refusal(() => buildUpstreamUrl('https://h/v1', 'audienceOverlap', { platform: 'tiktok' }));
    expect(error.code).toBe('invalid_request');
    expect(error.status).toBeNull();
    expect(error.message).toBe('audienceOverlap does not exist for tiktok; it exists for instagram, youtube');
  });

  test('refuses a missing platform, a platform where none belongs and a missing path parameter', () => {
    expect(refusal(() => buildUpstreamUrl('https://h/v1', 'search')).message).toBe(
      'search needs a platform, one of instagram, tiktok, youtube',
    );
    expect(
      refusal(() => buildUpstreamUrl('https://h/v1', 'emailSearch', { platform: 'instagram' })).message,
    ).toBe('emailSearch takes no platform, got "instagram"');
    expect(
      refusal(() => buildUpstreamUrl('https://h/v1', 'aiListGet', { params: { listId: '' } })).message,
    ).toBe('aiListGet needs a non-empty "listId" path parameter');
  });

  test('never puts a token into the URL', () => {
    const error = refusal(() =>
      buildUpstreamUrl('https://h/v1', 'userInfo', { query: { ACCESS_TOKEN: 'x' } }),
    );
    expect(error.message).toBe('the API token must not travel in the URL; the client sends it as a header');
  });
});

describe('normalizeBaseUrl', () => {
  test('refuses what is not an http(s) base URL', () => {
    expect(() => normalizeBaseUrl('api.example.test/v1')).toThrow(
      'the Discovery API base URL must be an absolute http(s) URL such as https://HOST/v1, got "api.example.test/v1"',
    );
    expect(() => normalizeBaseUrl('localhost:4010')).toThrow('must be an absolute http(s) URL');
    expect(() => normalizeBaseUrl('ftp://h/v1')).toThrow('must be an absolute http(s) URL');
    expect(() => normalizeBaseUrl('https://h/v1?access_token=x')).toThrow(
      'must not carry a query or a fragment',
    );
  });
});
