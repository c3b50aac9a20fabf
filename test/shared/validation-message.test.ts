import { z } from 'zod';
import { describeIssues, formatPath, parseRequest } from '../../shared/validation-message';
import { emailSearchRequestSchema } from '../../shared/requests/email-search';
import { searchRequestSchema } from '../../shared/requests/search';

function messageFor(schema: z.ZodType, input: unknown, withInput = true): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return withInput ? describeIssues(result.error, input) : describeIssues(result.error);
}

describe('describeIssues', () => {
  it('names the field path, the allowed values and what it got', () => {
    expect(messageFor(searchRequestSchema('instagram'), { filter: { influencer: { gender: 'X' } } })).toBe(
      'filter.influencer.gender must be one of MALE, FEMALE, KNOWN, UNKNOWN, got "X"',
    );
  });

  it('names both bounds of a sized list and the count it got', () => {
    const emails = Array.from({ length: 1001 }, (_, i) => `${i}@x.co`);
    expect(messageFor(emailSearchRequestSchema, { emails })).toBe(
      'emails must hold 1 to 1000 items, got 1001',
    );
  });

  it('says "is required" for a missing field', () => {
    expect(messageFor(z.object({ name: z.string() }), {})).toBe('name is required');
  });

  it('still names the field and the rule when it is not given the input', () => {
    expect(messageFor(z.object({ page: z.number() }), { page: 'x' }, false)).toBe('page must be a number');
    expect(messageFor(z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' }, false)).toBe(
      'kind must be one of a, b',
    );
  });

  it('writes indexes in brackets and odd keys quoted', () => {
    expect(formatPath(['filter', 'audience', 'location', 0, 'weight'])).toBe(
      'filter.audience.location[0].weight',
    );
    expect(formatPath(['headers', 'x-trace'])).toBe('headers["x-trace"]');
    expect(formatPath([])).toBe('');
  });

  it('calls the root "request"', () => {
    expect(messageFor(z.object({}), 'text')).toBe('request must be an object, got "text"');
    expect(messageFor(z.object({}), undefined, false)).toBe('request must be an object');
  });

  it.each<[string, z.ZodType, unknown]>([
    ['n must be a whole number, got 2.5', z.object({ n: z.number().int() }), { n: 2.5 }],
    ['n must be at least 1, got 0', z.object({ n: z.number().min(1) }), { n: 0 }],
    ['n must be greater than 1, got 1', z.object({ n: z.number().gt(1) }), { n: 1 }],
    ['n must be at most 9, got 10', z.object({ n: z.number().max(9) }), { n: 10 }],
    ['n must be less than 9, got 9', z.object({ n: z.number().lt(9) }), { n: 9 }],
    ['n must be a multiple of 5, got 7', z.object({ n: z.number().multipleOf(5) }), { n: 7 }],
    ['s must not be empty', z.object({ s: z.string().min(1) }), { s: '' }],
    ['s must be at least 3 characters long, got 2', z.object({ s: z.string().min(3) }), { s: 'ab' }],
    ['s must be at most 3 characters long, got 4', z.object({ s: z.string().max(3) }), { s: 'abcd' }],
    ['s must be a valid email, got "nope"', z.object({ s: z.email() }), { s: 'nope' }],
    ['a must hold at least 2 items, got 1', z.object({ a: z.array(z.string()).min(2) }), { a: ['x'] }],
    ['a must hold at most 1 item, got 2', z.object({ a: z.array(z.string()).max(1) }), { a: ['x', 'y'] }],
    ['a must hold exactly 2 items, got 1', z.object({ a: z.array(z.string()).length(2) }), { a: ['x'] }],
    ['b must be true or false, got "yes"', z.object({ b: z.boolean() }), { b: 'yes' }],
    ['l must be on, got "off"', z.object({ l: z.literal('on') }), { l: 'off' }],
    ['request has unknown fields b, c', z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 }],
    [
      'u must be a string or a number, got true',
      z.object({ u: z.union([z.string(), z.number()]) }),
      { u: true },
    ],
    ['u is required', z.object({ u: z.union([z.string(), z.number()]) }), {}],
    ['a must be a number, got "x"', z.record(z.string(), z.number()), { a: 'x' }],
  ])('words: %s', (message, schema, input) => {
    expect(messageFor(schema, input)).toBe(message);
  });

  it('reports the option the caller meant when a union fails deeper than a type mismatch', () => {
    const phrases = z.object({ bio: z.union([z.string(), z.array(z.string()).max(2)]) });
    expect(messageFor(phrases, { bio: ['a', 'b', 'c'] })).toBe('bio must hold at most 2 items, got 3');
    expect(messageFor(phrases, { bio: ['a', 5] })).toBe('bio[1] must be a string, got 5');
  });

  it('uses a custom issue as a predicate below the root and as a sentence at the root', () => {
    const schema = z
      .object({ a: z.number().refine((n) => n % 2 === 0, { message: 'must be even' }) })
      .refine((o) => o.a > 10, { message: 'The total is too small.' });
    expect(messageFor(schema, { a: 13 })).toBe('a must be even');
    expect(messageFor(schema, { a: 4 })).toBe('The total is too small.');
  });

  it('shows long text cut short, and lists and objects by kind, never as JSON', () => {
    const long = 'x'.repeat(500);
    expect(messageFor(z.object({ n: z.number() }), { n: long })).toBe(
      `n must be a number, got "${'x'.repeat(60)}…"`,
    );
    expect(messageFor(z.object({ n: z.number() }), { n: [1, 2] })).toBe(
      'n must be a number, got an array of 2 items',
    );
    expect(messageFor(z.object({ n: z.number() }), { n: { deep: { er: 1 } } })).toBe(
      'n must be a number, got an object',
    );
    expect(messageFor(z.object({ n: z.number() }), { n: null })).toBe('n must be a number, got null');
  });

  it('joins several problems with semicolons and summarises beyond five', () => {
    const schema = z.object({ a: z.array(z.number()) });
    expect(messageFor(schema, { a: ['1', '2'] })).toBe(
      'a[0] must be a number, got "1"; a[1] must be a number, got "2"',
    );
    const many = Array.from({ length: 1000 }, (_, i) => String(i));
    const message = messageFor(schema, { a: many });
    expect(message.split('; ')).toHaveLength(6);
    expect(message.endsWith('; and 995 more problems')).toBe(true);
  });

  it('does not repeat the same sentence', () => {
    const schema = z.object({ a: z.string() }).and(z.object({ a: z.string() }));
    expect(messageFor(schema, { a: 1 })).toBe('a must be a string, got 1');
  });
});

describe('parseRequest', () => {
  it('returns the parsed data with defaults', () => {
    expect(parseRequest(z.object({ page: z.number().default(0) }), {})).toEqual({
      success: true,
      data: { page: 0 },
    });
  });

  it('returns the readable message on failure', () => {
    expect(parseRequest(emailSearchRequestSchema, { emails: 'a@b.co' })).toEqual({
      success: false,
      message: 'emails must be an array, got "a@b.co"',
    });
  });
});
