import { gunzipSync } from 'node:zlib';
import { toWorkerError } from '../../../../worker/src/request-io/error-answer';
import { requestReadErrorAnswer } from '../../../../worker/src/request-io/request-read-error';

/** Errors as body-parser, raw-body, zlib and the router make them (http-errors' fields). */
const httpError = (status: number, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error('raw message'), { status, statusCode: status, expose: status < 500, ...fields });

function zlibError(): Error {
  try {
    gunzipSync(Buffer.from('not gzip'));
  } catch (error) {
    return Object.assign(error as Error, { status: 400, expose: true });
  }
  throw new Error('gunzip took junk');
}

function decodeError(): Error {
  try {
    decodeURIComponent('%ff');
  } catch (error) {
    return Object.assign(error as Error, { status: 400, statusCode: 400 });
  }
  throw new Error('decoded %ff');
}

describe('requestReadErrorAnswer', () => {
  it.each([
    ['broken JSON', httpError(400, { type: 'entity.parse.failed' }), 400, /not valid JSON/],
    [
      'a body too large',
      httpError(413, { type: 'entity.too.large', length: 20 * 2 ** 20, limit: 12 * 2 ** 20 }),
      413,
      /of 20\.0 MB is too large \(this route takes at most 12\.0 MB\)/,
    ],
    ['an unknown encoding', httpError(415, { type: 'encoding.unsupported' }), 415, /Content-Encoding/],
    ['a charset other than UTF-8', httpError(415, { type: 'charset.unsupported' }), 415, /UTF-8/],
    ['a length that lies', httpError(400, { type: 'request.size.invalid' }), 400, /Content-Length/],
    ['a body cut off', httpError(400, { type: 'request.aborted' }), 400, /cut off/],
    ['a broken gzip body', zlibError(), 400, /could not be decompressed/],
    ['bad percent-encoding in the path', decodeError(), 400, /percent-encoding that is not UTF-8/],
    ['any other exposed 4xx', httpError(400), 400, /could not be read/],
  ])('answers %s with a 4xx sentence that quotes nothing of the request', (_name, error, status, message) => {
    const answer = requestReadErrorAnswer(error);
    expect(answer?.status).toBe(status);
    expect(answer?.message).toMatch(message);
    expect(answer?.message).not.toContain('raw message');
    expect(toWorkerError(error).status).toBe(status);
  });

  it('leaves the worker’s own failures alone: they stay 500s', () => {
    expect(requestReadErrorAnswer(new Error('bug'))).toBeNull();
    expect(requestReadErrorAnswer(httpError(500, { type: 'stream.not.readable' }))).toBeNull();
    expect(requestReadErrorAnswer(Object.assign(new Error('x'), { status: 400, expose: false }))).toBeNull();
    expect(requestReadErrorAnswer('text')).toBeNull();
    expect(toWorkerError(new Error('bug')).status).toBe(500);
  });
});
