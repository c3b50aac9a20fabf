import type { z } from 'zod';

/**
 * Turns zod issues into the sentence a person reads in a cell or a sidebar, for example
 * `filter.influencer.gender must be one of MALE, FEMALE, KNOWN, UNKNOWN, got "X"`. The sandbox
 * answers 400 bad_request with it and the worker shows it as is, so it names the field and what
 * was wrong, and never dumps JSON.
 *
 * Built-in issues are worded here from their structured fields (zod's own messages are for
 * developers). A `custom` issue's message is used as written: below the root it is a predicate
 * that follows the path ("must hold 1 to 1000 items, got 1001"); at the root it is a whole sentence.
 */

type Issue = z.core.$ZodIssue;

/** Beyond this many problems the message says how many more there are instead of listing them. */
const MAX_LISTED = 5;
const MAX_SHOWN_CHARS = 60;
const ROOT_SUBJECT = 'request';

/** What is known of the value an issue is about. */
type Probe = { known: true; value: unknown } | { known: false };

interface Context {
  readonly hasInput: boolean;
  readonly input: unknown;
}

/**
 * One line for all issues of `error`, separated by "; ". Pass the parsed `input` too, so that the
 * message can say what it got ("got \"X\""); without it the value is reported only when the
 * schema was parsed with `{ reportInput: true }` (parseRequest does both).
 */
export function describeIssues(error: z.ZodError, input?: unknown): string {
  const context: Context = { hasInput: input !== undefined, input };
  const sentences = unique(error.issues.flatMap((issue) => describeIssue(issue, [], context)));
  if (sentences.length <= MAX_LISTED) return sentences.join('; ');
  const more = sentences.length - MAX_LISTED;
  return `${sentences.slice(0, MAX_LISTED).join('; ')}; and ${more} more problem${more === 1 ? '' : 's'}`;
}

export type ParsedRequest<T> = { success: true; data: T } | { success: false; message: string };

/** Parses `input` with `schema` and, on failure, words every problem with describeIssues. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): ParsedRequest<z.output<S>> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { success: true, data: result.data };
  return { success: false, message: describeIssues(result.error, input) };
}

/** `filter.audience.location[0].weight`: dots between names, brackets around indexes. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

function describeIssue(issue: Issue, base: readonly PropertyKey[], context: Context): string[] {
  const path = [...base, ...issue.path];
  const subject = path.length === 0 ? ROOT_SUBJECT : formatPath(path);
  switch (issue.code) {
    case 'custom':
      return [path.length === 0 ? issue.message : `${subject} ${issue.message}`];
    case 'invalid_union':
      return describeUnion(issue, path, subject, context);
    case 'invalid_key':
    case 'invalid_element':
      return issue.issues.flatMap((inner) => describeIssue(inner, path, context));
    default:
      return [`${subject} ${predicate(issue, probe(issue, path, context))}`];
  }
}

function predicate(issue: Issue, value: Probe): string {
  switch (issue.code) {
    case 'invalid_type':
      if (value.known && value.value === undefined) return 'is required';
      return `must be ${expectedType(issue.expected)}${got(value)}`;
    case 'invalid_value':
      if (value.known && value.value === undefined) return `is required and must be ${oneOf(issue.values)}`;
      return `must be ${oneOf(issue.values)}${got(value)}`;
    case 'too_small':
      return tooSmall(issue, value);
    case 'too_big':
      return tooBig(issue, value);
    case 'invalid_format':
      return `must be ${issue.format === 'regex' ? 'in the expected format' : `a valid ${issue.format}`}${got(value)}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}${got(value)}`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`;
    default:
      return 'is not valid';
  }
}

function tooSmall(issue: z.core.$ZodIssueTooSmall, value: Probe): string {
  const minimum = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      if (minimum === 1) return 'must not be empty';
      return `must be at least ${minimum} characters long${gotLength(value, 'characters')}`;
    case 'array':
    case 'set':
      return `must hold ${issue.exact ? 'exactly' : 'at least'} ${items(minimum)}${gotLength(value, 'items')}`;
    default:
      return `must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${minimum}${got(value)}`;
  }
}

function tooBig(issue: z.core.$ZodIssueTooBig, value: Probe): string {
  const maximum = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return `must be at most ${maximum} characters long${gotLength(value, 'characters')}`;
    case 'array':
    case 'set':
      return `must hold ${issue.exact ? 'exactly' : 'at most'} ${items(maximum)}${gotLength(value, 'items')}`;
    default:
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${maximum}${got(value)}`;
  }
}

/**
 * A union fails when no option fits. The option that failed deeper than a type mismatch is the one
 * the caller meant (an 11-phrase array under "string or array of phrases"), so its issues are the
 * ones to report; when every option failed on type, the message lists what would have fitted.
 */
function describeUnion(
  issue: z.core.$ZodIssueInvalidUnion,
  path: readonly PropertyKey[],
  subject: string,
  context: Context,
): string[] {
  if (issue.errors.length === 0) return [`${subject} does not match any accepted shape`];
  const isMismatch = (inner: Issue) =>
    (inner.code === 'invalid_type' || inner.code === 'invalid_value') && inner.path.length === 0;
  const meant = issue.errors.find((branch) => !branch.every(isMismatch));
  if (meant) return meant.flatMap((inner) => describeIssue(inner, path, context));
  const accepted = unique(
    issue.errors.flat().map((inner) => {
      if (inner.code === 'invalid_type') return expectedType(inner.expected);
      if (inner.code === 'invalid_value') return oneOf(inner.values);
      return 'something else';
    }),
  );
  const value = probe(issue, path, context);
  if (value.known && value.value === undefined) return [`${subject} is required`];
  return [`${subject} must be ${joinOr(accepted)}${got(value)}`];
}

function probe(issue: Issue, path: readonly PropertyKey[], context: Context): Probe {
  if ('input' in issue) return { known: true, value: issue.input };
  if (!context.hasInput) return { known: false };
  let value: unknown = context.input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return { known: true, value: undefined };
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return { known: true, value };
}

function expectedType(expected: string): string {
  switch (expected) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'int':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    case 'null':
      return 'null';
    default:
      return /^[aeiou]/i.test(expected) ? `an ${expected}` : `a ${expected}`;
  }
}

function oneOf(values: readonly unknown[]): string {
  const listed = values.map((value) => (typeof value === 'string' ? value : show(value)));
  return listed.length === 1 ? listed[0] : `one of ${listed.join(', ')}`;
}

function got(value: Probe): string {
  return value.known ? `, got ${show(value.value)}` : '';
}

function gotLength(value: Probe, unit: string): string {
  if (!value.known) return '';
  const { value: actual } = value;
  if (typeof actual === 'string' || Array.isArray(actual)) return `, got ${actual.length}`;
  if (actual instanceof Set) return `, got ${actual.size}`;
  return unit === 'items' ? got(value) : '';
}

function items(amount: number): string {
  return `${amount} item${amount === 1 ? '' : 's'}`;
}

/** A value as a person would write it; long text is cut so a message stays one readable line. */
function show(value: unknown): string {
  if (typeof value === 'string') {
    const cut = value.length > MAX_SHOWN_CHARS ? `${value.slice(0, MAX_SHOWN_CHARS)}…` : value;
    return JSON.stringify(cut);
  }
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${items(value.length)}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'bigint') return `${value}`;
  return String(value);
}

function joinOr(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}`;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
