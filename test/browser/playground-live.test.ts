import type { Locator, Page } from 'playwright-core';
import { addTab, cell, selectTab, sheetTab, tabNames } from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import { askSnapshotSchedule } from './schedule-driver';
import { connect } from './sidebar-driver';

/**
 * The playground's spreadsheet is the worker's Google too: a scheduled report set up in the
 * sidebar runs on the worker, which writes through the playground's Sheets API as its service
 * account, and the page shows the rows (formatted as the sidebar shows numbers: issue 25), the
 * stamp, the history tab and the growth chart as they land, with nothing more clicked in the sidebar.
 */

const SERVICE_ACCOUNT = 'worker@creator-sheets-playground.iam.gserviceaccount.com';
/** Instagram handles on the sample Creators tab (worker/playground/sample-spreadsheet.ts). */
const SAMPLE_HANDLES = 15;

let session: PlaygroundSession;

beforeAll(async () => {
  session = await startPlaygroundSession();
}, 180_000);
afterAll(async () => {
  await session?.close();
});

/** The grid's cell showing text that matches, once one does (the grid draws what is in view). */
function gridCellWith(page: Page, text: RegExp): Locator {
  return page.locator('#grid [data-a1]', { hasText: text }).first();
}

describe('the playground as the worker’s Google, live in the page', () => {
  it('shows Settings > Server delivery shared with the playground’s service account', async () => {
    const settings = await connect(session.page);

    await settings.getByText(`Shared with ${SERVICE_ACCOUNT}`, { exact: false }).waitFor({ timeout: 30_000 });
    await expect(settings.locator('#delivery-service-account').inputValue()).resolves.toBe(SERVICE_ACCOUNT);
  }, 60_000);

  it('shows a snapshot schedule’s rows as the sidebar shows them, its stamp and chart beside them, and its history line', async () => {
    const { page } = session;
    const tab = await addTab(page);
    // Every default column: a wide table, so its stamp and chart go on a tab of their own.
    const schedules = await askSnapshotSchedule(page, tab, { name: 'Creators growth' });
    const confirm = schedules.locator('#schedule-confirm');
    await expect(confirm.textContent()).resolves.toBe('Confirm and run now');

    await confirm.click();

    // From here on the page only polls: the worker's scheduler writes through the emulator.
    await sheetTab(page, 'Creator Sheets history').waitFor({ timeout: 90_000 });
    await cell(page, 'A1')
      .filter({ hasText: /^Date$/ })
      .waitFor({ timeout: 30_000 });
    // The first run starts with each creator's monthly history, dated the 1st of each month.
    await expect(cell(page, 'A2').textContent()).resolves.toMatch(/^\d{4}-\d{2}-01 00:00$/);
    const written = await session.cells(tab, 'A1:AL500');
    const [header, ...below] = written;
    const rows = below.filter((row) => row[0] !== '');
    expect(rows.length).toBeGreaterThan(SAMPLE_HANDLES);
    // Then the run's own rows, dated to the minute on the spreadsheet's clock.
    const runRows = rows.slice(-SAMPLE_HANDLES);
    expect(runRows.every(([date]) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(date))).toBe(true);
    // Read as the sidebar shows them: thousands, percents, dates; never 0.041594454 or 45011.
    const at = (label: string) => header.indexOf(label);
    const reports = runRows.filter((row) => row[at('Followers')] !== '');
    expect(reports.length).toBeGreaterThan(SAMPLE_HANDLES / 2);
    for (const row of reports) {
      expect(row[at('Followers')]).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(row[at('Engagement rate')]).toMatch(/^\d+\.\d{2}%$/);
      expect(row[at('Audience credibility')]).toMatch(/^(\d+\.\d{2}%)?$/);
      expect(row[at('Report date')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const labels = header.filter((label) => label !== '');
    expect(labels.slice(-2)).toEqual(['Followers gained', 'Followers change']);
    // Nothing far right of a wide table: its stamp and chart are on the tab beside it, where it opens.
    expect(labels.some((text) => text.startsWith('Last refreshed'))).toBe(false);
    const summary = `${tab} (Creator Sheets)`;
    await expect(tabNames(page)).resolves.toContain(summary);
    const names = await tabNames(page);
    expect(names.indexOf(summary)).toBe(names.indexOf(tab) + 1);
    await selectTab(page, summary);
    await gridCellWith(page, /^Last refreshed \d{4}-\d{2}-\d{2} \d{2}:\d{2}/).waitFor({ timeout: 30_000 });
    const chart = page.getByRole('figure', { name: 'Followers over time' });
    await chart.waitFor({ timeout: 30_000 });
    await expect(chart.locator('svg circle, svg polyline').count()).resolves.toBeGreaterThan(0);
    await expect(chart.textContent()).resolves.toContain('Creators growth');

    // The run makes the history tab, then appends its line: a call apart.
    let history = await session.cells('Creator Sheets history', 'A1:F2');
    for (let tries = 0; history[1][0] === '' && tries < 100; tries++) {
      await page.waitForTimeout(100);
      history = await session.cells('Creator Sheets history', 'A1:F2');
    }
    expect(history[0]).toEqual(['When', 'Schedule', 'Set up by', 'Rows', 'Credits', 'Outcome']);
    expect(history[1].slice(1, 4)).toEqual(['Creators growth', expect.any(String), String(SAMPLE_HANDLES)]);
  }, 180_000);
});
