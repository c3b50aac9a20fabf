import type { Locator } from 'playwright-core';
import { selectTab, tabNames, waitForIdle } from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import {
  acceptCost,
  closeSidebar,
  connect,
  openSection,
  reopenSidebar,
  serverCallAnswered,
  sidebar,
  unfold,
  unnamedControls,
  waitForJobsWritten,
} from './sidebar-driver';

/**
 * Issue 15 "Nothing is kept", in Chromium as a marketer meets it: a saved search and the last form
 * come back after the sidebar is closed and opened again; a search run again into the same named
 * tab replaces its rows or adds them below; Account lists the runs of the spreadsheet and where
 * the credits went, per operation and per day. One worker and one page: each test goes on from
 * the one before.
 */

let session: PlaygroundSession;
const TAB = 'Browser picks';

beforeAll(async () => {
  session = await startPlaygroundSession({ emails: 20 });
  await connect(session.page);
}, 120_000);
afterAll(async () => {
  await session?.close();
});

/**
 * Ticks the "I accept spending up to …" box when the estimate asks for it, runs the search, and
 * waits until its rows are all in the sheet (whatever the jobs list looks like).
 */
async function runSearch(search: Locator): Promise<void> {
  await acceptCost(search);
  const run = search.getByRole('button', { name: /^Run search/ });
  await expect(run.isEnabled()).resolves.toBe(true);
  const started = serverCallAnswered(session.page, 'startSearch', 60_000);
  await run.click();
  await started;
  // Wherever the sidebar says it: a refusal would say something else.
  await sidebar(session.page)
    .getByText(/^Search started:/)
    .first()
    .waitFor({ timeout: 10_000 });
  await waitForJobsWritten(session.page);
}

/** The tab's rows below its header, read from the worker (not the screen). */
async function tableOf(tab: string): Promise<{ header: string[]; rows: string[][] }> {
  const [header, ...rows] = await session.cells(tab, 'A1:C80');
  return { header, rows: rows.filter((row) => row.some((value) => value !== '')) };
}

describe('saved work', () => {
  it('keeps a saved search for the document and the last form for the user across a reopened sidebar', async () => {
    const { page } = session;
    let search = await openSection(page, 'search');
    await search.getByLabel('Followers, min', { exact: true }).fill('10k');
    await search.getByLabel('Pages', { exact: true }).fill('1');
    await search.locator('#search-title').fill(TAB);
    await search.locator('#search-tab-mode').selectOption('replace');
    await expectHint(search, `"${TAB}" does not exist yet: it is made, with the header.`);

    const saved = search.locator('#search-saved');
    await unfold(saved);
    await saved.locator('#search-saved-name').fill('Mid-size creators');
    await saved.locator('#search-saved-save').click();
    // The message beside the buttons, whatever it says: a refusal fails here with its sentence.
    const message = saved.locator('#search-saved-message');
    await message.filter({ hasText: /\S/ }).waitFor();
    await expect(message.textContent()).resolves.toBe(
      'Saved "Mid-size creators" in this spreadsheet: everyone who edits it can load it.',
    );
    await expect(saved.locator('summary').textContent()).resolves.toBe('Saved searches (1)');
    await expect(unnamedControls(search)).resolves.toEqual([]);

    // An edit after saving: the last form (this user's) now differs from the saved search.
    const kept = serverCallAnswered(page, 'rememberForm');
    await search.getByLabel('Followers, min', { exact: true }).fill('50k');
    await kept;

    await closeSidebar(page);
    await reopenSidebar(page);
    search = await openSection(page, 'search');
    // The saved searches and the last form arrive in one answer, the list first.
    await search
      .locator('#search-saved-list option', { hasText: 'Mid-size creators' })
      .waitFor({ state: 'attached' });
    const followers = search.getByLabel('Followers, min', { exact: true });
    await expect(followers.inputValue()).resolves.toBe('50k');
    await expect(search.locator('#search-title').inputValue()).resolves.toBe(TAB);
    await expect(search.locator('#search-tab-mode').inputValue()).resolves.toBe('replace');

    const list = search.locator('#search-saved-list');
    await expect(list.locator('option').allTextContents()).resolves.toEqual([
      'Choose one…',
      'Mid-size creators',
    ]);
    await unfold(search.locator('#search-saved'));
    await list.selectOption('Mid-size creators');
    await search.locator('#search-saved-load').click();
    const loaded = search.locator('#search-saved-message');
    await loaded.filter({ hasText: /\S/ }).waitFor();
    await expect(loaded.textContent()).resolves.toMatch(/^Loaded "Mid-size creators", saved by \S+@\S+\.$/);
    await expect(followers.inputValue()).resolves.toBe('10k');
    await expect(search.locator('#search-title').inputValue()).resolves.toBe(TAB);
    expect(session.pageErrors).toEqual([]);
  }, 90_000);

  it('replaces the rows of the named tab when run again: one tab, only the new rows', async () => {
    const { page } = session;
    const search = await openSection(page, 'search');
    await runSearch(search);
    const first = await tableOf(TAB);
    expect(first.rows).toHaveLength(15);

    await search.getByLabel('Pages', { exact: true }).fill('2');
    await runSearch(search);
    expect((await tabNames(page)).filter((name) => name.startsWith(TAB))).toEqual([TAB]);
    const second = await tableOf(TAB);
    expect(second.header).toEqual(first.header);
    expect(second.rows).toHaveLength(30);
  }, 180_000);

  it('adds the rows of another run below the table, under the one header', async () => {
    const { page } = session;
    const search = await openSection(page, 'search');
    await search.locator('#search-tab-mode').selectOption('append');
    await expectHint(
      search,
      `The rows go below the table in "${TAB}"; its header must match, or nothing is started.`,
    );
    await search.getByLabel('Pages', { exact: true }).fill('1');
    await runSearch(search);

    expect((await tabNames(page)).filter((name) => name.startsWith(TAB))).toEqual([TAB]);
    const table = await tableOf(TAB);
    expect(table.rows).toHaveLength(45);
    expect(table.rows.some((row) => row[0] === table.header[0])).toBe(false);
    await selectTab(page, TAB);
    await waitForIdle(page);
  }, 120_000);

  it('lists the runs in Account with who, where, rows, credits and outcome, and the credits per operation and day', async () => {
    const { page } = session;
    const account = await openSection(page, 'account');
    const runs = account.locator('#account-runs > li');
    await runs.first().waitFor({ timeout: 30_000 });
    await expect(runs.count()).resolves.toBe(3);
    const newest = (await runs.first().textContent()) ?? '';
    expect(newest).toContain(`Search into '${TAB}'!A32 (added below)`);
    expect(newest).toMatch(/Done: 15 rows, [\d.]+ credits? · today, \d\d:\d\d · \S+@\S+/);
    await expect(runs.nth(1).textContent()).resolves.toContain(`Search into '${TAB}'!A2 (replaced)`);

    const byOperation = account.locator('#account-mine-by-operation');
    await expect(byOperation.locator('caption').textContent()).resolves.toBe(
      'My credits by operation, last 30 days',
    );
    const searchRow = byOperation
      .locator('tbody tr')
      .filter({ has: page.locator('th', { hasText: /^Search$/ }) });
    await expect(searchRow.count()).resolves.toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    await expect(account.locator('#account-mine-by-day tbody th').first().textContent()).resolves.toBe(today);
    // Operations in words, never API paths; and no balance for a member.
    await expect(account.textContent()).resolves.not.toMatch(/\/raw\/|\/search|Credits left/);
    await expect(unnamedControls(account)).resolves.toEqual([]);
  }, 60_000);
});

/** The tab-mode hint once it says `text`: the sidebar rewrites it after the choice's change event. */
async function expectHint(search: Locator, text: string): Promise<void> {
  const hint = search.locator('#search-tab-mode-hint');
  await hint.filter({ hasText: text }).waitFor({ timeout: 10_000 });
  await expect(hint.textContent()).resolves.toBe(text);
}
