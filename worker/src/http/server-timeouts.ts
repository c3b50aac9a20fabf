import type { ServerOptions } from 'node:http';

/**
 * REQUEST_TIMEOUT_MS: the whole request, headers and body, must have arrived by then, or Node
 * answers 408 and closes the connection. Apps Script sends from Google's network at full speed; a
 * minute still lets a person on a slow line send a 5 MB image. Only receiving counts: a request
 * whose work takes longer (a formula waits up to FORMULA_DEADLINE_MS) is not cut off.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** Headers arrive in one packet from any real client; a slow trickle of them is an attack. */
const HEADERS_TIMEOUT_MS = 10_000;
/**
 * An idle keep-alive connection is closed after this (Node's own default, said out loud): long
 * enough for a sidebar's next poll or a recalculation's next formula to reuse it, short enough
 * that idle sockets do not pile up.
 */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * How often Node looks for requests past their timeouts (30 s by default, which would let a slow
 * body live half a minute beyond its limit).
 */
const CONNECTIONS_CHECK_MS = 1_000;

/**
 * The HTTP server's timeouts: a caller that sends its headers or body slowly (one byte every few
 * seconds) is cut off instead of holding a connection for Node's default of 5 minutes.
 */
export function serverTimeouts(requestTimeoutMs: number): ServerOptions {
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: Math.min(CONNECTIONS_CHECK_MS, requestTimeoutMs),
  };
}
