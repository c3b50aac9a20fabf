/**
 * What the playground page and the worker say to each other over HTTP (playground-router.ts
 * serves it, page/playground-client.ts calls it). Plain types only: the page's bundle imports
 * this file too.
 */

/** `building`: the add-on is being built; `failed`: it could not be built or its process died. */
export type PlaygroundPhase = 'building' | 'ready' | 'failed';

export interface SheetInfo {
  name: string;
  /** The grid's size (Sheets' max rows and columns), not how much of it holds data. */
  rows: number;
  columns: number;
  frozenRows: number;
}

type MenuItemInfo = { caption: string; functionName: string } | 'separator';

export interface MenuInfo {
  caption: string;
  /** An add-on's menu lives under Extensions. */
  addon: boolean;
  items: MenuItemInfo[];
}

/** A toast of Spreadsheet.toast or an alert of Ui.alert, numbered in the order shown. */
export interface NoticeInfo {
  id: number;
  kind: 'toast' | 'alert';
  title: string;
  message: string;
  timeoutSeconds: number;
}

/** The sidebar the script showed last; its page is served at `/playground/sidebar/<id>`. */
export interface SidebarInfo {
  id: number;
  title: string;
}

/** The spreadsheet as the page shows it, besides cell contents (read by window, see CellWindow). */
export interface SpreadsheetSnapshot {
  /** Goes up whenever cells may have changed: the page then reads its visible cells again. */
  version: number;
  spreadsheetName: string;
  sheets: SheetInfo[];
  activeSheet: string;
  /** The selection of the active sheet in A1 notation, e.g. "A:A" or "B2:C5". */
  selection: string;
  menus: MenuInfo[];
  /** The latest notices, oldest first. */
  notices: NoticeInfo[];
  sidebar: SidebarInfo | null;
  /**
   * What a formula cell's hover says, by cell ("Leads!C2"): Sheets' text for an error it shows
   * (#ERROR!, #NAME?, #REF!), or why the playground keeps a formula as text.
   */
  formulaErrors: Record<string, string>;
  /** Charts on the tabs, as the worker put them there through the Sheets API (none: absent). */
  charts?: ChartView[];
}

/**
 * A chart of the playground's Sheets API emulator, as the page draws it: where it floats, its
 * title, and its lines read from the cells its spec names (the page draws every kind as lines).
 */
export interface ChartView {
  chartId: number;
  sheet: string;
  /** The 1-based cell its top-left corner is anchored to, and the offset from there in pixels. */
  row: number;
  column: number;
  offsetX: number;
  offsetY: number;
  width: number;
  height: number;
  title: string;
  subtitle: string;
  /** As the spec says: "LINE", "COLUMN", ... */
  chartType: string;
  /** The domain's labels, in order (the run dates of a growth chart). */
  labels: string[];
  /** One line per series; null where a cell holds no number. */
  series: { name: string; values: (number | null)[] }[];
  /** Why nothing is drawn (a spec the page cannot read), in a sentence. */
  note?: string;
}

export interface PlaygroundState extends SpreadsheetSnapshot {
  phase: PlaygroundPhase;
  /** What is being done, or what went wrong and what to do about it. */
  message: string;
  /** The Google account the playground's Apps Script runs as. */
  user: string;
}

/** One cell for display: `v` as Sheets shows it, `f` its formula, `n` a number (right-aligned). */
export interface CellOut {
  v: string;
  f?: string;
  n?: true;
  b?: true;
  bg?: string;
}

export interface CellWindow {
  sheet: string;
  version: number;
  /** 1-based top-left of `cells`. */
  row: number;
  column: number;
  /** Rows of cells; null for an empty cell. */
  cells: (CellOut | null)[][];
  /** The last row and column holding data on the whole sheet (0 when empty). */
  lastRow: number;
  lastColumn: number;
}

/** What google.script.run gets back: the function's value, or the error it threw. */
export type RunAnswer =
  { ok: true; value: unknown } | { ok: false; error: { name: string; message: string } };

export interface EditRequest {
  sheet: string;
  /** 1-based top-left cell of `values`. */
  row: number;
  column: number;
  /** Text as typed: "=..." is a formula, "12" a number, like typing into Sheets. */
  values: string[][];
}

export interface ClearRequest {
  sheet: string;
  /** A1 notation, e.g. "B2:C5" or "A:A". */
  range: string;
}

export interface SelectRequest {
  sheet: string;
  /** A1 notation; null selects A1, as clicking a tab does. */
  range: string | null;
}

export interface MenuRequest {
  menu: string;
  item: string;
}

export interface ParameterHelp {
  name: string;
  /** As the JSDoc writes it: "string|string[][]". */
  type: string;
  description: string;
  optional: boolean;
}

/** A custom function as Sheets' formula help shows it, from the script's JSDoc. */
export interface FunctionHelp {
  name: string;
  /** The description's first sentence. */
  summary: string;
  description: string;
  parameters: ParameterHelp[];
  /** "=INFLUENCER_REPORT(A2:A200, "instagram")" */
  examples: string[];
}

/** Errors the playground's own routes answer with (the worker's `{ error: { code, message } }`). */
export interface PlaygroundError {
  error: { code: string; message: string };
}

/** Where the page finds everything. */
export const PLAYGROUND_ROUTES = {
  page: '/',
  script: '/playground/page.js',
  styles: '/playground/page.css',
  state: '/playground/state',
  cells: '/playground/cells',
  edit: '/playground/edit',
  clear: '/playground/clear',
  select: '/playground/select',
  sheets: '/playground/sheets',
  menu: '/playground/menu',
  recalculate: '/playground/recalculate',
  run: '/playground/run',
  sidebar: '/playground/sidebar',
  /** The add-on's custom functions with their help (FunctionHelp[]), once it is loaded. */
  functions: '/playground/functions',
  certs: '/playground/oauth2/v1/certs',
} as const;
