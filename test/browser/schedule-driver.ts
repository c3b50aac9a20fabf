import type { Locator, Page } from 'playwright-core';
import { openSection } from './sidebar-driver';

/**
 * Sidebar > Schedules filled in for a snapshot schedule of the sample's Creators column (its
 * Instagram handles from A2 down) written at A1 of `tab`, then **Schedule it** asked what the
 * first run costs; answers the panel with that cost shown and **Confirm and run now** not yet
 * clicked.
 */
export async function askSnapshotSchedule(
  page: Page,
  tab: string,
  options: { name: string; fields?: string },
): Promise<Locator> {
  const schedules = await openSection(page, 'schedules');
  await schedules.locator('#schedule-name').fill(options.name);
  await schedules.locator('#schedule-kind').selectOption('reports');
  await schedules.locator('#schedule-input').fill('Creators!A2');
  await schedules.locator('#schedule-platform').selectOption('instagram');
  if (options.fields !== undefined) {
    // Columns are picked (issue 25): these instead of the default group.
    await schedules.locator('#schedule-columns-group-default').uncheck();
    await schedules.locator('#schedule-columns-more').fill(options.fields);
  }
  await schedules.locator('#schedule-output').fill(`${tab}!A1`);
  await schedules.locator('#schedule-mode').selectOption('append-snapshot');
  await schedules.getByRole('button', { name: 'Schedule it', exact: true }).click();
  await schedules.locator('#schedule-cost').waitFor({ timeout: 30_000 });
  return schedules;
}
