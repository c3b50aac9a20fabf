import type { Locator, Page } from 'playwright-core';
import { selectColumn, selectTab, tabNames, waitForIdle } from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import { acceptCost, connect, openSection, waitForJobDone, waitForJobsWritten } from './sidebar-driver';

/**
 * Issue 15, the rest of "Contradictions and jargon" and "Nothing is kept", in Chromium as a
 * marketer meets them: raw operations named in words (the API path only on hover), a raw pull of
 * a few pages with no "I accept" box (it costs no credits) while "until done" asks; a job's state
 * said once, in its section's jobs strip, not again by Raw data or Collabs; e-mail enrichment and
 * bulk reports written into a tab of the user's naming, replaced or added to, and refused before
 * anything is paid when that tab is the input's own. One worker and one page for the file.
 */

let session: PlaygroundSession;

beforeAll(async () => {
  session = await startPlaygroundSession({ emails: 20 });
  await connect(session.page);
}, 120_000);
afterAll(async () => {
  await session?.close();
});

/** How often a panel shows "Done" on screen, its jobs strip included (folded details are not shown). */
async function doneCount(panel: Locator): Promise<number> {
  return ((await panel.innerText()) ?? '').match(/Done/g)?.length ?? 0;
}

/** The tab's rows below its header, read from the worker (not the screen). */
async function tableOf(tab: string, columns = 'C'): Promise<{ header: string[]; rows: string[][] }> {
  const [header, ...rows] = await session.cells(tab, `A1:${columns}200`);
  return { header, rows: rows.filter((row) => row.some((value) => value !== '')) };
}

/**
 * Presses a section's start button and waits until the job it started is done and its rows are all
 * in the sheet: its line is a new one in the strip (an older job's "Done" does not count).
 */
async function startAndFinish(page: Page, panel: Locator, start: RegExp, title: string): Promise<Locator> {
  const lines = panel.locator('.jobs-strip .job');
  const before = await lines.count();
  await panel.getByRole('button', { name: start }).click();
  await lines.nth(before).waitFor({ timeout: 30_000 });
  const job = await waitForJobDone(page, title);
  await waitForJobsWritten(page);
  return job;
}

/** Why the button is grey: the line its aria-describedby names. */
async function reasonOf(panel: Locator, control: Locator): Promise<string> {
  const id = (await control.getAttribute('aria-describedby')) ?? '';
  return (await panel.locator(`[id="${id}"]`).textContent()) ?? '';
}

/**
 * A bulk section set to read the selection (column A of `inputTab`) and write into `tab` with the
 * "Write into" choice `mode`; then Check, the cost accepted if asked.
 */
async function checkIntoTab(
  page: Page,
  section: 'enrich' | 'reports',
  input: { tab: string; column: string },
  target: { tab: string; mode: 'new' | 'replace' | 'append' },
): Promise<Locator> {
  await selectTab(page, input.tab);
  await selectColumn(page, input.column);
  const panel = await openSection(page, section);
  await panel.getByText('In the selected cells', { exact: true }).click();
  await panel.getByRole('button', { name: 'Use current selection' }).click();
  await panel
    .locator('.selection-info strong', { hasText: `${input.tab}!${input.column}:${input.column}` })
    .waitFor();
  await panel.getByText('In another tab', { exact: true }).click();
  await panel.locator(`#${section}-tab-name`).fill(target.tab);
  await panel.locator(`#${section}-tab-mode`).selectOption(target.mode);
  await panel.getByRole('button', { name: 'Check', exact: true }).click();
  await acceptCost(panel);
  return panel;
}

describe('Raw data in words, with no "I accept" box for what costs no credits', () => {
  it('names the operations in words and keeps the API path for the tooltip', async () => {
    const raw = await openSection(session.page, 'raw');
    await raw
      .locator('#raw-data-allowance')
      .getByText(/Raw requests/)
      .waitFor();
    await raw.locator('#raw-data-operation').selectOption('rawIgUserFeed');

    const options = await raw.locator('#raw-data-operation option').allTextContents();
    expect(options).toContain('User posts');
    for (const option of options) expect(option).not.toMatch(/\//);
    const description = raw.locator('#raw-data-description');
    await expect(description.textContent()).resolves.toBe("An account's posts, newest first; 12 per page.");
    await expect(description.getAttribute('title')).resolves.toBe(
      'The Discovery API call: GET /raw/ig/user-feed',
    );
    await expect(raw.locator('#raw-data-params legend').textContent()).resolves.toBe('Instagram user posts');
    await expect(raw.textContent()).resolves.not.toMatch(/\/raw\//);
  }, 30_000);

  it('pulls 3 pages at one click, says what they used once, and leaves the outcome to the jobs strip', async () => {
    const { page } = session;
    const before = await tabNames(page);
    const raw = await openSection(page, 'raw');
    const handle = session.handles.instagram[1];
    await raw.locator('#raw-data-param-url').fill(`@${handle}`);
    await raw.locator('#raw-data-pages').fill('3');
    await expect(raw.locator('#raw-data-estimate .cost').textContent()).resolves.toMatch(
      /^Up to 3 pages: uses up to 3 raw requests of (your [\d,]+ left this month|the monthly allowance), no credits\.$/,
    );
    await expect(raw.getByRole('checkbox', { name: /I accept/ }).count()).resolves.toBe(0);
    const run = raw.locator('#raw-data-run');
    await expect(run.textContent()).resolves.toBe('Pull 3 pages (up to 3 raw requests)');
    await expect(run.isEnabled()).resolves.toBe(true);

    await run.click();
    const job = await waitForJobDone(page, 'Raw data', 60_000);
    const result = raw.locator('#raw-data-result');
    await result.getByText(/^Spent /).waitFor({ timeout: 30_000 });

    await expect(result.locator('p').first().textContent()).resolves.toMatch(
      /^Spent 3 raw requests for 3 pages, no credits(; [\d,]+ left this month)?\.$/,
    );
    const line = (await job.locator('.job-toggle').textContent()) ?? '';
    expect(line).toMatch(
      new RegExp(`^Done: [\\d,]+ rows · no credits · Instagram user posts @${handle}!A2$`),
    );
    // "Done" once in the whole section, and no leftover "started" message beside the button.
    await expect(doneCount(raw)).resolves.toBe(1);
    await expect(raw.textContent()).resolves.not.toMatch(/pull started|Pulling into/);
    // The details do not claim the rows came from a cache: they used raw requests.
    await job.locator('.job-toggle').click();
    await expect(job.locator('.job-notes').textContent()).resolves.toBe(
      'Raw data costs no credits: its raw requests are counted in the Raw data section above.',
    );
    expect((await tabNames(page)).filter((name) => !before.includes(name))).toEqual([
      `Instagram user posts @${handle}`,
    ]);
  }, 90_000);

  it('asks before "until done", which may use up to 10,000 raw requests', async () => {
    const raw = await openSection(session.page, 'raw');
    await raw.locator('#raw-data-until-done').check();
    const accept = raw.getByRole('checkbox', {
      name: 'I accept using up to 10,000 raw requests (no credits)',
    });
    await accept.waitFor();
    const run = raw.locator('#raw-data-run');
    await expect(run.isEnabled()).resolves.toBe(false);
    await expect(reasonOf(raw, run)).resolves.toBe(
      'Until done may use up to 10,000 raw requests: tick the box above to go ahead.',
    );

    await accept.check();
    await expect(run.isEnabled()).resolves.toBe(true);
    await expect(reasonOf(raw, run)).resolves.toBe('');
    // Back to a few pages: the box goes, nothing left to accept.
    await raw.locator('#raw-data-until-done').uncheck();
    await expect(accept.count()).resolves.toBe(0);
    await expect(run.isEnabled()).resolves.toBe(true);
  }, 30_000);

  it('lists the pull in Account in words, with the raw requests it used', async () => {
    const account = await openSection(session.page, 'account');
    const raw = account.locator('#account-runs > li').filter({ hasText: /^Raw data into / });
    await raw.first().waitFor({ timeout: 30_000 });
    await expect(raw.first().textContent()).resolves.toMatch(/Done: [\d,]+ rows, 3 raw requests · today/);
    const byOperation = account.locator('#account-mine-by-operation');
    await expect(
      byOperation.locator('tbody th', { hasText: 'Instagram user posts (raw data)' }).count(),
    ).resolves.toBe(1);
    await expect(account.textContent()).resolves.not.toMatch(/\/raw\//);
  }, 30_000);
});

describe('Enrich and Reports into a tab of your choice', () => {
  it('replaces the named tab on a second run, then adds a third run below its table', async () => {
    const { page } = session;
    const tab = 'Enriched leads';
    let enrich = await checkIntoTab(page, 'enrich', { tab: 'Leads', column: 'A' }, { tab, mode: 'replace' });
    await expect(enrich.locator('#enrich-tab-mode-hint').textContent()).resolves.toBe(
      `"${tab}" does not exist yet: it is made, with the header.`,
    );
    await startAndFinish(page, enrich, /^Start enrichment/, 'E-mail enrichment');
    const first = await tableOf(tab);
    expect(first.header).toEqual(['E-mail', 'Status', 'Platform']);
    expect(first.rows).toHaveLength(20);
    // What a job writes reads as the sidebar shows it (issue 25): thousands and percents.
    const [labels, ...cells] = await session.cells(tab, 'A1:I21');
    const matched = cells.filter((row) => row[labels.indexOf('Followers')] !== '');
    expect(matched.length).toBeGreaterThan(0);
    for (const row of matched) {
      expect(row[labels.indexOf('Followers')]).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(row[labels.indexOf('Engagement rate')]).toMatch(/^\d+\.\d{2}%$/);
    }

    enrich = await checkIntoTab(page, 'enrich', { tab: 'Leads', column: 'A' }, { tab, mode: 'replace' });
    await expect(enrich.locator('#enrich-tab-mode-hint').textContent()).resolves.toBe(
      `Everything in "${tab}" is cleared, then the new table written.`,
    );
    await startAndFinish(page, enrich, /^Start enrichment/, 'E-mail enrichment');
    await expect(tableOf(tab)).resolves.toEqual(first);

    enrich = await checkIntoTab(page, 'enrich', { tab: 'Leads', column: 'A' }, { tab, mode: 'append' });
    const job = await startAndFinish(page, enrich, /^Start enrichment/, 'E-mail enrichment');
    const appended = await tableOf(tab);
    expect(appended.header).toEqual(first.header);
    expect(appended.rows).toEqual([...first.rows, ...first.rows]);
    expect((await tabNames(page)).filter((name) => name.startsWith(tab))).toEqual([tab]);
    // The strip's newest line says where the rows went.
    await expect(job.locator('.job-toggle').textContent()).resolves.toMatch(
      new RegExp(`^Done: 20 rows · .* · ${tab}!A22$`),
    );
  }, 180_000);

  it("refuses to replace the input's own tab beside the choice, before anything is started", async () => {
    const { page } = session;
    const enrich = await checkIntoTab(
      page,
      'enrich',
      { tab: 'Leads', column: 'A' },
      { tab: 'leads', mode: 'replace' },
    );
    const jobsBefore = await enrich.locator('.jobs-strip .job').count();
    const field = enrich.locator('#enrich-tab-mode').locator('xpath=..');
    await expect(field.locator('.field-error').textContent()).resolves.toBe(
      'The e-mail addresses are read from "Leads": replacing it would delete them. Name another tab, or write into a new tab each run.',
    );
    const start = enrich.getByRole('button', { name: /^Start enrichment/ });
    await expect(start.isEnabled()).resolves.toBe(false);
    await expect(reasonOf(enrich, start)).resolves.toBe('Choose another tab under "Write into" above.');

    // A new tab each run is fine again.
    await enrich.locator('#enrich-tab-mode').selectOption('new');
    await expect(field.locator('.field-error').isVisible()).resolves.toBe(false);
    await expect(start.isEnabled()).resolves.toBe(true);
    await expect(enrich.locator('#enrich-tab-mode').getAttribute('aria-describedby')).resolves.toBe(
      'enrich-tab-mode-hint',
    );
    await expect(enrich.locator('.jobs-strip .job').count()).resolves.toBe(jobsBefore);
    const [header] = await session.cells('Leads', 'A1:B1');
    expect(header).toEqual(['E-mail', '']);
  }, 60_000);

  it('writes bulk reports into a named tab, replacing it', async () => {
    const { page } = session;
    const tab = 'Creator reports';
    const reports = await checkIntoTab(
      page,
      'reports',
      { tab: 'Creators', column: 'A' },
      { tab, mode: 'replace' },
    );
    const job = await startAndFinish(page, reports, /^Start reports/, 'Bulk reports');
    await waitForIdle(page);
    const table = await tableOf(tab);
    expect(table.rows).toHaveLength(15);
    expect(table.header[0]).not.toBe('');
    await expect(job.locator('.job-toggle').textContent()).resolves.toMatch(
      new RegExp(`^Done: 15 rows · .* · ${tab}!A2$`),
    );
  }, 90_000);
});

describe('Collabs: a job is shown once, in the jobs strip', () => {
  it('says nothing of its own about a posts job the strip shows', async () => {
    const { page } = session;
    const collabs = await openSection(page, 'collaborations');
    await collabs.locator('#collaborations-subject').fill(`@${session.handles.instagram[0]}`);
    await collabs.locator('#collaborations-pages').fill('2');
    const run = collabs.locator('#collaborations-run');
    await expect(run.isEnabled()).resolves.toBe(true);
    await run.click();

    const job = await waitForJobDone(page, 'Collaborations', 60_000);
    await expect(job.locator('.job-toggle').textContent()).resolves.toMatch(/^Done: /);
    await expect(doneCount(collabs)).resolves.toBe(1);
    await expect(collabs.locator('#collaborations-progress').isVisible()).resolves.toBe(false);
    await expect(collabs.textContent()).resolves.not.toMatch(/Collaborations started|jobs list below/);
    expect(session.pageErrors).toEqual([]);
  }, 90_000);
});
