import type { OperationId } from '../../../shared/operations';

/**
 * Codes this client gives to failures that carry no code of the API's own. API codes
 * (`handle_not_found`, `not_enough_credits`, ...) pass through unchanged; an error answer
 * without a readable body gets `http_<status>`.
 */
type LocalErrorCode =
  'network_error' | 'timeout' | 'malformed_response' | 'unreadable_answer' | 'aborted' | 'invalid_request';

const LOCAL_ERROR_CODES: ReadonlySet<string> = new Set<LocalErrorCode>([
  'network_error',
  'timeout',
  'malformed_response',
  'unreadable_answer',
  'aborted',
  'invalid_request',
]);

/** A code the service wrote itself, as opposed to one of ours or `http_<status>`. */
export function isServiceErrorCode(code: string): boolean {
  return !LOCAL_ERROR_CODES.has(code) && !/^http_\d+$/.test(code);
}

const REDACTED = '[redacted]';

/**
 * Removes every secret from a piece of text, plus anything shaped like a credential, in case a
 * library quoted a header or URL this client never saw (a proxy, a redirect): `Bearer ...` and
 * `access_token=...`.
 */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length > 0) out = out.split(secret).join(REDACTED);
  }
  return out
    .replace(/\bBearer\s+(?!\[redacted\])[^\s,;"'}\]]+/gi, `Bearer ${REDACTED}`)
    .replace(
      /\baccess_token(["']?\s*[=:]\s*["']?)(?!\[redacted\])[^\s&,;"'}\]]+/gi,
      `access_token$1${REDACTED}`,
    );
}

/**
 * A copy of a thrown value that is safe to keep: same name, message, stack and `code`, with
 * secrets removed. The original is dropped, because an `Error` cannot be edited reliably (its
 * stack is a captured string, its cause may nest, its own properties may quote headers).
 */
function scrubCause(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (value === undefined || value === null) return undefined;
  if (!(value instanceof Error)) return redactSecrets(String(value), secrets);
  // Causes nest (fetch's TypeError wraps undici's socket error); three levels hold every known case.
  const inner =
    value.cause !== undefined && depth < 3 ? scrubCause(value.cause, secrets, depth + 1) : undefined;
  const copy = new Error(
    redactSecrets(value.message, secrets),
    inner === undefined ? undefined : { cause: inner },
  );
  copy.name = value.name;
  copy.stack = value.stack === undefined ? undefined : redactSecrets(value.stack, secrets);
  const code: unknown = (value as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') {
    Object.assign(copy, { code: redactSecrets(String(code), secrets) });
  }
  return copy;
}

interface UpstreamErrorInit {
  /** HTTP status of the answer, or null when there was none (network, timeout, local refusal). */
  status: number | null;
  /** The API's error code, or one of ours (`LocalErrorCode`, `http_<status>`). */
  code: string;
  /** One readable sentence. */
  message: string;
  cause?: unknown;
  operationId?: OperationId;
  /** Attempts made, retries included; 0 when the request was refused before sending. */
  attempts?: number;
  /** What the service asked to wait, when it asked (429 or 503 with `Retry-After`). */
  retryAfterMs?: number;
  /** Values that must never appear in the message, stack or cause: the API token. */
  secrets?: readonly string[];
  /**
   * A 2xx this version could not read (`unreadable_answer`): the status and the body as it came,
   * with the token removed. The service has answered, and for a paid operation billed.
   */
  answer?: UnreadableBody;
}

/** What came back in a 2xx this version could not read. */
interface UnreadableBody {
  status: number;
  /** The text of the body, token removed; may quote submitted e-mail addresses (the caller redacts). */
  text: string;
  /** The parsed JSON, when it was JSON at all. */
  json: unknown;
  /** Why it could not be read, with field paths. */
  problems: string[];
}

interface UpstreamErrorJson {
  name: 'UpstreamError';
  status: number | null;
  code: string;
  message: string;
  operationId?: OperationId;
  attempts: number;
  retryAfterMs?: number;
}

/**
 * The one error of the upstream client. It never holds the token: the message and the cause are
 * scrubbed before the error exists, so neither its stack, its JSON nor `util.inspect` can leak it.
 * Callers key on `code` (the status per code is open, api-notes "Errors").
 */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  readonly status: number | null;
  readonly code: string;
  readonly operationId: OperationId | undefined;
  readonly attempts: number;
  readonly retryAfterMs: number | undefined;
  /** Not an own enumerable field: loggers and `toJSON` never print a body that may quote input. */
  readonly #answer: UnreadableBody | undefined;

  constructor(init: UpstreamErrorInit) {
    const secrets = init.secrets ?? [];
    const cause = scrubCause(init.cause, secrets);
    super(redactSecrets(init.message, secrets), cause === undefined ? undefined : { cause });
    this.status = init.status;
    this.code = redactSecrets(init.code, secrets);
    this.operationId = init.operationId;
    this.attempts = init.attempts ?? 0;
    this.retryAfterMs = init.retryAfterMs;
    this.#answer =
      init.answer === undefined
        ? undefined
        : { ...init.answer, text: redactSecrets(init.answer.text, secrets) };
  }

  /** The 2xx body behind an `unreadable_answer`, for the paid-call pipeline to bill and keep. */
  get unreadableBody(): UnreadableBody | undefined {
    return this.#answer;
  }

  toJSON(): UpstreamErrorJson {
    return {
      name: this.name,
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.operationId === undefined ? {} : { operationId: this.operationId }),
      attempts: this.attempts,
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
    };
  }
}

export function isUpstreamError(value: unknown): value is UpstreamError {
  return value instanceof UpstreamError;
}
