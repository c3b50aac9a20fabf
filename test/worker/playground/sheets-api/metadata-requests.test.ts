import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import { failure, startHarness, SPREADSHEET_ID, type Harness } from './emulator-harness';
import type { sheets_v4 } from '@googleapis/sheets';

/** Developer metadata through googleapis over HTTP, as the worker's service account calls it. */

const spreadsheetId = SPREADSHEET_ID;
const OTHER_PROJECT = '300000000003';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ sheets: ['Data'] });
});
afterEach(async () => {
  await h.close();
});

async function batch(requests: sheets_v4.Schema$Request[], sheets = h.sheets) {
  const answer = await sheets.spreadsheets.batchUpdate({ spreadsheetId, requestBody: { requests } });
  return answer.data.replies ?? [];
}

async function create(developerMetadata: sheets_v4.Schema$DeveloperMetadata, sheets = h.sheets) {
  const [reply] = await batch([{ createDeveloperMetadata: { developerMetadata } }], sheets);
  return reply.createDeveloperMetadata?.developerMetadata ?? {};
}

async function search(dataFilters: sheets_v4.Schema$DataFilter[], sheets = h.sheets) {
  const answer = await sheets.spreadsheets.developerMetadata.search({
    spreadsheetId,
    requestBody: { dataFilters },
  });
  return answer.data;
}

/** DOCUMENT metadata with that key, on the spreadsheet unless placed elsewhere. */
const documentMetadata = (metadataKey: string, more: sheets_v4.Schema$DeveloperMetadata = {}) =>
  create({ metadataKey, location: { spreadsheet: true }, visibility: 'DOCUMENT', ...more });

const byKey = (metadataKey: string, more: sheets_v4.Schema$DeveloperMetadataLookup = {}) => ({
  developerMetadataLookup: { metadataKey, ...more },
});

describe('the emulator’s developer metadata', () => {
  it('creates metadata on a row and on the spreadsheet, answered as Google answers them', async () => {
    const row = await create({
      metadataKey: 'Sales',
      metadataValue: '2022',
      location: { dimensionRange: { sheetId: 0, dimension: 'ROWS', startIndex: 6, endIndex: 7 } },
      visibility: 'DOCUMENT',
    });
    expect(row).toEqual({
      metadataId: expect.any(Number),
      metadataKey: 'Sales',
      metadataValue: '2022',
      location: {
        locationType: 'ROW',
        dimensionRange: { sheetId: 0, dimension: 'ROWS', startIndex: 6, endIndex: 7 },
      },
      visibility: 'DOCUMENT',
    });
    expect(row.metadataId).toBeGreaterThan(0);
    const book = await create({
      metadataId: 77,
      metadataKey: 'tag',
      location: { spreadsheet: true },
      visibility: 'PROJECT',
    });
    expect(book).toEqual({
      metadataId: 77,
      metadataKey: 'tag',
      location: { locationType: 'SPREADSHEET', spreadsheet: true },
      visibility: 'PROJECT',
    });
    const got = await h.sheets.spreadsheets.developerMetadata.get({ spreadsheetId, metadataId: 77 });
    expect(got.data).toEqual(book);
    // The Apps Script side reads the same spreadsheet.
    expect(h.spreadsheet.requireSheet('Data').createDeveloperMetadataFinder().find()[0].getValue()).toBe(
      '2022',
    );
  });

  it('searches with several filters, each match listing the filters that selected it', async () => {
    const a = await documentMetadata('a', { location: { sheetId: 0 } });
    await documentMetadata('b');
    const found = await search([
      byKey('a'),
      { developerMetadataLookup: { locationType: 'SHEET' } },
      byKey('none'),
    ]);
    expect(found).toEqual({
      matchedDeveloperMetadata: [
        {
          developerMetadata: a,
          dataFilters: [byKey('a'), { developerMetadataLookup: { locationType: 'SHEET' } }],
        },
      ],
    });
    expect(await search([byKey('none')])).toEqual({});
  });

  it('deletes what its filter selects, lists it, and then answers 404 for its id', async () => {
    const challenge = await documentMetadata('proof', { metadataValue: 'c-1' });
    await documentMetadata('proof', { metadataValue: 'c-2' });
    const [deleted] = await batch([
      { deleteDeveloperMetadata: { dataFilter: byKey('proof', { metadataValue: 'c-1' }) } },
    ]);
    expect(deleted).toEqual({ deleteDeveloperMetadata: { deletedDeveloperMetadata: [challenge] } });
    const [again] = await batch([
      { deleteDeveloperMetadata: { dataFilter: byKey('proof', { metadataValue: 'c-1' }) } },
    ]);
    expect(again).toEqual({ deleteDeveloperMetadata: {} });
    const gone = await failure(
      h.sheets.spreadsheets.developerMetadata.get({ spreadsheetId, metadataId: challenge.metadataId ?? 0 }),
    );
    expect(gone).toEqual({
      status: 404,
      error: {
        code: 404,
        status: 'NOT_FOUND',
        message: `No developer metadata with ID ${challenge.metadataId}.`,
      },
    });
    expect((await search([byKey('proof')])).matchedDeveloperMetadata).toHaveLength(1);
  });

  it('updates the masked fields of every entry selected, or none when one cannot change', async () => {
    const one = await documentMetadata('k', { metadataValue: '1', location: { sheetId: 0 } });
    await documentMetadata('k', { metadataValue: '2' });
    const [reply] = await batch([
      {
        updateDeveloperMetadata: {
          dataFilters: [byKey('k')],
          developerMetadata: {
            metadataValue: 'new',
            location: { dimensionRange: { sheetId: 0, dimension: 'COLUMNS', startIndex: 2, endIndex: 3 } },
          },
          fields: 'metadataValue,location',
        },
      },
    ]);
    expect(
      reply.updateDeveloperMetadata?.developerMetadata?.map((m) => [
        m.metadataValue,
        m.location?.locationType,
      ]),
    ).toEqual([
      ['new', 'COLUMN'],
      ['new', 'COLUMN'],
    ]);
    const refused = await failure(
      batch([
        {
          updateDeveloperMetadata: {
            dataFilters: [byKey('k')],
            developerMetadata: { metadataValue: 'v'.repeat(29_990) }, // the first fits, the second not
            fields: 'metadataValue',
          },
        },
      ]),
    );
    expect(refused.error.message).toMatch(/^Invalid requests\[0\]\.updateDeveloperMetadata: .*30,000/);
    expect(
      (await search([byKey('k')])).matchedDeveloperMetadata?.map((m) => m.developerMetadata?.metadataValue),
    ).toEqual(['new', 'new']);
    const noMask = await failure(
      batch([
        { updateDeveloperMetadata: { dataFilters: [byKey('k')], developerMetadata: { metadataKey: 'x' } } },
      ]),
    );
    expect(noMask.error.message).toContain('At least one field must be specified in fields.');
    expect(one.metadataId).toBeGreaterThan(0);
  });

  it('shows PROJECT metadata only to the Cloud project that created it', async () => {
    const other = createServiceAccountKey({ clientEmail: 'other@elsewhere.iam.gserviceaccount.com' });
    h.emulator.share(spreadsheetId, other.clientEmail, 'writer');
    const stranger = await h.client(other, OTHER_PROJECT);
    const mine = await create({
      metadataKey: 'private',
      location: { spreadsheet: true },
      visibility: 'PROJECT',
    });
    await documentMetadata('shared');

    expect(await search([byKey('private')], stranger)).toEqual({});
    const hidden = await failure(
      stranger.spreadsheets.developerMetadata.get({ spreadsheetId, metadataId: mine.metadataId ?? 0 }),
    );
    expect(hidden.status).toBe(404);
    expect(await batch([{ deleteDeveloperMetadata: { dataFilter: byKey('private') } }], stranger)).toEqual([
      { deleteDeveloperMetadata: {} },
    ]);
    const seen = await stranger.spreadsheets.get({ spreadsheetId, fields: 'developerMetadata' });
    expect(seen.data.developerMetadata?.map((m) => m.metadataKey)).toEqual(['shared']);
    const own = await h.sheets.spreadsheets.get({ spreadsheetId, fields: 'developerMetadata' });
    expect(own.data.developerMetadata?.map((m) => m.metadataKey)).toEqual(['private', 'shared']);
  });

  it('moves row metadata with insertDimension and drops sheet metadata with deleteSheet', async () => {
    const [added] = await batch([{ addSheet: { properties: { title: 'Report' } } }]);
    const reportId = added.addSheet?.properties?.sheetId ?? -1;
    await documentMetadata('tab', { location: { sheetId: reportId } });
    const row = await create({
      metadataKey: 'row',
      location: { dimensionRange: { sheetId: 0, dimension: 'ROWS', startIndex: 4, endIndex: 5 } },
      visibility: 'DOCUMENT',
    });
    await batch([
      { insertDimension: { range: { sheetId: 0, dimension: 'ROWS', startIndex: 2, endIndex: 5 } } },
      { deleteSheet: { sheetId: reportId } },
    ]);
    const moved = await h.sheets.spreadsheets.developerMetadata.get({
      spreadsheetId,
      metadataId: row.metadataId ?? 0,
    });
    expect(moved.data.location?.dimensionRange).toEqual({
      sheetId: 0,
      dimension: 'ROWS',
      startIndex: 7,
      endIndex: 8,
    });
    expect(await search([byKey('tab')])).toEqual({});
  });

  it('lets a reader search and get but not write, each call counted in its quota group', async () => {
    const reader = createServiceAccountKey({ clientEmail: 'reader@team.iam.gserviceaccount.com' });
    h.emulator.share(spreadsheetId, reader.clientEmail, 'reader');
    const readOnly = await h.client(reader);
    const entry = await documentMetadata('proof');
    h.emulator.reset();

    expect((await search([byKey('proof')], readOnly)).matchedDeveloperMetadata).toHaveLength(1);
    await readOnly.spreadsheets.developerMetadata.get({ spreadsheetId, metadataId: entry.metadataId ?? 0 });
    const refused = await failure(
      batch([{ deleteDeveloperMetadata: { dataFilter: byKey('proof') } }], readOnly),
    );
    expect(refused).toEqual({
      status: 403,
      error: { code: 403, status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
    });
    const stats = h.emulator.stats().byAccount[reader.clientEmail];
    expect(stats).toMatchObject({ reads: 2, writes: 1 });
    expect(stats.byMethod).toEqual({
      'spreadsheets.developerMetadata.search': 1,
      'spreadsheets.developerMetadata.get': 1,
      'spreadsheets.batchUpdate': 1,
    });
    expect((await search([byKey('proof')])).matchedDeveloperMetadata).toHaveLength(1);
  });

  it('refuses what Google refuses in a create', async () => {
    await create({
      metadataId: 5,
      metadataKey: 'k',
      location: { spreadsheet: true },
      visibility: 'DOCUMENT',
    });
    const cases: [sheets_v4.Schema$DeveloperMetadata, string][] = [
      [
        { metadataId: 5, metadataKey: 'k', location: { spreadsheet: true }, visibility: 'DOCUMENT' },
        'ID 5 already exists',
      ],
      [{ location: { spreadsheet: true }, visibility: 'DOCUMENT' }, 'must have a metadataKey'],
      [{ metadataKey: 'k', location: { spreadsheet: true } }, 'must have a visibility'],
      [{ metadataKey: 'k', visibility: 'DOCUMENT' }, 'must have a location'],
      [{ metadataKey: 'k', location: { sheetId: 404 }, visibility: 'DOCUMENT' }, 'No grid with id: 404'],
      [
        {
          metadataKey: 'k',
          location: { dimensionRange: { sheetId: 0, dimension: 'ROWS', startIndex: 1, endIndex: 3 } },
          visibility: 'DOCUMENT',
        },
        'must represent a single row or column',
      ],
      [
        { metadataKey: 'k', location: { spreadsheet: true, sheetId: 0 }, visibility: 'DOCUMENT' },
        'exactly one of',
      ],
      [
        { metadataKey: 'k', location: { spreadsheet: true }, visibility: 'PUBLIC' },
        "Invalid value at 'developerMetadata.visibility'",
      ],
    ];
    for (const [developerMetadata, message] of cases) {
      const refused = await failure(batch([{ createDeveloperMetadata: { developerMetadata } }]));
      expect(refused.status).toBe(400);
      expect(refused.error.message).toMatch(/^Invalid requests\[0\]\.createDeveloperMetadata: /);
      expect(refused.error.message).toContain(message);
    }
  });
});
