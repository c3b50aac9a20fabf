import {
  PLAYGROUND_ROUTES,
  type CellWindow,
  type ClearRequest,
  type EditRequest,
  type FunctionHelp,
  type MenuRequest,
  type PlaygroundError,
  type PlaygroundState,
  type SelectRequest,
} from '../playground-api';

/** The page's calls to the worker's playground routes; failures are Errors with the worker's message. */
export interface PlaygroundClient {
  state(): Promise<PlaygroundState>;
  cells(sheet: string, row: number, column: number, rows: number, columns: number): Promise<CellWindow>;
  edit(request: EditRequest): Promise<PlaygroundState>;
  clear(request: ClearRequest): Promise<PlaygroundState>;
  select(request: SelectRequest): Promise<PlaygroundState>;
  addSheet(): Promise<PlaygroundState>;
  menu(request: MenuRequest): Promise<PlaygroundState>;
  recalculate(): Promise<PlaygroundState>;
  /** The add-on's custom functions with their help, once it is loaded. */
  functions(): Promise<FunctionHelp[]>;
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as T | PlaygroundError | null;
  if (response.ok && body !== null) return body as T;
  const message =
    body !== null && typeof body === 'object' && 'error' in body
      ? body.error.message
      : `The worker answered ${response.status}; is it still running?`;
  throw new Error(message);
}

async function get<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch {
    throw new Error('The worker does not answer: is `npm start` still running?');
  }
  return answer<T>(response);
}

async function post<T>(url: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error('The worker does not answer: is `npm start` still running?');
  }
  return answer<T>(response);
}

export function createPlaygroundClient(): PlaygroundClient {
  return {
    state: () => get(PLAYGROUND_ROUTES.state),
    cells: (sheet, row, column, rows, columns) =>
      get(
        `${PLAYGROUND_ROUTES.cells}?${new URLSearchParams({
          sheet,
          row: String(row),
          column: String(column),
          rows: String(rows),
          columns: String(columns),
        }).toString()}`,
      ),
    edit: (request) => post(PLAYGROUND_ROUTES.edit, request),
    clear: (request) => post(PLAYGROUND_ROUTES.clear, request),
    select: (request) => post(PLAYGROUND_ROUTES.select, request),
    addSheet: () => post(PLAYGROUND_ROUTES.sheets, {}),
    menu: (request) => post(PLAYGROUND_ROUTES.menu, request),
    recalculate: () => post(PLAYGROUND_ROUTES.recalculate, {}),
    functions: () => get(PLAYGROUND_ROUTES.functions),
  };
}
