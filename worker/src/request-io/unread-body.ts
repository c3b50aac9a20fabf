import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Bodies up to this size are discarded to keep the connection for the caller's next request;
 * beyond it, closing costs less than reading (a new handshake against megabytes).
 */
const DISCARD_AT_MOST_BYTES = 64 * 1024;

/**
 * For an answer given before the request's body was read (no credential, too many requests, no
 * such route): when that body is large or of unknown length and has not all arrived, the answer
 * closes the connection, so Node stops reading it instead of discarding it byte by byte. Ten
 * megabytes posted without a credential then cost the worker one short answer, not ten megabytes
 * of reading. A caller mid-upload may see the connection reset rather than the answer: only a
 * caller sending megabytes without a valid credential does.
 */
export function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || res.headersSent) return;
  const length = Number(req.headers['content-length'] ?? '0');
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (chunked || !Number.isFinite(length) || length > DISCARD_AT_MOST_BYTES)
    res.setHeader('Connection', 'close');
}
