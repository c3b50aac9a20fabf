import type { ScheduleAnswer, ScheduleRun } from '../../../../shared/worker-api/schedules';
import type { RecordedRequest } from '../scripted-worker';
import { installServerGlobals, type ServerGlobals } from '../server-globals';
import { addOnRunRequestId } from '../../../../shared/worker-api/schedule-runs/add-on-run-id';

/**
 * The add-on runner's world for its tests (issue 26): the fakes, with a scripted worker whose
 * reports are one follower count per creator and day (a creator's count grows by one a day), and
 * which records the runs it is told of.
 */

export const ANA = 'ana@team.com';
export const DAY = 24 * 60 * 60_000;

export interface SheetRunWorld {
  env: ServerGlobals;
  /** Reports the scripted worker bought (a creator it has not answered before, or on a new day). */
  bought: Set<string>;
  /** Fake time one reports call takes. */
  callMs: number;
  recorded: { run: ScheduleRun; rowsWritten: number }[];
  /** The scripted worker's ledger: a credit a report bought, by the request id its call carried. */
  ledger: Map<string, number>;
  /** The reports calls answered so far; the one numbered `awaitingOn` (1-based) is past the allowance. */
  reportCalls: number;
  awaitingOn: number | null;
  /**
   * Past months of history each report the scripted worker holds carries (none unless a test says),
   * and the history calls answered: only creators it bought have any, as the worker's cache.
   */
  historyMonths: number;
  historyCalls: number;
  /** Google's time moves on, for the fakes and for the server code run here (its Date is Node's). */
  advance(ms: number): void;
  /** `n` handles in Creators!A2 down. */
  fillInputs(n: number): void;
  schedule(overrides?: Partial<ScheduleAnswer>): ScheduleAnswer;
  /** A tab's values as getDataRange gives them. */
  tab(name: string): unknown[][];
  restore(): void;
}

export function handles(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `creator${i + 1}`);
}

/** Needs Jest's fake timers (the server code's Date follows the fake clock). */
export function createSheetRunWorld(): SheetRunWorld {
  const env = installServerGlobals();
  jest.setSystemTime(env.fakes.clock.now());
  env.connect(undefined, ANA);
  const world: SheetRunWorld = {
    env,
    bought: new Set(),
    callMs: 1000,
    recorded: [],
    ledger: new Map(),
    reportCalls: 0,
    awaitingOn: null,
    historyMonths: 0,
    historyCalls: 0,
    advance(ms) {
      env.fakes.clock.advance(ms);
      jest.setSystemTime(env.fakes.clock.now());
    },
    fillInputs(n) {
      env.fakes.spreadsheet
        .requireSheet('Creators')
        .getRange(2, 1, n, 1)
        .setValues(handles(n).map((h) => [h]));
    },
    schedule: (overrides = {}) => ({
      id: 'sch_daily',
      documentId: env.fakes.spreadsheet.getId(),
      name: 'Daily creators',
      kind: 'reports',
      input: { sheetName: 'Creators', row: 2, column: 1 },
      platform: 'instagram',
      output: { sheetName: 'Growth', row: 1, column: 1 },
      mode: 'append-snapshot',
      cadence: { every: 'day', hour: 9 },
      timeZone: 'Europe/Berlin',
      runner: 'add-on',
      createdBy: ANA,
      createdAt: 0,
      status: 'active',
      pausedReason: null,
      failuresInARow: 0,
      lastRun: null,
      nextRunAt: env.fakes.clock.now(),
      ...overrides,
    }),
    tab: (name) => env.fakes.spreadsheet.sheet(name)?.getDataRange().getValues() ?? [],
    restore: () => env.restore(),
  };
  const creators = env.fakes.spreadsheet.insertSheet('Creators');
  creators.getRange(1, 1).setValue('Creator');
  env.fakes.spreadsheet.insertSheet('Growth');
  env.worker.on('post', 'api/reports', (request) => reportsAnswer(world, request));
  env.worker.on('post', 'api/reports/history', (request) => historyAnswer(world, request));
  // As the worker records a run: its credits are the ledger's, by the run's request id.
  env.worker.on('post', /^api\/schedules\/[^/]+\/runs$/, (request) => {
    const body = request.body as { run: ScheduleRun; rowsWritten: number };
    world.recorded.push(body);
    const id = request.path.split('/')[2];
    const credits = world.ledger.get(addOnRunRequestId(id, body.run.at)) ?? 0;
    return { status: 200, body: { id, lastRun: { ...body.run, credits } } };
  });
  return world;
}

/**
 * `POST /api/reports/history`, free: a creator the worker bought has `historyMonths` months before
 * this one (followers 500 + its number + the months since), oldest first; any other has none.
 */
function historyAnswer(world: SheetRunWorld, request: RecordedRequest) {
  world.historyCalls += 1;
  const { handles: cells } = request.body as { handles: string[] };
  const now = new Date(world.env.fakes.clock.now());
  const history = cells.map((handle) => {
    const held = [...world.bought].some((key) => key.startsWith(`${handle} `));
    if (!held) return [];
    return Array.from({ length: world.historyMonths }, (_, i) => {
      const ago = world.historyMonths - i;
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ago, 1));
      return {
        month: month.toISOString().slice(0, 7),
        followers: 500 + Number(handle.replace(/\D/g, '')) + i,
        avgLikes: 7,
        avgViews: null,
        avgComments: null,
        avgEngagements: null,
      };
    });
  });
  return { status: 200, body: { history } };
}

function reportsAnswer(world: SheetRunWorld, request: RecordedRequest) {
  world.advance(world.callMs);
  world.reportCalls += 1;
  if (world.reportCalls === world.awaitingOn) {
    const body = { header: [], columns: [], rows: [], pending: 0, awaitingApproval: 100, counts: {} };
    return { status: 200, body };
  }
  const body = request.body as { handles: string[]; withHeader: boolean };
  const day = Math.floor(world.env.fakes.clock.now() / DAY);
  let fetched = 0;
  const rows = body.handles.map((handle) => {
    const key = `${handle} ${day}`;
    if (!world.bought.has(key)) {
      world.bought.add(key);
      fetched += 1;
    }
    return [handle, 1000 + Number(handle.replace(/\D/g, '')) * 10 + (day % 100)];
  });
  const requestId = request.headers['X-Request-Id'] ?? 'none';
  world.ledger.set(requestId, (world.ledger.get(requestId) ?? 0) + fetched);
  return {
    status: 200,
    body: {
      header: ['Handle', 'Followers'],
      columns: [
        { id: 'handle', label: 'Handle', format: 'text' },
        { id: 'followers', label: 'Followers', format: 'integer' },
      ],
      rows: [['Handle', 'Followers'], ...rows],
      pending: 0,
      awaitingApproval: 0,
      counts: { creators: rows.length, cached: rows.length - fetched, fetched, shared: 0, failed: 0 },
    },
  };
}

/** A fresh world for each test of the file (fake timers on), restored after it: call at the top. */
export function useSheetRunWorld(): () => SheetRunWorld {
  let world: SheetRunWorld | null = null;
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    world = createSheetRunWorld();
  });
  afterEach(() => {
    world?.restore();
    world = null;
    jest.useRealTimers();
  });
  return () => {
    if (world === null) throw new Error('no sheet-run world outside a test');
    return world;
  };
}
