import { normalizeEmail, prepareEmails, validateEmail } from '../../shared/emails';

describe('normalizeEmail', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['  Ada@Example.COM ', 'ada@example.com'],
    ['mailto:ada@example.com', 'ada@example.com'],
    ['MAILTO:Ada@Example.com?subject=Hello', 'ada@example.com'],
    ['<ada@example.com>', 'ada@example.com'],
    ['Ada Runner <Ada@Example.com>', 'ada@example.com'],
    ['<mailto:ada@example.com>', 'ada@example.com'],
    ['ada@example.com;', 'ada@example.com'],
    ['ada@example.com,', 'ada@example.com'],
    ['\u200Bada@example.com\u00A0', 'ada@example.com'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });
});

describe('validateEmail', () => {
  it.each([
    'ada@example.com',
    'ada.runs+promo@mail.example.co.uk',
    "o'brien@example.ie",
    'ada@münchen.de',
    'a_b-c@x-y.io',
  ])('accepts %s', (email) => {
    expect(validateEmail(email)).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['ada example.com', 'spaces inside'],
    ['ada @example.com', 'spaces inside'],
    ['ada.example.com', 'missing @'],
    ['ada@@example.com', 'more than one @'],
    ['ada@x@example.com', 'more than one @'],
    ['@example.com', 'nothing before @'],
    ['ada@', 'no domain'],
    ['ada@localhost', 'domain has no dot'],
    ['ada@example..com', 'misplaced dot in the domain'],
    ['ada@example.com.', 'misplaced dot in the domain'],
    ['ada@.example.com', 'misplaced dot in the domain'],
    ['.ada@example.com', 'misplaced dot before @'],
    ['ada..runs@example.com', 'misplaced dot before @'],
    ['ada,runs@example.com', '"," is not allowed'],
    ['ada@exa_mple.com', 'invalid character in the domain'],
    ['ada@-example.com', 'invalid character in the domain'],
    ['ada@example.c', 'domain ending is not valid'],
    ['ada@10.0.0.1', 'domain ending is not valid'],
    [`${'a'.repeat(250)}@example.com`, 'longer than 254 characters'],
  ])('rejects %j: %s', (email, reason) => {
    expect(validateEmail(email)).toBe(reason);
  });
});

describe('prepareEmails', () => {
  it('keeps one entry per input position and each valid address once, in first-seen order', () => {
    const prepared = prepareEmails([
      'Ada@Example.com',
      '',
      'cy@example.com',
      '  ada@example.com ',
      'not-an-email',
      null,
      'ADA@EXAMPLE.COM',
      'mailto:cy@example.com',
    ]);
    expect(prepared.unique).toEqual(['ada@example.com', 'cy@example.com']);
    expect(prepared.entries).toEqual([
      { kind: 'valid', input: 'Ada@Example.com', email: 'ada@example.com', firstIndex: 0 },
      { kind: 'blank', input: '' },
      { kind: 'valid', input: 'cy@example.com', email: 'cy@example.com', firstIndex: 2 },
      { kind: 'valid', input: '  ada@example.com ', email: 'ada@example.com', firstIndex: 0 },
      { kind: 'invalid', input: 'not-an-email', reason: 'missing @' },
      { kind: 'blank', input: '' },
      { kind: 'valid', input: 'ADA@EXAMPLE.COM', email: 'ada@example.com', firstIndex: 0 },
      { kind: 'valid', input: 'mailto:cy@example.com', email: 'cy@example.com', firstIndex: 2 },
    ]);
  });

  it('treats whitespace-only and non-text cells as blank', () => {
    const prepared = prepareEmails(['   ', undefined, {}, '\u00A0']);
    expect(prepared.entries.map((entry) => entry.kind)).toEqual(['blank', 'blank', 'blank', 'blank']);
    expect(prepared.unique).toEqual([]);
  });

  it('counts only unique valid addresses for the cost estimate', () => {
    const inputs = Array.from({ length: 1500 }, (_, i) => `user${i % 600}@example.com`);
    inputs.push('broken@', '');
    const prepared = prepareEmails(inputs);
    expect(prepared.unique).toHaveLength(600);
    expect(prepared.entries).toHaveLength(1502);
  });
});
