import type { Locator, Page } from 'playwright-core';
import { columnLetters } from '../../worker/playground/apps-script/a1-notation';
import { addTab, cell, goTo, sheetTab } from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import { askSnapshotSchedule } from './schedule-driver';
import { connect } from './sidebar-driver';

/**
 * The playground's spreadsheet is the worker's Google too: a scheduled report set up in the
 * sidebar runs on the worker, which writes through the playground's Sheets API as its service
 * account, and the page shows the rows, the stamp, the history tab and the growth chart as they
 * land, with nothing more clicked in the sidebar.
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

  it('shows a snapshot schedule’s rows, stamp, history tab and chart as the worker writes them', async () => {
    const { page } = session;
    const tab = await addTab(page);
    const schedules = await askSnapshotSchedule(page, tab, { name: 'Creators growth' });
    const confirm = schedules.locator('#schedule-confirm');
    await expect(confirm.textContent()).resolves.toBe('Confirm and run now');

    await confirm.click();

    // From here on the page only polls: the worker's scheduler writes through the emulator.
    await sheetTab(page, 'Creator Sheets history').waitFor({ timeout: 90_000 });
    await cell(page, 'A1')
      .filter({ hasText: /^Date$/ })
      .waitFor({ timeout: 30_000 });
    await expect(cell(page, 'A2').textContent()).resolves.toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const written = await session.cells(tab, `A1:AZ${SAMPLE_HANDLES + 2}`);
    const dates = written.slice(1, SAMPLE_HANDLES + 1).map(([date]) => date);
    expect(dates.every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true);
    expect(written[SAMPLE_HANDLES + 1][0]).toBe('');
    // The stamp sits right of the header's last column, off screen: the name box takes the grid there.
    const stampColumn = written[0].findIndex((text) => text.startsWith('Last refreshed')) + 1;
    expect(stampColumn).toBeGreaterThan(1);
    await goTo(page, `${columnLetters(stampColumn)}1`);
    await gridCellWith(page, /^Last refreshed \d{4}-\d{2}-\d{2} \d{2}:\d{2}/).waitFor();

    const chart = page.getByRole('figure', { name: 'Followers over time' });
    await chart.waitFor({ timeout: 30_000 });
    await chart.scrollIntoViewIfNeeded();
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
