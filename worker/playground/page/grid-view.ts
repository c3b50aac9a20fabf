import { columnLetters } from '../apps-script/spreadsheet/a1-range-reader';
import { unsupportedNote } from '../apps-script/spreadsheet/formula-syntax';
import type { CellOut } from '../playground-api';
import { CellCache } from './cell-cache';
import { parseClipboardText, toClipboardText } from './clipboard-text';
import { ColumnWidths } from './column-widths';
import { h } from './element';
import type { PlaygroundClient } from './playground-client';
import {
  bounds,
  cellA1,
  cellSelection,
  columnSelection,
  contains,
  extendTo,
  moveSelection,
  rowSelection,
  selectionA1,
  type GridSize,
  type Selection,
} from './selection';

const ROW_HEIGHT = 24;
const ROW_HEADER_WIDTH = 56;
/** The cell editor starts at least this wide, like Sheets' (it scrolls beyond). */
const EDITOR_MIN_WIDTH = 240;
const HEADER_HEIGHT = 24;
/** Rows and columns drawn beyond the visible edge, so a small scroll shows no gap. */
const OVERSCAN = 3;
/** Copy takes at most this many cells (those not read yet copy as empty). */
const MAX_COPY_CELLS = 100_000;

interface GridCallbacks {
  /** The selection settled (mouse up, a key): the script's active range follows. */
  onSelect(selection: Selection): void;
  /** The selection or the cursor's cell changed (the formula bar follows). */
  onCursor(): void;
  /** Text typed into a cell ("=..." a formula). */
  onEdit(row: number, column: number, text: string): void;
  /** Delete: empty the selection (A1 notation). */
  onClear(a1: string): void;
  /** Rows of cells pasted with the cursor at their top-left. */
  onPaste(row: number, column: number, values: string[][]): void;
  onError(error: Error): void;
}

type Hit =
  | { kind: 'cell'; row: number; column: number }
  | { kind: 'column'; column: number }
  | { kind: 'row'; row: number }
  | { kind: 'corner' };

/**
 * The spreadsheet grid: draws only the rows and columns in view (a tab of 100,000 rows costs what
 * a screenful costs), reads their cells in blocks, and handles selection (click, drag, Shift,
 * column and row headers), arrows, Enter to edit, Delete, copy and paste. An ARIA grid: the
 * focused scroll area points at the cursor's cell with aria-activedescendant.
 *
 * As in Sheets, a column header's right edge drags to resize the column (widths stay for the
 * session, per tab), and hovering a cell tells what it cannot show: the whole text when the
 * column cuts it, the reason for an error or for a formula kept as text (a corner mark says
 * there is one), else the formula.
 */
export class GridView {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLDivElement;
  private readonly headerRow: HTMLDivElement;
  private readonly rowsLayer: HTMLDivElement;
  private readonly editor: HTMLInputElement;
  private readonly cache: CellCache;
  private sheet = '';
  private size: GridSize = { rows: 0, columns: 0 };
  private selection: Selection = cellSelection(1, 1);
  private errors: Record<string, string> = {};
  private typed = new Map<string, string>();
  private editing: { row: number; column: number } | null = null;
  private dragging = false;
  private resizing: { column: number; startX: number; startWidth: number } | null = null;
  private renderQueued = false;
  private readonly widthsBySheet = new Map<string, ColumnWidths>();

  constructor(
    client: PlaygroundClient,
    private readonly callbacks: GridCallbacks,
  ) {
    this.cache = new CellCache(
      client,
      () => {
        this.typed.clear();
        this.queueRender();
        this.callbacks.onCursor();
      },
      (error) => {
        this.markReading();
        callbacks.onError(error);
      },
    );
    this.headerRow = h('div', { class: 'grid-header', role: 'row', 'aria-rowindex': '1' });
    this.rowsLayer = h('div', { class: 'grid-rows', role: 'rowgroup' });
    this.editor = h('input', {
      class: 'cell-editor',
      type: 'text',
      hidden: '',
      autocomplete: 'off',
      spellcheck: 'false',
    });
    this.canvas = h('div', { class: 'grid-canvas', role: 'none' }, [
      h('div', { role: 'rowgroup' }, [this.headerRow]),
      this.rowsLayer,
      this.editor,
    ]);
    this.element = h(
      'div',
      { class: 'grid', role: 'grid', tabindex: '0', 'aria-multiselectable': 'true', id: 'grid' },
      [this.canvas],
    );
    this.element.addEventListener('scroll', () => this.queueRender());
    this.element.addEventListener('mousedown', (event) => this.mouseDown(event));
    this.element.addEventListener('mousemove', (event) => this.mouseMove(event));
    window.addEventListener('mouseup', () => this.mouseUp());
    window.addEventListener('mousemove', (event) => this.resize(event));
    this.element.addEventListener('dblclick', (event) => {
      if (this.hit(event.target)?.kind === 'cell') this.startEditing(null);
    });
    this.element.addEventListener('keydown', (event) => this.keyDown(event));
    this.element.addEventListener('copy', (event) => this.copy(event));
    this.element.addEventListener('paste', (event) => this.paste(event));
    this.editor.addEventListener('keydown', (event) => this.editorKey(event));
    this.editor.addEventListener('blur', () => this.commitEdit(0, 0, false));
    new ResizeObserver(() => this.queueRender()).observe(this.element);
  }

  /** Shows `sheet` (at `selection` when it is another tab) or the newest version of the shown one. */
  show(
    sheet: string,
    size: GridSize,
    version: number,
    errors: Record<string, string>,
    selection: Selection | null,
  ): void {
    const switched = sheet !== this.sheet;
    this.sheet = sheet;
    this.size = size;
    this.errors = errors;
    this.cache.use(sheet, version);
    this.element.setAttribute('aria-label', `Cells of ${sheet}`);
    this.element.setAttribute('aria-rowcount', String(size.rows + 1));
    this.element.setAttribute('aria-colcount', String(size.columns + 1));
    this.canvas.style.width = `${ROW_HEADER_WIDTH + this.widths.total(size.columns)}px`;
    this.canvas.style.height = `${HEADER_HEIGHT + size.rows * ROW_HEIGHT}px`;
    if (switched) {
      this.cancelEdit();
      this.selection = selection ?? cellSelection(1, 1);
      this.element.scrollTo(0, 0);
      this.scrollToCursor();
    }
    this.render();
  }

  get currentSheet(): string {
    return this.sheet;
  }

  get currentSelection(): Selection {
    return this.selection;
  }

  get gridSize(): GridSize {
    return this.size;
  }

  /** Where a cell's top-left corner sits in the scrolled grid, in pixels (charts float there). */
  cellOrigin(row: number, column: number): { top: number; left: number } {
    return { top: HEADER_HEIGHT + (row - 1) * ROW_HEIGHT, left: ROW_HEADER_WIDTH + this.widths.left(column) };
  }

  /** The input of in-cell editing (the formula help attaches to it). */
  get cellEditor(): HTMLInputElement {
    return this.editor;
  }

  /** The shown tab's column widths. */
  private get widths(): ColumnWidths {
    let widths = this.widthsBySheet.get(this.sheet);
    if (widths === undefined) {
      widths = new ColumnWidths();
      this.widthsBySheet.set(this.sheet, widths);
    }
    return widths;
  }

  /** The cursor's cell as the formula bar shows it: its formula, else its value. */
  cursorText(): string {
    const { row, column } = this.selection.focus;
    const typed = this.typed.get(`${row},${column}`);
    if (typed !== undefined) return typed;
    const cell = this.cache.get(row, column);
    return cell?.f ?? cell?.v ?? '';
  }

  select(selection: Selection, notify = true): void {
    this.selection = selection;
    this.scrollToCursor();
    this.render();
    this.callbacks.onCursor();
    if (notify) this.callbacks.onSelect(selection);
  }

  focus(): void {
    this.element.focus({ preventScroll: true });
  }

  /** Shows `text` in the cell until the worker's answer replaces it. */
  showTyped(row: number, column: number, text: string): void {
    this.typed.set(`${row},${column}`, text);
    this.render();
  }

  /** Edits the cursor's cell in place, starting from `initial` (null: its current content). */
  startEditing(initial: string | null): void {
    const { row, column } = this.selection.focus;
    this.scrollToCursor();
    this.editing = { row, column };
    this.editor.hidden = false;
    this.editor.value = initial ?? this.cursorText();
    this.editor.setAttribute('aria-label', `Edit ${cellA1(row, column)}`);
    this.editor.style.top = `${HEADER_HEIGHT + (row - 1) * ROW_HEIGHT}px`;
    this.editor.style.left = `${ROW_HEADER_WIDTH + this.widths.left(column)}px`;
    this.editor.style.width = `${Math.max(EDITOR_MIN_WIDTH, this.widths.width(column))}px`;
    this.editor.focus();
    const end = this.editor.value.length;
    this.editor.setSelectionRange(end, end);
  }

  private commitEdit(rows: number, columns: number, refocus: boolean): void {
    const editing = this.editing;
    if (editing === null) return;
    this.editing = null;
    const text = this.editor.value;
    this.editor.hidden = true;
    this.showTyped(editing.row, editing.column, text);
    this.callbacks.onEdit(editing.row, editing.column, text);
    if (rows !== 0 || columns !== 0)
      this.select(moveSelection(cellSelection(editing.row, editing.column), rows, columns, false, this.size));
    if (refocus) this.focus();
  }

  private cancelEdit(): void {
    if (this.editing === null) return;
    this.editing = null;
    this.editor.hidden = true;
    this.focus();
  }

  private editorKey(event: KeyboardEvent): void {
    if (event.key === 'Enter') {
      event.preventDefault();
      this.commitEdit(event.shiftKey ? -1 : 1, 0, true);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      this.commitEdit(0, event.shiftKey ? -1 : 1, true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.cancelEdit();
    }
  }

  private keyDown(event: KeyboardEvent): void {
    if (event.target !== this.element || this.size.rows === 0) return;
    const command = event.ctrlKey || event.metaKey;
    const visibleRows = Math.max(1, Math.floor((this.element.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const last = this.cache.lastCell;
    const { focus } = this.selection;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [command ? 1 - focus.row : -1, 0],
      ArrowDown: [command ? Math.max(last.row, 1) - focus.row : 1, 0],
      ArrowLeft: [0, command ? 1 - focus.column : -1],
      ArrowRight: [0, command ? Math.max(last.column, 1) - focus.column : 1],
      PageUp: [-visibleRows, 0],
      PageDown: [visibleRows, 0],
      Home: [command ? 1 - focus.row : 0, 1 - focus.column],
      End: [command ? Math.max(last.row, 1) - focus.row : 0, Math.max(last.column, 1) - focus.column],
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      this.select(moveSelection(this.selection, move[0], move[1], event.shiftKey, this.size));
      return;
    }
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      this.startEditing(null);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      this.callbacks.onClear(selectionA1(this.selection, this.size));
    } else if (command && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      this.select({
        kind: 'cells',
        anchor: { row: 1, column: 1 },
        focus: { row: this.size.rows, column: this.size.columns },
      });
    } else if (event.key.length === 1 && !command && !event.altKey) {
      event.preventDefault();
      this.startEditing(event.key);
    }
  }

  private copy(event: ClipboardEvent): void {
    if (this.editing !== null) return;
    const b = bounds(this.selection, this.size);
    const bottom = Math.min(b.bottom, Math.max(this.cache.lastCell.row, b.top));
    const right = Math.min(b.right, Math.max(this.cache.lastCell.column, b.left));
    if ((bottom - b.top + 1) * (right - b.left + 1) > MAX_COPY_CELLS) return;
    const rows: string[][] = [];
    for (let row = b.top; row <= bottom; row++) {
      const line: string[] = [];
      for (let column = b.left; column <= right; column++) line.push(this.cache.get(row, column)?.v ?? '');
      rows.push(line);
    }
    event.clipboardData?.setData('text/plain', toClipboardText(rows));
    event.preventDefault();
  }

  private paste(event: ClipboardEvent): void {
    if (this.editing !== null) return;
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (text === '') return;
    event.preventDefault();
    const b = bounds(this.selection, this.size);
    this.callbacks.onPaste(b.top, b.left, parseClipboardText(text));
  }

  private hit(target: EventTarget | null): Hit | null {
    if (!(target instanceof Element)) return null;
    const element = target.closest<HTMLElement>('[data-hit]');
    if (element === null) return null;
    const row = Number(element.dataset.row);
    const column = Number(element.dataset.column);
    switch (element.dataset.hit) {
      case 'cell':
        return { kind: 'cell', row, column };
      case 'column':
        return { kind: 'column', column };
      case 'row':
        return { kind: 'row', row };
      case 'corner':
        return { kind: 'corner' };
      default:
        return null;
    }
  }

  private mouseDown(event: MouseEvent): void {
    if (event.button !== 0 || event.target === this.editor) return;
    if (this.startResize(event)) return;
    const hit = this.hit(event.target);
    if (hit === null) return;
    event.preventDefault();
    if (this.editing !== null) this.commitEdit(0, 0, false);
    this.focus();
    this.dragging = true;
    const extend = event.shiftKey;
    const current = this.selection;
    if (hit.kind === 'cell') {
      this.select(
        extend && current.kind === 'cells' ? extendTo(current, hit) : cellSelection(hit.row, hit.column),
        false,
      );
    } else if (hit.kind === 'column') {
      const from = extend && current.kind === 'columns' ? current.anchor.column : hit.column;
      this.select(columnSelection(from, hit.column), false);
    } else if (hit.kind === 'row') {
      const from = extend && current.kind === 'rows' ? current.anchor.row : hit.row;
      this.select(rowSelection(from, hit.row), false);
    } else {
      this.select(
        {
          kind: 'cells',
          anchor: { row: 1, column: 1 },
          focus: { row: this.size.rows, column: this.size.columns },
        },
        false,
      );
    }
  }

  private mouseMove(event: MouseEvent): void {
    if (!this.dragging || (event.buttons & 1) === 0) return;
    const hit = this.hit(event.target);
    const current = this.selection;
    if (hit?.kind === 'cell' && current.kind === 'cells') this.select(extendTo(current, hit), false);
    else if (hit?.kind === 'column' && current.kind === 'columns')
      this.select(columnSelection(current.anchor.column, hit.column), false);
    else if (hit?.kind === 'row' && current.kind === 'rows')
      this.select(rowSelection(current.anchor.row, hit.row), false);
  }

  /** A press on a column header's right edge: the column's width follows the mouse until release. */
  private startResize(event: MouseEvent): boolean {
    if (!(event.target instanceof Element)) return false;
    const handle = event.target.closest<HTMLElement>('[data-resize]');
    if (handle === null) return false;
    event.preventDefault();
    if (this.editing !== null) this.commitEdit(0, 0, false);
    const column = Number(handle.dataset.resize);
    this.resizing = { column, startX: event.clientX, startWidth: this.widths.width(column) };
    this.element.classList.add('resizing');
    return true;
  }

  private resize(event: MouseEvent): void {
    const resizing = this.resizing;
    if (resizing === null) return;
    if ((event.buttons & 1) === 0) {
      this.endResize();
      return;
    }
    const { column, startX, startWidth } = resizing;
    this.widths.setWidth(column, startWidth + event.clientX - startX);
    this.canvas.style.width = `${ROW_HEADER_WIDTH + this.widths.total(this.size.columns)}px`;
    this.queueRender();
  }

  private endResize(): void {
    if (this.resizing === null) return;
    this.resizing = null;
    this.element.classList.remove('resizing');
    this.queueRender();
  }

  private mouseUp(): void {
    this.endResize();
    if (!this.dragging) return;
    this.dragging = false;
    this.callbacks.onSelect(this.selection);
  }

  private scrollToCursor(): void {
    const { row, column } = this.selection.focus;
    const grid = this.element;
    const top = HEADER_HEIGHT + (row - 1) * ROW_HEIGHT;
    const left = ROW_HEADER_WIDTH + this.widths.left(column);
    const width = this.widths.width(column);
    if (this.selection.kind !== 'rows') {
      if (left - ROW_HEADER_WIDTH < grid.scrollLeft) grid.scrollLeft = left - ROW_HEADER_WIDTH;
      else if (left + width > grid.scrollLeft + grid.clientWidth)
        grid.scrollLeft = left + width - grid.clientWidth;
    }
    if (this.selection.kind !== 'columns') {
      if (top - HEADER_HEIGHT < grid.scrollTop) grid.scrollTop = top - HEADER_HEIGHT;
      else if (top + ROW_HEIGHT > grid.scrollTop + grid.clientHeight)
        grid.scrollTop = top + ROW_HEIGHT - grid.clientHeight;
    }
  }

  private queueRender(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      this.render();
    });
  }

  /** Draws the rows and columns in view, and asks for the cells not read yet. */
  private render(): void {
    const { rows, columns } = this.size;
    if (rows === 0 || columns === 0) {
      this.headerRow.replaceChildren();
      this.rowsLayer.replaceChildren();
      return;
    }
    const grid = this.element;
    const firstRow = Math.max(1, Math.floor(grid.scrollTop / ROW_HEIGHT) + 1 - OVERSCAN);
    const lastRow = Math.min(rows, Math.ceil((grid.scrollTop + grid.clientHeight) / ROW_HEIGHT) + OVERSCAN);
    const widths = this.widths;
    const firstColumn = Math.max(1, widths.columnAt(grid.scrollLeft, columns) - OVERSCAN);
    const lastColumn = Math.min(
      columns,
      widths.columnAt(grid.scrollLeft + grid.clientWidth, columns) + OVERSCAN,
    );
    this.cache.ensure(firstRow, firstColumn, lastRow, lastColumn);
    const selected = bounds(this.selection, this.size);

    const headers: HTMLElement[] = [
      h(
        'div',
        {
          class: 'grid-corner',
          role: 'columnheader',
          'aria-colindex': '1',
          'data-hit': 'corner',
          title: 'Select all',
        },
        [],
      ),
    ];
    for (let column = firstColumn; column <= lastColumn; column++) {
      const on = column >= selected.left && column <= selected.right;
      const letters = columnLetters(column);
      headers.push(
        h(
          'div',
          {
            class: `grid-column-header${on ? ' on' : ''}${this.selection.kind === 'columns' && on ? ' whole' : ''}`,
            role: 'columnheader',
            'aria-colindex': String(column + 1),
            'data-hit': 'column',
            'data-column': String(column),
            style: `left:${ROW_HEADER_WIDTH + widths.left(column)}px;width:${widths.width(column)}px`,
          },
          [
            h('span', { class: 'column-letters' }, [letters]),
            h('span', {
              class: 'column-resize',
              'data-resize': String(column),
              title: `Drag to resize column ${letters}`,
              'aria-hidden': 'true',
            }),
          ],
        ),
      );
    }
    this.headerRow.replaceChildren(...headers);

    const { focus } = this.selection;
    let cursorId: string | null = null;
    const lines: HTMLElement[] = [];
    const texts: HTMLElement[] = [];
    for (let row = firstRow; row <= lastRow; row++) {
      const on = row >= selected.top && row <= selected.bottom;
      const cells: HTMLElement[] = [
        h(
          'div',
          {
            class: `grid-row-header${on ? ' on' : ''}${this.selection.kind === 'rows' && on ? ' whole' : ''}`,
            role: 'rowheader',
            'aria-colindex': '1',
            'data-hit': 'row',
            'data-row': String(row),
          },
          [String(row)],
        ),
      ];
      for (let column = firstColumn; column <= lastColumn; column++) {
        const a1 = cellA1(row, column);
        const isCursor = row === focus.row && column === focus.column;
        const id = `cell-${a1}`;
        if (isCursor) cursorId = id;
        const element = this.cellElement(
          id,
          a1,
          row,
          column,
          contains(this.selection, this.size, row, column),
          isCursor,
        );
        if (element.textContent !== '') texts.push(element);
        cells.push(element);
      }
      lines.push(
        h(
          'div',
          {
            class: 'grid-row',
            role: 'row',
            'aria-rowindex': String(row + 1),
            style: `top:${HEADER_HEIGHT + (row - 1) * ROW_HEIGHT}px`,
          },
          cells,
        ),
      );
    }
    this.rowsLayer.replaceChildren(...lines);
    showCutText(texts);
    this.markReading();
    if (cursorId === null) grid.removeAttribute('aria-activedescendant');
    else grid.setAttribute('aria-activedescendant', cursorId);
  }

  /** `data-reading`: blocks of cells on their way (the browser tests wait for 0). */
  private markReading(): void {
    this.element.dataset.reading = String(this.cache.reading);
  }

  private cellElement(
    id: string,
    a1: string,
    row: number,
    column: number,
    selected: boolean,
    cursor: boolean,
  ): HTMLElement {
    const typed = this.typed.get(`${row},${column}`);
    const cell: CellOut | null | undefined = typed === undefined ? this.cache.get(row, column) : { v: typed };
    const classes = ['grid-cell'];
    if (selected) classes.push('selected');
    if (cursor) classes.push('cursor');
    if (cell?.n) classes.push('number');
    if (cell?.b) classes.push('bold');
    if (cell?.f !== undefined) classes.push('formula');
    // Sheets' hover text for an error, or why the playground keeps a formula as text.
    const note =
      this.errors[`${this.sheet}!${a1}`] ??
      (cell?.f === undefined || typed !== undefined ? null : unsupportedNote(cell.f));
    if (note !== null) classes.push(cell?.v.startsWith('#') === true ? 'noted error' : 'noted');
    const attributes: Record<string, string> = {
      id,
      class: classes.join(' '),
      role: 'gridcell',
      'aria-colindex': String(column + 1),
      'aria-selected': String(selected),
      'data-hit': 'cell',
      'data-row': String(row),
      'data-column': String(column),
      'data-a1': a1,
      style: `left:${ROW_HEADER_WIDTH + this.widths.left(column)}px;width:${this.widths.width(column)}px${cell?.bg === undefined ? '' : `;background:${cell.bg}`}`,
    };
    if (note !== null) attributes.title = note;
    else if (cell?.f !== undefined) attributes.title = cell.f;
    return h('div', attributes, [cell?.v ?? '']);
  }
}

/**
 * Gives each cell whose text the column cuts off the whole text on hover (before what its hover
 * said already). Read after the cells are in place: one layout for the screenful.
 */
function showCutText(cells: readonly HTMLElement[]): void {
  const cut = cells.filter((cell) => cell.scrollWidth > cell.clientWidth);
  for (const cell of cut) {
    const text = cell.textContent ?? '';
    cell.title = cell.title === '' ? text : `${text}\n${cell.title}`;
  }
}
