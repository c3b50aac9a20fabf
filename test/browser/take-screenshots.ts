/**
 * `npm run screenshots`: starts the playground as the browser tests do, takes PNGs of the main
 * screens into docs/screenshots/, and rewrites the list of them in README.md (between
 * `<!-- screenshots:start -->` and `<!-- screenshots:end -->`). Sections that do not exist yet
 * are left out; a screen that fails is reported and the run ends with exit code 1.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SIDEBAR_SECTIONS } from '../../addon/shared/sidebar-section';
import { selectColumn, selectTab, tabNames, waitForIdle } from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import { connect, openSection, sidebar, waitForJobDone } from './sidebar-driver';

const REPO_ROOT = path.resolve(__dirname, '../..');
const SHOTS_DIR = path.join(REPO_ROOT, 'docs/screenshots');
const README = path.join(REPO_ROOT, 'README.md');
const START = '<!-- screenshots:start -->';
const END = '<!-- screenshots:end -->';
/** Time for a section to read what it shows when opened (lists, dictionaries, allowances). */
const SETTLE_MS = 1500;

interface Screen {
  file: string;
  title: string;
  capture(page: Page, sample: { handles: PlaygroundSession['handles'] }): Promise<void>;
}

/** What the screens' AI search looks for; the Lists screen fills its list from that search's tab. */
const AI_QUERY = 'home workouts';

const SCREENS: Screen[] = [
  {
    file: 'settings-connected.png',
    title: 'The playground: a spreadsheet, the add-on’s menu, and its sidebar connected in Settings',
    capture: async (page) => {
      await connect(page);
      await waitForIdle(page);
    },
  },
  {
    file: 'enrich-done.png',
    title: 'E-mail enrichment of the Leads column, finished: the rows beside the addresses',
    capture: async (page) => {
      await selectTab(page, 'Leads');
      await selectColumn(page, 'A');
      const enrich = await openSection(page, 'enrich');
      await enrich.getByRole('button', { name: 'Use current selection' }).click();
      await enrich.getByRole('button', { name: 'Check', exact: true }).click();
      await enrich.locator('.estimate .cost').waitFor({ timeout: 30_000 });
      const accept = enrich.getByRole('checkbox', { name: /I accept spending up to/ });
      if ((await accept.count()) > 0) await accept.check();
      await enrich.getByRole('button', { name: /^Start enrichment/ }).click();
      await waitForJobDone(page, 'E-mail enrichment');
      await page.waitForTimeout(SETTLE_MS);
      await waitForIdle(page);
      await sidebar(page).locator('#jobs').scrollIntoViewIfNeeded();
    },
  },
  {
    file: 'search-estimate.png',
    title: 'Search: filters, and what the search will cost before it runs',
    capture: async (page) => {
      const search = await openSection(page, 'search');
      await search.getByLabel('Followers, min', { exact: true }).fill('10k');
      await search.getByLabel('Engagement rate, min (%)').fill('2');
      await search.locator('.estimate .cost').waitFor({ timeout: 30_000 });
      await search.locator('.estimate').scrollIntoViewIfNeeded();
    },
  },
  {
    file: 'ai-section.png',
    title: 'AI search: a description, filters (folded), pages, and the most it can cost before it runs',
    capture: async (page) => {
      await tidySidebar(page);
      const ai = await fillAiSearch(page);
      await ai.locator('#ai-search-estimate .cost').waitFor();
      // The filters stay set when folded: the description, the pages and the cost fit on one screen.
      for (const group of ['#ai-search-size-group', '#ai-search-who-group']) {
        await ai.locator(`${group}[open] > summary`).click();
      }
      await ai
        .locator('label[for="ai-search-query"]')
        .evaluate((label) => label.scrollIntoView({ block: 'start' }));
    },
  },
  {
    file: 'lists-section.png',
    title: 'Lists: a list made from the user ids of an AI search tab, opened with its exact member count',
    capture: async (page) => {
      await tidySidebar(page);
      const ai = await fillAiSearch(page);
      const before = await tabNames(page);
      await ai.locator('#ai-search-run').click();
      await waitForJobDone(page, 'AI search');
      const tab = (await tabNames(page)).find((name) => !before.includes(name));
      if (tab === undefined) throw new Error('The AI search made no tab');
      await tidySidebar(page);
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
    title: 'Raw data: an Instagram feed pulled over three pages into a tab, and the raw requests it spent',
    capture: async (page, sample) => {
      await tidySidebar(page);
      const raw = await openSection(page, 'raw');
      await raw
        .locator('#raw-data-allowance')
        .getByText(/left this month: [\d,]+\./)
        .waitFor();
      await raw.locator('#raw-data-operation').selectOption('rawIgUserFeed');
      await raw.locator('#raw-data-param-url').fill(`@${sample.handles.instagram[0]}`);
      await raw.locator('#raw-data-pages').fill('3');
      const confirm = raw.locator('#raw-data-confirm');
      if ((await confirm.count()) > 0) await confirm.check();
      await raw.locator('#raw-data-run').click();
      await waitForJobDone(page, 'Raw data');
      await raw
        .locator('#raw-data-result')
        .getByText(/^Done: /)
        .waitFor({ timeout: 30_000 });
      await waitForIdle(page);
      await raw.locator('#raw-data-run').evaluate((run) => run.scrollIntoView({ block: 'center' }));
    },
  },
];

/** The AI search of the screens: a description, a follower range (snapped), e-mail only, 2 pages of 20. */
async function fillAiSearch(page: Page): Promise<Locator> {
  const ai = await openSection(page, 'ai');
  await ai.locator('#ai-search-mode-text').check();
  await ai.locator('#ai-search-query').fill(AI_QUERY);
  for (const group of ['#ai-search-size-group', '#ai-search-who-group']) {
    const details = ai.locator(group);
    if ((await details.getAttribute('open')) === null) await details.locator(':scope > summary').click();
  }
  await ai.locator('#ai-search-followers-min').fill('12k');
  await ai.locator('#ai-search-followers-max').fill('90k');
  await ai.locator('#ai-search-has-email').check();
  await ai.locator('#ai-search-page-size').fill('20');
  await ai.locator('#ai-search-pages').fill('2');
  const confirm = ai.locator('#ai-search-confirm');
  if ((await confirm.count()) > 0 && !(await confirm.isChecked())) await confirm.check();
  return ai;
}

/** Finished jobs and old messages would cover the top of every later section. */
async function tidySidebar(page: Page): Promise<void> {
  const frame = sidebar(page);
  for (const locator of [
    frame.locator('#jobs').getByRole('button', { name: 'Dismiss' }),
    frame.locator('#status button'),
  ]) {
    for (const button of await locator.all()) if (await button.isVisible()) await button.click();
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
      const section = /^(\w+)-section\.png$/.exec(screen.file)?.[1];
      if (section !== undefined) {
        const exists =
          (SIDEBAR_SECTIONS as readonly string[]).includes(section) &&
          (await sidebar(page).locator(`#tab-${section}`).count()) > 0;
        if (!exists) {
          process.stdout.write(`skipped ${screen.file}: the sidebar has no #tab-${section} yet\n`);
          continue;
        }
      }
      try {
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
