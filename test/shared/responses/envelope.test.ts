import { z } from 'zod';
import { successEnvelope } from '../../../shared/responses/envelope';
import { readServiceError } from '../../../shared/responses/errors';
import { findDrift, wanted } from '../../../shared/responses/tolerant';

describe('successEnvelope', () => {
  const schema = successEnvelope({ total: wanted(z.number()), items: z.array(z.string()) });

  it('reads a success body and keeps fields the service adds later', () => {
    expect(schema.parse({ error: false, total: 3, items: ['a'], requestId: 'r1' })).toEqual({
      error: false,
      total: 3,
      items: ['a'],
      requestId: 'r1',
    });
  });

  it('does not require error: the documented health answer has none', () => {
    expect(schema.parse({ total: 3, items: [] })).toEqual({ total: 3, items: [] });
    expect(findDrift(schema, { total: 3, items: [] })).toEqual([]);
  });

  it('reads an error flag of another type as absent, silently', () => {
    expect(schema.parse({ error: 'no', total: 3, items: [] })).toEqual({ total: 3, items: [] });
    expect(findDrift(schema, { error: 'no', total: 3, items: [] })).toEqual([]);
  });

  it('leaves a body flagged error: true to readServiceError, which the request core asks first', () => {
    const body = { error: true, code: 'retry_later', message: 'Try again later', items: [] };
    expect(readServiceError(body)).toEqual({ code: 'retry_later', message: 'Try again later' });
    expect(schema.safeParse(body).success).toBe(true);
  });

  it('still requires what the shape requires, and an object', () => {
    expect(schema.safeParse({ error: false, total: 3 }).success).toBe(false);
    expect(schema.safeParse([]).success).toBe(false);
    expect(schema.safeParse(null).success).toBe(false);
  });
});
