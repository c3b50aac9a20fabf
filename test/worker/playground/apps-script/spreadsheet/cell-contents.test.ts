import {
  displayValue,
  enterValue,
  formatDate,
} from '../../../../../worker/playground/apps-script/spreadsheet/cell-contents';

describe('cell values', () => {
  it('reads written strings as typed text, as setValues does', () => {
    const entered = (input: unknown, format = 'General') => enterValue(input, format).value;
    expect(entered('123')).toBe(123);
    expect(entered('00123')).toBe(123);
    expect(entered('1,234.5')).toBe(1234.5);
    expect(entered('12%')).toBeCloseTo(0.12);
    expect(entered('TRUE')).toBe(true);
    expect(entered('2024-05-01')).toEqual(new Date(Date.UTC(2024, 4, 1)));
    expect(entered("'00123")).toBe('00123');
    expect(entered('00123', '@')).toBe('00123');
    expect(entered('@nasa')).toBe('@nasa');
    expect(entered(null)).toBe('');
    expect(enterValue('=SUM(A1:A2)', 'General')).toEqual({ value: '', formula: '=SUM(A1:A2)' });
  });

  it('refuses what no cell can hold', () => {
    expect(() => enterValue({ a: 1 }, 'General')).toThrow('refuses a object');
    expect(() => enterValue([1], 'General')).toThrow('nested array');
    expect(() => enterValue(Number.NaN, 'General')).toThrow('NaN');
    expect(() => enterValue('x'.repeat(50_001), 'General')).toThrow(
      'more than the maximum of 50000 characters',
    );
  });

  it('shows numbers, booleans and dates in their formats', () => {
    expect(displayValue(1234567, '#,##0')).toBe('1,234,567');
    expect(displayValue(0.04567, '0.00%')).toBe('4.57%');
    expect(displayValue(2.5, '0.0')).toBe('2.5');
    expect(displayValue(1234.5, 'General')).toBe('1234.5');
    expect(displayValue(true, 'General')).toBe('TRUE');
    expect(displayValue('', '0.00%')).toBe('');
    expect(formatDate(new Date(Date.UTC(2024, 4, 1, 9, 7)), 'yyyy-mm-dd hh:mm')).toBe('2024-05-01 09:07');
  });
});
