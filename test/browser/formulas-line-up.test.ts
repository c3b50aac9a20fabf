import type { Page } from 'playwright-core';
import { addTab, clickMenu, pasteColumn, selectTab, setCell, waitForIdle } from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import { connect, openSection } from './sidebar-driver';

/**
 * The add-on's formulas in the playground, as a marketer meets them (issue 15): the sample
 * Formulas tab fills in by itself on Connect, a report typed beside its handles lines up with
 * them, and Refresh formulas gets past a broken formula and names it. One worker and one page for
 * the file; each test goes on from where the one before left the spreadsheet.
 */

const NOT_CONNECTED = /^Not connected/;

let session: PlaygroundSession;

beforeAll(async () => {
  session = await startPlaygroundSession();
}, 120_000);
afterAll(async () => {
  await session?.close();
});

/** The handles of the sample's Formulas tab (A5:A6), which Connect has the worker fetch. */
function sampleHandles(): string[] {
  return session.handles.instagram.slice(0, 2);
}

/** The first handles of the sample's Creators tab: the sample's two, then ones nobody fetched. */
function creatorsHandles(count: number): string[] {
  return session.handles.instagram.slice(0, count);
}

/** The toast in the page's corner that matches `text`, once it is there. */
async function toastText(page: Page, text: RegExp): Promise<string> {
  const toast = page.locator('.toasts').getByText(text);
  await toast.waitFor({ timeout: 30_000 });
  return (await toast.textContent()) ?? '';
}

describe('the add-on’s formulas in the playground (issue 15)', () => {
  it('fills in the Formulas tab’s "Not connected" cells by itself on Connect, and says so', async () => {
    const { page } = session;
    await selectTab(page, 'Formulas');
    const [[hint]] = await session.cells('Formulas', 'A1');
    expect(hint).toMatch(/^Connect .* these formulas fill in by themselves/);
    const before = await session.cells('Formulas', 'B4:B10');
    expect(before[0][0]).toMatch(NOT_CONNECTED);
    expect(before[6][0]).toMatch(NOT_CONNECTED);

    const settings = await connect(page);

    // Beside the formulas' facts in Settings, where it stays after the status line fades.
    await settings
      .getByText('Refreshed the 3 formulas that said “Not connected”.', { exact: true })
      .waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    // The report stands in the header row (B4) above its handles: each row beside its handle.
    const report = await session.cells('Formulas', 'B4:B6');
    expect(report.map(([cell]) => cell)).toEqual(['Handle', ...sampleHandles()]);
    // The samples stay inside the default allowance (5 credits) with room for a first formula.
    await settings.getByText(/^1\.94 credits \(until /).waitFor({ timeout: 30_000 });
    const [[emails], [overlap]] = [
      await session.cells('Formulas', 'B10:B10'),
      await session.cells('Formulas', 'A16:A16'),
    ];
    expect(emails[0]).toBe('E-mail');
    expect(overlap[0]).toBe('Handle');
  }, 120_000);

  it('explains in Settings where formula rows go and what #REF! means', async () => {
    const settings = await openSection(session.page, 'settings');
    await settings.getByText('Formulas in cells', { exact: true }).click();
    await settings.getByText(/Rows line up with their input: typed in C2 beside A2:A200/).waitFor();
    await settings.getByText(/Array result was not expanded because it would overwrite data/).waitFor();
  }, 30_000);

  it('puts the report for A2 in row 2 when a newcomer’s first =INFLUENCER_REPORT(A2:A4) is typed in C2, with no approval (issue 25)', async () => {
    const { page } = session;
    const tab = await addTab(page);
    // The Creators tab's first three: the samples fetched two, the third is new (1 credit of 1.94).
    const handles = creatorsHandles(3);
    await pasteColumn(
      page,
      'A2',
      handles.map((handle) => `@${handle}`),
    );

    await setCell(page, 'C2', '=INFLUENCER_REPORT(A2:A4, "instagram")');

    const rows = await session.cells(tab, 'C1:F4');
    // No header above: row 1 stays empty, and each report sits beside its handle.
    expect(rows[0]).toEqual(['', '', '', '']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(handles);
    // Handle, Name, Followers, Engagement rate: the rate at most as precise as 4.16% (0.0416).
    for (const row of rows.slice(1)) expect(row[3]).toMatch(/^0(\.\d{1,4})?$/);
  }, 90_000);

  it('refreshes every formula but a broken one, and names the broken cell in its toast', async () => {
    const { page } = session;
    // The tab of the test before, still shown.
    const tab = (await session.state()).activeSheet;
    // A tab that is not there: Sheets can only show #REF! for it (the playground may say so at once).
    await setCell(page, 'E10', '=EMAIL_SEARCH(Nowhere!A2:A3)');

    await clickMenu(page, 'Refresh formulas');

    // The three sample formulas and the report above: refreshed; the broken one named, with why.
    const text = await toastText(page, /^Refreshed \d+ Creator Sheets formulas/);
    expect(text).toBe(
      `Refreshed 4 Creator Sheets formulas; skipped ${tab}!E10 (Unresolved sheet name 'Nowhere').`,
    );
    await waitForIdle(page);
    const rows = await session.cells(tab, 'C2:C4');
    expect(rows.map(([cell]) => cell)).toEqual(creatorsHandles(3));
    const report = await session.cells('Formulas', 'B4:B6');
    expect(report.map(([cell]) => cell)).toEqual(['Handle', ...sampleHandles()]);
  }, 90_000);
});
