/**
 * The deepest nesting of arrays and objects the worker accepts in a request. The deepest real
 * request is a job whose input is a search filter (`{ input: { filter: { influencer: { followers:
 * { min } } } } }`: 5 levels); 32 leaves room for any filter the API may grow, while code that walks
 * a body recursively (JSON.stringify, canonical-json.ts, zod) stays far from the stack's end.
 */
export const MAX_BODY_DEPTH = 32;

/**
 * true when `value` nests arrays or objects more than `maxDepth` levels deep (a bare value is
 * depth 0, `[]` and `{}` depth 1). Walks with a stack of its own, never recursing, so a body of
 * 100,000 nested arrays is measured, not a stack overflow; it stops at the first level too deep.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return true;
    const members: unknown[] = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const member of members) {
      // Most members of a big body are text or numbers: skip them without a stack entry.
      if (typeof member === 'object' && member !== null) pending.push({ value: member, depth });
    }
  }
  return false;
}
