import type { Locator } from 'playwright-core';
import {
  addTab,
  cell,
  goTo,
  pasteColumn,
  selectColumn,
  selectTab,
  setCell,
  waitForIdle,
} from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import { askSnapshotSchedule } from './schedule-driver';
import { connect, openSection, reopenSidebar, sidebar, waitForJobDone } from './sidebar-driver';

/**
 * A team's first hour, in Chromium (issue 25, part C): one clock (the spreadsheet's, Europe/Berlin,
 * while the browser runs in Los Angeles); approvals that name who asks, sit beside the ask and
 * unblock at once (a schedule runs without anyone pressing Run now); documents by title; a #REF!
 * explained on hover; a Platform column when a URL names another platform; the input kept per
 * section whatever tab is active. One worker and one page: the allowance is spent in order.
 */

/** The playground spreadsheet's zone (worker/playground/apps-script/spreadsheet/spreadsheet-app.ts). */
const SHEET_ZONE = 'Europe/Berlin';
/** Instagram handles on the sample Creators tab (worker/playground/sample-spreadsheet.ts). */
const CREATORS = 15;

let session: PlaygroundSession;

beforeAll(async () => {
  session = await startPlaygroundSession({ emails: 20, timezoneId: 'America/Los_Angeles' });
  await connect(session.page);
}, 180_000);
afterAll(async () => {
  await session?.close();
});

/** The schedule's line in the Schedules list. */
function scheduleLine(schedules: Locator, name: string): Locator {
  return schedules.locator('ul.schedules > li', { hasText: name });
}

/** A message line of the section that says `text` (its message slot, or its own message). */
function said(panel: Locator, text: RegExp): Locator {
  return panel.getByText(text).first();
}

/** Whether the element is wholly inside the sidebar's viewport. */
async function inView(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= node.ownerDocument.documentElement.clientHeight;
  });
}

/**
 * "Last refreshed 2026-11-25 09:00 (Europe/Berlin)": the stamp a run wrote beside its table's
 * header, or for a wide table in A1 of the tab beside it, '<tab> (Creator Sheets)' (issue 25).
 */
async function stampOf(tab: string): Promise<string> {
  const [header] = await session.cells(tab, 'A1:AZ1');
  const beside = header.find((text) => text.startsWith('Last refreshed'));
  if (beside !== undefined) return beside;
  const [[summary = '']] = await session.cells(`${tab} (Creator Sheets)`, 'A1:A1');
  if (!summary.startsWith('Last refreshed')) throw new Error(`no stamp on ${tab}: ${header.join(' | ')}`);
  return summary;
}

async function waitForCells(
  tab: string,
  range: string,
  done: (cells: string[][]) => boolean,
): Promise<string[][]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const cells = await session.cells(tab, range);
    if (done(cells)) return cells;
    if (Date.now() > deadline) throw new Error(`${tab}!${range} still shows ${JSON.stringify(cells)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('a team’s first hour in the playground (issue 25)', () => {
  it('names every time once, in the spreadsheet’s zone, not the browser’s, and documents by their title', async () => {
    const { page } = session;
    const frame = sidebar(page);
    await expect(frame.locator('#time-zone').textContent()).resolves.toBe(
      `Times in ${SHEET_ZONE}, the spreadsheet’s time zone`,
    );
    const settings = await openSection(page, 'settings');
    // Today's allowance ends at midnight UTC: 01:00 in Berlin in November (the browser says 16:00).
    await settings.getByText(/ credits \(until 01:00\)$/).waitFor({ timeout: 30_000 });
    const documents = settings.locator('ul.connected-documents');
    await documents.locator('a', { hasText: 'Playground' }).waitFor({ timeout: 30_000 });
    const shown = (await documents.locator('a').allTextContents()).join(' ');
    expect(shown).not.toMatch(/1CreatorSheets/);
  }, 60_000);

  it('gives a formula’s rows a Platform column when a URL names another platform than the formula’s', async () => {
    const { page } = session;
    const tab = await addTab(page);
    const [instagram] = session.handles.instagram;
    const [tiktok] = session.handles.tiktok;
    await pasteColumn(page, 'A2', [`@${instagram}`, `https://www.tiktok.com/@${tiktok}`]);

    await setCell(page, 'B1', '=INFLUENCER_REPORT(A2:A3, "instagram")');

    const rows = await waitForCells(
      tab,
      'B1:D3',
      (cells) => cells[2][0] !== '' && !/Loading|Still/.test(cells[2][0]),
    );
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['Platform', 'Handle'],
      ['instagram', instagram],
      ['tiktok', tiktok],
    ]);
  }, 90_000);

  it('explains a #REF! on hover as Sheets does: the cell in the way', async () => {
    const { page } = session;
    await addTab(page);
    await pasteColumn(
      page,
      'A2',
      session.handles.instagram.slice(0, 2).map((handle) => `@${handle}`),
    );
    await setCell(page, 'C3', 'in the way');

    await setCell(page, 'B1', '=INFLUENCER_REPORT(A2:A3, "instagram")');

    await goTo(page, 'B1');
    const blocked = cell(page, 'B1');
    await expect(blocked.textContent()).resolves.toBe('#REF!');
    await expect(blocked.getAttribute('title')).resolves.toBe(
      'Array result was not expanded because it would overwrite data in C3.',
    );
  }, 90_000);

  it('unblocks a schedule past the allowance at once: the ask names it, Approve sits beside it and runs it', async () => {
    const { page } = session;
    const tab = await addTab(page);
    const name = 'Creators weekly';
    const first = await askSnapshotSchedule(page, tab, { name });
    // Two of the fifteen were fetched by the sample formulas: the first run costs 13, not 15.
    await expect(first.locator('#schedule-cost').textContent()).resolves.toMatch(
      /^15 creators, 2 of them in the worker's cache fresh enough: the first run costs at most 13 credits\./,
    );
    await first.locator('#schedule-confirm').click();
    const schedules = await openSection(page, 'schedules');
    // The form is cleared once the schedule is made: a second click would make a second one.
    await said(schedules, new RegExp(`“${name}”`))
      .first()
      .waitFor({ timeout: 30_000 });
    await expect(schedules.locator('#schedule-name').inputValue()).resolves.toBe('');
    await expect(schedules.locator('#schedule-output').inputValue()).resolves.toBe('');
    // How the run ended replaces "running now" by itself, in the spreadsheet's clock, as the stamp says it.
    const ran = said(
      schedules,
      new RegExp(`^“${name}” ran: Refreshed today, (\\d\\d:\\d\\d): ${CREATORS} rows`),
    );
    await ran.waitFor({ timeout: 90_000 });
    const [, clock] = /today, (\d\d:\d\d)/.exec((await ran.textContent()) ?? '') ?? [];
    expect(await stampOf(tab)).toMatch(new RegExp(` ${clock} \\(${SHEET_ZONE}\\)$`));
    await expect(scheduleLine(schedules, name).textContent()).resolves.toMatch(
      /Every Monday at 09:00 · Next run Mon /,
    );

    // Four creators nobody fetched join the column: the next run needs more than the allowance.
    const fresh = session.handles.instagram.slice(CREATORS, CREATORS + 4).map((handle) => `@${handle}`);
    await selectTab(page, 'Creators');
    await pasteColumn(page, `A${CREATORS + 2}`, fresh);
    await scheduleLine(schedules, name)
      .getByRole('button', { name: `Run now ${name}` })
      .click();
    await said(
      schedules,
      new RegExp(`^“${name}” did not run: Failed today, .*Needs approval: up to 4 credits`),
    ).waitFor({
      timeout: 60_000,
    });
    await expect(said(schedules, /is running now/).count()).resolves.toBe(0);

    // Settings names the schedule and its tab, with its own Approve beside it.
    const settings = await openSection(page, 'settings');
    const ask = settings.locator('li.formula-ask', {
      hasText: `The schedule "${name}" (tab ${tab}) wants up to 4 credits for 4 new creators`,
    });
    await ask.waitFor({ timeout: 30_000 });
    const besideAsk = ask.getByRole('button', { name: 'Approve 4 credits and run it now' });
    await ask.scrollIntoViewIfNeeded();
    expect(await inView(besideAsk)).toBe(true);

    // Approving from the schedule's own line runs it at once: nobody presses Run now again.
    const list = await openSection(page, 'schedules');
    const approve = scheduleLine(list, name).getByRole('button', {
      name: `Approve 4 credits for ${name} and run it now`,
    });
    await approve.scrollIntoViewIfNeeded();
    expect(await inView(approve)).toBe(true);
    await approve.click();
    await said(list, new RegExp(`^Approved 4 credits for today: "${name}" runs now\\.`)).waitFor({
      timeout: 30_000,
    });
    await said(
      list,
      new RegExp(`^“${name}” ran: Refreshed today, \\d\\d:\\d\\d: ${CREATORS + 4} rows, 4 credits`),
    ).waitFor({
      timeout: 90_000,
    });
    await expect(
      scheduleLine(list, name)
        .getByRole('button', { name: /^Approve/ })
        .count(),
    ).resolves.toBe(0);
    // The snapshot of the second run is in the tab: the first run's rows and this one's below them,
    // both dated today, under the first run's backfill of the creators' monthly history.
    const ofLastDay = (cells: string[][]): number => {
      const days = cells.map(([date = '']) => date.slice(0, 10)).filter((day) => day !== '');
      return days.filter((day) => day === days[days.length - 1]).length;
    };
    const dated = await waitForCells(tab, 'A2:A1000', (cells) => ofLastDay(cells) >= 2 * CREATORS + 4);
    expect(ofLastDay(dated)).toBe(2 * CREATORS + 4);
    // Settings' spend moved with it, and the ask is gone.
    const after = await openSection(page, 'settings');
    await expect(after.locator('li.formula-ask').count()).resolves.toBe(0);
  }, 240_000);

  it('names a formula’s ask by its cell, with Approve beside it that fills the formula in', async () => {
    const { page } = session;
    const tab = await addTab(page);
    const fresh = session.handles.instagram.slice(CREATORS + 4, CREATORS + 7).map((handle) => `@${handle}`);
    await pasteColumn(page, 'A2', fresh);
    await setCell(page, 'C2', '=INFLUENCER_REPORT(A2:A4, "instagram")');
    await waitForCells(tab, 'C2:C4', (cells) => cells.every(([text]) => text.startsWith('Needs approval')));

    const settings = await openSection(page, 'settings');
    const ask = settings.locator('li.formula-ask', {
      hasText: `=INFLUENCER_REPORT in ${tab}!C2 wants up to 3 credits`,
    });
    await ask.waitFor({ timeout: 30_000 });
    await ask.getByRole('button', { name: 'Approve 3 credits and refresh' }).click();

    const filled = await waitForCells(tab, 'C2:C4', (cells) =>
      cells.every(([text]) => !text.startsWith('Needs')),
    );
    expect(filled.map(([handle]) => `@${handle}`)).toEqual(fresh);
  }, 120_000);

  it('keeps each section’s input for the document whatever tab is active, and names it', async () => {
    const { page } = session;
    await selectTab(page, 'Leads');
    await selectColumn(page, 'A');
    const enrich = await openSection(page, 'enrich');
    await enrich.getByRole('button', { name: 'Use current selection' }).click();
    await enrich.getByText('In another tab', { exact: true }).click();
    await enrich.getByRole('button', { name: 'Check', exact: true }).click();
    await enrich.getByText('Leads!A2:A21', { exact: true }).waitFor({ timeout: 30_000 });
    await enrich.getByRole('button', { name: /^Start enrichment/ }).click();
    await waitForJobDone(page, 'E-mail enrichment');
    await waitForIdle(page);
    // The rows went into a tab of their own, now the active one.
    expect((await session.state()).activeSheet).not.toBe('Leads');

    await enrich.getByRole('button', { name: 'Check', exact: true }).click();
    const facts = enrich.locator('.estimate');
    await facts.getByText('Leads!A2:A21', { exact: true }).waitFor({ timeout: 30_000 });

    // Kept in the document: a new sidebar still reads Leads, whatever tab is active.
    await reopenSidebar(page);
    const again = await openSection(page, 'enrich');
    await again.locator('.kept-input', { hasText: 'Leads!A:A' }).waitFor({ timeout: 30_000 });
  }, 150_000);
});
