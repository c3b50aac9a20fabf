import {
  addAiListMembers,
  checkAiListMembers,
  createAiList,
  deleteAiList,
  getListsOverview,
  openAiList,
  removeAiListMembers,
  writeAiListToTab,
} from '../../../../addon/server/lists/lists-functions';
import type { ListSummary } from '../../../../addon/bridge-contract/lists-api';
import type { Platform } from '../../../../shared/platforms';
import type { FakeSheet } from '../../../../worker/playground/apps-script/spreadsheet/sheet';
import { workerError, type RecordedRequest } from '../scripted-worker';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

/**
 * The Lists section's server functions against a scripted worker that keeps lists with the
 * worker's rules (members are a set; adding existing ids and removing missing ones are no-ops;
 * counts are exact), so each test can count the calls a user's action makes.
 */

interface StoredList {
  id: string;
  name: string;
  platform: Platform;
  createdAt: string;
  updatedAt: string;
  members: Set<string>;
}

let env: ServerGlobals;
let lists: Map<string, StoredList>;

const ID_COLUMNS = [{ id: 'user_id', label: 'User id', format: 'text' }];

function view(list: StoredList) {
  return {
    id: list.id,
    name: list.name,
    platform: list.platform,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
    approximateMemberCount: list.members.size,
    // The worker keeps fields it does not know; the add-on must not trip over them.
    owner: 'api-account',
  };
}

function listOf(request: RecordedRequest): StoredList | null {
  const id = decodeURIComponent(request.path.split('/')[3] ?? '');
  return lists.get(id) ?? null;
}

const notFound = (request: RecordedRequest) =>
  workerError(404, 'entity_not_found', `AI list "${request.path.split('/')[3]}" does not exist`);

function scriptWorker(): void {
  env.worker
    .on('get', 'api/ai/lists', () => ({
      body: { lists: [...lists.values()].map(view), header: [], rows: [] },
    }))
    .on('post', 'api/ai/lists', (request) => {
      const { platform, name } = request.body as { platform: Platform; name: string };
      const list: StoredList = {
        id: `list-${lists.size + 1}`,
        name,
        platform,
        createdAt: '2026-05-01T10:00:00.000Z',
        updatedAt: '2026-05-01T10:00:00.000Z',
        members: new Set(),
      };
      lists.set(list.id, list);
      return { status: 201, body: { list: view(list) } };
    })
    .on('get', /^api\/ai\/lists\/[^/]+$/, (request) => {
      const list = listOf(request);
      return list === null ? notFound(request) : { body: { list: view(list) } };
    })
    .on('delete', /^api\/ai\/lists\/[^/]+$/, (request) => {
      const list = listOf(request);
      if (list === null) return notFound(request);
      lists.delete(list.id);
      return { body: { listId: list.id, deleted: true } };
    })
    .on('get', /^api\/ai\/lists\/[^/]+\/members$/, (request) => {
      const list = listOf(request);
      if (list === null) return notFound(request);
      const members = [...list.members];
      return {
        body: {
          listId: list.id,
          total: members.length,
          members,
          header: ['User id'],
          columns: ID_COLUMNS,
          rows: members.map((id) => [id]),
        },
      };
    })
    .on('post', /^api\/ai\/lists\/[^/]+\/members$/, (request) => {
      const list = listOf(request);
      if (list === null) return notFound(request);
      const { ids } = request.body as { ids: string[] };
      const before = list.members.size;
      for (const id of ids) list.members.add(id);
      const added = list.members.size - before;
      return { body: { listId: list.id, sent: ids.length, calls: 1, added, total: list.members.size } };
    })
    .on('post', /^api\/ai\/lists\/[^/]+\/members\/remove$/, (request) => {
      const list = listOf(request);
      if (list === null) return notFound(request);
      const { ids } = request.body as { ids: string[] };
      let removed = 0;
      for (const id of ids) if (list.members.delete(id)) removed += 1;
      return { body: { listId: list.id, sent: ids.length, calls: 1, removed, total: list.members.size } };
    });
}

function storeList(
  name: string,
  platform: Platform,
  members: string[] = [],
  createdAt = '2026-04-01T09:00:00.000Z',
): StoredList {
  const list: StoredList = {
    id: `stored-${lists.size + 1}`,
    name,
    platform,
    createdAt,
    updatedAt: createdAt,
    members: new Set(members),
  };
  lists.set(list.id, list);
  return list;
}

/** Instagram-looking ids: 1000000001, 1000000002, ... */
const igIds = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => String(1_000_000_000 + from + i));

function fill(sheetName: string, a1: string, rows: (string | number)[][]): FakeSheet {
  const sheet = env.fakes.spreadsheet.sheet(sheetName) ?? env.fakes.spreadsheet.insertSheet(sheetName);
  const needed = rows.length + 10;
  if (needed > sheet.getMaxRows()) sheet.insertRowsAfter(sheet.getMaxRows(), needed - sheet.getMaxRows());
  sheet.getRange(a1).setValues(rows);
  return sheet;
}

const workerCalls = () => env.worker.requests.length;
const changeCalls = () =>
  env.worker.calls(/\/members(\/remove)?$/).filter((request) => request.method !== 'get');

beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Leads'] } });
  env.connect();
  lists = new Map();
  scriptWorker();
});
afterEach(() => env.restore());

describe('getListsOverview and createAiList', () => {
  it('lists the lists newest first, in one call', () => {
    storeList('Old', 'instagram', [], '2026-01-01T00:00:00.000Z');
    storeList('New', 'tiktok', igIds(3), '2026-03-01T00:00:00.000Z');
    const overview = getListsOverview();
    expect(overview.lists.map((list) => [list.name, list.platform, list.approximateMembers])).toEqual([
      ['New', 'tiktok', 3],
      ['Old', 'instagram', 0],
    ]);
    expect(workerCalls()).toBe(1);
  });

  it('creates a list with the platform fixed and the name tidied', () => {
    const list = createAiList('youtube', '  Summer \n picks ');
    expect(list).toEqual<ListSummary>({
      id: 'list-1',
      name: 'Summer picks',
      platform: 'youtube',
      approximateMembers: 0,
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:00.000Z',
    });
    expect(env.worker.calls('api/ai/lists')[0].body).toEqual({ platform: 'youtube', name: 'Summer picks' });
  });

  it('refuses a blank or too long name and an unknown platform without calling the worker', () => {
    expect(() => createAiList('instagram', '   ')).toThrow('Give the list a name');
    expect(() => createAiList('instagram', 'x'.repeat(101))).toThrow(
      'A list name may hold up to 100 characters; this one has 101.',
    );
    expect(() => createAiList('facebook' as Platform, 'Picks')).toThrow(
      `Choose the list's platform: instagram, tiktok or youtube (got "facebook").`,
    );
    expect(createAiList('instagram', 'x'.repeat(100)).name).toHaveLength(100);
    expect(workerCalls()).toBe(1);
  });
});

describe('openAiList and writeAiListToTab', () => {
  it('shows the exact count and the first 100 members', () => {
    const list = storeList('Big', 'instagram', igIds(250));
    const detail = openAiList(list.id);
    expect(detail.members).toBe(250);
    expect(detail.list).toMatchObject({ id: list.id, name: 'Big', approximateMembers: 250 });
    expect(detail.shown).toEqual(igIds(100));
    expect(workerCalls()).toBe(2);
  });

  it('writes every member into a new tab named after the list, ids kept as text', () => {
    const list = storeList('Summer picks', 'tiktok', ['6812345678901234567', '6812345678901234568']);
    const tab = writeAiListToTab(list.id);
    expect(tab).toMatchObject({
      members: 2,
      sheetName: 'List Summer picks',
      destination: "'List Summer picks'!A2",
    });
    const sheet = env.fakes.spreadsheet.requireSheet('List Summer picks');
    expect(sheet.getRange('A1:A3').getValues()).toEqual([
      ['User id'],
      ['6812345678901234567'],
      ['6812345678901234568'],
    ]);
  });

  it('says when the list is gone', () => {
    expect(() => openAiList('nope')).toThrow('AI list "nope" does not exist');
  });
});

describe('addAiListMembers', () => {
  it('adds a selected column of ids (header skipped, repeats sent once) with one change call', () => {
    const list = storeList('Picks', 'instagram', igIds(2));
    fill('Leads', 'B1:B7', [['User id'], ...igIds(5).map((id) => [id]), [igIds(1)[0]]]);
    env.fakes.spreadsheetApp.select('Leads!B:B');
    const change = addAiListMembers(list.id, {
      kind: 'cells',
      source: { kind: 'selection' },
      skipInvalid: false,
    });
    expect(change).toMatchObject({ sent: 5, changed: 3, unchanged: 2, skipped: 0, members: 5 });
    expect(change.message).toBe(
      'Added 3 members to "Picks" (2 were already in it); it now holds 5 of at most 70,000.',
    );
    expect(changeCalls()).toHaveLength(1);
    expect(changeCalls()[0].body).toEqual({ ids: igIds(5) });
    // Reading the list's platform, then the change.
    expect(workerCalls()).toBe(2);
  });

  it('refuses a column with 3 cells that are not ids, naming them, and sends nothing', () => {
    const list = storeList('Picks', 'instagram');
    const values = igIds(10).map((id) => [id] as (string | number)[]);
    values[2] = ['@anna'];
    values[7] = ['two words'];
    values[9] = [2 ** 62];
    fill('Leads', 'C1:C11', [['ids'], ...values]);
    const source = { kind: 'column' as const, sheetName: 'Leads', column: 'C', firstRow: 1 };
    expect(() => addAiListMembers(list.id, { kind: 'cells', source, skipInvalid: false })).toThrow(
      '3 cells of Leads!C2:C11 are not Instagram user ids: C4 "@anna" is a handle, not a user id; ' +
        `C9 "two words" is not an Instagram user id (digits only); C11 "${String(2 ** 62)}" is a number too long`,
    );
    let message = '';
    try {
      addAiListMembers(list.id, { kind: 'cells', source, skipInvalid: false });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('Nothing was added.');
    expect(message).toContain('Lists take user ids, not handles');
    expect(message).toContain('or tick "Skip cells that are not user ids" to add the other 7.');
    expect(changeCalls()).toHaveLength(0);
    expect(list.members.size).toBe(0);
    // The sheet is as it was.
    expect(env.fakes.spreadsheet.requireSheet('Leads').getRange('C4').getValues()).toEqual([['@anna']]);

    const change = addAiListMembers(list.id, { kind: 'cells', source, skipInvalid: true });
    expect(change).toMatchObject({ sent: 7, changed: 7, skipped: 3, members: 7 });
    expect(change.message).toContain('Skipped 3 cells that are not user ids (C4, C9, C11).');
  });

  it('reads the "User id" column of the selected rows of a table that has one', () => {
    const list = storeList('Picks', 'instagram');
    fill('Search', 'A1:D4', [
      ['Match', 'Handle', 'Followers', 'User id'],
      // A creator named like a header word is data inside a table with a known header.
      ['direct', 'instagram', 600_000_000, igIds(1, 1)[0]],
      ['direct', 'bo', 12_000, igIds(1, 2)[0]],
      ['lookalike', 'cy', 11_000, igIds(1, 3)[0]],
    ]);
    env.fakes.spreadsheetApp.select('Search!B2:B4');
    const change = addAiListMembers(list.id, {
      kind: 'cells',
      source: { kind: 'selection' },
      skipInvalid: false,
    });
    expect(changeCalls()[0].body).toEqual({ ids: igIds(3) });
    expect(change.message).toContain(
      'Lists take user ids, so column D ("User id") of the selected rows is read, not column B.',
    );

    // The Followers column with its header, rows 3 and 4 only, or whole rows: the same ids.
    env.fakes.spreadsheetApp.select('Search!C1:C3');
    expect(checkAiListMembers(list.id, { kind: 'selection' })).toMatchObject({
      label: 'Search!D2:D3',
      ids: 2,
    });
    env.fakes.spreadsheetApp.select('Search!A1:D4');
    const check = checkAiListMembers(list.id, { kind: 'selection' });
    expect(check).toMatchObject({ label: 'Search!D2:D4', ids: 3, invalid: 0 });
    expect(check.note).toBe('The selection spans several columns: column D ("User id") is read.');
    // A column typed in the sidebar, from row 3.
    const typed = checkAiListMembers(list.id, {
      kind: 'column',
      sheetName: 'Search',
      column: 'B',
      firstRow: 3,
    });
    expect(typed).toMatchObject({ label: 'Search!D3:D4', ids: 2 });
  });

  it('points at the cells of ids the API refuses', () => {
    const list = storeList('Picks', 'instagram');
    fill('Leads', 'A1:A4', [['User id'], ['1000000001'], ['1000000002'], ['1000000003']]);
    env.worker.on('post', /\/members$/, () =>
      workerError(400, 'bad_request', 'ids[1] "1000000002" is not a user id on instagram. Nothing was added'),
    );
    env.fakes.spreadsheetApp.select('Leads!A1:A4');
    expect(() =>
      addAiListMembers(list.id, { kind: 'cells', source: { kind: 'selection' }, skipInvalid: false }),
    ).toThrow(
      'ids[1] "1000000002" is not a user id on instagram. Nothing was added (cells A3 of Leads!A2:A4)',
    );
  });

  it('refuses more ids than a list may hold before sending any', () => {
    const list = storeList('Picks', 'instagram');
    fill(
      'Leads',
      'A1:A70002',
      igIds(70_002).map((id) => [id]),
    );
    env.fakes.spreadsheetApp.select('Leads!A:A');
    expect(() =>
      addAiListMembers(list.id, { kind: 'cells', source: { kind: 'selection' }, skipInvalid: false }),
    ).toThrow(
      'Leads!A1:A70002 holds 70,002 different user ids, more than a list may hold (70,000). Nothing was added.',
    );
    expect(changeCalls()).toHaveLength(0);
  });

  it('says so when the cells hold no ids at all', () => {
    const list = storeList('Picks', 'tiktok');
    fill('Leads', 'A1:A3', [['Handle'], ['@anna'], ['@bo']]);
    env.fakes.spreadsheetApp.select('Leads!A1:A3');
    expect(() =>
      addAiListMembers(list.id, { kind: 'cells', source: { kind: 'selection' }, skipInvalid: true }),
    ).toThrow('Leads!A2:A3 holds no TikTok user ids (2 cells skipped, 0 blanks): nothing to add.');
    expect(changeCalls()).toHaveLength(0);
  });
});

describe('removeAiListMembers and deleteAiList', () => {
  it('removes one member shown in the sidebar, and a column of them', () => {
    const list = storeList('Picks', 'instagram', igIds(5));
    const one = removeAiListMembers(list.id, { kind: 'ids', ids: [igIds(1)[0]] });
    expect(one.message).toBe('Removed 1 member from "Picks"; it now holds 4 of at most 70,000.');
    expect(changeCalls()[0]).toMatchObject({
      method: 'post',
      path: 'api/ai/lists/stored-1/members/remove',
      body: { ids: [igIds(1)[0]] },
    });

    fill('Leads', 'A1:A3', [['1000000002'], ['1000000099'], ['']]);
    env.fakes.spreadsheetApp.select('Leads!A1:A3');
    const column = removeAiListMembers(list.id, {
      kind: 'cells',
      source: { kind: 'selection' },
      skipInvalid: false,
    });
    expect(column).toMatchObject({ sent: 2, changed: 1, unchanged: 1, members: 3 });
    expect(column.message).toContain('(1 was not in it)');
  });

  it('refuses ids of another platform without sending them', () => {
    const list = storeList('Picks', 'instagram', igIds(2));
    expect(() => removeAiListMembers(list.id, { kind: 'ids', ids: ['UCabcdefghijklmnopqrstuv'] })).toThrow(
      'id 1 "UCabcdefghijklmnopqrstuv" is a YouTube channel id, but this list is on Instagram. Nothing was removed.',
    );
    expect(changeCalls()).toHaveLength(0);
  });

  it('deletes a list in one call', () => {
    const list = storeList('Picks', 'instagram', igIds(2));
    expect(deleteAiList(list.id)).toEqual({ listId: list.id });
    expect(lists.has(list.id)).toBe(false);
    expect(workerCalls()).toBe(1);
  });
});

describe('checkAiListMembers', () => {
  it('counts ids, repeats, blanks and cells that are not ids, and sends nothing', () => {
    const list = storeList('Picks', 'instagram');
    fill('Leads', 'A1:A7', [
      ['User id'],
      ['1000000001'],
      ['1000000001'],
      [''],
      ['@anna'],
      ['1000000002'],
      ['x y'],
    ]);
    env.fakes.spreadsheetApp.select('Leads!A:A');
    const check = checkAiListMembers(list.id, { kind: 'selection' });
    expect(check).toMatchObject({
      label: 'Leads!A2:A7',
      cells: 5,
      blanks: 1,
      ids: 2,
      repeats: 1,
      invalid: 2,
    });
    expect(check.summary).toBe(
      'Leads!A2:A7: 2 Instagram user ids to send (1 repeated, sent once); 2 cells that are not: ' +
        'A5 "@anna" is a handle, not a user id; A7 "x y" is not an Instagram user id (digits only); 1 blank cell skipped. ' +
        'Lists take user ids, not handles: select the "User id" column of a search, AI search or reports tab.',
    );
    expect(changeCalls()).toHaveLength(0);
  });
});
