import type { Locator, Page } from 'playwright-core';
import { addTab, selectColumn, selectRange, selectTab, waitForIdle } from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import { connect, openSection, sidebar, waitForJobDone } from './sidebar-driver';

/**
 * The sidebar shows what matters where it matters (issue 15), in Chromium: each section's jobs in
 * one strip under its own controls, finished ones folded to a line; a message beside the control
 * that caused it; no figures of a Check left for another input; a reason beside a grey Run. One
 * worker and one page for the file: each test goes on from where the one before left the sheet.
 */

let session: PlaygroundSession;

beforeAll(async () => {
  session = await startPlaygroundSession({ emails: 20 });
  await connect(session.page);
}, 120_000);
afterAll(async () => {
  await session?.close();
});

/** Use current selection, Check, then the figures of the Check (the estimate region). */
async function checkSelection(enrich: Locator): Promise<Locator> {
  await enrich.getByRole('button', { name: 'Use current selection' }).click();
  await enrich.locator('.selection-info strong').waitFor();
  await enrich.getByRole('button', { name: 'Check', exact: true }).click();
  const estimate = enrich.locator('.estimate');
  await estimate.locator('.cost').waitFor({ timeout: 30_000 });
  return estimate;
}

/** Checks the selection and starts an enrichment of it, the cost and any overwrite accepted. */
async function enrichSelection(enrich: Locator): Promise<void> {
  const estimate = await checkSelection(enrich);
  for (const box of [/I accept spending up to/, /Write over them/]) {
    const tick = estimate.getByRole('checkbox', { name: box });
    if ((await tick.count()) > 0) await tick.check();
  }
  await enrich.getByRole('button', { name: /^Start enrichment/ }).click();
}

/** The top of an element, in the page. */
async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not on screen');
  return box.y;
}

/** Texts of the alerts the sidebar shows above every section (the shell's own message line). */
function shellAlerts(page: Page): Promise<string[]> {
  return sidebar(page).locator('#status [role="alert"]').allTextContents();
}

describe('the sidebar layout (issue 15)', () => {
  it('keeps two finished enrichments in one strip in Enrich, folded to a line each, and Account on top of its own section', async () => {
    const { page } = session;
    await selectTab(page, 'Leads');
    await selectColumn(page, 'A');
    const enrich = await openSection(page, 'enrich');
    await enrichSelection(enrich);
    await waitForJobDone(page, 'E-mail enrichment');
    await enrich.getByText('In another tab', { exact: true }).click();
    await enrichSelection(enrich);
    await enrich.locator('.jobs-strip .job').nth(1).waitFor();
    await waitForJobDone(page, 'E-mail enrichment');

    const strips = enrich.locator('.jobs-strip');
    await expect(strips.count()).resolves.toBe(1);
    const jobs = strips.locator('.job');
    await expect(jobs.count()).resolves.toBe(2);
    // Newest first; one line each: "Done" said once, rows, credits (none: the second came from the cache), where.
    const lines = await jobs.locator('.job-toggle').allTextContents();
    expect(lines[0]).toMatch(/^Done: 20 rows · no credits · E-mail enrichment!A2$/);
    expect(lines[1]).toMatch(/^Done: 20 rows · [\d.]+ credits · Leads!B2$/);
    for (const text of await jobs.allTextContents()) expect(text.match(/Done/g)).toHaveLength(1);
    for (const toggle of await jobs.locator('.job-toggle').all()) {
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      const box = await toggle.boundingBox();
      expect(box?.height).toBeLessThan(40);
    }
    // The strip sits under the section's controls, not over them.
    expect(await topOf(strips)).toBeGreaterThan(await topOf(enrich.getByRole('button', { name: 'Check' })));
    // The details are there on demand.
    await jobs.first().locator('.job-toggle').click();
    await expect(jobs.first().locator('.job-details').isVisible()).resolves.toBe(true);
    await expect(jobs.first().locator('.job-destination').textContent()).resolves.toBe(
      "E-mail enrichment: Written to 'E-mail enrichment'!A2",
    );

    // Beside the addresses, the rows start with the outcome, not the address again.
    await waitForIdle(page);
    const [header, first] = await session.cells('Leads', 'A1:C2');
    expect(header).toEqual(['E-mail', 'Status', 'Platform']);
    expect(first[1]).toMatch(/^(matched|no match)$/);

    const account = await openSection(page, 'account');
    await account.getByRole('heading', { name: 'Account', level: 2 }).waitFor();
    await expect(account.locator('.job').count()).resolves.toBe(0);
    const heading = account.getByRole('heading', { level: 2 }).first();
    expect((await topOf(heading)) - (await topOf(account))).toBeLessThan(40);

    // Dismiss takes a line away; the other stays.
    const back = await openSection(page, 'enrich');
    await back.locator('.jobs-strip .job').first().getByRole('button', { name: 'Dismiss' }).click();
    await expect(back.locator('.jobs-strip .job').count()).resolves.toBe(1);
  }, 180_000);

  it('clears the figures of a Check, and its overwrite warning, once another selection is used', async () => {
    const { page } = session;
    await selectTab(page, 'Leads');
    await selectColumn(page, 'A');
    const enrich = await openSection(page, 'enrich');
    await enrich.getByText('Beside the input, same rows', { exact: true }).click();
    const estimate = await checkSelection(enrich);
    // The first test wrote beside the addresses: the Check warns before writing over it.
    await estimate.getByRole('checkbox', { name: 'Write over them' }).waitFor();
    await expect(estimate.textContent()).resolves.toMatch(/Rows with data\s*20/);

    await selectRange(page, 'A2:A5');
    await enrich.getByRole('button', { name: 'Use current selection' }).click();
    await enrich.locator('.selection-info strong', { hasText: 'Leads!A2:A5' }).waitFor();
    await expect(estimate.textContent()).resolves.toBe(
      'The input changed since the last Check: press Check again.',
    );
    await expect(estimate.getByRole('checkbox').count()).resolves.toBe(0);
    await expect(enrich.getByRole('button', { name: /^Start enrichment/ }).isEnabled()).resolves.toBe(false);
  }, 60_000);

  it('says what went wrong with a Check right under Check, not at the top of the sidebar', async () => {
    const { page } = session;
    const tab = await addTab(page);
    await selectRange(page, 'C5:C9');
    const enrich = await openSection(page, 'enrich');
    await enrich.getByText('In the selected cells', { exact: true }).click();
    await enrich.getByRole('button', { name: 'Use current selection' }).click();
    await enrich.locator('.selection-info strong', { hasText: `${tab}!C5:C9` }).waitFor();
    await enrich.getByRole('button', { name: 'Check', exact: true }).click();

    const checkRow = enrich.locator('.actions:has(> button:text-is("Check"))');
    const error = enrich.locator('.actions + .message-slot [role="alert"]').first();
    await error.waitFor({ timeout: 30_000 });
    await expect(error.textContent()).resolves.toMatch(/C5 and below are empty/);
    // Right below the Check button's row, and nowhere else.
    const below = (await topOf(error)) - (await topOf(checkRow));
    expect(below).toBeGreaterThan(0);
    expect(below).toBeLessThan(60);
    await expect(shellAlerts(page)).resolves.toEqual([]);
  }, 60_000);

  it('says beside the AI search Run button why it is grey after a run', async () => {
    const { page } = session;
    const ai = await openSection(page, 'ai');
    await ai.locator('#ai-search-mode-text').check();
    await ai.locator('#ai-search-platform').selectOption('instagram');
    await ai.locator('#ai-search-query').fill('home workouts');
    await ai.locator('#ai-search-page-size').fill('50');
    await ai.locator('#ai-search-pages').fill('3');
    const run = ai.locator('#ai-search-run');
    const reason = async (): Promise<string> => {
      const id = (await run.getAttribute('aria-describedby')) ?? '';
      return (await ai.locator(`[id="${id}"]`).textContent()) ?? '';
    };
    await expect(run.isEnabled()).resolves.toBe(false);
    await expect(reason()).resolves.toMatch(/^Tick "I accept spending up to [\d.]+ credits" to run it\.$/);
    await ai.locator('#ai-search-confirm').check();
    await expect(run.isEnabled()).resolves.toBe(true);
    await run.click();

    await waitForJobDone(page, 'AI search', 60_000);
    await expect(run.isEnabled()).resolves.toBe(false);
    await expect(reason()).resolves.toMatch(
      /^Started, see Jobs below\. To run the same search again, tick "I accept/,
    );
    // The reason sits right under the button.
    const gap =
      (await topOf(ai.locator(`[id="${(await run.getAttribute('aria-describedby')) ?? ''}"]`))) -
      (await topOf(run));
    expect(gap).toBeGreaterThan(0);
    expect(gap).toBeLessThan(60);
    await expect(ai.locator('.jobs-strip .job').count()).resolves.toBe(1);
  }, 90_000);
});
