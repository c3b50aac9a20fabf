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
