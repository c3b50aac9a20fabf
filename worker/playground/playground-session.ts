import type { AppsScriptFakes } from './apps-script/create-fakes';
import type { Execution } from './apps-script/runtime/runtime';
import { chartViews } from './chart-views';
import type { SidebarPage } from './host-protocol';
import type {
  ClearRequest,
  EditRequest,
  MenuRequest,
  NoticeInfo,
  RunAnswer,
  SelectRequest,
  SpreadsheetSnapshot,
} from './playground-api';
import { readWindow, type WindowRequest } from './sheet-window';
import type { EmbeddedChart } from './sheets-api/charts';
import { clearArea, recalculateDependents, typeValues } from './user-edits';
import type { CellWindow } from './playground-api';

/** Notices the page may still show; older ones are dropped. */
const KEPT_NOTICES = 20;
/** Formula errors and notes kept for hover text. */
const KEPT_FORMULA_ERRORS = 500;

/**
 * The playground's spreadsheet as one person uses it, over the Apps Script fakes with the add-on
 * loaded: what the page asks (run a server function, type, clear, select, click a menu item, read
 * cells) and the snapshot the page draws from. Lives in the Apps Script process.
 *
 * The fakes' clock follows the real one between requests: the playground runs for hours, and ID
 * tokens minted from a clock left behind would look expired to the worker.
 */
export class PlaygroundSession {
  private version = 1;
  private changed = false;
  private readonly notices: NoticeInfo[] = [];
  private nextNoticeId = 1;
  private toastsSeen = 0;
  private alertsSeen = 0;
  private sidebarsSeen = 0;

  constructor(
    private readonly fakes: AppsScriptFakes,
    /** The charts the playground's Sheets API emulator holds for this spreadsheet. */
    private readonly charts: () => readonly EmbeddedChart[] = () => [],
  ) {
    fakes.runtime.onExecutionEnd((execution) => {
      if (wroteToSpreadsheet(execution)) this.changed = true;
    });
  }

  /** The worker wrote through the Sheets API (cells, tabs or charts): the page reads again. */
  noteGoogleWrite(): void {
    this.changed = true;
  }

  /** A google.script.run call: the server function's value, or the error it threw. */
  run(name: string, args: unknown[]): RunAnswer {
    this.catchUpClock();
    try {
      return { ok: true, value: this.fakes.runtime.callFromClient(name, args) };
    } catch (error) {
      return { ok: false, error: describe(error) };
    }
  }

  /** A click on a menu item; a script error shows as Sheets shows it, in a message. */
  menu({ menu, item }: MenuRequest): void {
    this.catchUpClock();
    try {
      this.fakes.ui.click(menu, item);
    } catch (error) {
      this.addNotice('alert', 'Script error', describe(error).message, 0);
    }
  }

  window(sheetName: string, request: WindowRequest): CellWindow {
    return readWindow(this.fakes.spreadsheet.requireSheet(sheetName), request, this.version);
  }

  edit({ sheet, row, column, values }: EditRequest): void {
    this.catchUpClock();
    const spreadsheet = this.fakes.spreadsheet;
    typeValues(spreadsheet, spreadsheet.requireSheet(sheet), row, column, values);
    this.changed = true;
  }

  clear({ sheet, range }: ClearRequest): void {
    const spreadsheet = this.fakes.spreadsheet;
    const target = spreadsheet.requireSheet(sheet);
    const area = target.area(range);
    clearArea(spreadsheet, target, {
      sheet,
      top: area.row,
      left: area.column,
      bottom: area.row + area.numRows - 1,
      right: area.column + area.numColumns - 1,
    });
    this.changed = true;
  }

  /** What a click on a tab (range null) or on cells does: the script's active sheet and range follow. */
  select({ sheet, range }: SelectRequest): void {
    const target = this.fakes.spreadsheet.requireSheet(sheet);
    this.fakes.spreadsheet.select(target, range === null ? null : target.range(target.area(range)));
  }

  /** The "+" of the tab bar: a new tab named SheetN, made active. */
  addSheet(): void {
    this.fakes.spreadsheet.insertSheet();
    this.changed = true;
  }

  /** Every formula of the spreadsheet again, as Sheets' File > Settings > Recalculation would. */
  recalculate(): void {
    this.catchUpClock();
    this.fakes.spreadsheetApp.recalculate();
    this.changed = true;
  }

  /** After typing into cells outside a request (the sample spreadsheet). */
  recalculateDependents(sheet: string, top: number, left: number, bottom: number, right: number): void {
    recalculateDependents(this.fakes.spreadsheet, { sheet, top, left, bottom, right }, new Set());
  }

  /**
   * The state after a request; also gathers what the script showed meanwhile (toasts, alerts, a
   * sidebar), returning the page of a sidebar it opened.
   */
  snapshot(): { snapshot: SpreadsheetSnapshot; sidebar?: SidebarPage } {
    const { spreadsheet, ui } = this.fakes;
    if (this.changed) {
      this.version += 1;
      this.changed = false;
    }
    for (const toast of spreadsheet.toasts.slice(this.toastsSeen)) {
      this.addNotice('toast', toast.title, toast.message, toast.timeoutSeconds);
    }
    this.toastsSeen = spreadsheet.toasts.length;
    for (const alert of ui.alerts.slice(this.alertsSeen)) {
      this.addNotice('alert', alert.title, alert.prompt, 0);
    }
    this.alertsSeen = ui.alerts.length;
    let sidebar: SidebarPage | undefined;
    if (ui.sidebars.length > this.sidebarsSeen) {
      const shown = ui.sidebars[ui.sidebars.length - 1];
      sidebar = { id: ui.sidebars.length, title: shown.title, html: shown.content };
      this.sidebarsSeen = ui.sidebars.length;
    }
    const last = ui.sidebars.at(-1);
    const charts = this.charts();
    return {
      snapshot: {
        version: this.version,
        spreadsheetName: spreadsheet.getName(),
        sheets: spreadsheet.sheetNames.map((name) => {
          const sheet = spreadsheet.requireSheet(name);
          return { name, ...sheet.size, frozenRows: sheet.getFrozenRows() };
        }),
        activeSheet: spreadsheet.activeSheet.title,
        selection: spreadsheet.activeRange().a1(),
        menus: ui.menus.map((menu) => ({ ...menu, items: [...menu.items] })),
        notices: [...this.notices],
        sidebar: last === undefined ? null : { id: ui.sidebars.length, title: last.title },
        formulaErrors: this.formulaErrors(),
        ...(charts.length === 0 ? {} : { charts: chartViews(spreadsheet, charts) }),
      },
      ...(sidebar === undefined ? {} : { sidebar }),
    };
  }

  private addNotice(kind: NoticeInfo['kind'], title: string, message: string, timeoutSeconds: number): void {
    this.notices.push({ id: this.nextNoticeId++, kind, title, message, timeoutSeconds });
    if (this.notices.length > KEPT_NOTICES) this.notices.splice(0, this.notices.length - KEPT_NOTICES);
  }

  private formulaErrors(): Record<string, string> {
    const errors = this.fakes.evaluator.errors;
    if (errors.length > KEPT_FORMULA_ERRORS) errors.splice(0, errors.length - KEPT_FORMULA_ERRORS);
    const shown: Record<string, string> = {};
    for (const error of errors) {
      const bang = error.cell.lastIndexOf('!');
      const sheet = this.fakes.spreadsheet.sheet(error.cell.slice(0, bang));
      if (sheet === null) continue;
      const cell = sheet.range(sheet.area(error.cell.slice(bang + 1)));
      const { row, column } = cell.bounds;
      if (sheet.cell(row, column).value === error.shows) shown[error.cell] = error.message;
    }
    return shown;
  }

  private catchUpClock(): void {
    const { clock } = this.fakes;
    if (Date.now() > clock.now()) clock.set(Date.now());
  }
}

/** Spreadsheet calls other than reads (get..., is..., has...) may have changed cells or tabs. */
function wroteToSpreadsheet(execution: Execution): boolean {
  for (const call of execution.calls.keys()) {
    const [service, method = ''] = call.split('.');
    if (!['Range', 'Sheet', 'Spreadsheet', 'SpreadsheetApp'].includes(service)) continue;
    if (!/^(get|is|has)/.test(method)) return true;
  }
  return false;
}

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  // Errors thrown inside the script's vm are of its realm: not instances of this realm's Error.
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : 'Error', message: String(message) };
  }
  return { name: 'Error', message: String(error) };
}
