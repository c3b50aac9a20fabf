import { z } from 'zod';
import { successEnvelope } from '../../../shared/responses/envelope';

describe('successEnvelope', () => {
  const schema = successEnvelope({ total: z.number() });

  it('accepts a success body and keeps fields the service adds later', () => {
    expect(schema.parse({ error: false, total: 3, requestId: 'r1' })).toEqual({
      error: false,
      total: 3,
      requestId: 'r1',
    });
  });

  it('rejects an error body, so a failure never passes for an empty success', () => {
    expect(schema.safeParse({ error: true, total: 3 }).success).toBe(false);
    expect(schema.safeParse({ total: 3 }).success).toBe(false);
  });
});
