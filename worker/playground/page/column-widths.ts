/** A new column's width in Sheets, in pixels. */
export const DEFAULT_COLUMN_WIDTH = 120;
/** Narrower than this and a column's header letters no longer fit. */
export const MIN_COLUMN_WIDTH = 24;
/** Sheets' own ceiling for one column. */
const MAX_COLUMN_WIDTH = 2000;

/**
 * The widths of a tab's columns: the default for all, except those a person dragged (kept for
 * the session, per tab, as Sheets keeps them per tab). Offsets are from the left of column 1;
 * few columns are ever resized, so sums run over those only.
 */
export class ColumnWidths {
  private readonly custom = new Map<number, number>();

  width(column: number): number {
    return this.custom.get(column) ?? DEFAULT_COLUMN_WIDTH;
  }

  /** Sets a column's width, held between the smallest that shows its letters and Sheets' largest. */
  setWidth(column: number, width: number): number {
    const held = Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
    if (held === DEFAULT_COLUMN_WIDTH) this.custom.delete(column);
    else this.custom.set(column, held);
    return held;
  }

  /** Pixels from the left of column 1 to the left of `column`. */
  left(column: number): number {
    let offset = (column - 1) * DEFAULT_COLUMN_WIDTH;
    for (const [resized, width] of this.custom) {
      if (resized < column) offset += width - DEFAULT_COLUMN_WIDTH;
    }
    return offset;
  }

  /** The width of columns 1 to `columns`. */
  total(columns: number): number {
    return this.left(columns + 1);
  }

  /** The column at `offset` pixels from the left of column 1, within 1 to `columns`. */
  columnAt(offset: number, columns: number): number {
    let low = 1;
    let high = columns;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.left(middle) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
