import { z } from 'zod';
import { COLUMN_FORMATS, type Column } from '../../../shared/rows/columns';
import type { CredentialKind, Identity, Role } from '../identity/identity';
import type { JsonValue } from '../store/values/json-value';

/**
 * A job's `input` as the store keeps it: the kind's params, the columns fixed at creation, and how
 * the owner called (their role then, so that a job resumed after a restart runs as the same
 * identity). Params hold what the user typed (filters, handles, queries), so the store seals the
 * whole input (job-repository.ts); an e-mail job's addresses are its private input besides, which
 * the store deletes when the job ends.
 */
interface StoredJobInput {
  params: unknown;
  columns: Column[];
  owner: { role: Role; via: CredentialKind };
  /** A keyed digest of kind + input: the same idempotency key with another input is a conflict. */
  fingerprint: string;
}

const storedJobInputSchema = z.looseObject({
  params: z.unknown(),
  columns: z.array(z.looseObject({ id: z.string(), label: z.string(), format: z.enum(COLUMN_FORMATS) })),
  owner: z.looseObject({
    role: z.enum(['admin', 'member']),
    via: z.enum(['idToken', 'workerKey', 'devKey']),
  }),
  fingerprint: z.string(),
});

export function toStoredJobInput(
  params: JsonValue,
  columns: readonly Column[],
  owner: Pick<Identity, 'role' | 'via'>,
  fingerprint: string,
): JsonValue {
  return {
    params,
    columns: columns.map((col) => ({ id: col.id, label: col.label, format: col.format })),
    owner: { role: owner.role, via: owner.via },
    fingerprint,
  };
}

/** The stored input, or null when it is not one (a job written by another version). */
export function readStoredJobInput(input: unknown): StoredJobInput | null {
  const parsed = storedJobInputSchema.safeParse(input);
  if (!parsed.success) return null;
  const { params, columns, owner, fingerprint } = parsed.data;
  return {
    params,
    columns: columns.map((col) => ({ id: col.id, label: col.label, format: col.format })),
    owner: { role: owner.role, via: owner.via },
    fingerprint,
  };
}

/** A parsed value as the JSON the store keeps (optional members left out, as JSON drops them). */
export function asJsonValue(value: unknown): JsonValue {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`a job setting must be a JSON value, got ${typeof value}`);
  return JSON.parse(text) as JsonValue;
}
