/**
 * `npm run screenshots`: starts the playground as the browser tests do, takes PNGs of the main
 * screens into docs/screenshots/, and rewrites the list of them in README.md (between
 * `<!-- screenshots:start -->` and `<!-- screenshots:end -->`). A screen that fails is reported
 * and the run ends with exit code 1.
 *
 * What the pictures must show (issue 15): the tab strip, a formula spilling from its cell beside
 * its input, and each section over the tab it works on (its input or what it wrote), never over
 * another section's data; the jobs strip, saved searches, Account's runs and breakdown, and a
 * scheduled report's growth chart drawn in the page. The screens run in order on one page: later
 * ones use what earlier ones wrote (the Lists screen fills its list from the AI search's tab).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { addTab, goTo, selectColumn, selectTab, sheetTab, tabNames, waitForIdle } from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import { askSnapshotSchedule } from './schedule-driver';
import {
  acceptCost,
  closeSidebar,
  connect,
  openSection,
  reopenSidebar,
  sidebar,
  unfold,
  waitForJobDone,
  waitForJobsWritten,
} from './sidebar-driver';

const REPO_ROOT = path.resolve(__dirname, '../..');
const SHOTS_DIR = path.join(REPO_ROOT, 'docs/screenshots');
const README = path.join(REPO_ROOT, 'README.md');
const START = '<!-- screenshots:start -->';
const END = '<!-- screenshots:end -->';
/** Time for a section to read what it shows when opened (lists, dictionaries, allowances). */
const SETTLE_MS = 1500;

type Session = PlaygroundSession;

interface Screen {
  file: string;
  title: string;
  capture(page: Page, session: Session): Promise<void>;
}

/** What the screens' AI search looks for; the Lists screen fills its list from that search's tab. */
const AI_QUERY = 'home workouts';
/** The named tab of the search screens, replaced on each run. */
const SEARCH_TAB = 'Mid-size creators';
/** The named tab bulk reports write into. */
const REPORTS_TAB = 'Creator reports';

const SCREENS: Screen[] = [
  {
    file: 'settings-connected.png',
    title:
      'The playground: a spreadsheet with its tab strip, the add-on’s menu under Extensions, and the sidebar connected in Settings',
    capture: async (page) => {
      await connect(page);
      await selectTab(page, 'Leads');
      await page.getByRole('button', { name: 'Extensions', exact: true }).click();
      await page.getByRole('menuitem').first().waitFor();
      await waitForIdle(page);
    },
  },
  {
    file: 'formula-spill.png',
    title:
      'A formula spilling from its cell: =INFLUENCER_REPORT(A5:A6, "instagram") in B4, the header row, each report beside its handle',
    capture: async (page, session) => {
      await page.keyboard.press('Escape');
      await selectTab(page, 'Formulas');
      await waitForFormulas(session);
      // The sidebar's width goes to the grid: the spilled columns are the picture.
      await closeSidebar(page);
      await goTo(page, 'B4');
      await waitForIdle(page);
    },
  },
  {
    file: 'enrich-done.png',
    title:
      'E-mail enrichment of the Leads column, finished: the rows beside the addresses, the job in the section’s jobs strip',
    capture: async (page) => {
      await reopenSidebar(page);
      await selectTab(page, 'Leads');
      await selectColumn(page, 'A');
      const enrich = await openSection(page, 'enrich');
      await enrich.getByRole('button', { name: 'Use current selection' }).click();
      await enrich.getByRole('button', { name: 'Check', exact: true }).click();
      await acceptCost(enrich);
      await enrich.getByRole('button', { name: /^Start enrichment/ }).click();
      await waitForJobDone(page, 'E-mail enrichment');
      await waitForJobsWritten(page);
      await page.waitForTimeout(SETTLE_MS);
      await waitForIdle(page);
      await goTo(page, 'A1');
      await scrollToEnd(enrich);
    },
  },
  {
    file: 'reports-into-tab.png',
    title:
      'Bulk reports of the Creators column written into a tab of your choice (“Write into”: replaced on each run), over that tab',
    capture: async (page) => {
      await selectTab(page, 'Creators');
      await selectColumn(page, 'A');
      const reports = await openSection(page, 'reports');
      await reports.getByRole('button', { name: 'Use current selection' }).click();
      await reports.locator('.selection-info strong', { hasText: 'Creators!A:A' }).waitFor();
      await reports.getByText('In another tab', { exact: true }).click();
      await reports.locator('#reports-tab-name').fill(REPORTS_TAB);
      await reports.locator('#reports-tab-mode').selectOption('replace');
      await reports.getByRole('button', { name: 'Check', exact: true }).click();
      await acceptCost(reports);
      await reports.getByRole('button', { name: /^Start reports/ }).click();
      await waitForJobDone(page, 'Bulk reports');
      await waitForJobsWritten(page);
      await selectTab(page, REPORTS_TAB);
      await goTo(page, 'A1');
      await reports
        .getByText('Where should the results go?')
        .evaluate((legend) => legend.scrollIntoView({ block: 'start' }));
    },
  },
  {
    file: 'search-saved.png',
    title: 'Search: a saved search of this spreadsheet, loaded, over the tab its last run replaced',
    capture: async (page) => {
      const search = await openSection(page, 'search');
      await search.getByLabel('Followers, min', { exact: true }).fill('10k');
      await search.getByLabel('Followers, max', { exact: true }).fill('100k');
      await search.getByLabel('Engagement rate, min (%)').fill('2');
      await search.getByLabel('Pages', { exact: true }).fill('2');
      await search.locator('#search-title').fill(SEARCH_TAB);
      await search.locator('#search-tab-mode').selectOption('replace');
      const saved = search.locator('#search-saved');
      await unfold(saved);
      await saved.locator('#search-saved-name').fill('Mid-size, engaged');
      await saved.locator('#search-saved-save').click();
      await saved.locator('#search-saved-message').filter({ hasText: /\S/ }).waitFor();
      await runSearch(page, search);
      await selectTab(page, SEARCH_TAB);
      await goTo(page, 'A1');
      // Its tab again: the section reads the document's tabs afresh (the "Write into" hint).
      await openSection(page, 'search');
      await saved.locator('#search-saved-list').selectOption('Mid-size, engaged');
      await saved.locator('#search-saved-load').click();
      await saved.locator('#search-saved-message', { hasText: /^Loaded/ }).waitFor();
      await search.evaluate((panel) => panel.scrollIntoView({ block: 'start' }));
    },
  },
  {
    file: 'search-done.png',
    title:
      'Search: what it will cost before it runs, and its finished run on one line in the section’s jobs strip',
    capture: async (page) => {
      const search = await openSection(page, 'search');
      // The newest line unfolded: its bar, where it wrote, and what the numbers do not say.
      await search.locator('.jobs-strip .job-toggle').first().click();
      await scrollToEnd(search);
      await waitForIdle(page);
    },
  },
  {
    file: 'ai-section.png',
    title:
      'AI search: a description, filters and pages (folded), the most it can cost and its finished run, over the tab it wrote',
    capture: async (page) => {
      const ai = await fillAiSearch(page);
      const before = await tabNames(page);
      await ai.locator('#ai-search-run').click();
      await waitForJobDone(page, 'AI search');
      await waitForJobsWritten(page);
      const tab = await newTab(page, before, 'The AI search');
      await selectTab(page, tab);
      await goTo(page, 'A1');
      // The filters and pages stay set when folded: the description and the cost fit on one screen.
      for (const group of ['#ai-search-size-group', '#ai-search-who-group', '#ai-search-pages-group']) {
        const details = ai.locator(group);
        if ((await details.getAttribute('open')) !== null) await details.locator(':scope > summary').click();
      }
      await ai
        .locator('label[for="ai-search-query"]')
        .evaluate((label) => label.scrollIntoView({ block: 'start' }));
    },
  },
  {
    file: 'lists-section.png',
    title:
      'Lists: a list made from the user ids of the AI search tab behind it, opened with its exact member count',
    capture: async (page) => {
      const tab = (await tabNames(page)).find((name) => name.startsWith('AI '));
      if (tab === undefined) throw new Error('The AI search made no tab');
      const lists = await openSection(page, 'lists');
      await lists.locator('#lists-create-name').fill('Summer campaign');
      await lists.locator('#lists-create').click();
      await lists.locator('#lists-detail').getByRole('heading', { name: 'Summer campaign' }).waitFor();
      await selectTab(page, tab);
      // The Handle column of an AI search tab is read as its user ids.
      await selectColumn(page, 'A');
      await lists.locator('#lists-add-source').selectOption('selection');
      await lists.locator('#lists-add').click();
      await lists.locator('#lists-change-result .ok').waitFor({ timeout: 30_000 });
      await waitForIdle(page);
      await lists.locator('#lists-detail').evaluate((detail) => detail.scrollIntoView({ block: 'start' }));
    },
  },
  {
    file: 'raw-section.png',
    title:
      'Raw data: an Instagram feed pulled over three pages into its tab, with no box to tick (it costs no credits), and the raw requests it used',
    capture: async (page, session) => {
      const raw = await openSection(page, 'raw');
      await raw
        .locator('#raw-data-allowance')
        .getByText(/Raw requests/)
        .waitFor();
      await raw.locator('#raw-data-operation').selectOption('rawIgUserFeed');
      await raw.locator('#raw-data-param-url').fill(`@${session.handles.instagram[0]}`);
      await raw.locator('#raw-data-pages').fill('3');
      const before = await tabNames(page);
      await raw.locator('#raw-data-run').click();
      await waitForJobDone(page, 'Raw data');
      await raw
        .locator('#raw-data-result')
        .getByText(/^Spent /)
        .waitFor({ timeout: 30_000 });
      await waitForJobsWritten(page);
      await selectTab(page, await newTab(page, before, 'The raw pull'));
      await goTo(page, 'A1');
      await raw
        .locator('#raw-data-estimate')
        .evaluate((estimate) => estimate.scrollIntoView({ block: 'start' }));
    },
  },
  {
    file: 'schedule-chart.png',
    title:
      'Schedules: a weekly snapshot of the Creators column, run once at set-up by the worker: dated to the minute, numbers as the sidebar shows them, followers gained since the last point, the creators’ monthly history first, and the stamp and growth chart beside the table',
    capture: async (page) => {
      const tab = await addTab(page);
      const schedules = await askSnapshotSchedule(page, tab, {
        name: 'Creators growth',
        // A few columns: the table fits the first screen, so its stamp and chart sit beside it.
        fields: 'handle, followers, engagement_rate, avg_likes',
      });
      await schedules.locator('#schedule-confirm').click();
      // The worker's scheduler writes through the playground's Sheets API; the page shows it land.
      await sheetTab(page, 'Creator Sheets history').waitFor({ timeout: 90_000 });
      // The list, read afresh, has the first run's outcome; then the sidebar's width goes to the tab.
      await untilShown(page, 'schedules', /Refreshed|Failed/, 30_000);
      await closeSidebar(page);
      await selectTab(page, tab);
      await page.getByRole('figure', { name: 'Followers over time' }).waitFor({ timeout: 30_000 });
      await goTo(page, 'A1');
      await waitForIdle(page);
    },
  },
  {
    file: 'account-history.png',
    title:
      'Account: the runs of this spreadsheet (who, what, where, rows, cost, outcome) and where the credits went, per operation in words and per day',
    capture: async (page) => {
      // The schedule's picture closed the sidebar.
      await reopenSidebar(page);
      await selectTab(page, SEARCH_TAB);
      await goTo(page, 'A1');
      const account = await openSection(page, 'account');
      await account.locator('#account-runs > li').first().waitFor({ timeout: 30_000 });
      await account.locator('#account-mine-by-operation').waitFor();
      await account
        .getByRole('heading', { name: 'Runs in this spreadsheet' })
        .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(SETTLE_MS);
    },
  },
];

/**
 * Opens the section again (it reads its data afresh each time) until its text matches, or the
 * time is up: the picture is then taken as it is, and the run says so.
 */
async function untilShown(page: Page, section: 'schedules', text: RegExp, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const panel = await openSection(page, section);
    await page.waitForTimeout(SETTLE_MS);
    if (text.test((await panel.innerText()) ?? '')) return;
    if (Date.now() > deadline) {
      process.stdout.write(`note: ${section} never showed ${String(text)} within ${timeout} ms\n`);
      return;
    }
  }
}

/** Scrolls the sidebar to its end, where a section's jobs strip is, with the room below it. */
async function scrollToEnd(panel: Locator): Promise<void> {
  await panel.evaluate((element) => element.ownerDocument.scrollingElement?.scrollTo(0, 1e6));
}

/** The tab a run made: the one not there before. */
async function newTab(page: Page, before: readonly string[], what: string): Promise<string> {
  const tab = (await tabNames(page)).find((name) => !before.includes(name));
  if (tab === undefined) throw new Error(`${what} made no tab`);
  return tab;
}

/** Runs the search with the cost accepted, and waits until its rows are all in the sheet. */
async function runSearch(page: Page, search: Locator): Promise<void> {
  await acceptCost(search);
  const lines = search.locator('.jobs-strip .job');
  const before = await lines.count();
  await search.getByRole('button', { name: /^Run search/ }).click();
  await lines.nth(before).waitFor({ timeout: 30_000 });
  await waitForJobDone(page, 'Search');
  await waitForJobsWritten(page);
}

/** The Formulas tab's formulas have their answers (Connect refreshes them), not a waiting word. */
async function waitForFormulas(session: Session): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const cells = (await session.cells('Formulas', 'B5:C7')).flat();
    if (cells.every((text) => text !== '' && !/Not connected|Still fetching|Loading/i.test(text))) return;
    if (Date.now() > deadline) throw new Error(`The Formulas tab still shows: ${cells.join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The AI search of the screens: a description, a follower range (snapped), e-mail only, 2 pages of 20. */
async function fillAiSearch(page: Page): Promise<Locator> {
  const ai = await openSection(page, 'ai');
  await ai.locator('#ai-search-mode-text').check();
  await ai.locator('#ai-search-query').fill(AI_QUERY);
  for (const group of ['#ai-search-size-group', '#ai-search-who-group']) await unfold(ai.locator(group));
  await ai.locator('#ai-search-followers-min').fill('12k');
  await ai.locator('#ai-search-followers-max').fill('90k');
  await ai.locator('#ai-search-has-email').check();
  await ai.locator('#ai-search-page-size').fill('20');
  await ai.locator('#ai-search-pages').fill('2');
  const confirm = ai.locator('#ai-search-confirm');
  if ((await confirm.count()) > 0 && !(await confirm.isChecked())) await confirm.check();
  return ai;
}

/** Messages of an earlier screen would sit in the picture of a later one. */
async function closeMessages(page: Page): Promise<void> {
  for (const button of await sidebar(page)
    .locator('#status button.close, .message-slot button.close')
    .all()) {
    if (await button.isVisible()) await button.click();
  }
}

async function main(): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const session = await startPlaygroundSession({ emails: 20, viewport: { width: 1440, height: 1000 } });
  const taken: Screen[] = [];
  const failed: string[] = [];
  try {
    const { page } = session;
    for (const screen of SCREENS) {
      try {
        if (await page.locator('#sidebar-frame').isVisible()) await closeMessages(page);
        await screen.capture(page, session);
        await page.screenshot({ path: path.join(SHOTS_DIR, screen.file) });
        taken.push(screen);
        process.stdout.write(`took ${path.relative(REPO_ROOT, path.join(SHOTS_DIR, screen.file))}\n`);
      } catch (error) {
        failed.push(
          `${screen.file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      }
    }
  } finally {
    await session.close();
  }
  writeReadmeList(taken);
  if (failed.length > 0) {
    process.stderr.write(`Some screens failed:\n  ${failed.join('\n  ')}\n`);
    process.exitCode = 1;
  }
}

/** Replaces the list between the markers; the rest of README.md stays as it is. */
function writeReadmeList(screens: readonly Screen[]): void {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error(`README.md lacks the ${START} … ${END} markers`);
  const list = screens
    .map((screen) => `**${screen.title}**\n\n![${screen.title}](docs/screenshots/${screen.file})`)
    .join('\n\n');
  writeFileSync(README, `${readme.slice(0, start + START.length)}\n\n${list}\n\n${readme.slice(end)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
