import type { ScheduleCheck, ScheduleForm, ScheduleView } from '../../addon/bridge-contract/schedules-api';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { DEV_KEY, upstreamCalls, type BundleWorld } from './bundle-world';
import { startSharedSheetBundle, type SharedSheetBundle } from './shared-sheet-bundle';

/**
 * Issue 14's "done when", from the built bundle: Bo sets up a weekly snapshot of 12 creators in
 * the sidebar of a shared sheet, confirms the first run's cost, and closes the sidebar. The worker
 * (its own process, its own service account) writes the tab, stamps it, logs the history line and
 * draws the growth chart through Google (the Sheets API emulator over the very spreadsheet the
 * add-on sees); a later run costs nothing.
 */

jest.setTimeout(180_000);

const BO = 'bo@team.com';
const HANDLES = 12;

let shared: SharedSheetBundle;
let world: BundleWorld;
let emulator: SharedSheetBundle['emulator'];
let account: SharedSheetBundle['account'];

beforeAll(async () => {
  shared = await startSharedSheetBundle({ BUNDLE_HANDLES: String(HANDLES), BUNDLE_EMAILS: '0' });
  ({ world, emulator, account } = shared);
});

afterAll(async () => {
  await shared?.close();
});

const form: ScheduleForm = {
  name: 'Monday creators',
  kind: 'reports',
  input: 'Creators!A2',
  platform: 'instagram',
  fields: 'handle, followers',
  output: 'Growth!A1',
  mode: 'append-snapshot',
  cadence: { every: 'week', day: 1, hour: 9 },
};

/** Waits, with the add-on idle (the test's thread free to answer Google), until `done` holds. */
async function until(done: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The add-on's proofs of edit access still in the spreadsheet: none once each call is done. */
function metadataLeft(fakes: AppsScriptFakes): string[] {
  return fakes.spreadsheet.metadata.all().map((entry) => entry.key);
}

function historyLines(fakes: AppsScriptFakes): unknown[][] {
  const tab = fakes.spreadsheet.getSheetByName('Creator Sheets history');
  return tab === null ? [] : tab.getDataRange().getValues().slice(1);
}

describe('A weekly snapshot set up in the sidebar of a shared sheet', () => {
  it('runs with no sidebar open: rows, stamp, history line and chart, paid once', async () => {
    const fakes = world.load({ connected: false, session: { activeUserEmail: BO } });
    shared.use(fakes);
    const documentId = fakes.spreadsheet.getId();
    emulator.share(documentId, account.clientEmail, 'writer');
    expect(fakes.runtime.callFromClient('connect')).toMatchObject({ formulas: { email: BO, byYou: true } });
    const creators = fakes.spreadsheet.insertSheet('Creators');
    const handles = world.handles.instagram.slice(0, HANDLES);
    creators.getRange(1, 1).setValue('Creator');
    creators.getRange(2, 1, HANDLES, 1).setValues(handles.map((handle) => [handle]));
    await world.resetStats();

    // The cost first: 12 new creators, 5 credits a day for the sheet's formulas by default; the
    // worker counts what its cache holds (nothing yet) and what later runs cost.
    const check = fakes.runtime.callFromClient('checkSchedule', [form]) as ScheduleCheck;
    expect(check).toMatchObject({ toApprove: 7, mayApprove: true, estimate: { unique: HANDLES } });
    expect(check.runs).toMatchObject({ creators: HANDLES, fresh: 0, firstRunCredits: HANDLES });
    expect(check.summary).toContain('confirming approves up to 7 credits more');
    const made = fakes.runtime.callFromClient('createSchedule', [
      form,
      { approveCredits: check.toApprove, runNow: true },
    ]) as ScheduleView;
    expect(made).toMatchObject({ name: 'Monday creators', status: 'active' });

    // The sidebar is closed from here on: only the worker writes.
    await until(() => historyLines(fakes).length === 1, 'the first run');
    const [first] = historyLines(fakes);
    expect(first.slice(1, 4)).toEqual(['Monday creators', BO, HANDLES]);
    expect(first[5]).toBe('ok');
    expect(first[4]).toBe(HANDLES);
    expect(upstreamCalls(await world.stats(), 'report')).toBe(HANDLES);
    const growth = fakes.spreadsheet.getSheetByName('Growth');
    if (growth === null) throw new Error('no Growth tab');
    expect(growth.getRange(1, 1, 1, 5).getValues()[0]).toEqual([
      'Date',
      'Handle',
      'Followers',
      'Followers gained',
      'Followers change',
    ]);
    expect(String(growth.getRange(1, 6).getValue())).toMatch(/^Last refreshed /);
    // The creators' monthly history first (the first run's backfill), then the run's rows.
    const last = growth.getLastRow();
    expect(last).toBeGreaterThan(1 + HANDLES);
    expect(
      growth
        .getRange(last - HANDLES + 1, 2, HANDLES, 1)
        .getValues()
        .flat()
        .map(String)
        .sort(),
    ).toEqual([...handles].map((handle) => handle.toLowerCase()).sort());
    const charts = emulator.charts(documentId);
    expect(charts).toHaveLength(1);
    expect(charts[0]).toMatchObject({ sheetId: growth.getSheetId(), spec: { title: 'Followers over time' } });

    // The worker's API without proof of edit access runs nothing, not even for an admin.
    const refused = await fetch(`${world.url}/api/schedules/${made.id}/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEV_KEY}` },
    });
    expect(refused.status).toBe(403);
    // The next run, asked from Bo's sidebar ("Run now"; its proof still stands): free.
    expect(fakes.runtime.callFromClient('runScheduleNow', [made.id])).toMatchObject({ id: made.id });
    expect(metadataLeft(fakes)).toEqual([]);
    await until(() => historyLines(fakes).length === 2, 'the second run');
    expect(historyLines(fakes)[1].slice(3, 6)).toEqual([HANDLES, 0, 'ok']);
    expect(upstreamCalls(await world.stats(), 'report')).toBe(HANDLES);
    expect(emulator.charts(documentId)).toHaveLength(1);
  });
});

describe('A teammate who edits the shared sheet (issue 22: proof of edit access)', () => {
  const OLGA = 'olga@team.com';
  const CY = 'cy@team.com';
  const DAN = 'dan@team.com';
  const SHEET = '1SharedSheetOfOlgaCyAndDan0000000000000000';

  /** What the add-on sent to the worker during `run`: method and path of each UrlFetch. */
  function fetchesDuring(fakes: AppsScriptFakes, run: () => unknown): string[] {
    const before = fakes.urlFetchApp.requests.length;
    run();
    return fakes.urlFetchApp.requests
      .slice(before)
      .map((request) => `${request.method.toUpperCase()} ${new URL(request.url).pathname} ${request.status}`);
  }

  it('proves access at Connect with one more round trip, takes over only on request, and refuses a viewer', () => {
    const fakes = world.load({
      connected: false,
      session: { activeUserEmail: OLGA },
      spreadsheet: { id: SHEET },
    });
    shared.use(fakes);
    emulator.share(SHEET, account.clientEmail, 'writer');

    // Olga connects: the worker asks for proof, the add-on writes it and asks again, unseen.
    const connect = fetchesDuring(fakes, () =>
      expect(fakes.runtime.callFromClient('connect')).toMatchObject({
        formulas: { email: OLGA, byYou: true },
      }),
    );
    expect(connect).toEqual(['POST /api/keys 403', 'POST /api/keys 201']);
    expect(metadataLeft(fakes)).toEqual([]);

    // Cy connects for the sidebar: Olga's formulas stay Olga's, and Settings says who pays.
    fakes.session.actAs(CY);
    expect(fakes.runtime.callFromClient('connect')).toMatchObject({
      formulas: { email: OLGA, byYou: false },
    });
    // "Use my account for formulas": Cy proves access from inside the sheet, and pays from now on.
    expect(fakes.runtime.callFromClient('connectFormulas')).toMatchObject({
      formulas: { email: CY, byYou: true },
    });
    const allowance = fakes.runtime.callFromClient('getFormulaAllowance') as {
      changes: { kind: string; by: string }[];
    };
    expect(allowance.changes.map((change) => [change.kind, change.by])).toEqual([
      ['took-over', CY],
      ['connected', OLGA],
    ]);

    // Dan may only view the sheet: no proof, no take-over, and Cy still pays.
    fakes.session.actAs(DAN);
    fakes.spreadsheet.setAccess(DAN, 'view');
    expect(fakes.runtime.callFromClient('connect')).toMatchObject({
      connected: true,
      formulas: { email: CY },
    });
    expect(() => fakes.runtime.callFromClient('connectFormulas')).toThrow(
      'You can only view this spreadsheet',
    );
    expect(fakes.runtime.callFromClient('getSettings')).toMatchObject({ formulas: { email: CY } });
    expect(metadataLeft(fakes)).toEqual([]);
  });
});

describe('Sharing the sheet with the worker from Settings (issue 26: refusals told apart)', () => {
  it('shares with one click, and tells a domain that keeps its files in from a sheet not shared', () => {
    const open = world.load({
      connected: false,
      session: { activeUserEmail: 'olga@team.com' },
      spreadsheet: { id: '1OpenSheetSharedFromSettings000000000000000' },
    });
    shared.use(open);
    open.runtime.callFromClient('connect');
    const before = open.runtime.callFromClient('getDeliveryStatus') as {
      shared: boolean | null;
      message: string;
    };
    expect(before).toMatchObject({ shared: false, serviceAccount: account.clientEmail });
    expect(before.message).toMatch(
      /^This spreadsheet is not shared with .*: share it with that address as Editor/,
    );
    expect(open.runtime.callFromClient('shareWithWorker')).toMatchObject({
      shared: true,
      domainPolicy: false,
    });

    const closed = world.load({
      connected: false,
      session: { activeUserEmail: 'olga@team.com' },
      spreadsheet: { id: '1ClosedDomainSheet0000000000000000000000000' },
    });
    closed.spreadsheet.setOutsideSharing('team.com');
    shared.use(closed);
    closed.runtime.callFromClient('connect');
    const refused = closed.runtime.callFromClient('shareWithWorker') as {
      shared: boolean;
      domainPolicy: boolean;
      message: string;
    };
    expect(refused).toMatchObject({ shared: false, domainPolicy: true });
    expect(refused.message).toMatch(
      /your domain keeps its files from accounts outside it, so the worker cannot run schedules or deliveries here/,
    );
    // The worker itself still sees a sheet it cannot open, and says how to share it.
    expect(closed.runtime.callFromClient('getDeliveryStatus')).toMatchObject({ shared: false });
  });
});
