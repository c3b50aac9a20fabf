/** A failed Google call as the worker acts on it: the HTTP status, Google's words, its Retry-After. */
export interface GoogleFailure {
  /** null: no answer at all (the network, a timeout). */
  status: number | null;
  message: string;
  /** Retry-After of a 429 or 503, in ms; null when absent. */
  retryAfterMs: number | null;
  /**
   * The reason of the google.rpc.ErrorInfo in Google's error body (`SERVICE_DISABLED` for an API
   * not enabled in the caller's project, `ACCESS_TOKEN_EXPIRED`...), null when it gave none: a 403
   * alone does not say whether the API is off or the spreadsheet is not shared.
   */
  reason: string | null;
}

/** Reads a gaxios error without trusting its shape. */
export function failureOf(error: unknown): GoogleFailure {
  const record = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown;
    response?: { status?: unknown; headers?: unknown; data?: unknown };
    message?: unknown;
  };
  const status = typeof record.response?.status === 'number' ? record.response.status : record.status;
  return {
    status: typeof status === 'number' ? status : null,
    message: typeof record.message === 'string' ? record.message : String(error),
    retryAfterMs: retryAfterOf(record.response?.headers),
    reason: errorInfoReason(record.response?.data),
  };
}

/** `error.details[]`'s google.rpc.ErrorInfo reason in Google's JSON error body, if any. */
function errorInfoReason(data: unknown): string | null {
  const details = (data as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return null;
  for (const detail of details) {
    const { reason } = (typeof detail === 'object' && detail !== null ? detail : {}) as { reason?: unknown };
    if (typeof reason === 'string' && reason !== '') return reason;
  }
  return null;
}

/** Seconds or an HTTP date, from a Headers object or a plain record (gaxios gives either). */
function retryAfterOf(headers: unknown): number | null {
  let value: unknown;
  if (headers instanceof Headers) value = headers.get('retry-after');
  else if (typeof headers === 'object' && headers !== null)
    value = (headers as Record<string, unknown>)['retry-after'];
  if (typeof value !== 'string' || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
