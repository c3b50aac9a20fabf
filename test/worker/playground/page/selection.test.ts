import {
  bounds,
  cellSelection,
  columnSelection,
  contains,
  extendTo,
  moveSelection,
  parseReference,
  rowSelection,
  selectionA1,
} from '../../../../worker/playground/page/selection';

/** The grid's selection, as the name box and the script's active range name it. */

const size = { rows: 1000, columns: 26 };

describe('selection', () => {
  it('names cells, ranges, whole columns and whole rows as Sheets does', () => {
    expect(selectionA1(cellSelection(2, 2), size)).toBe('B2');
    expect(selectionA1(extendTo(cellSelection(5, 3), { row: 2, column: 2 }), size)).toBe('B2:C5');
    expect(selectionA1(columnSelection(3, 1), size)).toBe('A:C');
    expect(selectionA1(rowSelection(4, 4), size)).toBe('4:4');
  });

  it('moves the cursor with the arrows, within the grid, and extends with Shift', () => {
    const start = cellSelection(1, 1);
    expect(selectionA1(moveSelection(start, -1, -1, false, size), size)).toBe('A1');
    expect(selectionA1(moveSelection(start, 1, 1, false, size), size)).toBe('B2');
    expect(selectionA1(moveSelection(start, 2, 1, true, size), size)).toBe('A1:B3');
    expect(selectionA1(moveSelection(cellSelection(1000, 26), 5, 5, false, size), size)).toBe('Z1000');
    // Shift+Right on a whole column takes the next column too.
    expect(selectionA1(moveSelection(columnSelection(1, 1), 0, 1, true, size), size)).toBe('A:B');
  });

  it('covers the whole column or row it names', () => {
    expect(bounds(columnSelection(2, 2), size)).toEqual({ top: 1, left: 2, bottom: 1000, right: 2 });
    expect(contains(columnSelection(2, 2), size, 999, 2)).toBe(true);
    expect(contains(rowSelection(3, 5), size, 4, 26)).toBe(true);
    expect(contains(rowSelection(3, 5), size, 6, 1)).toBe(false);
  });

  it('reads what is typed into the name box, or says it names no cells', () => {
    expect(parseReference('a2001', { rows: 3000, columns: 26 })).toEqual(cellSelection(2001, 1));
    expect(parseReference('Leads!B2:C3', size)).toEqual({
      kind: 'cells',
      anchor: { row: 2, column: 2 },
      focus: { row: 3, column: 3 },
    });
    expect(parseReference('A:A', size)?.kind).toBe('columns');
    expect(parseReference('3:5', size)?.kind).toBe('rows');
    expect(parseReference('A2001', size)).toBeNull();
    expect(parseReference('hello there', size)).toBeNull();
    expect(parseReference('', size)).toBeNull();
  });
});
