import { EMAIL_SEARCH_MAX } from '../../../shared/limits';
import { emailSearchRequestSchema } from '../../../shared/requests/email-search';
import { accepted, rejected } from './expect-parse';

const emails = (n: number) => Array.from({ length: n }, (_, i) => `person${i}@example.com`);

describe('e-mail search request', () => {
  it('accepts 1 and 1000 addresses', () => {
    expect(accepted(emailSearchRequestSchema, { emails: emails(1) }).emails).toHaveLength(1);
    expect(accepted(emailSearchRequestSchema, { emails: emails(EMAIL_SEARCH_MAX) }).emails).toHaveLength(
      1000,
    );
  });

  it('rejects 1001 and 0 addresses naming both bounds and the count', () => {
    expect(rejected(emailSearchRequestSchema, { emails: emails(1001) })).toBe(
      'emails must hold 1 to 1000 items, got 1001',
    );
    expect(rejected(emailSearchRequestSchema, { emails: [] })).toBe(
      'emails must hold 1 to 1000 items, got 0',
    );
  });

  it('trims addresses and rejects blank ones by position', () => {
    expect(accepted(emailSearchRequestSchema, { emails: [' a@b.co '] }).emails).toEqual(['a@b.co']);
    expect(rejected(emailSearchRequestSchema, { emails: ['a@b.co', '  '] })).toBe(
      'emails[1] must not be empty',
    );
  });

  it('does not fail a batch over one malformed address (the service reports it as not matched)', () => {
    expect(accepted(emailSearchRequestSchema, { emails: ['not-an-address'] }).emails).toEqual([
      'not-an-address',
    ]);
  });

  it('requires emails as an array of strings', () => {
    expect(rejected(emailSearchRequestSchema, {})).toBe('emails is required');
    expect(rejected(emailSearchRequestSchema, { emails: 'a@b.co' })).toBe(
      'emails must be an array, got "a@b.co"',
    );
    expect(rejected(emailSearchRequestSchema, { emails: [42] })).toBe('emails[0] must be a string, got 42');
  });

  it('keeps unknown fields', () => {
    expect(accepted(emailSearchRequestSchema, { emails: ['a@b.co'], trace: 'x' })).toEqual({
      emails: ['a@b.co'],
      trace: 'x',
    });
  });
});
