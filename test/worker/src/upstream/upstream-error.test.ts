import { inspect } from 'node:util';
import {
  UpstreamError,
  isUpstreamError,
  redactSecrets,
} from '../../../../worker/src/upstream/upstream-error';

const TOKEN = 'tok_live_9a8b7c6d5e4f';

/** What a failing fetch can throw: the message and a nested cause quote the request's headers. */
function leakyFetchError(): TypeError {
  const socketError = Object.assign(
    new Error(`socket hang up; headers {"Authorization":"Bearer ${TOKEN}"}`),
    {
      code: 'ECONNRESET',
    },
  );
  return new TypeError(`fetch failed: GET https://api.example.test/v1/user/info?access_token=${TOKEN}`, {
    cause: socketError,
  });
}

function everythingPrinted(error: UpstreamError): string {
  return [
    error.message,
    error.stack,
    JSON.stringify(error),
    inspect(error, { depth: 10 }),
    String(error),
  ].join('\n');
}

describe('UpstreamError', () => {
  test('built from a fetch failure that quotes the token, it never carries the token', () => {
    const cause = leakyFetchError();
    const error = new UpstreamError({
      status: null,
      code: 'network_error',
      message: `could not reach the Discovery API for userInfo: ${cause.message}`,
      cause,
      operationId: 'userInfo',
      attempts: 5,
      secrets: [TOKEN],
    });
    const printed = everythingPrinted(error);
    expect(printed).not.toContain(TOKEN);
    expect(printed).toContain('[redacted]');
    // The scrubbed cause keeps what helps debugging: its kind, its words and its code.
    expect(error.cause).toBeInstanceOf(Error);
    const cause1 = error.cause as Error;
    expect(cause1.name).toBe('TypeError');
    expect(cause1.message).toContain('fetch failed');
    expect((cause1.cause as Error & { code?: string }).code).toBe('ECONNRESET');
    expect(inspect(error.cause, { depth: 10 })).not.toContain(TOKEN);
  });

  test('scrubs a secret from the API message too', () => {
    const error = new UpstreamError({
      status: 401,
      code: 'api_token_invalid',
      message: `token ${TOKEN} is invalid`,
      secrets: [TOKEN],
    });
    expect(error.message).toBe('token [redacted] is invalid');
  });

  test('carries status, code, message, attempts and Retry-After as JSON, without cause or stack', () => {
    const error = new UpstreamError({
      status: 429,
      code: 'rate_limited',
      message: 'Too many requests',
      operationId: 'search',
      attempts: 1,
      retryAfterMs: 120_000,
      cause: new Error('inner'),
    });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'UpstreamError',
      status: 429,
      code: 'rate_limited',
      message: 'Too many requests',
      operationId: 'search',
      attempts: 1,
      retryAfterMs: 120_000,
    });
    expect(error.stack?.startsWith('UpstreamError: Too many requests')).toBe(true);
    expect(isUpstreamError(error)).toBe(true);
    expect(isUpstreamError(new Error('x'))).toBe(false);
  });

  test('a non-Error cause is kept as scrubbed text', () => {
    const error = new UpstreamError({
      status: null,
      code: 'network_error',
      message: 'x',
      cause: `Bearer ${TOKEN}`,
      secrets: [TOKEN],
    });
    expect(error.cause).toBe('Bearer [redacted]');
  });
});

describe('redactSecrets', () => {
  test('removes listed secrets and credential-shaped text it was not told about', () => {
    expect(redactSecrets(`a ${TOKEN} b ${TOKEN}`, [TOKEN])).toBe('a [redacted] b [redacted]');
    expect(redactSecrets('Authorization: Bearer abc.def-123, next')).toBe(
      'Authorization: Bearer [redacted], next',
    );
    expect(redactSecrets('GET /x?access_token=abc123&page=2')).toBe('GET /x?access_token=[redacted]&page=2');
    expect(redactSecrets('{"access_token": "abc123"}')).toBe('{"access_token": "[redacted]"}');
    expect(redactSecrets('nothing to hide', [''])).toBe('nothing to hide');
  });
});
