import type { z } from 'zod';
import { type DriftFinding, findDrift } from '../../../shared/responses/tolerant';

/**
 * `findDrift` in path order (then kind, then value), so a test states exactly which paths an answer
 * lacked without depending on the order of the fields in the schema.
 */
export function driftByPath(schema: z.ZodType, body: unknown): DriftFinding[] {
  const order = (finding: DriftFinding) => `${finding.path}\u0000${finding.kind}\u0000${finding.value ?? ''}`;
  return [...findDrift(schema, body)].sort((a, b) =>
    order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0,
  );
}
