import { invalidArgument } from './google-errors';

/**
 * Reading a request's JSON as Google reads it: a field of the wrong type is 400 "Invalid value at
 * '<field>'", named by where it sits in the request.
 */
export type Fields = Record<string, unknown>;

/** An object field; absent or null reads as empty, as an unset message does. */
export function object(value: unknown, where: string): Fields {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidArgument(`Invalid value at '${where}': expected an object`);
  return value as Fields;
}

export function text(value: unknown, where: string): string {
  if (typeof value !== 'string') throw invalidArgument(`Invalid value at '${where}': expected a string`);
  return value;
}

export function whole(value: unknown, where: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidArgument(
      `Invalid value at '${where}' (${String(value)}): a whole number from ${min} to ${max}`,
    );
  }
  return value;
}

/** One of an enum's names. */
export function oneOf<Name extends string>(value: unknown, where: string, names: readonly Name[]): Name {
  const found = names.find((name) => name === value);
  if (found === undefined)
    throw invalidArgument(`Invalid value at '${where}' (${String(value)}): one of ${names.join(', ')}`);
  return found;
}

/**
 * Google refuses a field it does not know ("Invalid JSON payload received. Unknown name ...
 * Cannot find field."), so a misspelt filter never reads as no filter.
 */
export function onlyKnown(fields: Fields, where: string, known: readonly string[]): void {
  const unknown = Object.keys(fields).find((name) => !known.includes(name));
  if (unknown !== undefined)
    throw invalidArgument(`Unknown name "${unknown}" at '${where}': Cannot find field.`);
}
