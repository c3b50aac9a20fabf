import type { EditProofChallenge } from '../../../shared/worker-api/edit-proof';

/**
 * Turns what went wrong on the way to the worker into the sentence a cell or the sidebar shows
 * (DESIGN "Errors users see"): never a stack trace, never the key.
 */

/** What a formula or the sidebar says while this user holds no key for the current worker. */
export const NOT_CONNECTED = 'Not connected: open Extensions > Creator Sheets > Settings.';

/** A failed worker call, with the sentence to show. */
export class WorkerCallError extends Error {
  /** The HTTP status, or null when no answer came. */
  readonly status: number | null;
  /** The worker's error code, or ours: not_connected, no_answer, unreadable. */
  readonly code: string;
  /** With `edit_proof_required`: what to write into the spreadsheet to prove edit access. */
  readonly challenge: EditProofChallenge | null;

  constructor(
    status: number | null,
    code: string,
    message: string,
    challenge: EditProofChallenge | null = null,
  ) {
    super(message);
    this.name = 'WorkerCallError';
    this.status = status;
    this.code = code;
    this.challenge = challenge;
  }
}

/** Longer worker messages are cut: a cell or a status line is no place for an essay. */
const MAX_MESSAGE_CHARS = 400;

export interface FailureContext {
  workerUrl: string;
  /** The worker's path, e.g. api/reports. */
  path: string;
  /** Every secret the call carried; none may appear in a sentence. */
  secrets: readonly string[];
}

/** The worker's `{ error: { code, message } }`, when the body is one (with a challenge, if any). */
function readErrorBody(
  body: string,
): { code: string; message: string; challenge: EditProofChallenge | null } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const error = (parsed as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, challenge } = error as { code?: unknown; message?: unknown; challenge?: unknown };
  if (typeof message !== 'string' || message.trim() === '') return null;
  return {
    code: typeof code === 'string' ? code : 'error',
    message: message.trim(),
    challenge: challengeOf(challenge),
  };
}

/** A challenge as the worker sends it, read without trusting its shape. */
function challengeOf(value: unknown): EditProofChallenge | null {
  if (typeof value !== 'object' || value === null) return null;
  const { metadataKey, metadataValue, expiresAt, documentId } = value as Record<string, unknown>;
  if (typeof metadataKey !== 'string' || typeof metadataValue !== 'string') return null;
  if (typeof expiresAt !== 'number' || typeof documentId !== 'string') return null;
  return { metadataKey, metadataValue, expiresAt, documentId };
}

/** The sentence for an HTTP answer outside 2xx. */
export function failureFromAnswer(status: number, body: string, context: FailureContext): WorkerCallError {
  const error = readErrorBody(body);
  const say = (code: string, message: string) =>
    new WorkerCallError(status, code, redact(message, context.secrets), error?.challenge ?? null);
  if (error === null) {
    if (status >= 500) {
      return say(
        'unreadable',
        `The worker failed (HTTP ${status}): try again in a minute, or check the URL in Settings (${context.workerUrl}).`,
      );
    }
    return say(
      'unreadable',
      `The worker answered HTTP ${status} without a reason: check the URL in Settings (${context.workerUrl}).`,
    );
  }
  if (status === 401 && context.path !== 'api/keys') {
    return say(
      error.code,
      `Not connected: the worker refused this spreadsheet's key (${sentence(error.message)}). ` +
        'Open Extensions > Creator Sheets > Settings and connect again.',
    );
  }
  if (status === 404 && error.code === 'not_found' && error.message.indexOf('No route') === 0) {
    return say(
      error.code,
      `The server at ${context.workerUrl} is not a Creator Sheets worker of this version (${sentence(error.message)}): check the URL in Settings.`,
    );
  }
  // 402 (budgets, credits), 403, 409, 429 and the rest: the worker's own sentence says it best.
  return say(error.code, error.message);
}

/** The sentence when no HTTP answer came at all (DNS, refused connection, timeout, allow-list). */
export function failureFromThrown(thrown: unknown, context: FailureContext): WorkerCallError {
  const detail = thrown instanceof Error ? thrown.message : String(thrown);
  if (/whitelist|allowlist|not allowed to fetch|urlFetchWhitelist/i.test(detail)) {
    return new WorkerCallError(
      null,
      'not_allowed',
      `This add-on may not call ${context.workerUrl}: set the worker URL in Settings back to the one it was built for.`,
    );
  }
  return new WorkerCallError(
    null,
    'no_answer',
    `The worker did not answer: check the URL in Settings (${context.workerUrl}).`,
  );
}

/** A 2xx answer whose body is not JSON: something else lives at that URL. */
export function unreadableAnswer(status: number, context: FailureContext): WorkerCallError {
  return new WorkerCallError(
    status,
    'unreadable',
    `The answer from ${context.workerUrl} is not the worker's: check the URL in Settings.`,
  );
}

/** Any thrown value as the sentence to show; unexpected errors keep their message, not their stack. */
export function sentenceOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

function sentence(text: string): string {
  return text.replace(/[.\s]+$/, '');
}

function redact(message: string, secrets: readonly string[]): string {
  let text = message;
  for (const secret of secrets) {
    if (secret !== '') text = text.split(secret).join('[key]');
  }
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text;
}
