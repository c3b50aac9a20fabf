import { errorBodySchema, isKnownErrorCode, KNOWN_ERROR_CODES } from '../../../shared/responses/errors';

describe('errorBodySchema', () => {
  it('reads the documented error body and keeps extra fields', () => {
    const body = { error: true, code: 'handle_not_found', message: 'No such handle', status: 404 };
    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it('accepts codes nobody has listed yet', () => {
    const parsed = errorBodySchema.parse({ error: true, code: 'rate_limited', message: 'Slow down' });
    expect(isKnownErrorCode(parsed.code)).toBe(false);
  });

  it('rejects a body without a message or with a numeric code', () => {
    expect(errorBodySchema.safeParse({ error: true, code: 'bad_request' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ error: true, code: 400, message: 'Bad' }).success).toBe(false);
  });

  it('knows every code api-notes lists', () => {
    expect(KNOWN_ERROR_CODES).toHaveLength(12);
    expect(isKnownErrorCode('not_enough_credits')).toBe(true);
    expect(isKnownErrorCode('retry_later')).toBe(true);
  });
});
