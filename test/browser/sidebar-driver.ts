import type { FrameLocator, Locator, Page } from 'playwright-core';
import type { SidebarSection } from '../../addon/shared/sidebar-section';

/**
 * Driving the add-on's real sidebar (Sidebar.html in the playground's iframe): its sections are
 * tabs `#tab-<section>` with panels `#panel-<section>` (addon/sidebar/tabs.ts).
 */

export function sidebar(page: Page): FrameLocator {
  return page.frameLocator('#sidebar-frame');
}

/** Clicks the section's tab and returns its panel, shown. */
export async function openSection(page: Page, section: SidebarSection): Promise<Locator> {
  const frame = sidebar(page);
  await frame.locator(`#tab-${section}`).click();
  const panel = frame.locator(`#panel-${section}`);
  await panel.waitFor({ state: 'visible' });
  return panel;
}

/** Settings > Connect, then waits until the sidebar says who is connected; returns the Settings panel. */
export async function connect(page: Page): Promise<Locator> {
  const panel = await openSection(page, 'settings');
  await panel.getByRole('button', { name: 'Connect', exact: true }).click();
  await panel.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
  return panel;
}

/**
 * The jobs panel's card of the newest job, or of the newest job of a kind when its title is given
 * ("E-mail enrichment", "Search", "AI search", "Raw data": JOB_KIND_TITLES in job-progress-text.ts).
 */
export function latestJob(page: Page, title?: string): Locator {
  const frame = sidebar(page);
  const cards = frame.locator('#jobs article.job');
  const ofKind =
    title === undefined
      ? cards
      : cards.filter({ has: frame.getByRole('heading', { name: title, exact: true }) });
  return ofKind.last();
}

/** Waits until the newest job (of that kind) is done, its bar at 100%; returns its card. */
export async function waitForJobDone(page: Page, title?: string, timeout = 90_000): Promise<Locator> {
  const job = latestJob(page, title);
  await job.and(sidebar(page).locator('[data-status="done"]')).waitFor({ timeout });
  return job;
}
