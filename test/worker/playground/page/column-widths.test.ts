import {
  ColumnWidths,
  DEFAULT_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
} from '../../../../worker/playground/page/column-widths';

/** The grid's column widths: the default, and those a person dragged. */

describe('ColumnWidths', () => {
  it('lays columns side by side at the default width until one is resized', () => {
    const widths = new ColumnWidths();
    expect(widths.left(1)).toBe(0);
    expect(widths.left(4)).toBe(3 * DEFAULT_COLUMN_WIDTH);
    expect(widths.columnAt(DEFAULT_COLUMN_WIDTH * 2 + 5, 26)).toBe(3);

    widths.setWidth(2, 300);
    expect(widths.width(2)).toBe(300);
    expect(widths.left(3)).toBe(DEFAULT_COLUMN_WIDTH + 300);
    expect(widths.total(3)).toBe(2 * DEFAULT_COLUMN_WIDTH + 300);
    expect(widths.columnAt(DEFAULT_COLUMN_WIDTH + 299, 26)).toBe(2);
    expect(widths.columnAt(DEFAULT_COLUMN_WIDTH + 300, 26)).toBe(3);
  });

  it('keeps a width between the narrowest that shows the letters and Sheets’ widest', () => {
    const widths = new ColumnWidths();
    expect(widths.setWidth(1, 3)).toBe(MIN_COLUMN_WIDTH);
    expect(widths.setWidth(1, 99_999)).toBe(2000);
  });

  it('finds the first and last column for any offset', () => {
    const widths = new ColumnWidths();
    expect(widths.columnAt(-50, 26)).toBe(1);
    expect(widths.columnAt(1_000_000, 26)).toBe(26);
  });
});
