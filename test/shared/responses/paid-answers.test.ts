import type { z } from 'zod';
import type { OperationId } from '../../../shared/operations';
import { PRICE_TABLE } from '../../../shared/pricing';
import { PAID_ANSWER_SCHEMAS } from '../../../shared/responses/paid-answers';
import { readAnswer } from '../../../shared/responses/tolerant';

/**
 * A paid 2xx is the user's money: an answer without the fields its rows come from must never read
 * as a silent page of no rows. It is either unreadable (billed once, kept for an admin) or read
 * with contract drift that `GET /api/health` shows. Checked for every paid operation of the price
 * table, with the two shapes a vendor change takes: nothing at all, and the rows moved under a key
 * this version does not know.
 */

const paid = (Object.keys(PRICE_TABLE) as OperationId[]).filter((id) => PRICE_TABLE[id].kind !== 'free');

/** Collaborations document an answer with neither side for a creator without any (api-notes). */
const DOCUMENTED_EMPTY: readonly OperationId[] = ['collaborationPosts', 'collaborationSummary'];

function isSilent(schema: z.ZodType, body: unknown): boolean {
  const reading = readAnswer(schema, body);
  return reading.ok && reading.drift.length === 0;
}

const cases = paid.flatMap((id) => (PAID_ANSWER_SCHEMAS[id] ?? []).map((schema, n) => ({ id, n, schema })));

it('declares the answer schemas of every paid operation, and of no free one', () => {
  expect(Object.keys(PAID_ANSWER_SCHEMAS).sort()).toEqual([...paid].sort());
  expect(cases.length).toBeGreaterThanOrEqual(paid.length);
});

it.each(cases)(
  '$id (schema $n): rows moved under another key are never a silent empty page',
  ({ schema }) => {
    expect(isSilent(schema, { error: false, data: { items: [{ id: '1', username: 'a' }] } })).toBe(false);
    expect(isSilent(schema, { error: false, result: [{ id: '1', username: 'a' }] })).toBe(false);
  },
);

it.each(cases.filter(({ id }) => !DOCUMENTED_EMPTY.includes(id)))(
  '$id (schema $n): an answer with nothing in it is never a silent empty page',
  ({ schema }) => {
    expect(isSilent(schema, {})).toBe(false);
    expect(isSilent(schema, { error: false, status: 'ok' })).toBe(false);
  },
);

it('reads the documented empty collaboration answer as empty, without drift', () => {
  for (const id of DOCUMENTED_EMPTY) {
    for (const schema of PAID_ANSWER_SCHEMAS[id] ?? [])
      expect(isSilent(schema, { error: false, cursor: null })).toBe(true);
  }
});
