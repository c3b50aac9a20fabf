/**
 * An error the worker answers as is: `{ "error": { "code", "message" } }` with `status`. The
 * message is a sentence for the person at the sheet, so it must never quote a secret.
 */
export class WorkerError extends Error {
  override readonly name = 'WorkerError';
  /** Seconds, for a `Retry-After` header. */
  readonly retryAfterSeconds: number | undefined;
  /** More fields of the answer's `error` object, beside code and message (never a secret). */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options: { retryAfterSeconds?: number; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

export function badRequest(message: string): WorkerError {
  return new WorkerError(400, 'bad_request', message);
}

export function isWorkerError(value: unknown): value is WorkerError {
  return value instanceof WorkerError;
}
