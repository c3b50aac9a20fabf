import { hashString } from '../../data/random';
import { SandboxError } from '../../sandbox-error';

/**
 * Opaque page cursors. A cursor is base64url text of a few fields behind a check value, so a client
 * can only send back what it was handed: an edited, truncated or invented cursor fails the check
 * and answers 400 instead of landing on some other page. The check comes first, so cursors of one
 * feed do not share a visible prefix and reveal nothing to a client that would try to build them.
 */

const SEPARATOR = '~';
const SALT = 'sandbox-cursor:v1:';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

type CursorField = string | number;

export function encodeCursor(fields: readonly CursorField[]): string {
  const parts = fields.map(String);
  for (const part of parts) {
    if (part.includes(SEPARATOR)) throw new Error(`a cursor field may not contain "${SEPARATOR}": ${part}`);
  }
  const body = parts.join(SEPARATOR);
  return Buffer.from(`${checkOf(body)}${SEPARATOR}${body}`, 'utf8').toString('base64url');
}

/** The fields of a cursor this module made, or null for anything else. */
export function decodeCursor(cursor: string): string[] | null {
  if (!BASE64URL.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const cut = text.indexOf(SEPARATOR);
  if (cut < 0) return null;
  const body = text.slice(cut + 1);
  return text.slice(0, cut) === checkOf(body) ? body.split(SEPARATOR) : null;
}

/** A short stable key for whatever a cursor must stay bound to (a feed, a request). */
export function scopeKey(scope: string): string {
  return hashString(`${SALT}scope:${scope}`).toString(36);
}

/** A whole number field of a decoded cursor, or null. */
export function wholeNumberField(field: string | undefined): number | null {
  if (field === undefined || !/^\d{1,15}$/.test(field)) return null;
  return Number(field);
}

export function invalidCursor(param: string, cursor: string): SandboxError {
  return new SandboxError(
    'bad_request',
    `${param} must be a cursor from a previous page of this API, got ${JSON.stringify(shorten(cursor))}`,
  );
}

export function foreignCursor(param: string, what: string): SandboxError {
  return new SandboxError(
    'bad_request',
    `${param} is a cursor of another ${what}; pass the cursor of the previous page of this one`,
  );
}

function checkOf(body: string): string {
  return hashString(`${SALT}${body}`).toString(36);
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
