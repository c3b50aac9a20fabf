import { WorkerError } from './worker-error';

/**
 * What went wrong reading a request, before any handler ran, as the caller's mistake (4xx) in a
 * sentence: the body (body-parser and raw-body tag their errors with `type`; zlib's arrive
 * untagged with a 400), or the path (the router's 400 for a percent-encoding that is not UTF-8,
 * `/api/jobs/%ff`). null when `error` is none of those. Messages never quote the request: a
 * path or body may carry an address.
 */
export function requestReadErrorAnswer(error: unknown): WorkerError | null {
  if (typeof error !== 'object' || error === null) return null;
  const fields = error as {
    type?: unknown;
    status?: unknown;
    statusCode?: unknown;
    expose?: unknown;
    code?: unknown;
    length?: unknown;
    limit?: unknown;
  };
  switch (fields.type) {
    case 'entity.parse.failed':
      return new WorkerError(400, 'bad_request', 'The request body is not valid JSON');
    case 'entity.too.large':
      return new WorkerError(413, 'too_large', tooLargeMessage(fields.length, fields.limit));
    case 'encoding.unsupported':
      return new WorkerError(
        415,
        'unsupported_media_type',
        'The request body has a Content-Encoding the worker does not read: send it as plain UTF-8 JSON, or gzip, deflate or br',
      );
    case 'charset.unsupported':
      return new WorkerError(415, 'unsupported_media_type', 'Send the body as UTF-8 JSON');
    case 'request.size.invalid':
      return new WorkerError(
        400,
        'bad_request',
        'The request body is not as long as its Content-Length says; send it again whole',
      );
    case 'request.aborted':
      return new WorkerError(400, 'bad_request', 'The request body was cut off before its end');
    default:
      break;
  }
  const status = typeof fields.status === 'number' ? fields.status : fields.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  if (error instanceof URIError) {
    return new WorkerError(
      400,
      'bad_request',
      'The address holds a percent-encoding that is not UTF-8 (such as %ff): encode each part of the path as UTF-8',
    );
  }
  // zlib's codes (Z_DATA_ERROR, Z_BUF_ERROR) and brotli's (ERR__ERROR_FORMAT_...) for a body that
  // says it is compressed and is not, or is cut short.
  if (typeof fields.code === 'string' && /^(Z_|ERR_)/.test(fields.code)) {
    return new WorkerError(
      400,
      'bad_request',
      'The request body could not be decompressed as its Content-Encoding says: send it as plain JSON, or compress it whole',
    );
  }
  if (fields.expose !== true) return null;
  return new WorkerError(
    status,
    status === 413 ? 'too_large' : 'bad_request',
    'The request could not be read',
  );
}

function tooLargeMessage(length: unknown, limit: unknown): string {
  const size = typeof length === 'number' && Number.isFinite(length) ? `${megabytes(length)} ` : '';
  const most = typeof limit === 'number' ? ` (this route takes at most ${megabytes(limit)})` : '';
  return `The request body ${size ? `of ${size}` : ''}is too large${most}: split the input or start a job`;
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
