import { NO_EDIT_ACCESS } from '../../../../worker/playground/apps-script/spreadsheet/spreadsheet';
import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import { DEFAULT_PROJECT_NUMBER } from '../../../../worker/playground/sheets-api/service-accounts';
import { failure, startHarness, SPREADSHEET_ID, type Harness } from './emulator-harness';

/**
 * The proof of edit access issue 22 plans: the add-on, running as its user in the spreadsheet,
 * writes a one-time challenge as developer metadata; the worker's service account finds and
 * deletes it in one batchUpdate (or, when it may only read, finds it with a search).
 */

const spreadsheetId = SPREADSHEET_ID;
const KEY = 'creatorSheets.editProof';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
  h.fakes.session.actAs('ana@team.com');
});
afterEach(async () => {
  await h.close();
});

/** What the add-on runs: SpreadsheetApp.getActiveSpreadsheet().addDeveloperMetadata(...). */
function addOnWrites(
  value: string,
  visibility: 'DOCUMENT' | 'PROJECT' = 'DOCUMENT',
  mode: 'full' | 'custom-function' = 'full',
) {
  const app = h.fakes.spreadsheetApp;
  h.fakes.runtime.run(mode, () =>
    app.getActiveSpreadsheet().addDeveloperMetadata(KEY, value, app.DeveloperMetadataVisibility[visibility]),
  );
}

/** What the worker sends: one batchUpdate deleting the challenge, and the metadata it deleted. */
async function workerTakes(value: string, sheets = h.sheets) {
  const answer = await sheets.spreadsheets.batchUpdate({
    spreadsheetId,
    requestBody: {
      requests: [
        {
          deleteDeveloperMetadata: {
            dataFilter: { developerMetadataLookup: { metadataKey: KEY, metadataValue: value } },
          },
        },
      ],
    },
  });
  return answer.data.replies?.[0].deleteDeveloperMetadata?.deletedDeveloperMetadata ?? [];
}

function challengesLeft(): (string | null)[] {
  return h.fakes.spreadsheetApp
    .getActiveSpreadsheet()
    .createDeveloperMetadataFinder()
    .withKey(KEY)
    .find()
    .map((m) => m.getValue());
}

describe('a challenge the add-on writes, the worker takes', () => {
  it('finds and deletes DOCUMENT metadata the add-on wrote in one batchUpdate', async () => {
    addOnWrites('challenge-1');
    addOnWrites('challenge-2');
    h.emulator.reset();

    const deleted = await workerTakes('challenge-1');

    expect(deleted).toEqual([
      {
        metadataId: expect.any(Number),
        metadataKey: KEY,
        metadataValue: 'challenge-1',
        location: { locationType: 'SPREADSHEET', spreadsheet: true },
        visibility: 'DOCUMENT',
      },
    ]);
    expect(h.emulator.stats()).toMatchObject({ calls: 1, writes: 1 });
    expect(challengesLeft()).toEqual(['challenge-2']);
    expect(await workerTakes('challenge-1')).toEqual([]);
  });

  it('does not find PROJECT metadata the add-on wrote: the script’s project is not the worker’s', async () => {
    addOnWrites('challenge-1', 'PROJECT');
    expect(await workerTakes('challenge-1')).toEqual([]);
    expect(challengesLeft()).toEqual(['challenge-1']);
  });

  it('finds PROJECT metadata when the script runs in the service account’s own Cloud project', async () => {
    await h.close();
    // The harness's accounts belong to the emulator's default project; so, now, does the script.
    h = await startHarness({ scriptProjectNumber: DEFAULT_PROJECT_NUMBER });
    addOnWrites('challenge-1', 'PROJECT');
    expect(await workerTakes('challenge-1')).toHaveLength(1);
    expect(challengesLeft()).toEqual([]);
  });

  it('lets a service account that may only read find the challenge, not delete it', async () => {
    const reader = createServiceAccountKey({ clientEmail: 'reader@team.iam.gserviceaccount.com' });
    h.emulator.share(spreadsheetId, reader.clientEmail, 'reader');
    const readOnly = await h.client(reader);
    addOnWrites('challenge-1');

    expect((await failure(workerTakes('challenge-1', readOnly))).status).toBe(403);
    const found = await readOnly.spreadsheets.developerMetadata.search({
      spreadsheetId,
      requestBody: {
        dataFilters: [{ developerMetadataLookup: { metadataKey: KEY, metadataValue: 'challenge-1' } }],
      },
    });
    expect(found.data.matchedDeveloperMetadata?.map((m) => m.developerMetadata?.metadataValue)).toEqual([
      'challenge-1',
    ]);
  });

  it('refuses the add-on of a user who may only view the spreadsheet, leaving nothing to find', async () => {
    h.spreadsheet.setAccess('ana@team.com', 'view');
    expect(() => addOnWrites('challenge-1')).toThrow(NO_EDIT_ACCESS);
    expect(await workerTakes('challenge-1')).toEqual([]);
  });

  it('refuses a custom function, which may not write to the spreadsheet', async () => {
    expect(() => addOnWrites('challenge-1', 'DOCUMENT', 'custom-function')).toThrow(
      'You do not have permission to call Spreadsheet.addDeveloperMetadata (custom functions run without authorization)',
    );
    expect(await workerTakes('challenge-1')).toEqual([]);
  });
});
