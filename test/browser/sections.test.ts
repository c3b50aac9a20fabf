import type { Locator } from 'playwright-core';
import { SIDEBAR_SECTIONS } from '../../addon/bridge-contract/sidebar-section';
import { columnLetters } from '../../worker/playground/apps-script/spreadsheet/a1-range-reader';
import { selectRange, selectTab, tabNames, waitForIdle } from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import {
  connect,
  openSection,
  type ServerCalls,
  sidebar,
  trackServerCalls,
  unfold,
  unnamedControls,
  waitForJobDone,
} from './sidebar-driver';

/**
 * The sections past search, in Chromium, as a newcomer uses them: every section opens cleanly
 * and names its controls; an AI text search with filters into a new tab; a list made from that
 * tab's user ids; an Instagram feed pulled over three pages. One worker and one page for the file:
 * the list is filled from the AI search's tab.
 */

let session: PlaygroundSession;
let calls: ServerCalls;

beforeAll(async () => {
  // The playground's user is a member: the raw section shows what their raw budget leaves, not
  // the API account's allowance, which only admins see.
  session = await startPlaygroundSession({ emails: 20, env: { BUDGET_USER_RAW_MONTH: '500' } });
  calls = trackServerCalls(session.page);
  await connect(session.page);
}, 120_000);
afterAll(async () => {
  await session?.close();
});

/** Ticks the "I accept spending up to …" box when the estimate asks for it. */
async function acceptCost(confirm: Locator): Promise<void> {
  if ((await confirm.count()) > 0) await confirm.check();
}

/** The new tab a job made, and its rows below the header, read from the worker. */
async function readTab(
  tab: string,
  columns: number,
  maxRows = 200,
): Promise<{ header: string[]; rows: string[][] }> {
  const [header, ...rows] = await session.cells(tab, `A1:${columnLetters(columns)}${maxRows + 1}`);
  return { header, rows: rows.filter((row) => row.some((value) => value !== '')) };
}

function numberOf(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

describe('every sidebar section', () => {
  it('is checked for names by a check that finds a control without one', async () => {
    const panel = await openSection(session.page, 'settings');
    await panel.evaluate((element) => {
      const input = document.createElement('input');
      input.id = 'unnamed-probe';
      input.placeholder = 'a placeholder is no name';
      element.append(input);
    });
    await expect(unnamedControls(panel)).resolves.toEqual([expect.objectContaining({ id: 'unnamed-probe' })]);
    await panel.locator('#unnamed-probe').evaluate((element) => element.remove());
    await expect(unnamedControls(panel)).resolves.toEqual([]);
  });

  it.each(SIDEBAR_SECTIONS)(
    'opens "%s" without a page error or an error message, every visible control named',
    async (section) => {
      const { page } = session;
      const errorsBefore = session.pageErrors.length;
      const panel = await openSection(page, section).catch((error: unknown) => {
        const errors = session.pageErrors.slice(errorsBefore);
        throw errors.length > 0 ? new Error(`"${section}" did not open: ${errors.join('; ')}`) : error;
      });
      // Groups folded away hold controls too.
      for (const group of await panel.locator('details').all()) {
        if (await group.isVisible()) await unfold(group);
      }
      // What the section reads on opening (lists, allowance, health…) has come back and is shown.
      await calls.settled();

      expect(session.pageErrors.slice(errorsBefore)).toEqual([]);
      // The shell's line and the section's own message lines (issue 15: beside their controls).
      const alerts = sidebar(page).locator(
        `#status [role="alert"], #panel-${section} .message-slot [role="alert"]`,
      );
      await expect(alerts.allTextContents()).resolves.toEqual([]);
      await expect(unnamedControls(panel)).resolves.toEqual([]);
    },
    45_000,
  );

  it('names the tabs of the sections', async () => {
    await expect(unnamedControls(sidebar(session.page).locator('[role="tablist"]'))).resolves.toEqual([]);
  });
});

describe('the sections in use', () => {
  let aiTab = '';
  let aiRows: string[][] = [];
  let aiHeader: string[] = [];

  it('runs an AI text search with filters: snapped range shown, estimate, Done, a tab within the range', async () => {
    const { page } = session;
    const before = await tabNames(page);
    const ai = await openSection(page, 'ai');
    await ai.locator('#ai-search-mode-text').check();
    await ai.locator('#ai-search-platform').selectOption('instagram');
    await ai.locator('#ai-search-query').fill('home workouts and healthy recipes');
    await unfold(ai.locator('#ai-search-size-group'));
    await ai.locator('#ai-search-followers-min').fill('12k');
    await ai.locator('#ai-search-followers-max').fill('90k');
    const note = ai.locator('#ai-search-followers-note');
    await expect(note.textContent()).resolves.toMatch(/^Searched as 10,000 to 100,000 followers/);
    await expect(note.textContent()).resolves.toMatch(/you typed 12,000 to 90,000 followers/);
    await unfold(ai.locator('#ai-search-who-group'));
    await ai.locator('#ai-search-has-email').check();
    await unfold(ai.locator('#ai-search-content-group'));
    await ai.locator('#ai-search-keywords').fill('workout');
    await expect(ai.locator('#ai-search-keywords-note').textContent()).resolves.toMatch(/^1 of 10 phrases/);
    await ai.locator('#ai-search-page-size').fill('20');
    await ai.locator('#ai-search-pages').fill('2');

    const estimate = ai.locator('#ai-search-estimate');
    await expect(estimate.textContent()).resolves.toMatch(/Pages\s*2\s*Creators, at most\s*40/);
    await acceptCost(ai.locator('#ai-search-confirm'));
    await expect(unnamedControls(ai)).resolves.toEqual([]);
    const run = ai.locator('#ai-search-run');
    await expect(run.isEnabled()).resolves.toBe(true);
    await run.click();

    const job = await waitForJobDone(page, 'AI search', 60_000);
    await expect(job.textContent()).resolves.toMatch(/Done/);
    const added = (await tabNames(page)).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    aiTab = added[0];
    ({ header: aiHeader, rows: aiRows } = await readTab(aiTab, 14));
    expect(aiHeader).toEqual(expect.arrayContaining(['Handle', 'Followers', 'User id']));
    expect(aiRows.length).toBeGreaterThan(0);
    expect(aiRows.length).toBeLessThanOrEqual(40);
    const followers = aiRows.map((row) => numberOf(row[aiHeader.indexOf('Followers')]));
    for (const count of followers) {
      expect(count).toBeGreaterThanOrEqual(10_000);
      expect(count).toBeLessThanOrEqual(100_000);
    }
  }, 90_000);

  it('creates a list, adds the user ids of the AI search tab, opens it with the exact count, deletes it', async () => {
    const { page } = session;
    expect(aiRows.length).toBeGreaterThan(0);
    const idColumn = aiHeader.indexOf('User id') + 1;
    const ids = new Set(aiRows.map((row) => row[idColumn - 1]).filter((id) => id !== ''));
    const name = `Browser test ${Date.now()}`;

    const lists = await openSection(page, 'lists');
    await lists.locator('#lists-create-name').fill(name);
    await lists.locator('#lists-create-platform').selectOption('instagram');
    await lists.locator('#lists-create').click();
    const detail = lists.locator('#lists-detail');
    await detail.getByRole('heading', { name, exact: true }).waitFor();
    await expect(lists.locator('#lists-members-count').textContent()).resolves.toBe(
      'No members yet: add some below.',
    );

    await selectTab(page, aiTab);
    // The column is off screen, right of the grid's view: the name box selects it all the same.
    const idLetters = columnLetters(idColumn);
    await selectRange(page, `${idLetters}:${idLetters}`);
    await expect(session.state()).resolves.toMatchObject({
      activeSheet: aiTab,
      selection: `${idLetters}:${idLetters}`,
    });
    await lists.locator('#lists-add-source').selectOption('selection');
    await lists.locator('#lists-add-check').click();
    const result = lists.locator('#lists-change-result');
    await result.locator('dl').waitFor();
    await expect(result.textContent()).resolves.toMatch(new RegExp(`User ids to send\\s*${ids.size}(?!\\d)`));
    await lists.locator('#lists-add').click();
    await result.locator('.ok').waitFor({ timeout: 30_000 });
    const members = new RegExp(`Members\\s*${ids.size} \\(exact\\)`);
    // The list is read again (free) once the change is done: the count follows shortly after.
    await lists.locator('#lists-detail').filter({ hasText: members }).waitFor({ timeout: 15_000 });
    await expect(unnamedControls(lists)).resolves.toEqual([]);

    await lists.locator('#lists-close').click();
    await detail.waitFor({ state: 'hidden' });
    await lists
      .locator('#lists-all')
      .getByRole('button', { name: `Open ${name}`, exact: true })
      .click();
    await detail.getByRole('heading', { name, exact: true }).waitFor();
    await expect(detail.textContent()).resolves.toMatch(members);

    await lists.locator('#lists-delete').click();
    const question = lists.locator('#lists-delete-question');
    await expect(question.textContent()).resolves.toContain(`Delete "${name}"`);
    await lists.locator('#lists-delete-confirm').click();
    await detail.waitFor({ state: 'hidden' });
    await expect(
      lists
        .locator('#lists-all')
        .getByRole('button', { name: `Open ${name}`, exact: true })
        .count(),
    ).resolves.toBe(0);
  }, 60_000);

  it('pulls an Instagram feed over 3 pages into a tab, spending exactly 3 raw requests of the budget', async () => {
    const { page } = session;
    const before = await tabNames(page);
    const raw = await openSection(page, 'raw');
    const allowance = raw.locator('#raw-data-allowance');
    await allowance.getByText(/Raw requests your budget leaves: [\d,]+\./).waitFor();
    const left = numberOf((await allowance.textContent()) ?? '');
    expect(left).toBeLessThanOrEqual(500);
    await raw.locator('#raw-data-operation').selectOption('rawIgUserFeed');
    await raw.locator('#raw-data-param-url').fill(`@${session.handles.instagram[0]}`);
    await raw.locator('#raw-data-pages').fill('3');
    await expect(raw.locator('#raw-data-estimate').textContent()).resolves.toMatch(
      new RegExp(
        `Up to 3 pages: uses up to 3 raw requests of the ${left} your raw budget leaves, no credits`,
      ),
    );
    // A few pages well within the budget cost no credits: no "I accept" box (issue 15).
    await expect(raw.locator('#raw-data-confirm').count()).resolves.toBe(0);
    await raw.locator('#raw-data-run').click();

    const job = await waitForJobDone(page, 'Raw data', 60_000);
    const result = raw.locator('#raw-data-result');
    await result.getByText(/^Spent /).waitFor({ timeout: 30_000 });
    const text = (await result.textContent()) ?? '';
    expect(text).toMatch(
      /^Spent 3 raw requests for 3 pages, no credits; [\d,]+ left under your raw budget\./,
    );
    // How it ended and its rows are said once, on its line in the jobs strip.
    const line = (await job.locator('.job-toggle').textContent()) ?? '';
    expect(line).toMatch(/^Done: [\d,]+ rows · no credits · /);
    const rowsWritten = numberOf(/^Done: ([\d,]+) rows/.exec(line)?.[1] ?? '');
    await expect(allowance.textContent()).resolves.toContain(`${(left - 3).toLocaleString('en-US')}.`);

    const added = (await tabNames(page)).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    await waitForIdle(page);
    const { rows } = await readTab(added[0], 3);
    // Twelve posts a page: more than two pages' worth, three at most.
    expect(rows.length).toBe(rowsWritten);
    expect(rows.length).toBeGreaterThan(24);
    expect(rows.length).toBeLessThanOrEqual(36);
    await expect(unnamedControls(raw)).resolves.toEqual([]);
  }, 60_000);

  it('names the controls of the finished jobs in the jobs strips', async () => {
    const jobs = sidebar(session.page).locator('.jobs-strip');
    await expect(jobs.locator('.job').count()).resolves.toBeGreaterThanOrEqual(2);
    // Their details unfolded, Cancel and Resume hidden as they are for finished jobs.
    for (const toggle of await jobs.locator('.job-toggle[aria-expanded="false"]').all()) {
      if (await toggle.isVisible()) await toggle.click();
    }
    await expect(unnamedControls(jobs)).resolves.toEqual([]);
  });
});
