import { PLAYGROUND_USER } from '../../worker/playground/playground-identity';
import type { Page } from 'playwright-core';
import {
  addTab,
  clickMenu,
  goTo,
  grid,
  pasteColumn,
  pasteText,
  readCells,
  selectColumn,
  selectTab,
  setCell,
  tabNames,
  waitForIdle,
} from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import { acceptCost, connect, openSection, sidebar, waitForJobDone } from './sidebar-driver';

/**
 * The playground in Chromium, as a newcomer uses it: connect from Settings, enrich a column of
 * 2,000 addresses, run a search into a new tab. One worker and one page for the file: each test
 * goes on from where the one before left the spreadsheet.
 */

let session: PlaygroundSession;

beforeAll(async () => {
  session = await startPlaygroundSession();
}, 120_000);
afterAll(async () => {
  await session?.close();
});

describe('the playground in a browser', () => {
  it('connects from Settings as the playground user', async () => {
    const { page } = session;
    const settings = await openSection(page, 'settings');
    // Settings asks the server for the connection after it opens: wait for its answer, not the frame.
    await settings.getByText('Not connected', { exact: true }).waitFor({ timeout: 30_000 });

    await connect(page);

    // "Signed in as"; the address also names who pays for the formulas further down.
    await settings.getByText(`${PLAYGROUND_USER} (member)`, { exact: true }).waitFor({ timeout: 30_000 });
    await settings.getByRole('button', { name: 'Disconnect', exact: true }).waitFor({ timeout: 30_000 });
  }, 60_000);

  it('enriches a column of 2,000 e-mail addresses: estimate, confirm, progress to Done, rows in the grid', async () => {
    const { page } = session;
    const emails = session.emails.slice(0, 2000);
    expect(emails).toHaveLength(2000);
    const tab = await addTab(page);
    await pasteColumn(page, 'A1', ['E-mail', ...emails]);
    await selectColumn(page, 'A');

    const enrich = await openSection(page, 'enrich');
    await enrich.getByRole('button', { name: 'Use current selection' }).click();
    await enrich.getByText(`${tab}!`, { exact: false }).first().waitFor();
    await enrich.getByRole('button', { name: 'Check', exact: true }).click();
    const estimate = enrich.locator('.estimate');
    await estimate.locator('.cost').waitFor({ timeout: 30_000 });
    await expect(estimate.textContent()).resolves.toMatch(/2,000/);
    await acceptCost(enrich);
    await enrich.getByRole('button', { name: /^Start enrichment/ }).click();

    const job = await waitForJobDone(page, 'E-mail enrichment', 120_000);
    await expect(job.locator('progress').evaluate((bar) => (bar as HTMLProgressElement).value)).resolves.toBe(
      100,
    );
    await expect(job.textContent()).resolves.toMatch(/Done: 2,000 rows/);

    // The rows, in the grid beside the addresses: header, the first, and the last (row 2,001).
    await waitForIdle(page);
    const [header] = await readCells(page, 'A1:C1');
    expect(header[0]).toBe('E-mail');
    expect(header[1]).not.toBe('');
    const [first] = await readCells(page, 'A2:C2');
    expect(first[0]).toBe(emails[0]);
    expect(first[1]).not.toBe('');
    const [last] = await readCells(page, 'A2001:C2001');
    expect(last[0]).toBe(emails[1999]);
    expect(last[1]).not.toBe('');
    const written = await session.cells(tab, 'B2:B2002');
    expect(written.filter(([value]) => value !== '')).toHaveLength(2000);
  }, 180_000);

  it('runs a search into a new tab: estimate, Run, the tab appears with the results', async () => {
    const { page } = session;
    const before = await tabNames(page);
    const search = await openSection(page, 'search');
    await search.getByLabel('Followers, min', { exact: true }).fill('10k');
    await search.getByLabel('Pages', { exact: true }).fill('2');
    await acceptCost(search);
    const run = search.getByRole('button', { name: /^Run search/ });
    await expect(run.isEnabled()).resolves.toBe(true);
    await run.click();

    const job = await waitForJobDone(page, 'Search', 90_000);
    await expect(job.textContent()).resolves.toMatch(/Done/);
    // The start message does not outlive the job with a "Running" line of its own (issue 25).
    await expect(search.getByText(/Running/).count()).resolves.toBe(0);
    const after = await tabNames(page);
    const added = after.filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    // Sheets shows the tab a script made active: the results are on screen.
    await expect(page.getByRole('tab', { selected: true }).textContent()).resolves.toBe(added[0]);
    await waitForIdle(page);
    const [header, firstRow] = await readCells(page, 'A1:B2');
    expect(header[0]).not.toBe('');
    expect(firstRow[0]).not.toBe('');
    const results = await session.cells(added[0], 'A2:A40');
    expect(results.filter(([value]) => value !== '').length).toBeGreaterThan(15);
  }, 120_000);
});

describe('the spreadsheet of the playground', () => {
  it('runs a formula typed into a cell through the add-on, and again when a cell it reads changes', async () => {
    const { page } = session;
    await addTab(page);
    const [known, other] = session.emails;
    await setCell(page, 'A1', known);
    await setCell(page, 'C1', '=EMAIL_SEARCH(A1)');

    // Beside its input: A1's row in row 1, no header above it (issue 15).
    const [[first, status]] = await readCells(page, 'C1:D1');
    expect(first).toBe(known);
    expect(status).not.toMatch(/^#|Not connected/);
    expect(status).not.toBe('');
    await goTo(page, 'C1');
    await expect(page.getByLabel("Formula or value of the cursor's cell").inputValue()).resolves.toBe(
      '=EMAIL_SEARCH(A1)',
    );

    const before = await session.cells((await session.state()).activeSheet, 'C1:H1');
    await setCell(page, 'A1', other);
    const after = await session.cells((await session.state()).activeSheet, 'C1:H1');
    expect(after).not.toEqual(before);
    expect(after[0].join('')).not.toBe('');
  }, 90_000);

  it("holds a formula past the sheet's allowance until it is approved in Settings, then fills it in", async () => {
    const { page } = session;
    await addTab(page);
    // 12 creators no other test asked for: 12 credits, more than the 5 a day formulas spend alone.
    await setCell(page, 'A1', '=INFLUENCER_REPORT(Creators!A5:A16, "instagram", "followers", FALSE)');
    const [[waiting]] = await readCells(page, 'A1:A1');
    expect(waiting).toMatch(/^Needs approval: up to 12 credits/);

    const settings = await openSection(page, 'settings');
    await settings
      .getByText(/=INFLUENCER_REPORT in .*!A1 wants up to 12 credits for 12 new creators/)
      .waitFor({ timeout: 30_000 });
    await settings.getByRole('button', { name: 'Approve 12 credits and refresh', exact: true }).click();
    await settings.getByText(/^Approved 12 credits for today/).waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    const filled = await readCells(page, 'A1:A12');
    expect(filled.map(([followers]) => followers).every((text) => /^\d/.test(text))).toBe(true);
  }, 90_000);

  it('moves the cursor with the arrow keys and edits with Enter or by typing', async () => {
    const { page } = session;
    await addTab(page);
    await goTo(page, 'B2');
    await grid(page).focus();
    await page.keyboard.type('hello');
    await page.keyboard.press('Enter');
    await waitForIdle(page);
    const nameBox = page.getByLabel('Cell reference', { exact: false });
    await expect(nameBox.inputValue()).resolves.toBe('B3');

    await page.keyboard.press('ArrowUp');
    await expect(nameBox.inputValue()).resolves.toBe('B2');
    await page.keyboard.press('Enter');
    const editor = page.getByLabel('Edit B2');
    await expect(editor.inputValue()).resolves.toBe('hello');
    await editor.fill('hello again');
    await editor.press('Enter');
    await waitForIdle(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(nameBox.inputValue()).resolves.toBe('C3:C4');

    await expect(readCells(page, 'B2:B2')).resolves.toEqual([['hello again']]);
  }, 60_000);

  it('draws only the visible rows of a 10,000-row tab, and scrolls to any of them', async () => {
    const { page } = session;
    await addTab(page);
    const lines = Array.from({ length: 10_000 }, (_, i) => `row ${i + 1}\t${i + 1}`);
    await pasteText(page, 'A1', lines.join('\n'));

    const state = await session.state();
    expect(state.sheets.find((sheet) => sheet.name === state.activeSheet)?.rows).toBeGreaterThanOrEqual(
      10_000,
    );
    const drawn = await page.locator('#grid [role="row"]').count();
    expect(drawn).toBeLessThan(100);
    await expect(readCells(page, 'A9999:B10000')).resolves.toEqual([
      ['row 9999', '9999'],
      ['row 10000', '10000'],
    ]);
    expect(await page.locator('#grid [role="row"]').count()).toBeLessThan(100);
  }, 60_000);

  it('selects a whole column from its header, and the add-on reads that selection', async () => {
    const { page } = session;
    await selectTab(page, 'Leads');
    await selectColumn(page, 'A');
    await expect(page.getByLabel('Cell reference', { exact: false }).inputValue()).resolves.toBe('A:A');
    await expect(session.state()).resolves.toMatchObject({ activeSheet: 'Leads', selection: 'A:A' });
    const info = await runInSidebar(page, 'getSelectionInfo', []);
    expect(info).toMatchObject({ ok: true, value: { sheetName: 'Leads', headerDetected: true } });
  }, 30_000);

  it("opens the add-on's sidebar from Extensions > Creator Sheets", async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Close the sidebar' }).click();
    await page.locator('#sidebar-frame').waitFor({ state: 'hidden', timeout: 10_000 });

    await clickMenu(page, 'Settings');

    await page.locator('#sidebar-frame').waitFor({ state: 'visible', timeout: 10_000 });
    await sidebar(page).locator('#tab-settings[aria-selected="true"]').waitFor();
  }, 30_000);
});

describe('google.script.run in the sidebar', () => {
  it('calls the server function and hands its value and the user object to the success handler, later', async () => {
    const answer = await sidebarFrame().evaluate(
      () =>
        new Promise((resolve) => {
          let synchronous = true;
          const run = (window as unknown as { google: { script: { run: Record<string, CallableFunction> } } })
            .google.script.run;
          run
            .withSuccessHandler((value: unknown, user: unknown) => resolve({ value, user, synchronous }))
            .withUserObject({ row: 7 })
            .getSettings();
          synchronous = false;
        }),
    );
    expect(answer).toMatchObject({ value: { connected: true }, user: { row: 7 }, synchronous: false });
  });

  it("fails with an Error carrying the server's message", async () => {
    const failure = await runInSidebar(session.page, 'saveWorkerUrl', ['not a url']);
    expect(failure).toEqual({
      ok: false,
      error: {
        isError: true,
        name: 'ScriptError',
        message: expect.stringContaining('The worker URL must be'),
      },
    });
  });

  it('offers the top-level functions of Code.js and nothing else', async () => {
    const names = await sidebarFrame().evaluate(() =>
      Object.keys(
        (window as unknown as { google: { script: { run: Record<string, unknown> } } }).google.script.run,
      ),
    );
    expect(names).toEqual(
      expect.arrayContaining(['connect', 'pollJob', 'withSuccessHandler', 'showSidebar']),
    );
    expect(names).not.toContain('openSidebar');
  });
});

function sidebarFrame() {
  const frame = session.page.frame({ url: /\/playground\/sidebar\// });
  if (frame === null) throw new Error('The sidebar is not open');
  return frame;
}

/** google.script.run.<name>(...args) from the sidebar, as { ok, value } or { ok: false, error }. */
function runInSidebar(page: Page, name: string, args: unknown[]): Promise<unknown> {
  const frame = page.frame({ url: /\/playground\/sidebar\// });
  if (frame === null) throw new Error('The sidebar is not open');
  return frame.evaluate(
    ([fn, fnArgs]) =>
      new Promise((resolve) => {
        const run = (window as unknown as { google: { script: { run: Record<string, CallableFunction> } } })
          .google.script.run;
        const runner = run
          .withSuccessHandler((value: unknown) => resolve({ ok: true, value }))
          .withFailureHandler((error: Error) =>
            resolve({
              ok: false,
              error: { isError: error instanceof Error, name: error.name, message: error.message },
            }),
          ) as unknown as Record<string, (...a: unknown[]) => void>;
        runner[fn as string](...(fnArgs as unknown[]));
      }),
    [name, args] as const,
  );
}
