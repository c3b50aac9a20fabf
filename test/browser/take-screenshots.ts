/**
 * `npm run screenshots`: starts the playground as the browser tests do, takes PNGs of the main
 * screens into docs/screenshots/, and rewrites the list of them in README.md (between
 * `<!-- screenshots:start -->` and `<!-- screenshots:end -->`). Sections that do not exist yet
 * are left out; a screen that fails is reported and the run ends with exit code 1.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SIDEBAR_SECTIONS, type SidebarSection } from '../../addon/shared/sidebar-section';
import { selectColumn, selectTab, waitForIdle } from './grid-driver';
import { startPlaygroundSession } from './playground-harness';
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
  capture(page: Page): Promise<void>;
}

/** Sections shown as they open, in the sidebar's order, when the sidebar has them. */
const SECTION_SCREENS: Partial<Record<SidebarSection, string>> = {
  ai: 'AI search: text, image and lookalike search with filters',
  lists: 'Lists: your creator lists, their members and limits',
  raw: 'Raw data: raw feeds of the three platforms, paged into a tab',
};

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
  ...Object.entries(SECTION_SCREENS).map(([section, title]): Screen => ({
    file: `${section}-section.png`,
    title,
    capture: async (page) => {
      await tidySidebar(page);
      await openSection(page, section as SidebarSection);
      await page.waitForTimeout(SETTLE_MS);
    },
  })),
];

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
  const session = await startPlaygroundSession({ emails: 20, viewport: { width: 1440, height: 900 } });
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
        await screen.capture(page);
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
