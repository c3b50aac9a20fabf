import {
  decodeCursor,
  encodeCursor,
  scopeKey,
  wholeNumberField,
} from '../../../../../worker/sandbox/operations/content/opaque-cursor';

describe('opaque cursors', () => {
  it('give back the fields they were made from', () => {
    expect(decodeCursor(encodeCursor(['f', 'abc', 24]))).toEqual(['f', 'abc', '24']);
  });

  it('are URL-safe text that does not show its fields', () => {
    const cursor = encodeCursor(['igc', scopeKey('3851981654216589395'), 3]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('igc');
  });

  it('refuse anything edited, truncated or invented', () => {
    const cursor = encodeCursor(['f', 'abc', 24]);
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    const edited = Buffer.from(text.replace('24', '36'), 'utf8').toString('base64url');
    expect(decodeCursor(edited)).toBeNull();
    expect(decodeCursor(cursor.slice(0, -2))).toBeNull();
    expect(decodeCursor('24')).toBeNull();
    expect(decodeCursor('not a cursor!')).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it('do not share a prefix between pages of the same feed', () => {
    const first = encodeCursor(['f', 'abc', 12]);
    const second = encodeCursor(['f', 'abc', 24]);
    expect(first.slice(0, 4)).not.toBe(second.slice(0, 4));
  });

  it('refuse a field holding the separator', () => {
    expect(() => encodeCursor(['a~b'])).toThrow(/may not contain/);
  });

  it('read whole-number fields only', () => {
    expect(wholeNumberField('30')).toBe(30);
    expect(wholeNumberField('-1')).toBeNull();
    expect(wholeNumberField('1e3')).toBeNull();
    expect(wholeNumberField(undefined)).toBeNull();
  });
});
