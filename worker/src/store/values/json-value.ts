/** What the store keeps as JSON: values that survive `JSON.stringify` and come back equal. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Serializes for storage; refuses what JSON would silently change (undefined, NaN, functions). */
export function toStoredJson(value: unknown, what: string): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${what} must be a JSON value, got ${typeof value}`);
  return text;
}

export function fromStoredJson(text: string): unknown {
  return JSON.parse(text) as unknown;
}

/**
 * Freezes a parsed JSON value and everything in it, so a value shared by several readers cannot be
 * changed by one of them (strict-mode code that tries throws at the line that does).
 */
export function freezeJson(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) freezeJson(item);
}
