import { unsupportedNote } from '../apps-script/spreadsheet/formula-syntax';
import type { FunctionHelp as Help, PlaygroundState, SheetInfo } from '../playground-api';
import { ChartLayer } from './chart-layer';
import { h } from './element';
import { FormulaBar } from './formula-bar';
import { FunctionHelp } from './function-help';
import { GridView } from './grid-view';
import { MenuBar } from './menu-bar';
import { Notices } from './notices';
import { PasteDialog } from './paste-dialog';
import type { PlaygroundClient } from './playground-client';
import { cellA1, parseReference, selectionA1, type Selection } from './selection';
import { SheetTabs } from './sheet-tabs';
import { SidebarPanel } from './sidebar-panel';

/** How often the page asks what changed; a sidebar call asks at once as well. */
const POLL_MS = 1000;
/** Arrow keys held down select many cells; the script hears of the one they stop at. */
const SELECT_DELAY_MS = 120;

/**
 * The playground page: Google Sheets' frame around the grid (menus, formula bar, tabs, the
 * sidebar) kept in step with the worker's playground state. `document.body.dataset.pending`
 * counts the page's requests still on their way (the browser tests wait for 0).
 */
export function mountPlayground(root: HTMLElement, client: PlaygroundClient): void {
  let state: PlaygroundState | null = null;
  let serverActive = '';
  let epoch = 0;
  let pending = 0;
  const selections = new Map<string, Selection>();

  const status = h('p', { class: 'status-line', role: 'status' });
  const user = h('span', { class: 'user' });
  const notices = new Notices();
  const sidebar = new SidebarPanel();

  const setPending = (change: number): void => {
    pending += change;
    document.body.dataset.pending = String(pending);
  };
  setPending(0);

  const fail = (error: unknown): void => {
    notices.toast('Something went wrong', error instanceof Error ? error.message : String(error), 8, 'error');
  };

  /**
   * Typed or pasted text for the cells from (row, column) down and right. Formulas the playground
   * cannot work out land as text like the rest; a note says so, since a paste is seldom hovered.
   */
  const edit = (row: number, column: number, values: string[][]): Promise<void> =>
    act(() => client.edit({ sheet: grid.currentSheet, row, column, values })).then((done) => {
      const note = keptAsTextNote(values);
      if (done && note !== null) notices.toast(note.title, note.message, 10);
    });

  /** A request that changes the spreadsheet: counted, its state applied, its failure shown. */
  const act = (request: () => Promise<PlaygroundState>): Promise<boolean> => {
    epoch += 1;
    setPending(1);
    return request()
      .then((next) => {
        apply(next);
        return true;
      })
      .catch((error: unknown) => {
        fail(error);
        return false;
      })
      .finally(() => {
        epoch += 1;
        setPending(-1);
      });
  };

  const grid = new GridView(client, {
    onSelect: (selection) => scheduleSelect(selection),
    onCursor: () => showCursor(),
    onEdit: (row, column, text) => void edit(row, column, [[text]]),
    onClear: (range) => void act(() => client.clear({ sheet: grid.currentSheet, range })),
    onPaste: (row, column, values) => void edit(row, column, values),
    onError: fail,
  });
  const charts = new ChartLayer();
  grid.element.append(charts.element);

  let selectTimer: ReturnType<typeof setTimeout> | null = null;
  const scheduleSelect = (selection: Selection): void => {
    selections.set(grid.currentSheet, selection);
    if (selectTimer === null) setPending(1);
    else clearTimeout(selectTimer);
    selectTimer = setTimeout(() => {
      selectTimer = null;
      setPending(-1);
      const sheet = grid.currentSheet;
      void act(() => client.select({ sheet, range: selectionA1(selection, grid.gridSize) }));
    }, SELECT_DELAY_MS);
  };

  const showCursor = (): void => {
    const selection = grid.currentSelection;
    const single =
      selection.kind === 'cells' &&
      selection.anchor.row === selection.focus.row &&
      selection.anchor.column === selection.focus.column;
    formulaBar.show(
      single ? cellA1(selection.focus.row, selection.focus.column) : selectionA1(selection, grid.gridSize),
      grid.cursorText(),
    );
  };

  const formulaBar = new FormulaBar({
    onReference: (text) => {
      const selection = parseReference(text, grid.gridSize);
      if (selection === null) return false;
      grid.select(selection);
      grid.focus();
      return true;
    },
    onCommit: (text) => {
      const { row, column } = grid.currentSelection.focus;
      grid.showTyped(row, column, text);
      void edit(row, column, [[text]]);
      grid.select({
        kind: 'cells',
        anchor: { row: row + 1, column },
        focus: { row: Math.min(row + 1, grid.gridSize.rows), column },
      });
      grid.focus();
    },
    onCancel: () => grid.focus(),
  });

  const pasteDialog = new PasteDialog({
    onPaste: (reference, values) => {
      const at = parseReference(reference, grid.gridSize);
      if (at === null || at.kind !== 'cells') return false;
      void edit(at.anchor.row, at.anchor.column, values);
      return true;
    },
  });

  // Sheets' help for the add-on's functions while a formula is typed, read once the add-on is loaded.
  let functions: Help[] = [];
  let functionsAsked = false;
  const loadFunctions = (): void => {
    if (functionsAsked) return;
    functionsAsked = true;
    client
      .functions()
      .then((list) => {
        functions = list;
      })
      .catch(() => {
        functionsAsked = false;
      });
  };
  new FunctionHelp(formulaBar.formulaInput, () => functions);
  new FunctionHelp(grid.cellEditor, () => functions);

  const pasteButton = h('button', { type: 'button', class: 'tool' }, ['Paste a column…']);
  pasteButton.addEventListener('click', () => {
    const { row, column } = grid.currentSelection.focus;
    pasteDialog.open(cellA1(row, column));
  });
  const recalculate = h('button', { type: 'button', class: 'tool', title: 'Run every formula again' }, [
    'Recalculate',
  ]);
  recalculate.addEventListener('click', () => void act(() => client.recalculate()));
  const menuBar = new MenuBar({ onItem: (menu, item) => void act(() => client.menu({ menu, item })) }, [
    pasteButton,
    recalculate,
  ]);

  /** What the grid last drew from: polls that bring nothing new leave the grid alone. */
  let shown = '';
  const showSheet = (name: string, selection: Selection | null): void => {
    const sheet = state?.sheets.find((info) => info.name === name);
    if (sheet === undefined || state === null) return;
    // Once the grid shows the tab (below, or already): the worker's charts float over its cells.
    queueMicrotask(() =>
      charts.show(state?.charts ?? [], grid.currentSheet, (r, c) => grid.cellOrigin(r, c)),
    );
    tabs.show(state.sheets, name);
    const key = JSON.stringify([name, sheet.rows, sheet.columns, state.version, state.formulaErrors]);
    if (key === shown && name === grid.currentSheet && selection === null) return;
    shown = key;
    grid.show(name, sizeOf(sheet), state.version, state.formulaErrors, selection);
    showCursor();
  };

  const tabs = new SheetTabs({
    onSelect: (name) => {
      if (name === grid.currentSheet) return;
      const remembered = selections.get(name) ?? null;
      serverActive = name;
      showSheet(name, remembered);
      const sheet = state?.sheets.find((info) => info.name === name);
      const range =
        remembered === null || sheet === undefined ? null : selectionA1(remembered, sizeOf(sheet));
      void act(() => client.select({ sheet: name, range }));
    },
    onAdd: () => void act(() => client.addSheet()),
  });

  const apply = (next: PlaygroundState): void => {
    state = next;
    const ready = next.phase === 'ready';
    root.dataset.phase = next.phase;
    status.textContent = ready ? '' : next.message;
    status.setAttribute('role', next.phase === 'failed' ? 'alert' : 'status');
    user.textContent = next.user === '' ? '' : `Signed in to the playground's Google as ${next.user}`;
    formulaBar.setDisabled(!ready);
    tabs.setDisabled(!ready);
    pasteButton.disabled = !ready;
    recalculate.disabled = !ready;
    menuBar.show(next.menus);
    sidebar.show(next.sidebar);
    notices.show(next.notices);
    if (ready) loadFunctions();
    if (!ready || next.sheets.length === 0) return;
    // The script made another tab active (a search into a new tab): show it, as Sheets does.
    if (next.activeSheet !== serverActive) {
      serverActive = next.activeSheet;
      const sheet = next.sheets.find((info) => info.name === next.activeSheet);
      const selection = sheet === undefined ? null : parseReference(next.selection, sizeOf(sheet));
      showSheet(next.activeSheet, selection);
      return;
    }
    const current = next.sheets.some((info) => info.name === grid.currentSheet)
      ? grid.currentSheet
      : next.activeSheet;
    showSheet(current, null);
  };

  const poll = (): void => {
    const started = epoch;
    client
      .state()
      .then((next) => {
        // An action since this poll began has the newer state.
        if (started === epoch && pending === 0) apply(next);
      })
      .catch(() => {
        status.textContent = 'The worker does not answer: is `npm start` still running?';
      });
  };

  window.addEventListener('message', (event) => {
    if (!sidebar.owns(event.source)) return;
    const data = event.data as { type?: unknown } | null;
    if (data?.type === 'playground:called') poll();
    if (data?.type === 'playground:close') sidebar.close();
    if (data?.type === 'playground:focus-editor') grid.focus();
  });

  root.replaceChildren(
    h('header', { class: 'top-bar' }, [h('h1', {}, ['Creator Sheets playground']), user]),
    menuBar.element,
    formulaBar.element,
    h('div', { class: 'workspace' }, [
      h('main', { class: 'sheet-area', 'aria-label': 'Spreadsheet' }, [grid.element, status]),
      sidebar.element,
    ]),
    tabs.element,
    notices.element,
    notices.dialog,
    pasteDialog.element,
  );
  poll();
  setInterval(poll, POLL_MS);
}

/** What to tell after typing or pasting formulas the playground keeps as text; null when none. */
function keptAsTextNote(values: readonly (readonly string[])[]): { title: string; message: string } | null {
  // As Sheets reads typed text: a formula starts with "=" and has more after it.
  const kept = values
    .flat()
    .filter((text) => text.length > 1 && text.startsWith('=') && unsupportedNote(text) !== null);
  if (kept.length === 0) return null;
  const one = kept.length === 1;
  return {
    title: one ? 'A formula kept as text' : `${kept.length} formulas kept as text`,
    message:
      "The playground works out only formulas that call one of the add-on's functions, such as " +
      `=EMAIL_SEARCH(A2:A10). ${one ? kept[0] : 'These'} ${one ? 'stays' : 'stay'} as typed, ` +
      `where Google Sheets would calculate ${one ? 'it' : 'them'}: hover over a cell with a corner mark to see why.`,
  };
}

function sizeOf(sheet: SheetInfo): { rows: number; columns: number } {
  return { rows: sheet.rows, columns: sheet.columns };
}
