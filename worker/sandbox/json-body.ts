import express, { type RequestHandler } from 'express';
import { SandboxError } from './sandbox-error';

/** Room for a 5 MB base64 image (AI image search) plus the rest of the body. */
const BODY_LIMIT = '8mb';

export function jsonBody(): RequestHandler {
  return express.json({ limit: BODY_LIMIT });
}

/**
 * The JSON body parser's errors carry a `type`. The ones a client causes become 400 bad_request
 * with a sentence, instead of Express's HTML error page; anything else is not ours to translate.
 */
export function bodyParserError(error: unknown): SandboxError | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  switch (error.type) {
    case 'entity.parse.failed':
      return new SandboxError('bad_request', `The request body is not valid JSON: ${message}`);
    case 'entity.too.large':
      return new SandboxError(
        'bad_request',
        `The request body is larger than the ${BODY_LIMIT.toUpperCase()} allowed`,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
    case 'request.aborted':
    case 'request.size.invalid':
      return new SandboxError('bad_request', `The request body could not be read: ${message}`);
    default:
      return undefined;
  }
}
