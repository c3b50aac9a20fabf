import { failure, startHarness, SPREADSHEET_ID, type Harness } from './emulator-harness';
import type { sheets_v4 } from '@googleapis/sheets';

/** DataFilter lookups as the emulator reads them: locations matched, bad filters refused. */

const spreadsheetId = SPREADSHEET_ID;

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ sheets: ['Data', 'Other'] });
  const other = h.spreadsheet.requireSheet('Other').id;
  const rows = (startIndex: number, sheetId = 0) => ({
    dimensionRange: { sheetId, dimension: 'ROWS', startIndex, endIndex: startIndex + 1 },
  });
  const locations: [string, sheets_v4.Schema$DeveloperMetadataLocation][] = [
    ['book', { spreadsheet: true }],
    ['tab', { sheetId: 0 }],
    ['row 3', rows(2)],
    ['row 4', rows(3)],
    ['column B', { dimensionRange: { sheetId: 0, dimension: 'COLUMNS', startIndex: 1, endIndex: 2 } }],
    ['other row 3', rows(2, other)],
  ];
  await h.sheets.spreadsheets.batchUpdate({
    spreadsheetId,
    requestBody: {
      requests: locations.map(([metadataKey, location]) => ({
        createDeveloperMetadata: { developerMetadata: { metadataKey, location, visibility: 'DOCUMENT' } },
      })),
    },
  });
});
afterEach(async () => {
  await h.close();
});

async function keysFound(developerMetadataLookup: sheets_v4.Schema$DeveloperMetadataLookup) {
  const answer = await h.sheets.spreadsheets.developerMetadata.search({
    spreadsheetId,
    requestBody: { dataFilters: [{ developerMetadataLookup }] },
  });
  return (answer.data.matchedDeveloperMetadata ?? []).map((m) => m.developerMetadata?.metadataKey);
}

function refusal(dataFilter: unknown) {
  return failure(
    h.sheets.spreadsheets.developerMetadata.search({
      spreadsheetId,
      requestBody: { dataFilters: [dataFilter as sheets_v4.Schema$DataFilter] },
    }),
  );
}

const row3 = { dimensionRange: { sheetId: 0, dimension: 'ROWS', startIndex: 2, endIndex: 3 } };

describe('developer metadata lookups', () => {
  it('matches intersecting locations by default: a row meets its sheet and every column of it', async () => {
    expect(await keysFound({ metadataLocation: row3 })).toEqual(['tab', 'row 3', 'column B']);
    expect(await keysFound({ metadataLocation: { sheetId: 0 } })).toEqual([
      'tab',
      'row 3',
      'row 4',
      'column B',
    ]);
    expect(await keysFound({ metadataLocation: { sheetId: 0 }, locationType: 'ROW' })).toEqual([
      'row 3',
      'row 4',
    ]);
    // "Spreadsheet metadata cannot intersect any other developer metadata location."
    expect(await keysFound({ metadataLocation: { spreadsheet: true } })).toEqual(['book']);
  });

  it('matches only the very location with EXACT_LOCATION', async () => {
    const exact = { locationMatchingStrategy: 'EXACT_LOCATION' };
    expect(await keysFound({ metadataLocation: row3, ...exact })).toEqual(['row 3']);
    expect(await keysFound({ metadataLocation: { sheetId: 0 }, ...exact })).toEqual(['tab']);
  });

  it('refuses filters Google refuses, and those it does not document, rather than match all', async () => {
    const cases: [unknown, string][] = [
      [{}, 'must set exactly one of developerMetadataLookup, a1Range or gridRange'],
      [{ a1Range: 'Data!A1:B2' }, 'selects developer metadata by developerMetadataLookup only'],
      [{ developerMetadataLookup: {} }, 'must name at least one criterion'],
      [{ developerMetadataLookup: { key: 'book' } }, 'Unknown name "key"'],
      [
        { developerMetadataLookup: { locationMatchingStrategy: 'EXACT_LOCATION' } },
        'needs a metadataLocation',
      ],
      [
        {
          developerMetadataLookup: {
            metadataLocation: row3,
            locationMatchingStrategy: 'EXACT_LOCATION',
            locationType: 'ROW',
          },
        },
        'locationType must be left unspecified',
      ],
      [
        { developerMetadataLookup: { metadataLocation: row3, locationType: 'SPREADSHEET' } },
        'cannot be SPREADSHEET',
      ],
      [
        { developerMetadataLookup: { visibility: 'PUBLIC' } },
        "Invalid value at 'dataFilters[0].developerMetadataLookup.visibility'",
      ],
      [{ developerMetadataLookup: { metadataId: -1 } }, 'a whole number from 1'],
    ];
    for (const [filter, message] of cases) {
      const refused = await refusal(filter);
      expect(refused.status).toBe(400);
      expect(refused.error.message).toContain(message);
    }
    const none = await failure(
      h.sheets.spreadsheets.developerMetadata.search({ spreadsheetId, requestBody: { dataFilters: [] } }),
    );
    expect(none.error.message).toContain('must list at least one DataFilter');
  });

  it('answers a metadata id that is not a number as Google reads path parameters', async () => {
    const answer = await fetch(
      new URL(`/v4/spreadsheets/${spreadsheetId}/developerMetadata/abc`, h.served.url),
      {
        headers: { Authorization: `Bearer ${await token()}` },
      },
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: `Invalid value at 'metadata_id' (TYPE_INT32), "abc"`,
      },
    });
  });
});

/** The access token googleapis holds, read back through its client. */
async function token(): Promise<string> {
  const auth = h.sheets.context._options.auth as { getAccessToken(): Promise<{ token?: string | null }> };
  return (await auth.getAccessToken()).token ?? '';
}
