import { z } from 'zod';

/**
 * The tolerant reader's vocabulary for Discovery API answers (api-notes "Seen from the real
 * service": real answers omit fields the spec calls required, and a paid answer is the user's
 * money). A response schema requires only what a row, a page or a bill cannot do without; every
 * other field is one of these:
 *
 * - `wanted(s)`: a field some row reads. Absent, `null` or of another type, it reads as `undefined`
 *   (an empty cell) and `findDrift` reports it as missing.
 * - `optional(s)`: a field nobody needs; absent, `null` or odd, it reads as `undefined` silently.
 * - `openEnum(values)`: text the spec enumerates. Any string passes as it came; a value outside the
 *   list is reported as drift, so a vendor's new enum value is seen without losing the row.
 * - `rowsFrom(object, keys)`: an object whose rows come from one of several fields (a list under the
 *   name the service uses now or used before). An answer with none of them would give empty rows,
 *   so it is drift, never silence.
 *
 * Objects are loose at every level (`z.looseObject`), so fields the service adds reach the caller.
 */

interface RowsRole {
  kind: 'rows';
  keys: readonly string[];
  /** The service documents an answer with none of `keys` (an empty answer, not a moved one). */
  documentedEmpty: boolean;
}

type FieldRole = { kind: 'wanted' } | { kind: 'enum'; known: readonly string[] } | RowsRole;

/** Roles by schema instance; `extend` and shapes keep the instances, so roles survive reuse. */
const roles = new WeakMap<z.ZodType, FieldRole>();

function withRole<T extends z.ZodType>(schema: T, role: FieldRole): T {
  roles.set(schema, role);
  return schema;
}

/**
 * Absent, `null` or unreadable all read as `undefined`, and the key is optional in the type, so code
 * reading the answer has one "not there" to handle.
 */
function lenient<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .catch(undefined)
    .transform((value) => value ?? undefined)
    .optional();
}

/** A field a row reads: never rejects the answer; its absence is contract drift. */
export function wanted<T extends z.ZodType>(schema: T) {
  return withRole(lenient(schema), { kind: 'wanted' });
}

/** A field nobody needs: absent, null or unreadable, it is simply not there. */
export function optional<T extends z.ZodType>(schema: T) {
  return lenient(schema);
}

/** A string the spec enumerates; unknown values pass through as text (and count as drift). */
export function openEnum<const V extends readonly string[]>(values: V) {
  return withRole(z.string() as z.ZodType<V[number] | (string & {})>, { kind: 'enum', known: values });
}

/**
 * Declares where the rows of an object come from: one of `keys` (alternatives, in the order the
 * reader looks). When none holds anything, `findDrift` reports `missing` at the keys joined by `|`
 * (`users|hashtags|list`): the answer is kept and billed as any other, and an admin sees that its
 * rows are gone. With `documentedEmpty` the service documents an answer with none of them (a
 * creator without collaborations): it is drift only when the answer carries an object or a list
 * under a key the schema does not name, which is where moved rows would be. The declaration rides
 * on this instance: an `extend` of it declares nothing.
 */
export function rowsFrom<T extends z.ZodObject>(
  schema: T,
  keys: readonly (keyof T['shape'] & string)[],
  options: { documentedEmpty?: boolean } = {},
): T {
  return withRole(schema, { kind: 'rows', keys, documentedEmpty: options.documentedEmpty === true });
}

/**
 * A list of objects. An element that is not an object at all reads as an empty object (every field
 * of it missing), so one odd element never costs the whole list its other elements, and the list
 * keeps its length: per-item prices are billed by count.
 */
export function list<T extends z.ZodType>(item: T) {
  return z.array(z.preprocess((element) => (isRecord(element) ? element : {}), item));
}

/** What an answer lacked or carried that this version did not expect, with the field's path. */
export interface DriftFinding {
  /**
   * `missing`: a wanted field absent or null; `wrong_type`: a wanted field of another type;
   * `unknown_value`: an enumerated field with a value outside the list.
   */
  kind: 'missing' | 'wrong_type' | 'unknown_value';
  /** Dotted path from the body's root; `[]` stands for every element of a list. */
  path: string;
  /** The unknown value (cut to 60 characters), for `unknown_value` only. */
  value?: string;
}

/** Above this many findings an answer's report stops growing: a few paths tell the story. */
const MAX_FINDINGS = 50;

/**
 * What a parsed answer lacked against its schema's wanted fields and enums. Reads the body as it
 * came (not the parsed output, where absent and odd look alike) and reports each path once, however
 * many list elements share it. Pure: the same body gives the same findings.
 */
export function findDrift(schema: z.ZodType, body: unknown): DriftFinding[] {
  const found = new Map<string, DriftFinding>();
  walk(schema, body, '', found);
  return [...found.values()];
}

function note(found: Map<string, DriftFinding>, finding: DriftFinding): void {
  if (found.size >= MAX_FINDINGS) return;
  const key = `${finding.kind} ${finding.path} ${finding.value ?? ''}`;
  if (!found.has(key)) found.set(key, finding);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Peeled {
  schema: z.ZodType;
  wanted: boolean;
  known: readonly string[] | null;
  rows: RowsRole | null;
}

/**
 * Peels wrappers down to the schema that says what the value is, collecting roles on the way. A
 * preprocess (a renamed field, a list element read as an object) is kept: it changes the value,
 * which `walk` must see changed.
 */
function core(schema: z.ZodType): Peeled {
  let current = schema;
  let isWanted = false;
  let known: readonly string[] | null = null;
  let rows: RowsRole | null = null;
  for (;;) {
    const role = roles.get(current);
    if (role?.kind === 'wanted') isWanted = true;
    if (role?.kind === 'enum') known = role.known;
    if (role?.kind === 'rows') rows = role;
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodCatch ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodReadonly
    ) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe && !(current.in instanceof z.ZodTransform)) {
      // `wanted` and `optional` end in a transform of their output: what counts is their input.
      current = current.in as z.ZodType;
    } else return { schema: current, wanted: isWanted, known, rows };
  }
}

/** Whether a schema reads objects (through its wrappers and preprocessing). */
function readsObjects(schema: z.ZodType): boolean {
  const { schema: inner } = core(schema);
  if (inner instanceof z.ZodPipe) return readsObjects(inner.out as z.ZodType);
  return inner instanceof z.ZodObject;
}

function walk(
  schema: z.ZodType,
  value: unknown,
  path: string,
  found: Map<string, DriftFinding>,
  inheritedWanted = false,
): void {
  const peeled = core(schema);
  const inner = peeled.schema;
  const isWanted = peeled.wanted || inheritedWanted;
  const where = path === '' ? '(root)' : path;
  if (inner instanceof z.ZodPipe) {
    // A preprocess: the value as the schema after it sees it (an alias renamed, an odd element
    // read as an empty object, a member given as a number), so a renamed field is not reported
    // missing; null and absent values go through it too, since it may read them.
    const mapped = (inner.in as z.ZodType).safeParse(value);
    walk(inner.out as z.ZodType, mapped.success ? mapped.data : value, path, found, isWanted);
    return;
  }
  if (value === undefined || value === null) {
    if (isWanted) note(found, { kind: 'missing', path: where });
    return;
  }
  if (peeled.known !== null) {
    if (typeof value !== 'string') {
      if (isWanted) note(found, { kind: 'wrong_type', path: where });
    } else if (!peeled.known.includes(value)) {
      note(found, { kind: 'unknown_value', path: where, value: value.slice(0, 60) });
    }
    return;
  }
  if (inner instanceof z.ZodObject) {
    if (!isRecord(value)) {
      if (isWanted) note(found, { kind: 'wrong_type', path: where });
      return;
    }
    const shape = inner.shape as Record<string, z.ZodType>;
    for (const [key, field] of Object.entries(shape)) {
      walk(field, value[key], path === '' ? key : `${path}.${key}`, found);
    }
    if (peeled.rows !== null && rowsAreGone(peeled.rows, shape, value)) {
      const keys = peeled.rows.keys.join('|');
      note(found, { kind: 'missing', path: path === '' ? keys : `${path}.${keys}` });
    }
    return;
  }
  if (inner instanceof z.ZodArray) {
    if (!Array.isArray(value)) {
      if (isWanted) note(found, { kind: 'wrong_type', path: where });
      return;
    }
    const element = inner.element as z.ZodType;
    const objects = readsObjects(element);
    for (const item of value) {
      // An element that is not an object is read as an empty one (`list`): say so once.
      if (objects && !isRecord(item)) note(found, { kind: 'wrong_type', path: `${path}[]` });
      else walk(element, item, `${path}[]`, found);
    }
    return;
  }
  if (inner instanceof z.ZodRecord) {
    if (!isRecord(value)) return;
    for (const item of Object.values(value)) walk(inner.valueType as z.ZodType, item, `${path}.*`, found);
    return;
  }
  if (inner instanceof z.ZodUnion) {
    const option = (inner.options as z.ZodType[]).find((candidate) => candidate.safeParse(value).success);
    if (option !== undefined) walk(option, value, path, found);
    else if (isWanted) note(found, { kind: 'wrong_type', path: where });
    return;
  }
  if (isWanted && !inner.safeParse(value).success) note(found, { kind: 'wrong_type', path: where });
}

/** Whether an object declared with `rowsFrom` has nothing where its rows come from. */
function rowsAreGone(
  role: RowsRole,
  shape: Record<string, z.ZodType>,
  value: Record<string, unknown>,
): boolean {
  if (role.keys.some((key) => value[key] !== undefined && value[key] !== null)) return false;
  if (!role.documentedEmpty) return true;
  return Object.entries(value).some(
    ([key, field]) => !(key in shape) && typeof field === 'object' && field !== null,
  );
}

/** A readable answer and what it lacked, or why it could not be read at all. */
export type AnswerReading<T> =
  { ok: true; value: T; drift: DriftFinding[] } | { ok: false; problems: string[] };

/**
 * Parses an answer with its tolerant schema and reports its drift. A failure names at most three
 * problems with their paths (never values: a body may quote what was sent).
 */
export function readAnswer<T>(schema: z.ZodType<T>, body: unknown): AnswerReading<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 3).map((issue) => {
      const where = issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.');
      return `${where}: ${issue.message}`;
    });
    return { ok: false, problems };
  }
  return { ok: true, value: parsed.data, drift: findDrift(schema, body) };
}
