import {
  errorBodySchema,
  isKnownErrorCode,
  KNOWN_ERROR_CODES,
  readServiceError,
} from '../../../shared/responses/errors';
import {
  errorFlagOnly,
  errorWithBlankTexts,
  errorWithNewCodeAndExtras,
  errorWithNumericCodeAndObjectMessage,
  handleNotFound,
} from './fixtures/errors';

describe('readServiceError', () => {
  it('reads the documented error body', () => {
    expect(readServiceError(handleNotFound())).toEqual({
      code: 'handle_not_found',
      message: 'No such handle',
    });
  });

  it('reads a code nobody has listed yet, trimmed, whatever else the body carries', () => {
    expect(readServiceError(errorWithNewCodeAndExtras())).toEqual({
      code: 'rate_limited',
      message: 'Slow down',
    });
  });

  it('reads the flag alone as an error without code or message', () => {
    expect(readServiceError(errorFlagOnly())).toEqual({ code: null, message: null });
  });

  it('reads a code or message that is not text, or is blank, as none', () => {
    expect(readServiceError(errorWithNumericCodeAndObjectMessage())).toEqual({ code: null, message: null });
    expect(readServiceError(errorWithBlankTexts())).toEqual({ code: null, message: null });
    expect(readServiceError({ error: true, code: 'bad_request', message: 7 })).toEqual({
      code: 'bad_request',
      message: null,
    });
  });

  it.each<[string, unknown]>([
    ['a success body', { error: false, code: 'x', message: 'y' }],
    ['a body without the flag', { code: 'bad_request', message: 'Bad' }],
    ['a flag that is text', { error: 'true', code: 'bad_request', message: 'Bad' }],
    ['a flag that is a number', { error: 1, code: 'bad_request', message: 'Bad' }],
    ['a flag that is an object', { error: { code: 'bad_request', message: 'Bad' } }],
    ['a list', [handleNotFound()]],
    ['text', 'error'],
    ['null', null],
    ['a number', 500],
  ])('reads %s as no service error', (_, body) => {
    expect(readServiceError(body)).toBeNull();
  });
});

describe('errorBodySchema', () => {
  it('reads the documented error body and keeps extra fields', () => {
    const body = { ...handleNotFound(), status: 404 };
    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it('accepts codes nobody has listed yet', () => {
    const parsed = errorBodySchema.parse({ error: true, code: 'rate_limited', message: 'Slow down' });
    expect(isKnownErrorCode(parsed.code)).toBe(false);
  });

  it('rejects a body without a message or with a numeric code', () => {
    expect(errorBodySchema.safeParse(errorFlagOnly()).success).toBe(false);
    expect(errorBodySchema.safeParse(errorWithNumericCodeAndObjectMessage()).success).toBe(false);
  });

  it('knows every code api-notes lists', () => {
    expect(KNOWN_ERROR_CODES).toHaveLength(12);
    expect(isKnownErrorCode('not_enough_credits')).toBe(true);
    expect(isKnownErrorCode('retry_later')).toBe(true);
  });
});
