import { createServiceAccountKey } from '../../../../worker/playground/sheets-api/service-account-key';
import { failure, startHarness, SPREADSHEET_ID, type Harness } from './emulator-harness';

const spreadsheetId = SPREADSHEET_ID;

describe('the emulator quotas and stats', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({
      quotas: { writesPerMinutePerUser: 3, writesPerMinutePerProject: 5, readsPerMinutePerUser: 4 },
    });
    // Quota minutes are whole minutes of the emulator's clock: start the test at the top of one.
    h.clock.time -= h.clock.time % 60_000;
    h.emulator.reset();
  });
  afterEach(async () => {
    await h.close();
  });

  // googleapis retries a 429 on PUT (gaxios' default, 3 times with backoff): off, to count exactly.
  const write = (sheets = h.sheets, value = 'x') =>
    sheets.spreadsheets.values.update(
      { spreadsheetId, range: 'Sheet1!A1', valueInputOption: 'RAW', requestBody: { values: [[value]] } },
      { retry: false },
    );

  it('answers 429 past the per-user write quota, counts reads apart, and serves again the next minute', async () => {
    for (let i = 0; i < 3; i++) await write();
    const limited = await failure(write(h.sheets, 'late'));
    expect(limited.status).toBe(429);
    expect(limited.error).toMatchObject({
      code: 429,
      status: 'RESOURCE_EXHAUSTED',
      message: expect.stringContaining(
        "limit 'Write requests per minute per user' of service 'sheets.googleapis.com'",
      ),
    });
    expect(h.spreadsheet.getRange('Sheet1!A1').getValue()).toBe('x');
    // Reads have their own quota.
    await h.sheets.spreadsheets.values.get({ spreadsheetId, range: 'Sheet1!A1' });

    h.clock.advance(60_000);
    await write(h.sheets, 'next minute');
    expect(h.spreadsheet.getRange('Sheet1!A1').getValue()).toBe('next minute');
  });

  it('holds every account of the project to the per-project quota', async () => {
    const other = createServiceAccountKey();
    h.emulator.share(spreadsheetId, other.clientEmail, 'writer');
    const asOther = await h.client(other);
    for (let i = 0; i < 3; i++) await write();
    for (let i = 0; i < 2; i++) await write(asOther);
    const limited = await failure(write(asOther));
    expect(limited.error.message).toContain("limit 'Write requests per minute'");
  });

  it('counts calls by method, account and status, and starts again after reset', async () => {
    await h.sheets.spreadsheets.get({ spreadsheetId });
    await write();
    await h.sheets.spreadsheets.values.append({
      spreadsheetId,
      range: 'Sheet1!A1',
      valueInputOption: 'RAW',
      requestBody: { values: [['a', 'b']] },
    });
    await failure(h.sheets.spreadsheets.values.get({ spreadsheetId, range: 'Nope!A1' }));
    const stats = h.emulator.stats();
    expect(stats).toMatchObject({
      calls: 4,
      reads: 2,
      writes: 2,
      rateLimited: 0,
      cellsWritten: 3,
      byMethod: {
        'spreadsheets.get': 1,
        'spreadsheets.values.update': 1,
        'spreadsheets.values.append': 1,
        'spreadsheets.values.get': 1,
      },
      byStatus: { '200': 3, '400': 1 },
    });
    expect(stats.byAccount[h.account.clientEmail]).toMatchObject({ calls: 4, reads: 2, writes: 2 });

    await write();
    await failure(write());
    expect(h.emulator.stats()).toMatchObject({ rateLimited: 1, byStatus: { '429': 1 } });
    expect(h.emulator.stats().byAccount[h.account.clientEmail].rateLimited).toBe(1);

    h.emulator.reset();
    expect(h.emulator.stats()).toMatchObject({ calls: 0, rateLimited: 0, byMethod: {} });
    await write();
  });
});
